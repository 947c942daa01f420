package io.rdmascope.testing;

import java.nio.file.Path;

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
}
