package io.rdmascope.filter;

import java.util.ArrayList;
import java.util.List;

/** Cuts a display filter into tokens, each with the column (from 1) where it starts. */
final class FilterLexer {
    enum Kind { LPAREN, RPAREN, LBRACE, RBRACE, COMMA, AND, OR, NOT, CMP, CONTAINS, MATCHES, IN, BITAND, WORD, STRING, END }

    record Token(Kind kind, String text, int column) {
        String shown() {
            return kind == Kind.END ? "the end of the filter" : kind == Kind.STRING ? "\"" + text + "\"" : "'" + text + "'";
        }
    }

    private FilterLexer() {}

    private static boolean wordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == ':' || c == '-' || c == '/';
    }

    static List<Token> lex(String src) throws FilterException {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        int n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            int col = i + 1;
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '(' || c == ')' || c == '{' || c == '}' || c == ',' || c == '~') {
                Kind k = switch (c) {
                    case '(' -> Kind.LPAREN;
                    case ')' -> Kind.RPAREN;
                    case '{' -> Kind.LBRACE;
                    case '}' -> Kind.RBRACE;
                    case ',' -> Kind.COMMA;
                    default -> Kind.MATCHES;
                };
                tokens.add(new Token(k, String.valueOf(c), col));
                i++;
            } else if (c == '&' || c == '|') {
                if (i + 1 < n && src.charAt(i + 1) == c) {
                    tokens.add(new Token(c == '&' ? Kind.AND : Kind.OR, "" + c + c, col));
                    i += 2;
                } else if (c == '&') {
                    tokens.add(new Token(Kind.BITAND, "&", col));
                    i++;
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
                tokens.add(word(w, col));
                i = j;
            } else {
                throw new FilterException(col, "unexpected character '" + c + "'");
            }
        }
        tokens.add(new Token(Kind.END, "", n + 1));
        return tokens;
    }

    private static Token word(String w, int col) {
        switch (w) {
            case "and": return new Token(Kind.AND, w, col);
            case "or": return new Token(Kind.OR, w, col);
            case "not": return new Token(Kind.NOT, w, col);
            case "eq": return new Token(Kind.CMP, "==", col);
            case "ne": return new Token(Kind.CMP, "!=", col);
            case "lt": return new Token(Kind.CMP, "<", col);
            case "le": return new Token(Kind.CMP, "<=", col);
            case "gt": return new Token(Kind.CMP, ">", col);
            case "ge": return new Token(Kind.CMP, ">=", col);
            case "contains": return new Token(Kind.CONTAINS, w, col);
            case "matches": return new Token(Kind.MATCHES, w, col);
            case "in": return new Token(Kind.IN, w, col);
            case "bitwise_and": return new Token(Kind.BITAND, "&", col);
            default: return new Token(Kind.WORD, w, col);
        }
    }
}
