package io.rdmascope.cli;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * Reads the common {@code analyze} and {@code dissect} command lines without picocli. Building
 * picocli's model of the commands reflects over every annotated class; the plain forms
 * ({@code analyze [--format json] [-j 4] FILE...}, {@code dissect [-V] FILE}) and tshark's
 * ({@code analyze -r FILE -z expert -q -n}, {@code dissect -r FILE -T fields -e FIELD -Y FILTER})
 * are read here into the same command fields, with the same defaults. Anything else (help,
 * {@code --opt=value}, clustered or attached short options, {@code @argument-files}, {@code -} for
 * standard input, an option given twice that is not repeatable, a value that is not plainly valid,
 * a missing file) returns null and goes through picocli, which owns help and every error message.
 * {@code QuickArgsTest} holds both readings equal.
 *
 * <p>What it saves (whole process through {@code ./rdmascope}, medians of alternating runs against
 * a build whose every command line goes through picocli, on the project's shared 2-core machine):
 * {@code analyze --format json} of the 200 MB bulk capture of {@code bench/compare.sh} 0.29 s
 * instead of 0.37 s, of {@code samples/oneshot-write.pcap} 0.09 s instead of 0.27 s; CPU time
 * 0.18 s less in both. {@code bench/compare.sh} prints the figure again (the {@code --format=json}
 * spelling goes through picocli). See docs/performance.md.
 */
final class QuickArgs {
    private QuickArgs() {}

    /** @return the command ready to run, or null when picocli must read the arguments */
    static Callable<Integer> command(String[] args, Main.Env env) {
        if (args.length < 2) {
            return null;
        }
        if ("analyze".equals(args[0])) {
            return analyze(args, env);
        }
        if ("dissect".equals(args[0])) {
            return dissect(args, env);
        }
        return null;
    }

    /** Takes one option (with its value, when it has one) into a command; false when picocli must. */
    private interface Reader {
        boolean option(String name, String value);

        /** Whether the option takes a value; null when it is not one of the command's quick options. */
        Boolean takesValue(String name);
    }

    /**
     * Walks the arguments after the command: the options go to {@code reader}, the others to
     * {@code files}. False when picocli must read them.
     */
    private static boolean walk(String[] args, Reader reader, List<String> files, Set<String> repeatable) {
        Set<String> seen = new HashSet<>();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.isEmpty() || a.charAt(0) == '@' || a.equals("-")) {
                return false;
            }
            if (a.charAt(0) != '-') {
                files.add(a);
                continue;
            }
            String name = canonical(a);
            Boolean takesValue = reader.takesValue(name);
            if (takesValue == null || !seen.add(name) && !repeatable.contains(name)) {
                return false;
            }
            String v = null;
            if (takesValue) {
                if (i + 1 >= args.length) {
                    return false;
                }
                v = args[++i];
                if (v.isEmpty() || v.charAt(0) == '-' || v.charAt(0) == '@') {
                    return false;
                }
            }
            if (!reader.option(name, v)) {
                return false;
            }
        }
        return true;
    }

    /** The long name of an option given by its short name; itself otherwise. */
    private static String canonical(String option) {
        switch (option) {
            case "-Y": return "--display-filter";
            case "-j": return "--jobs";
            case "-r": return "--read-file";
            case "-c": return "--count";
            default: return option;
        }
    }

    static AnalyzeCommand analyze(String[] args, Main.Env env) {
        if (args.length < 2 || !"analyze".equals(args[0])) {
            return null;
        }
        AnalyzeCommand c = new AnalyzeCommand(env);
        c.format = Format.text;
        c.buffersPerQp = 64;
        c.maxPerOperation = 32;
        c.failOn = FailOn.never;
        List<String> files = new ArrayList<>();
        Reader reader = new Reader() {
            @Override
            public Boolean takesValue(String name) {
                switch (name) {
                    case "--strict": case "--explain": case "-q": case "-n":
                        return false;
                    case "--format": case "--fail-on": case "--display-filter": case "--read-file": case "-z":
                    case "--jobs": case "--buffers-per-qp": case "--max-per-operation":
                        return true;
                    default:
                        return null;
                }
            }

            @Override
            public boolean option(String name, String v) {
                switch (name) {
                    case "--strict": c.strict = true; return true;
                    case "--explain": c.explain = true; return true;
                    case "-q": c.quiet = true; return true;
                    case "-n": c.tshark.numeric = true; return true;
                    case "--format":
                        c.format = v.equals("json") ? Format.json : v.equals("text") ? Format.text : null;
                        return c.format != null;
                    case "--fail-on":
                        c.failOn = failOn(v);
                        return c.failOn != null;
                    case "--display-filter": c.filterText = v; return true;
                    case "--read-file":
                        if (c.readFiles == null) {
                            c.readFiles = new ArrayList<>();
                        }
                        c.readFiles.add(v);
                        return true;
                    case "-z": c.statistics.names.add(v); return true;
                    default:
                        Integer n = number(v);
                        if (n == null) {
                            return false;
                        }
                        if (name.equals("--jobs")) {
                            c.jobs = n;
                        } else if (name.equals("--buffers-per-qp")) {
                            c.buffersPerQp = n;
                        } else {
                            c.maxPerOperation = n;
                        }
                        return true;
                }
            }
        };
        if (!walk(args, reader, files, Set.of("--read-file", "-z")) || files.isEmpty() && c.readFiles == null) {
            return null;
        }
        c.files = files.isEmpty() ? null : files;
        return c;
    }

    static DissectCommand dissect(String[] args, Main.Env env) {
        DissectCommand c = new DissectCommand(env);
        c.format = Format.text;
        List<String> files = new ArrayList<>();
        Reader reader = new Reader() {
            @Override
            public Boolean takesValue(String name) {
                switch (name) {
                    case "-V": case "-x": case "-q": case "-n": case "--strict":
                        return false;
                    case "--format": case "--display-filter": case "--read-file": case "--count": case "-T":
                    case "-e": case "-E":
                        return true;
                    default:
                        return null;
                }
            }

            @Override
            public boolean option(String name, String v) {
                switch (name) {
                    case "-V": c.details = true; return true;
                    case "-x": c.hex = true; return true;
                    case "-q": c.quiet = true; return true;
                    case "-n": c.tshark.numeric = true; return true;
                    case "--strict": c.strict = true; return true;
                    case "--format":
                        c.format = v.equals("json") ? Format.json : v.equals("text") ? Format.text : null;
                        return c.format != null;
                    case "--display-filter": c.filterText = v; return true;
                    case "--read-file": c.readFile = v; return true;
                    case "--count":
                        Integer n = number(v);
                        c.capture.count = n == null ? null : (long) n;
                        return n != null;
                    case "-T": c.fieldsOutput.format = v; return true;
                    case "-e": c.fieldsOutput.names.add(v); return true;
                    default: c.fieldsOutput.settings.add(v); return true;
                }
            }
        };
        if (!walk(args, reader, files, Set.of("-e", "-E")) || files.size() > 1 || files.isEmpty() && c.readFile == null) {
            return null;
        }
        c.file = files.isEmpty() ? null : files.get(0);
        return c;
    }

    private static FailOn failOn(String v) {
        for (FailOn f : FailOn.values()) {
            if (f.name().equals(v)) {
                return f;
            }
        }
        return null;
    }

    /** A plain decimal int (at most 9 digits), or null. */
    private static Integer number(String v) {
        if (v.length() > 9) {
            return null;
        }
        int n = 0;
        for (int i = 0; i < v.length(); i++) {
            char ch = v.charAt(i);
            if (ch < '0' || ch > '9') {
                return null;
            }
            n = n * 10 + (ch - '0');
        }
        return n;
    }
}
