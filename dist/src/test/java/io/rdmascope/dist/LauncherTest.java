package io.rdmascope.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source tree's launcher, called through symbolic links from other folders; it runs with the
 * release archive's test, once the project is built (the launcher would otherwise build it).
 */
class LauncherTest {
    static final Path CHECKOUT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @Test
    void aLinkFromAnotherFolderRunsTheCheckout() throws Exception {
        assumeTrue(Files.isRegularFile(CHECKOUT.resolve("dissector/target/rdmascope-dissector-0.1.0.jar"))
                && Files.isDirectory(CHECKOUT.resolve("dissector/target/dependency")), "the project is not built");
        Path absolute = Files.createSymbolicLink(dir.resolve("rdmascope"), CHECKOUT.resolve("rdmascope"));
        Path nested = Files.createDirectories(dir.resolve("bin"));
        Path relative = Files.createSymbolicLink(nested.resolve("rd"), nested.relativize(CHECKOUT.resolve("rdmascope")));
        Path chained = Files.createSymbolicLink(dir.resolve("chained"), Path.of("bin", "rd"));
        Path sample = CHECKOUT.resolve("samples/completion-mismatch.pcap");
        for (Path link : new Path[] {absolute, relative, chained}) {
            ProcessBuilder b = new ProcessBuilder(link.toString(), "analyze", sample.toString()).directory(dir.toFile());
            b.environment().put("RDMASCOPE_CDS", "0");
            Path err = dir.resolve("err.txt");
            Process p = b.redirectError(err.toFile()).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(Files.readString(err)).isZero();
            assertThat(out).as(link.toString()).startsWith(sample + ": 22 frames");
            assertThat(Files.readString(err)).as(link.toString()).isEmpty();
        }
        assertThat(dir.resolve("dissector")).doesNotExist();
    }
}
