package io.rdmascope.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * A compiled display filter, in the spirit of Wireshark's display-filter language.
 *
 * <pre>
 *   filter     := or
 *   or         := and ( ("||" | "or") and )*
 *   and        := not ( ("&amp;&amp;" | "and") not )*
 *   not        := ("!" | "not") not | primary
 *   primary    := "(" or ")" | field [ op value ]
 *   op         := "==" | "!=" | "&lt;" | "&lt;=" | "&gt;" | "&gt;=" | eq | ne | lt | le | gt | ge
 *   value      := field | number | "quoted string" | bare-word | true | false
 * </pre>
 *
 * <p>Numbers are decimal or hexadecimal ({@code 0x1234}) and compare as unsigned 64-bit values. A
 * bare word that is not a number ({@code t3}, {@code 10.0.0.1}, {@code STAG_BOUNDS}) is a string.
 * A field alone tests presence; a Boolean field alone is true when one of its values is true (so
 * {@code ddp.sv} selects segments with SV set). {@code a == v} holds when any value of {@code a}
 * equals {@code v}; {@code a != v} when {@code a} is present and none of its values equals {@code
 * v} (Wireshark 4 semantics); the order comparisons hold when any value satisfies them.
 */
public final class DisplayFilter {
    private static final DisplayFilter ALL = new DisplayFilter("", c -> true, Set.of());

    private final String text;
    private final Node root;
    private final Set<String> fields;

    private DisplayFilter(String text, Node root, Set<String> fields) {
        this.text = text;
        this.root = root;
        this.fields = fields;
    }

    /**
     * Compiles {@code text} against the fields of {@link FilterFields}, a Wireshark name standing
     * for its field's name; a blank text matches everything.
     */
    public static DisplayFilter compile(String text) throws FilterException {
        return compile(text, FilterFields::known, FilterFields::canonical);
    }

    /** Compiles {@code text}, accepting as field names those that {@code knownField} accepts. */
    public static DisplayFilter compile(String text, Predicate<String> knownField) throws FilterException {
        return compile(text, knownField, UnaryOperator.identity());
    }

    private static DisplayFilter compile(String text, Predicate<String> knownField, UnaryOperator<String> canonical)
            throws FilterException {
        if (text == null || text.isBlank()) {
            return ALL;
        }
        Parser p = new Parser(text, knownField, canonical);
        Node root = p.parse();
        return new DisplayFilter(text, root, p.used);
    }

    /** A filter that matches every context. */
    public static DisplayFilter all() {
        return ALL;
    }

    public boolean test(FilterContext context) {
        return root.test(context);
    }

    /** The source text. */
    public String text() {
        return text;
    }

    public boolean matchesAll() {
        return this == ALL;
    }

    /** The field names the filter refers to (Wireshark names replaced by the fields' names), sorted. */
    public Set<String> fields() {
        return fields;
    }

    /** Whether the filter refers to {@code name} or to a field under it ({@code name.*}). */
    public boolean uses(String name) {
        for (String f : fields) {
            if (f.equals(name) || f.startsWith(name + ".")) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return text;
    }

    // ---------------------------------------------------------------- evaluation

    private interface Node {
        boolean test(FilterContext c);
    }

    private enum Op {
        EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        boolean holds(int cmp) {
            switch (this) {
                case EQ: return cmp == 0;
                case NE: return cmp != 0;
                case LT: return cmp < 0;
                case LE: return cmp <= 0;
                case GT: return cmp > 0;
                default: return cmp >= 0;
            }
        }
    }

    /** An operand: a field (looked up) or a literal (constant values). */
    private static final class Operand {
        final String field;
        final String raw;
        final Long number;
        final Boolean bool;

        Operand(String field, String raw, Long number, Boolean bool) {
            this.field = field;
            this.raw = raw;
            this.number = number;
            this.bool = bool;
        }

        List<?> values(FilterContext c) {
            return field != null ? c.values(field) : List.of(this);
        }
    }

    /** Compares a value from a context (Long, Boolean, String) or a literal; null when incomparable. */
    private static Integer compare(Object a, Object b) {
        if (a instanceof Operand) {
            Integer r = compare(b, a);
            return r == null ? null : -r;
        }
        if (b instanceof Operand) {
            Operand lit = (Operand) b;
            if (a instanceof Long) {
                return lit.number == null ? null : Long.compareUnsigned((Long) a, lit.number);
            }
            if (a instanceof Boolean) {
                Boolean v = lit.bool != null ? lit.bool
                        : lit.number != null && (lit.number == 0 || lit.number == 1) ? lit.number == 1 : null;
                return v == null ? null : Boolean.compare((Boolean) a, v);
            }
            if (a instanceof Integer) {
                return compare(((Integer) a).longValue(), b);
            }
            return a == null ? null : a.toString().compareTo(lit.raw);
        }
        if (a instanceof Integer) {
            a = ((Integer) a).longValue();
        }
        if (b instanceof Integer) {
            b = ((Integer) b).longValue();
        }
        if (a instanceof Long && b instanceof Long) {
            return Long.compareUnsigned((Long) a, (Long) b);
        }
        if (a instanceof Boolean && b instanceof Boolean) {
            return Boolean.compare((Boolean) a, (Boolean) b);
        }
        if (a instanceof String && b instanceof String) {
            return ((String) a).compareTo((String) b);
        }
        return null;
    }

    private static Node comparison(Operand left, Op op, Operand right) {
        return c -> {
            List<?> ls = left.values(c);
            List<?> rs = right.values(c);
            if (ls.isEmpty() || rs.isEmpty()) {
                return false;
            }
            if (op == Op.NE) {
                for (Object l : ls) {
                    for (Object r : rs) {
                        Integer cmp = compare(l, r);
                        if (cmp != null && cmp == 0) {
                            return false;
                        }
                    }
                }
                return true;
            }
            for (Object l : ls) {
                for (Object r : rs) {
                    Integer cmp = compare(l, r);
                    if (cmp != null && op.holds(cmp)) {
                        return true;
                    }
                }
            }
            return false;
        };
    }

    private static Node presence(String field) {
        return c -> {
            List<?> vs = c.values(field);
            if (vs.isEmpty()) {
                return false;
            }
            boolean anyBoolean = false;
            for (Object v : vs) {
                if (v instanceof Boolean) {
                    if ((Boolean) v) {
                        return true;
                    }
                    anyBoolean = true;
                } else {
                    return true;
                }
            }
            return !anyBoolean;
        };
    }

    // ---------------------------------------------------------------- parsing

    private enum Kind { LPAREN, RPAREN, AND, OR, NOT, CMP, WORD, STRING, END }

    private record Token(Kind kind, String text, int column) {
        String shown() {
            return kind == Kind.END ? "the end of the filter" : kind == Kind.STRING ? "\"" + text + "\"" : "'" + text + "'";
        }
    }

    private static final class Parser {
        private final String src;
        private final Predicate<String> knownField;
        private final UnaryOperator<String> canonical;
        private final List<Token> tokens = new ArrayList<>();
        private final Set<String> used = new TreeSet<>();
        private int pos;

        Parser(String src, Predicate<String> knownField, UnaryOperator<String> canonical) throws FilterException {
            this.src = src;
            this.knownField = knownField;
            this.canonical = canonical;
            lex();
        }

        private static boolean wordChar(char c) {
            return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == ':' || c == '-' || c == '/';
        }

        private void lex() throws FilterException {
            int i = 0;
            int n = src.length();
            while (i < n) {
                char c = src.charAt(i);
                int col = i + 1;
                if (Character.isWhitespace(c)) {
                    i++;
                } else if (c == '(') {
                    tokens.add(new Token(Kind.LPAREN, "(", col));
                    i++;
                } else if (c == ')') {
                    tokens.add(new Token(Kind.RPAREN, ")", col));
                    i++;
                } else if (c == '&' || c == '|') {
                    if (i + 1 < n && src.charAt(i + 1) == c) {
                        tokens.add(new Token(c == '&' ? Kind.AND : Kind.OR, "" + c + c, col));
                        i += 2;
                    } else {
                        throw new FilterException(col, "unexpected '" + c + "' (did you mean '" + c + c + "'?)");
                    }
                } else if (c == '=' || c == '!' || c == '<' || c == '>') {
                    boolean eq = i + 1 < n && src.charAt(i + 1) == '=';
                    if (c == '!' && !eq) {
                        tokens.add(new Token(Kind.NOT, "!", col));
                        i++;
                    } else if (c == '=' && !eq) {
                        throw new FilterException(col, "unexpected '=' (did you mean '=='?)");
                    } else {
                        String op = eq ? c + "=" : "" + c;
                        tokens.add(new Token(Kind.CMP, op, col));
                        i += op.length();
                    }
                } else if (c == '"') {
                    StringBuilder sb = new StringBuilder();
                    int j = i + 1;
                    while (true) {
                        if (j >= n) {
                            throw new FilterException(col, "unterminated string");
                        }
                        char d = src.charAt(j);
                        if (d == '"') {
                            break;
                        }
                        if (d == '\\' && j + 1 < n) {
                            j++;
                            d = src.charAt(j);
                        }
                        sb.append(d);
                        j++;
                    }
                    tokens.add(new Token(Kind.STRING, sb.toString(), col));
                    i = j + 1;
                } else if (wordChar(c)) {
                    int j = i;
                    while (j < n && wordChar(src.charAt(j))) {
                        j++;
                    }
                    String w = src.substring(i, j);
                    switch (w) {
                        case "and": tokens.add(new Token(Kind.AND, w, col)); break;
                        case "or": tokens.add(new Token(Kind.OR, w, col)); break;
                        case "not": tokens.add(new Token(Kind.NOT, w, col)); break;
                        case "eq": tokens.add(new Token(Kind.CMP, "==", col)); break;
                        case "ne": tokens.add(new Token(Kind.CMP, "!=", col)); break;
                        case "lt": tokens.add(new Token(Kind.CMP, "<", col)); break;
                        case "le": tokens.add(new Token(Kind.CMP, "<=", col)); break;
                        case "gt": tokens.add(new Token(Kind.CMP, ">", col)); break;
                        case "ge": tokens.add(new Token(Kind.CMP, ">=", col)); break;
                        default: tokens.add(new Token(Kind.WORD, w, col));
                    }
                    i = j;
                } else {
                    throw new FilterException(col, "unexpected character '" + c + "'");
                }
            }
            tokens.add(new Token(Kind.END, "", n + 1));
        }

        private Token peek() {
            return tokens.get(pos);
        }

        private Token take() {
            return tokens.get(pos++);
        }

        /** Deepest nesting of parentheses accepted. */
        static final int MAX_NESTING = 100;
        private int depth;

        Node parse() throws FilterException {
            Node n = or();
            Token t = peek();
            if (t.kind != Kind.END) {
                if (t.kind == Kind.RPAREN) {
                    throw new FilterException(t.column, "unexpected ')' with no '(' to close");
                }
                throw new FilterException(t.column, "expected '&&', '||' or the end of the filter, found " + t.shown());
            }
            return n;
        }

        // Chains of '||' and '&&' become one node over an array (evaluated by a loop, not by
        // nested calls), and nesting by '(' and '!' is bounded, so that no filter text can
        // exhaust the stack while it is parsed or evaluated.
        private Node or() throws FilterException {
            Node first = and();
            if (peek().kind != Kind.OR) {
                return first;
            }
            List<Node> terms = new ArrayList<>();
            terms.add(first);
            while (peek().kind == Kind.OR) {
                take();
                terms.add(and());
            }
            Node[] all = terms.toArray(new Node[0]);
            return c -> {
                for (Node n : all) {
                    if (n.test(c)) {
                        return true;
                    }
                }
                return false;
            };
        }

        private Node and() throws FilterException {
            Node first = not();
            if (peek().kind != Kind.AND) {
                return first;
            }
            List<Node> terms = new ArrayList<>();
            terms.add(first);
            while (peek().kind == Kind.AND) {
                take();
                terms.add(not());
            }
            Node[] all = terms.toArray(new Node[0]);
            return c -> {
                for (Node n : all) {
                    if (!n.test(c)) {
                        return false;
                    }
                }
                return true;
            };
        }

        private Node not() throws FilterException {
            boolean negate = false;
            while (peek().kind == Kind.NOT) {
                take();
                negate = !negate;
            }
            Node inner = primary();
            return negate ? c -> !inner.test(c) : inner;
        }

        private Node primary() throws FilterException {
            Token t = take();
            if (t.kind == Kind.LPAREN) {
                if (++depth > MAX_NESTING) {
                    throw new FilterException(t.column, "parentheses nested more than " + MAX_NESTING + " deep");
                }
                Node inner = or();
                depth--;
                Token close = peek();
                if (close.kind != Kind.RPAREN) {
                    throw new FilterException(close.column,
                            "expected ')' to close the '(' at column " + t.column + ", found " + close.shown());
                }
                take();
                return inner;
            }
            if (t.kind == Kind.STRING) {
                throw new FilterException(t.column, "expected a field before " + t.shown());
            }
            if (t.kind != Kind.WORD) {
                throw new FilterException(t.column, "expected a field, '(' or '!', found " + t.shown());
            }
            if (!knownField.test(t.text)) {
                if (isNumber(t.text)) {
                    throw new FilterException(t.column, "expected a field before " + t.shown());
                }
                throw new FilterException(t.column, "unknown field '" + t.text + "'");
            }
            String name = canonical.apply(t.text);
            used.add(name);
            Operand left = new Operand(name, t.text, null, null);
            if (peek().kind != Kind.CMP) {
                return presence(name);
            }
            Token opTok = take();
            if (FilterFields.all().get(name) == FilterFields.Type.PROTOCOL) {
                throw new FilterException(opTok.column, "'" + t.text + "' is a protocol: only its presence can be"
                        + " tested, not compared");
            }
            Op op = switch (opTok.text) {
                case "==" -> Op.EQ;
                case "!=" -> Op.NE;
                case "<" -> Op.LT;
                case "<=" -> Op.LE;
                case ">" -> Op.GT;
                default -> Op.GE;
            };
            Token v = take();
            Operand right;
            if (v.kind == Kind.STRING) {
                right = new Operand(null, v.text, parseNumber(v.text), parseBool(v.text));
            } else if (v.kind == Kind.WORD) {
                if (knownField.test(v.text) && !isNumber(v.text)) {
                    String field = canonical.apply(v.text);
                    used.add(field);
                    right = new Operand(field, v.text, null, null);
                } else {
                    right = new Operand(null, v.text, parseNumber(v.text), parseBool(v.text));
                }
            } else {
                throw new FilterException(v.column, "expected a value after '" + opTok.text + "', found " + v.shown());
            }
            if (right.field == null) {
                checkType(name, t.text, opTok, v, right);
            }
            return comparison(left, op, right);
        }

        private void checkType(String name, String field, Token opTok, Token v, Operand literal)
                throws FilterException {
            FilterFields.Type type = FilterFields.all().get(name);
            if (type == FilterFields.Type.NUMBER && literal.number == null) {
                throw new FilterException(v.column, "expected a number after '" + opTok.text + "' for " + field
                        + ", found " + v.shown());
            }
            if (type == FilterFields.Type.BOOLEAN && literal.bool == null
                    && !(literal.number != null && (literal.number == 0 || literal.number == 1))) {
                throw new FilterException(v.column, "expected true, false, 1 or 0 after '" + opTok.text + "' for "
                        + field + ", found " + v.shown());
            }
        }

        private static boolean isNumber(String s) {
            return parseNumber(s) != null;
        }

        static Long parseNumber(String s) {
            try {
                if (s.length() > 2 && (s.startsWith("0x") || s.startsWith("0X"))) {
                    return Long.parseUnsignedLong(s.substring(2), 16);
                }
                if (!s.isEmpty() && Character.isDigit(s.charAt(0))) {
                    return Long.parseUnsignedLong(s);
                }
            } catch (NumberFormatException e) {
                return null;
            }
            return null;
        }

        static Boolean parseBool(String s) {
            switch (s.toLowerCase(Locale.ROOT)) {
                case "true": return Boolean.TRUE;
                case "false": return Boolean.FALSE;
                default: return null;
            }
        }
    }
}
