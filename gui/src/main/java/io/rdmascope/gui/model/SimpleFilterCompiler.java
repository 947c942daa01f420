package io.rdmascope.gui.model;

import io.rdmascope.engine.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * A small display-filter language over a {@link CaptureModel}: terms joined by {@code &&} and
 * {@code ||} (and binds tighter), each optionally negated with {@code !}:
 * <ul>
 *   <li>{@code violation}: the frame is named by a violation</li>
 *   <li>{@code violation.code == "STAG_BOUNDS"} (also {@code !=})</li>
 *   <li>{@code violation.severity == "error"}</li>
 *   <li>{@code frame.number == 12} (also {@code !=, <, <=, >, >=})</li>
 *   <li>{@code transaction == t3}: the frame takes part in transaction t3</li>
 *   <li>{@code transaction}: the frame takes part in any transaction</li>
 *   <li>a protocol name ({@code tcp}, {@code mpa}, {@code ddp}, {@code rdmap}) matches rows whose
 *   protocol column is it</li>
 * </ul>
 */
public final class SimpleFilterCompiler implements FrameFilter.Compiler {
    private final CaptureModel model;

    public SimpleFilterCompiler(CaptureModel model) {
        this.model = model;
    }

    @Override
    public FrameFilter compile(String text) {
        if (text == null || text.isBlank()) {
            return FrameFilter.ALL;
        }
        try {
            Predicate<FrameRow> or = null;
            for (String alternative : split(text, "||")) {
                Predicate<FrameRow> and = null;
                for (String term : split(alternative, "&&")) {
                    Predicate<FrameRow> p = term(term.trim());
                    and = and == null ? p : and.and(p);
                }
                or = or == null ? and : or.or(and);
            }
            return new FrameFilter(or, null);
        } catch (IllegalArgumentException e) {
            return FrameFilter.error(e.getMessage());
        }
    }

    private static List<String> split(String text, String op) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && text.startsWith(op, i)) {
                parts.add(text.substring(start, i));
                start = i + op.length();
                i += op.length() - 1;
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("unterminated string: missing closing \"");
        }
        parts.add(text.substring(start));
        for (String p : parts) {
            if (p.isBlank()) {
                throw new IllegalArgumentException("\"" + op + "\" needs an expression on both sides");
            }
        }
        return parts;
    }

    private Predicate<FrameRow> term(String term) {
        if (term.startsWith("!")) {
            return term(term.substring(1).trim()).negate();
        }
        if (term.startsWith("(") && term.endsWith(")")) {
            return term(term.substring(1, term.length() - 1).trim());
        }
        String[] ops = {"==", "!=", "<=", ">=", "<", ">"};
        for (String op : ops) {
            int i = term.indexOf(op);
            if (i > 0) {
                return comparison(term.substring(0, i).trim(), op, term.substring(i + op.length()).trim());
            }
        }
        switch (term.toLowerCase(Locale.ROOT)) {
            case "violation":
                return r -> !model.violationsAt(r.number()).isEmpty();
            case "transaction":
                return r -> !model.transactionsAt(r.number()).isEmpty();
            case "tcp": case "mpa": case "ddp": case "rdmap": case "ip": {
                String proto = term.toLowerCase(Locale.ROOT);
                return r -> r.protocol().toLowerCase(Locale.ROOT).contains(proto);
            }
            default:
                throw new IllegalArgumentException("unknown field \"" + term + "\"");
        }
    }

    private Predicate<FrameRow> comparison(String field, String op, String value) {
        if (value.isEmpty()) {
            throw new IllegalArgumentException("\"" + field + " " + op + "\" needs a value");
        }
        switch (field) {
            case "frame.number": {
                long n;
                try {
                    n = Long.parseLong(value);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("\"" + value + "\" is not a frame number");
                }
                switch (op) {
                    case "==": return r -> r.number() == n;
                    case "!=": return r -> r.number() != n;
                    case "<": return r -> r.number() < n;
                    case "<=": return r -> r.number() <= n;
                    case ">": return r -> r.number() > n;
                    default: return r -> r.number() >= n;
                }
            }
            case "violation.code": {
                String code = unquote(value).toUpperCase(Locale.ROOT);
                return equality(op, r -> anyViolation(r, v -> v.code().name().equals(code)));
            }
            case "violation.severity": {
                String sev = unquote(value).toLowerCase(Locale.ROOT);
                return equality(op, r -> anyViolation(r, v -> v.severity().jsonName().equals(sev)));
            }
            case "transaction": {
                String id = unquote(value);
                return equality(op, r -> model.transactionsAt(r.number()).contains(id));
            }
            default:
                throw new IllegalArgumentException("unknown field \"" + field + "\"");
        }
    }

    private boolean anyViolation(FrameRow r, Predicate<Violation> p) {
        for (Violation v : model.violationsAt(r.number())) {
            if (p.test(v)) {
                return true;
            }
        }
        return false;
    }

    private static Predicate<FrameRow> equality(String op, Predicate<FrameRow> p) {
        if (op.equals("==")) {
            return p;
        }
        if (op.equals("!=")) {
            return p.negate();
        }
        throw new IllegalArgumentException("\"" + op + "\" compares numbers; use == or !=");
    }

    private static String unquote(String value) {
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            return value.substring(1, value.length() - 1);
        }
        if (value.startsWith("\"")) {
            throw new IllegalArgumentException("unterminated string: missing closing \"");
        }
        return value;
    }
}
