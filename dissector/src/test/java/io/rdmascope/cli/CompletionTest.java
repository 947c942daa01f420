package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.report.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.AutoComplete;

/** The bash completion script completes the values of -T, -z and -e, not only the option names. */
class CompletionTest {
    @TempDir
    Path dir;

    static String script() {
        Main.Env env = new Main.Env(new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(new ByteArrayOutputStream()), Fixtures.source(), Fixtures.engine());
        return AutoComplete.bash("rdmascope", Main.commandLine(env));
    }

    @Test
    void theValuesOfTAndZAndEAreCompleted() {
        String s = script();
        assertThat(s).contains("(\"fields\" \"text\" \"json\") # -T values");
        assertThat(s).contains("(\"conv,iwarp\" \"conv,roce\" \"rdma,lat\" \"io,stat,1\" \"expert\") # -z values");
        assertThat(s).contains("\"iwarp_ddp.stag\"", "\"ddp.stag\"", "\"tcp.seq\"", "\"_ws.col.Info\"", "\"infiniband.bth.psn\"",
                "\"iwarp_mpa.crc_check\"");
    }

    @Test
    void theReleaseBuildWritesTheScript() throws Exception {
        Path out = dir.resolve("sub").resolve("rdmascope.bash");
        Completion.main(new String[] {out.toString()});
        assertThat(Files.readString(out)).contains("# -T values", "\"iwarp_rdma.opcode\"");
    }
}
