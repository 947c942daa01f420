package io.rdmascope.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The encoded printer writes, octet for octet, what Jackson's default pretty printer writes. */
class EncodedPrettyPrinterTest {
    @FunctionalInterface
    interface Doc {
        void write(JsonGenerator g) throws IOException;
    }

    static String print(PrettyPrinter printer, Doc doc) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            g.setPrettyPrinter(printer);
            doc.write(g);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    static void sameAsDefault(Doc doc) throws IOException {
        assertThat(print(new EncodedPrettyPrinter(), doc)).isEqualTo(print(new DefaultPrettyPrinter(), doc));
    }

    @Test
    void objectsArraysAndEmptyOnes() throws IOException {
        sameAsDefault(g -> {
            g.writeStartObject();
            g.writeStringField("name", "value");
            g.writeNumberField("n", 42);
            g.writeArrayFieldStart("empty");
            g.writeEndArray();
            g.writeObjectFieldStart("none");
            g.writeEndObject();
            g.writeArrayFieldStart("list");
            g.writeNumber(1);
            g.writeNumber(2);
            g.writeStartObject();
            g.writeNullField("inner");
            g.writeArrayFieldStart("one");
            g.writeString("x");
            g.writeEndArray();
            g.writeEndObject();
            g.writeStartArray();
            g.writeEndArray();
            g.writeEndArray();
            g.writeBooleanField("last", true);
            g.writeEndObject();
        });
    }

    @Test
    void deeperThanTheLevelsMadeAhead() throws IOException {
        sameAsDefault(g -> {
            for (int i = 0; i < 40; i++) {
                g.writeStartObject();
                g.writeNumberField("level", i);
                g.writeFieldName("next");
            }
            g.writeStartArray();
            g.writeNumber(1);
            g.writeEndArray();
            for (int i = 0; i < 40; i++) {
                g.writeNumberField("after", i);
                g.writeEndObject();
            }
        });
    }

    @Test
    void severalRootValues() throws IOException {
        sameAsDefault(g -> {
            g.writeStartObject();
            g.writeEndObject();
            g.writeStartArray();
            g.writeNumber(3);
            g.writeEndArray();
            g.writeString("end");
        });
    }

    @Test
    void everySampleAnalysisAsWithTheDefaultPrinter() throws IOException {
        List<Path> captures = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("..", "samples"))) {
            s.filter(p -> p.toString().endsWith(".pcap")).sorted().forEach(captures::add);
        }
        assertThat(captures).hasSizeGreaterThan(10);
        Analyzer analyzer = new Analyzer(NicSettings.DEFAULTS);
        for (Path p : captures) {
            try (FileAnalysis a = analyzer.analyze(p, p.getFileName().toString())) {
                sameAsDefault(g -> {
                    g.writeStartObject();
                    g.writeArrayFieldStart("files");
                    AnalysisJsonWriter.writeFile(g, a, null);
                    g.writeEndArray();
                    g.writeEndObject();
                });
            }
        }
    }
}
