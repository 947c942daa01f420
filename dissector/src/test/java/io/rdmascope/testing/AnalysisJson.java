package io.rdmascope.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.report.AnalysisJsonWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The JSON analysis of a capture, as {@code analyze --format json} writes it. */
public final class AnalysisJson {
    private AnalysisJson() {}

    /**
     * The analysis of {@code file} with the default settings, named "capture" whatever the file's
     * name, so that two files holding the same traffic give equal trees.
     */
    public static JsonNode of(Path file) throws IOException {
        try (FileAnalysis a = new Analyzer(NicSettings.DEFAULTS).analyze(file, "capture")) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            AnalysisJsonWriter.write(List.of(a), out);
            return new ObjectMapper().readTree(out.toByteArray());
        }
    }
}
