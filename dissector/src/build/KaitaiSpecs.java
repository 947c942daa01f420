import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Compiles every Kaitai spec of a directory to Java with the Kaitai Struct compiler: a new spec
 * (a new upper-layer protocol's) is compiled by being there, without being listed in the build.
 *
 * <pre>java -cp CLASSPATH KaitaiSpecs KSYDIR compiler-option...</pre>
 *
 * The specs ({@code KSYDIR/*.ksy}) are given to the compiler after the options, in the order of
 * their names. Run by the build (source-file mode, before compilation) with the compiler on the
 * class path.
 */
public final class KaitaiSpecs {
    private KaitaiSpecs() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: KaitaiSpecs KSYDIR compiler-option...");
            System.exit(2);
        }
        List<String> specs = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of(args[0]))) {
            files.filter(p -> p.getFileName().toString().endsWith(".ksy")).map(Path::toString).sorted()
                    .forEach(specs::add);
        }
        if (specs.isEmpty()) {
            System.err.println("KaitaiSpecs: no .ksy file in " + args[0]);
            System.exit(2);
        }
        List<String> command = new ArrayList<>(List.of(args).subList(1, args.length));
        command.addAll(specs);
        io.kaitai.struct.JavaMain.main(command.toArray(new String[0]));
    }
}
