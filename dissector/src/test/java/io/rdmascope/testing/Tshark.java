package io.rdmascope.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** tshark as an oracle for the tests: the fields it decodes from a capture. */
public final class Tshark {
    private Tshark() {}

    /**
     * The rows of {@code tshark -n -r FILE -T fields -E separator=;} with {@code options} and one
     * {@code -e} per field, each row split into its fields; null when tshark is not available or fails.
     */
    public static List<String[]> fields(Path file, List<String> options, String... fields) {
        List<String> cmd = new ArrayList<>(List.of("tshark", "-n", "-r", file.toString(), "-T", "fields", "-E", "separator=;"));
        cmd.addAll(options);
        for (String f : fields) {
            cmd.add("-e");
            cmd.add(f);
        }
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            List<String[]> rows = new ArrayList<>();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    rows.add(line.split(";", -1));
                }
            }
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return null;
            }
            return rows;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
