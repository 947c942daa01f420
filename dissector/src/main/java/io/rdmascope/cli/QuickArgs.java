package io.rdmascope.cli;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the common {@code analyze} command lines without picocli. Building picocli's model of the
 * commands reflects over every annotated class; the plain forms
 * ({@code analyze [--format json] [-j 4] FILE...}) and tshark's ({@code analyze -r FILE -z expert
 * -q -n}) are read here into the same
 * {@link AnalyzeCommand} fields, with the same defaults. Anything else (help, {@code --opt=value},
 * clustered or attached short options, {@code @argument-files}, an option given twice, a value
 * that is not plainly valid, a missing file) returns null and goes through picocli, which owns
 * help and every error message. {@code QuickArgsTest} holds both readings equal.
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
        Set<String> seen = new HashSet<>();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.isEmpty() || a.charAt(0) == '@') {
                return null;
            }
            if (a.charAt(0) != '-') {
                files.add(a);
                continue;
            }
            String name = canonical(a);
            if (name == null || !seen.add(name) && !name.equals("-z") && !name.equals("--read-file")) {
                return null;
            }
            if (name.equals("--strict")) {
                c.strict = true;
                continue;
            }
            if (name.equals("--explain")) {
                c.explain = true;
                continue;
            }
            if (name.equals("-q")) {
                c.quiet = true;
                continue;
            }
            if (name.equals("-n")) {
                c.tshark.numeric = true;
                continue;
            }
            if (i + 1 >= args.length) {
                return null;
            }
            String v = args[++i];
            if (v.isEmpty() || v.charAt(0) == '-' || v.charAt(0) == '@') {
                return null;
            }
            switch (name) {
                case "--format":
                    c.format = v.equals("json") ? Format.json : v.equals("text") ? Format.text : null;
                    if (c.format == null) {
                        return null;
                    }
                    break;
                case "--fail-on":
                    c.failOn = failOn(v);
                    if (c.failOn == null) {
                        return null;
                    }
                    break;
                case "--display-filter":
                    c.filterText = v;
                    break;
                case "--read-file":
                    if (c.readFiles == null) {
                        c.readFiles = new ArrayList<>();
                    }
                    c.readFiles.add(v);
                    break;
                case "-z":
                    c.statistics.names.add(v);
                    break;
                case "--jobs":
                case "--buffers-per-qp":
                case "--max-per-operation":
                    Integer n = number(v);
                    if (n == null) {
                        return null;
                    }
                    if (name.equals("--jobs")) {
                        c.jobs = n;
                    } else if (name.equals("--buffers-per-qp")) {
                        c.buffersPerQp = n;
                    } else {
                        c.maxPerOperation = n;
                    }
                    break;
                default:
                    return null;
            }
        }
        if (files.isEmpty() && c.readFiles == null) {
            return null;
        }
        c.files = files.isEmpty() ? null : files;
        return c;
    }

    private static String canonical(String option) {
        switch (option) {
            case "--strict":
            case "--explain":
            case "--format":
            case "--fail-on":
            case "--buffers-per-qp":
            case "--max-per-operation":
            case "--display-filter":
            case "--jobs":
            case "--read-file":
            case "-z":
            case "-q":
            case "-n":
                return option;
            case "-r":
                return "--read-file";
            case "-Y":
                return "--display-filter";
            case "-j":
                return "--jobs";
            default:
                return null;
        }
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
