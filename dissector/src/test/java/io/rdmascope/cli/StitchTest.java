package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.capture.RotatedFiles;
import io.rdmascope.testing.RealCaptures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze --stitch}: a real NFS capture cut in two by a ring buffer's rotation, inside a
 * call, is analysed as the whole capture when stitched, and not when its files are read apart.
 */
public class StitchTest {
    @TempDir
    Path tmp;

    @Test
    void aCallCutByRotationIsWholeWhenStitched() throws IOException {
        Path whole = RealCaptures.file("siw/std_nfs_rdma_mtu1500_tso.pcap");
        JsonNode w = json(whole.toString()).get("files").get(0);
        JsonNode call = null;
        for (JsonNode t : w.get("transactions")) {
            if (t.get("kind").asText().equals("rpc") && t.get("status").asText().equals("complete")
                    && t.get("endFrame").asLong() > t.get("startFrame").asLong()) {
                call = t;
                break;
            }
        }
        assertThat(call).isNotNull();
        long cut = call.get("endFrame").asLong() - 1; // the call's last frame is in the second file
        // the second file first, as a listing may give them
        Path second = tmp.resolve("nfs_00002_20261127100500.pcap");
        Path first = tmp.resolve("nfs_00001_20261127100000.pcap");
        cut(whole, cut, first, second);

        JsonNode stitched = json("--stitch", tmp.toString()).get("files");
        assertThat(stitched).hasSize(1);
        JsonNode s = stitched.get(0);
        assertThat(s.get("path").asText()).isEqualTo(tmp + "/nfs_*.pcap");
        for (String part : List.of("connections", "transactions", "violations", "summary")) {
            assertThat(s.get(part)).as(part).isEqualTo(w.get(part));
        }
        assertThat(s.get("frames")).isEqualTo(w.get("frames"));

        // read apart, the call cut by the rotation is not complete in either file
        JsonNode apart = json(tmp.toString()).get("files");
        assertThat(apart).hasSize(2);
        String summary = call.get("summary").asText();
        for (JsonNode f : apart) {
            for (JsonNode t : f.get("transactions")) {
                if (t.get("kind").asText().equals("rpc") && t.path("summary").asText().equals(summary)
                        && t.get("startFrame").asLong() == call.get("startFrame").asLong()) {
                    assertThat(t.get("status").asText()).isNotEqualTo("complete");
                }
            }
        }
    }

    @Test
    void ringBufferFilesAreOrderedByTheirNumber() {
        List<RotatedFiles.Stitched> g = RotatedFiles.group(List.of("a/x_00010_20261127100900.pcapng",
                "other.pcap", "a/x_00009_20261127100800.pcapng", "a/y_00001_20261127100000.pcapng",
                "b/x_00001_20261127100000.pcapng", "a/x_100000_20261127101000.pcapng", "more.pcap"));
        assertThat(g).extracting(RotatedFiles.Stitched::name).containsExactly("a/x_*.pcapng", "other.pcap+more.pcap",
                "a/y_00001_20261127100000.pcapng", "b/x_00001_20261127100000.pcapng");
        assertThat(g.get(0).parts()).containsExactly("a/x_00009_20261127100800.pcapng",
                "a/x_00010_20261127100900.pcapng", "a/x_100000_20261127101000.pcapng");
    }

    /** Writes the records up to frame {@code last} to {@code a}, the others to {@code b}, each with the file header. */
    public static void cut(Path pcap, long last, Path a, Path b) throws IOException {
        byte[] d = Files.readAllBytes(pcap);
        ByteBuffer buf = ByteBuffer.wrap(d);
        buf.order(buf.getInt(0) == 0xa1b2c3d4 || buf.getInt(0) == 0xa1b23c4d ? ByteOrder.BIG_ENDIAN
                : ByteOrder.LITTLE_ENDIAN);
        int at = 24;
        long frame = 0;
        while (frame < last && at + 16 <= d.length) {
            at += 16 + buf.getInt(at + 8);
            frame++;
        }
        byte[] head = Arrays.copyOf(d, 24);
        Files.write(a, Arrays.copyOfRange(d, 0, at));
        byte[] rest = Arrays.copyOfRange(d, at, d.length);
        byte[] second = Arrays.copyOf(head, 24 + rest.length);
        System.arraycopy(rest, 0, second, 24, rest.length);
        Files.write(b, second);
    }

    private static JsonNode json(String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("analyze", "--format", "json"));
        all.addAll(List.of(args));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Main.run(all.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return new ObjectMapper().readTree(out.toByteArray());
    }
}
