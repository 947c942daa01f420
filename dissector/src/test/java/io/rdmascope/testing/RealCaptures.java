package io.rdmascope.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where the captures recorded from real iWARP stacks are: {@code shared/captures/real} beside the
 * checkout, as the build passes it in the system property {@code rdmascope.realCaptures}.
 */
public final class RealCaptures {
    private RealCaptures() {}

    public static Path dir() {
        String p = System.getProperty("rdmascope.realCaptures");
        return p != null ? Path.of(p).normalize() : Path.of("..", "..", "shared", "captures", "real").toAbsolutePath().normalize();
    }

    public static Path file(String name) {
        return dir().resolve(name);
    }

    /** The captures of the kernel's soft-RoCE driver (rdma_rxe), sorted; none when the folder is not there. */
    public static List<Path> rxe() {
        return folder("rxe");
    }

    /** The captures of the kernel's soft-iWARP driver (siw), sorted; none when the folder is not there. */
    public static List<Path> siw() {
        return folder("siw");
    }

    private static List<Path> folder(String name) {
        Path folder = dir().resolve(name);
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.toString().endsWith(".pcap")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Every bundled sample and every real capture (those in folders too), pcap and pcapng, sorted
     * within each folder; a folder that is not there adds nothing.
     */
    public static List<Path> withSamples() {
        List<Path> captures = new ArrayList<>();
        for (Path dir : List.of(Path.of("..", "samples"), dir())) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.walk(dir)) {
                    s.filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted()
                            .forEach(captures::add);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return captures;
    }
}
