package io.rdmascope.filter;

import io.rdmascope.filter.FilterLexer.Kind;
import io.rdmascope.filter.FilterLexer.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A compiled display filter, in the spirit of Wireshark's display-filter language.
 *
 * <pre>
 *   filter     := or
 *   or         := and ( ("||" | "or") and )*
 *   and        := not ( ("&amp;&amp;" | "and") not )*
 *   not        := ("!" | "not") not | primary
 *   primary    := "(" or ")" | field [ "&amp;" number [ op value ] | op value | "contains" text
 *                 | ("matches" | "~") text | "in" set ]
 *   op         := "==" | "!=" | "&lt;" | "&lt;=" | "&gt;" | "&gt;=" | eq | ne | lt | le | gt | ge
 *   value      := field | number | decimal | address/bits | "quoted string" | bare-word | true | false
 *   set        := "{" ( value | value ".." value ) ( [","] ( value | value ".." value ) )* "}"
 * </pre>
 *
 * <p>Numbers are decimal or hexadecimal ({@code 0x1234}) and compare as unsigned 64-bit values. A
 * bare word that is not a number ({@code t3}, {@code 10.0.0.1}, {@code STAG_BOUNDS}) is a string.
 * A field alone tests presence, as in Wireshark (so {@code tcp.flags.syn} holds for every TCP
 * segment, and {@code tcp.flags.syn == 1} for those with SYN set). {@code a == v} holds when any value of {@code a}
 * equals {@code v}; {@code a != v} when {@code a} is present and none of its values equals {@code
 * v} (Wireshark 4 semantics); the order comparisons hold when any value satisfies them.
 *
 * <p>As in Wireshark: an address compared with a network ({@code ip.addr == 10.77.0.0/24}) is
 * equal to it when the network holds it; {@code contains} finds text in a text field;
 * {@code matches} (or {@code ~}) finds a Java regular expression in it, ignoring case unless the
 * expression says {@code (?-i)}; {@code in} holds when a value equals a member of the set or lies
 * in one of its ranges ({@code ddp.qn in {0 2}}, {@code frame.len in {60..100}}). Times
 * ({@code frame.time_relative}) are seconds with decimals. {@code field & mask} (or
 * {@code bitwise_and}) holds when a value has one of the mask's bits set, and
 * {@code field & mask == v} compares the masked value. {@code contains} also finds octets in a
 * field of octets ({@code frame contains "MPA ID"}, {@code frame contains 4d:50:41}).
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

    /** Compares two values of frames (Long, BigDecimal, Boolean, String); null when incomparable. */
    private static Integer compareValues(Object a, Object b) {
        if (a instanceof Integer) {
            a = ((Integer) a).longValue();
        }
        if (b instanceof Integer) {
            b = ((Integer) b).longValue();
        }
        if (a instanceof Long && b instanceof Long) {
            return Long.compareUnsigned((Long) a, (Long) b);
        }
        if (a instanceof java.math.BigDecimal && b instanceof java.math.BigDecimal) {
            return ((java.math.BigDecimal) a).compareTo((java.math.BigDecimal) b);
        }
        if (a instanceof Boolean && b instanceof Boolean) {
            return Boolean.compare((Boolean) a, (Boolean) b);
        }
        if (a instanceof String && b instanceof String) {
            return ((String) a).compareTo((String) b);
        }
        return null;
    }

    /** The values a test reads from a frame: a field's, or a field's masked by {@code &}. */
    private interface Values {
        List<?> of(FilterContext c);
    }

    /** {@code field op literal}: any value satisfies it (for != : no value equals the literal). */
    private static Node compareLiteral(Values values, Op op, FilterValue literal) {
        return c -> {
            List<?> vs = values.of(c);
            if (vs.isEmpty()) {
                return false;
            }
            for (Object v : vs) {
                Integer cmp = literal.compareFrom(v);
                if (op == Op.NE) {
                    if (cmp != null && cmp == 0) {
                        return false;
                    }
                } else if (cmp != null && op.holds(cmp)) {
                    return true;
                }
            }
            return op == Op.NE;
        };
    }

    private static Node compareFields(String left, Op op, String right) {
        return c -> {
            List<?> ls = c.values(left);
            List<?> rs = c.values(right);
            if (ls.isEmpty() || rs.isEmpty()) {
                return false;
            }
            for (Object l : ls) {
                for (Object r : rs) {
                    Integer cmp = compareValues(l, r);
                    if (op == Op.NE) {
                        if (cmp != null && cmp == 0) {
                            return false;
                        }
                    } else if (cmp != null && op.holds(cmp)) {
                        return true;
                    }
                }
            }
            return op == Op.NE;
        };
    }

    /** A member of a set: one value, or a range of them (both ends included). */
    private record Member(FilterValue low, FilterValue high) {
        boolean holds(Object v) {
            Integer lo = low.compareFrom(v);
            if (high == null) {
                return lo != null && lo == 0;
            }
            Integer hi = high.compareFrom(v);
            return lo != null && hi != null && lo >= 0 && hi <= 0;
        }
    }

    private static Node in(String field, List<Member> set) {
        Member[] members = set.toArray(new Member[0]);
        return c -> {
            for (Object v : c.values(field)) {
                for (Member m : members) {
                    if (m.holds(v)) {
                        return true;
                    }
                }
            }
            return false;
        };
    }

    /** The values of {@code field} (unsigned numbers, or flags as 1 and 0) with only the bits of {@code mask}. */
    private static Values masked(String field, long mask) {
        return c -> {
            List<?> vs = c.values(field);
            List<Long> out = new ArrayList<>(vs.size());
            for (Object v : vs) {
                if (v instanceof Number n) {
                    out.add(n.longValue() & mask);
                } else if (v instanceof Boolean b) {
                    out.add((b ? 1L : 0L) & mask);
                }
            }
            return out;
        };
    }

    /** Whether one of the values is not zero. */
    private static Node anyNonZero(Values values) {
        return c -> {
            for (Object v : values.of(c)) {
                if (v instanceof Long n && n != 0) {
                    return true;
                }
            }
            return false;
        };
    }

    /** Whether a field of octets holds {@code part}. */
    private static Node octets(String field, byte[] part) {
        return c -> {
            for (Object v : c.values(field)) {
                if (v instanceof byte[] b && Octets.indexOf(b, part) >= 0) {
                    return true;
                }
            }
            return false;
        };
    }

    private static Node text(String field, Predicate<String> test) {
        return c -> {
            for (Object v : c.values(field)) {
                if (v instanceof String && test.test((String) v)) {
                    return true;
                }
            }
            return false;
        };
    }

    private static Node presence(String field) {
        return c -> !c.values(field).isEmpty();
    }

    // ---------------------------------------------------------------- parsing

    private static final class Parser {
        private final Predicate<String> knownField;
        private final UnaryOperator<String> canonical;
        private final List<Token> tokens;
        private final Set<String> used = new TreeSet<>();
        private int pos;

        Parser(String src, Predicate<String> knownField, UnaryOperator<String> canonical) throws FilterException {
            this.knownField = knownField;
            this.canonical = canonical;
            this.tokens = FilterLexer.lex(src);
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
            if (t.kind() != Kind.END) {
                if (t.kind() == Kind.RPAREN) {
                    throw new FilterException(t.column(), "unexpected ')' with no '(' to close");
                }
                throw new FilterException(t.column(), "expected '&&', '||' or the end of the filter, found " + t.shown());
            }
            return n;
        }

        // Chains of '||' and '&&' become one node over an array (evaluated by a loop, not by
        // nested calls), and nesting by '(' and '!' is bounded, so that no filter text can
        // exhaust the stack while it is parsed or evaluated.
        private Node or() throws FilterException {
            Node first = and();
            if (peek().kind() != Kind.OR) {
                return first;
            }
            List<Node> terms = new ArrayList<>();
            terms.add(first);
            while (peek().kind() == Kind.OR) {
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
            if (peek().kind() != Kind.AND) {
                return first;
            }
            List<Node> terms = new ArrayList<>();
            terms.add(first);
            while (peek().kind() == Kind.AND) {
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
            while (peek().kind() == Kind.NOT) {
                take();
                negate = !negate;
            }
            Node inner = primary();
            return negate ? c -> !inner.test(c) : inner;
        }

        private Node primary() throws FilterException {
            Token t = take();
            if (t.kind() == Kind.LPAREN) {
                if (++depth > MAX_NESTING) {
                    throw new FilterException(t.column(), "parentheses nested more than " + MAX_NESTING + " deep");
                }
                Node inner = or();
                depth--;
                Token close = peek();
                if (close.kind() != Kind.RPAREN) {
                    throw new FilterException(close.column(),
                            "expected ')' to close the '(' at column " + t.column() + ", found " + close.shown());
                }
                take();
                return inner;
            }
            if (t.kind() == Kind.STRING) {
                throw new FilterException(t.column(), "expected a field before " + t.shown());
            }
            if (t.kind() != Kind.WORD) {
                throw new FilterException(t.column(), "expected a field, '(' or '!', found " + t.shown());
            }
            if (!knownField.test(t.text())) {
                if (FilterValue.parseNumber(t.text()) != null) {
                    throw new FilterException(t.column(), "expected a field before " + t.shown());
                }
                throw new FilterException(t.column(), "unknown field '" + t.text() + "'");
            }
            String name = canonical.apply(t.text());
            used.add(name);
            Kind next = peek().kind();
            if (next == Kind.BITAND) {
                return bitwise(name, t.text(), take());
            }
            if (next != Kind.CMP && next != Kind.CONTAINS && next != Kind.MATCHES && next != Kind.IN) {
                return presence(name);
            }
            Token opTok = take();
            FilterFields.Type type = FilterFields.all().get(name);
            if (type == FilterFields.Type.PROTOCOL) {
                throw new FilterException(opTok.column(), "'" + t.text() + "' is a protocol: only its presence can be"
                        + " tested, not compared");
            }
            switch (opTok.kind()) {
                case CONTAINS:
                case MATCHES:
                    return textTest(name, t.text(), type, opTok);
                case IN:
                    return in(name, set(name, t.text(), opTok));
                default:
                    return comparison(name, t.text(), opTok);
            }
        }

        /** {@code field & mask}, alone or compared: {@code tcp.flags & 0x12 == 0x12}. */
        private Node bitwise(String name, String field, Token and) throws FilterException {
            FilterFields.Type type = FilterFields.all().get(name);
            if (type != FilterFields.Type.NUMBER && type != FilterFields.Type.BOOLEAN) {
                throw new FilterException(and.column(), "'&' applies to numbers and flags; " + field + " is not one");
            }
            Token m = take();
            Long mask = m.kind() == Kind.WORD ? FilterValue.parseNumber(m.text()) : null;
            if (mask == null) {
                throw new FilterException(m.column(), "expected a number after '&', found " + m.shown());
            }
            Values values = masked(name, mask);
            if (peek().kind() != Kind.CMP) {
                return anyNonZero(values);
            }
            Token opTok = take();
            Token v = take();
            Long n = v.kind() == Kind.WORD ? FilterValue.parseNumber(v.text()) : null;
            if (n == null) {
                throw new FilterException(v.column(), "expected a number after '" + opTok.text() + "', found " + v.shown());
            }
            return compareLiteral(values, op(opTok), new FilterValue(v.text()));
        }

        private static Op op(Token opTok) {
            return switch (opTok.text()) {
                case "==" -> Op.EQ;
                case "!=" -> Op.NE;
                case "<" -> Op.LT;
                case "<=" -> Op.LE;
                case ">" -> Op.GT;
                default -> Op.GE;
            };
        }

        private Node comparison(String name, String field, Token opTok) throws FilterException {
            Op op = op(opTok);
            Token v = take();
            if (v.kind() == Kind.WORD && knownField.test(v.text()) && FilterValue.parseNumber(v.text()) == null) {
                String other = canonical.apply(v.text());
                used.add(other);
                return compareFields(name, op, other);
            }
            if (v.kind() != Kind.STRING && v.kind() != Kind.WORD) {
                throw new FilterException(v.column(), "expected a value after '" + opTok.text() + "', found "
                        + v.shown());
            }
            FilterValue literal = value(name, field, opTok, v);
            if (literal.equalityOnly() && op != Op.EQ && op != Op.NE) {
                throw new FilterException(opTok.column(), "a network (" + v.text() + ") can only be compared with"
                        + " '==' or '!='");
            }
            return compareLiteral(c -> c.values(name), op, literal);
        }

        private Node textTest(String name, String field, FilterFields.Type type, Token opTok) throws FilterException {
            Token v = take();
            if (v.kind() != Kind.STRING && v.kind() != Kind.WORD) {
                throw new FilterException(v.column(), "expected a quoted string after '" + opTok.text() + "', found "
                        + v.shown());
            }
            if (type == FilterFields.Type.BYTES && opTok.kind() == Kind.CONTAINS) {
                byte[] part = v.kind() == Kind.STRING ? v.text().getBytes(java.nio.charset.StandardCharsets.UTF_8)
                        : FilterValue.octets(v.text());
                if (part == null) {
                    throw new FilterException(v.column(), "expected a quoted string or octets (4d:50:41) after 'contains',"
                            + " found " + v.shown());
                }
                return octets(name, part);
            }
            if (type != FilterFields.Type.STRING) {
                throw new FilterException(opTok.column(), "'" + opTok.text() + "' applies to text fields"
                        + (type == FilterFields.Type.BYTES ? " and 'contains' to octets" : "") + "; " + field
                        + " is " + (type == FilterFields.Type.BOOLEAN ? "a flag" : type == FilterFields.Type.BYTES
                        ? "octets" : "a number"));
            }
            if (opTok.kind() == Kind.CONTAINS) {
                String part = v.text();
                return text(name, s -> s.contains(part));
            }
            try {
                Pattern p = Pattern.compile(v.text(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
                return text(name, s -> p.matcher(s).find());
            } catch (PatternSyntaxException e) {
                throw new FilterException(v.column(), "bad regular expression: " + e.getDescription()
                        + (e.getIndex() >= 0 ? " near index " + e.getIndex() : ""));
            }
        }

        private List<Member> set(String name, String field, Token opTok) throws FilterException {
            Token open = take();
            if (open.kind() != Kind.LBRACE) {
                throw new FilterException(open.column(), "expected '{' after 'in', found " + open.shown());
            }
            List<Member> members = new ArrayList<>();
            while (true) {
                Token v = take();
                if (v.kind() == Kind.RBRACE && !members.isEmpty()) {
                    return members;
                }
                if (v.kind() == Kind.COMMA && !members.isEmpty()) {
                    continue;
                }
                if (v.kind() != Kind.WORD && v.kind() != Kind.STRING) {
                    throw new FilterException(v.column(), (members.isEmpty() ? "expected a value in the set"
                            : "expected a value or '}'") + ", found " + v.shown());
                }
                int range = v.kind() == Kind.WORD ? v.text().indexOf("..") : -1;
                if (range > 0 && range + 2 < v.text().length()) {
                    Token lo = new Token(Kind.WORD, v.text().substring(0, range), v.column());
                    Token hi = new Token(Kind.WORD, v.text().substring(range + 2), v.column() + range + 2);
                    members.add(new Member(value(name, field, opTok, lo), value(name, field, opTok, hi)));
                } else {
                    members.add(new Member(value(name, field, opTok, v), null));
                }
            }
        }

        /** A literal for {@code field}, refused when the field's type cannot hold it. */
        private FilterValue value(String name, String field, Token opTok, Token v) throws FilterException {
            FilterValue literal = new FilterValue(v.text());
            FilterFields.Type type = FilterFields.all().get(name);
            if (type == FilterFields.Type.NUMBER && literal.number == null) {
                throw new FilterException(v.column(), "expected a number after '" + opTok.text() + "' for " + field
                        + ", found " + v.shown());
            }
            if (type == FilterFields.Type.SECONDS && literal.decimal == null) {
                throw new FilterException(v.column(), "expected a time in seconds after '" + opTok.text() + "' for "
                        + field + ", found " + v.shown());
            }
            if (type == FilterFields.Type.BOOLEAN && literal.bool == null
                    && !(literal.number != null && (literal.number == 0 || literal.number == 1))) {
                throw new FilterException(v.column(), "expected true, false, 1 or 0 after '" + opTok.text() + "' for "
                        + field + ", found " + v.shown());
            }
            if (type == FilterFields.Type.STRING && v.kind() == Kind.WORD && v.text().indexOf('/') > 0
                    && literal.subnet == null && v.text().matches("[0-9a-fA-F:.]+/.*")) {
                throw new FilterException(v.column(), "expected an address and a prefix length (10.77.0.0/24) for "
                        + field + ", found " + v.shown());
            }
            return literal;
        }
    }
}
