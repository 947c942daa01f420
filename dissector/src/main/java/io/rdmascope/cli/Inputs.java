package io.rdmascope.cli;

import io.rdmascope.capture.CaptureException;
import io.rdmascope.capture.CaptureFiles;
import io.rdmascope.capture.Captures;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/** Turns command-line arguments into capture files and I/O failures into one-line reasons. */
final class Inputs {
    /** File name endings taken as captures when a folder is named. */
    private Inputs() {}

    /** A capture to analyse: the path to open and the name to report; or an argument that failed. */
    record Input(Path path, String name, String error) {}

    /**
     * The files named, in order; {@code -} stands for standard input, a folder for the capture
     * files in it and its subfolders ({@link CaptureFiles}), sorted by path. A folder without
     * captures, or an argument that does not exist, becomes an input with an error.
     */
    static List<Input> expand(List<String> args) {
        List<Input> out = new ArrayList<>();
        for (String a : args) {
            Path p = Path.of(a);
            if (Captures.isStdin(p)) {
                out.add(new Input(p, a, null));
            } else if (Files.isDirectory(p)) {
                List<Path> files;
                try {
                    files = CaptureFiles.under(p);
                } catch (IOException | UncheckedIOException e) {
                    out.add(new Input(p, a, reason(e instanceof UncheckedIOException u ? u.getCause() : (IOException) e)));
                    continue;
                }
                if (files.isEmpty()) {
                    out.add(new Input(p, a, "no capture files (.pcap, .pcapng, .cap, plain or compressed) in this "
                            + "folder or its subfolders"));
                }
                for (Path f : files) {
                    out.add(new Input(f, f.toString(), null));
                }
            } else if (!Files.exists(p)) {
                out.add(new Input(p, a, "no such file or directory"));
            } else {
                out.add(new Input(p, a, null));
            }
        }
        return out;
    }

    /**
     * Copies a stream (standard input, a pipe) into a temporary file, for a command that reads its
     * capture twice; the caller deletes it ({@link #delete}).
     */
    static Path spool(Path stream) throws IOException {
        Path tmp = Files.createTempFile("rdmascope-", ".capture");
        try (InputStream in = Captures.isStdin(stream) ? System.in : new FileInputStream(stream.toFile())) {
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            delete(tmp);
            throw e;
        }
        return tmp;
    }

    /** Deletes a temporary file, if there is one. */
    static void delete(Path tmp) {
        if (tmp != null) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // a temporary file left behind is no reason to fail the command
            }
        }
    }

    /**
     * A one-line reason for an I/O failure on {@code path}. The capture readers name the file at the
     * start of their messages; the caller names it already, so that prefix is dropped here.
     */
    static String reason(IOException e, Path path) {
        String r = reason(e);
        String prefix = path + ": ";
        return r.startsWith(prefix) && r.length() > prefix.length() ? r.substring(prefix.length()) : r;
    }

    /** A one-line reason for an I/O failure. */
    static String reason(IOException e) {
        if (e instanceof CaptureException) {
            return e.getMessage();
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }

    /** A one-line reason for a failure that is not the input's fault. */
    static String internal(RuntimeException e) {
        String m = e.getMessage();
        return "internal error: " + e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }
}
