package org.monkeyeval.text;

import java.util.Locale;

/**
 * Text from outside (ids, field names, file names, command-line values) made safe to echo in a
 * message: control characters (C0, DEL, C1), line and paragraph separators and the bidirectional
 * formatting characters that can reorder what a terminal shows (Trojan Source, CVE-2021-42574) are
 * written as {@code \\uXXXX}. Everything else is kept.
 */
public final class Printable {

    private Printable() {
    }

    /** {@code s} with every unsafe character escaped as {@code \\uXXXX}. */
    public static String escape(String s) {
        if (s == null) {
            return null;
        }
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (unsafe(ch)) {
                if (b == null) {
                    b = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                b.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
            } else if (b != null) {
                b.append(ch);
            }
        }
        return b == null ? s : b.toString();
    }

    /** True for a character that must not reach a terminal raw. */
    public static boolean unsafe(char ch) {
        return ch < 0x20 || (ch >= 0x7f && ch <= 0x9f)
                || ch == '\u061c'                       // Arabic letter mark
                || ch == '\u200e' || ch == '\u200f'     // left-to-right and right-to-left marks
                || (ch >= '\u2028' && ch <= '\u202e')   // line/paragraph separators, embeddings, overrides
                || (ch >= '\u2066' && ch <= '\u2069')   // isolates
                || ch == '\ufeff';                      // zero-width no-break space (byte-order mark)
    }
}
