/* test_textw.c - measuring and wrapping text by display columns (src/app/textw.c,
 * which needs no terminal): a Chinese character is two columns, Latin text
 * breaks at spaces, Chinese anywhere but before its closing punctuation; the
 * locale and the glyph choice every screen shares (textw_locale_utf8).
 * The expected lines are written out by hand. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "app/textw.h"

/* The lines of s wrapped at cols, joined with '|'. */
static void wrapped(const char *s, int cols, char *out, size_t size)
{
    TextSpan spans[64];
    int n = textw_lines(s, cols, spans, 64);
    size_t len = 0;
    out[0] = 0;
    for (int i = 0; i < n && i < 64; i++)
        len += (size_t)snprintf(out + len, size - len, "%s%.*s", i ? "|" : "", (int)spans[i].len,
                                s + spans[i].start);
}

static void expect_wrap_in(const char *s, int cols, TextwLang lang, const char *want)
{
    char got[1024];
    TextSpan spans[64];
    int n = textw_lines_in(s, cols, lang, spans, 64);
    size_t len = 0;
    got[0] = 0;
    for (int i = 0; i < n && i < 64; i++)
        len += (size_t)snprintf(got + len, sizeof got - len, "%s%.*s", i ? "|" : "", (int)spans[i].len,
                                s + spans[i].start);
    CHECK(strcmp(got, want) == 0, "'%s' at %d columns (rules %d):\n    got  '%s'\n    want '%s'", s, cols,
          (int)lang, got, want);
}

static void expect_wrap(const char *s, int cols, const char *want)
{
    char got[1024];
    wrapped(s, cols, got, sizeof got);
    CHECK(strcmp(got, want) == 0, "'%s' at %d columns:\n    got  '%s'\n    want '%s'", s, cols, got, want);
}

static void test_width(void)
{
    CHECK(textw_width("春风") == 4, "two Chinese characters: %d columns", textw_width("春风"));
    CHECK(textw_width("top-k 20") == 8, "ASCII");
    CHECK(textw_width("n/N 换步") == 8, "mixed: %d", textw_width("n/N 换步"));
}

/* What the screen draws as it is: characters, not control characters, not
 * the bidirectional controls or the separators (U+0085 NEXT LINE, U+202E
 * RIGHT-TO-LEFT OVERRIDE, U+200F RIGHT-TO-LEFT MARK, U+2069 POP DIRECTIONAL
 * ISOLATE, U+2028 LINE SEPARATOR: the Unicode standard's Cc, Bidi_Control,
 * Zl); those are drawn as a replacement (draw_cp) or their picture. */
static void test_printable(void)
{
    const uint32_t no[] = {0x1B, 0x7F, 0x85, 0x202E, 0x200F, 0x2069, 0x2028};
    const uint32_t yes[] = {'a', 0x6625, 0x3002, 0xA0};
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        CHECK(!textw_printable(no[i]), "U+%04X drawn as it is", (unsigned)no[i]);
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
        CHECK(textw_printable(yes[i]), "U+%04X not drawn", (unsigned)yes[i]);
}

static void test_wrap(void)
{
    expect_wrap("the quick brown fox", 10, "the quick|brown fox");
    expect_wrap("the quick brown fox", 19, "the quick brown fox");
    expect_wrap("abcdefghijkl", 5, "abcde|fghij|kl"); /* one word longer than a line */
    expect_wrap("春风吹过花开了", 6, "春风吹|过花开|了");
    expect_wrap("春风吹过花开了", 7, "春风吹|过花开|了"); /* a wide character never straddles */
    expect_wrap("春风吹，花开了", 6, "春风|吹，花|开了"); /* ， does not open a line */
    expect_wrap("春风吹过。", 8, "春风吹|过。");
    expect_wrap("one\n\ntwo", 10, "one||two");
    expect_wrap("one\n", 10, "one");
    expect_wrap("", 10, "");
    expect_wrap("a b", 1, "a|b");
    expect_wrap("  indented line", 20, "  indented line"); /* a paragraph's own spaces stay */
    expect_wrap("bei „andere Zeichen“, also", 20, "bei „andere|Zeichen“, also"); /* not before the comma */
    expect_wrap("Wörter über Zeilen", 6, "Wörter|über|Zeilen");
    expect_wrap("mit 春风吹", 7, "mit 春|风吹"); /* Latin then Chinese: break after 春 */
    TextSpan spans[2];
    CHECK(textw_lines("aa bb cc dd", 2, spans, 2) == 4, "the count goes past max");
    /* each language's rules: no line opens with 」 or ）：, none ends with 「 */
    expect_wrap("他说「春风」好", 10, "他说「春|风」好");
    expect_wrap("看「春风」，好", 10, "看「春|风」，好");
    expect_wrap("一二三四「春风」", 8, "一二三四|「春风」"); /* 「 opens the next line */
    expect_wrap("写（见上）：好的", 10, "写（见|上）：好的");
    /* French: the no-break space before : stays with its word, even after Chinese */
    expect_wrap("après 春风\xC2\xA0: 12 fois", 11, "après 春|风\xC2\xA0: 12|fois");
    /* a code span's space (a no-break space from lesson_plain_text) is not a break */
    expect_wrap("tape top-k\xC2\xA0" "2 ici", 10, "tape|top-k\xC2\xA0" "2|ici");
    expect_wrap("按 --stats 看", 8, "按|--stats|看");
}

/* Chinese: closing punctuation (」 ）：) never opens a line, opening (「 （)
 * never ends one, and a Latin word amid Chinese is never cut. */
static void test_wrap_zh(void)
{
    expect_wrap_in("我们读「春风」", 8, TEXTW_ZH, "我们读|「春风」");  /* not 我们读「|春风」 */
    expect_wrap_in("看「春风」这两个字", 8, TEXTW_ZH, "看|「春风」|这两个字"); /* a quoted word stays whole, its 」 with it */
    expect_wrap_in("看图（一）：春风", 8, TEXTW_ZH, "看图|（一）：|春风");  /* not （一|）：春风 */
    expect_wrap_in("用--stats统计", 8, TEXTW_ZH, "用|--stats|统计");      /* not 用--stat|s统计 */
    expect_wrap_in("温度调到 0.3 以后", 10, TEXTW_ZH, "温度调|到 0.3 以|后"); /* 0.3 stays with 到 */
    expect_wrap_in("春风吹，花开了。", 6, TEXTW_ZH, "春风|吹，花|开了。");
}

/* French: no-break spaces (U+00A0 before : ; ? ! and inside « ») hold, also
 * after a Chinese character; a plain space before ? holds too. */
static void test_wrap_fr(void)
{
    expect_wrap_in("après 春风\u00a0: 1016 fois", 11, TEXTW_FR, "après|春风\u00a0: 1016|fois");
    expect_wrap_in("Quel est le prix ?", 17, TEXTW_FR, "Quel est le|prix ?");
    expect_wrap_in("le réglage «\u00a0top-k 20\u00a0» suffit", 20, TEXTW_FR,
                   "le réglage|«\u00a0top-k 20\u00a0» suffit");
    expect_wrap_in("tapez mid-text\u00a0on ici", 12, TEXTW_FR, "tapez|mid-text\u00a0on|ici");
    /* Chinese inside « » may break, but « and » stay with it */
    expect_wrap_in("«\u00a0春风\u00a0»", 5, TEXTW_FR, "«\u00a0春|风\u00a0»");
}

/* German: „ opens and “ closes a quotation (in English “ opens one); a number
 * stays with its word; a hyphenated word stays whole. */
static void test_wrap_de(void)
{
    /* Chinese in a German sentence is a quotation: never 春 | 风 */
    expect_wrap_in("Das Wort „春风“, dann", 14, TEXTW_DE, "Das Wort|„春风“, dann");
    expect_wrap_in("wie 黄河入海 hier", 11, TEXTW_DE, "wie|黄河入海|hier");
    expect_wrap_in("Das Wort „春风“, dann", 14, TEXTW_EN, "Das Wort „春风|“, dann");
    expect_wrap_in("mit Temperatur 1.5 schreiben", 16, TEXTW_DE, "mit|Temperatur 1.5|schreiben");
    expect_wrap_in("der Top-k-Schritt", 13, TEXTW_DE, "der|Top-k-Schritt");
    expect_wrap_in("Schritt 3 von 8", 12, TEXTW_DE, "Schritt 3|von 8");
}

/* A number keeps its unit ("512 KiB", "16 bits"), in every language; not a
 * word that only starts like one ("8 bitter"). */
static void test_wrap_units(void)
{
    expect_wrap_in("a cache of 512 KiB", 14, TEXTW_EN, "a cache|of 512 KiB");
    expect_wrap_in("en 8 et en 4 bits", 12, TEXTW_FR, "en 8 et|en 4 bits");
    expect_wrap_in("nur 4 KiB", 5, TEXTW_DE, "nur|4 KiB");
    expect_wrap_in("es dauerte 4,4 ms", 15, TEXTW_DE, "es|dauerte 4,4 ms");
    expect_wrap_in("ate 8 bitter pills", 10, TEXTW_EN, "ate 8|bitter|pills");
}

/* A Chinese lesson's narration breaks anywhere, but not inside a word quoted
 * alone (up to six characters); a longer quotation is a sentence. */
static void test_wrap_zh_quoted(void)
{
    expect_wrap_in("他说「春风」好", 10, TEXTW_ZH, "他说|「春风」好");
    expect_wrap_in("看“黄河入海”吧", 10, TEXTW_ZH, "看|“黄河入海”|吧");
    expect_wrap_in("春风吹过花开了", 6, TEXTW_ZH, "春风吹|过花开|了");
    expect_wrap_in("「一二三四五六七八」", 10, TEXTW_ZH, "「一二三四|五六七八」");
    /* the screen's other text keeps breaking anywhere */
    expect_wrap("他说「春风」好", 10, "他说「春|风」好");
}

/* A lesson's code keeps its indentation when it wraps: the rest stands two
 * columns deeper than the line it continues. */
static void test_wrap_code_indent(void)
{
    const char *code = "    k = torch.cat((k_cache, k), dim=1)";
    TextSpan spans[8];
    int n = textw_lines_in(code, 30, TEXTW_EN, spans, 8);
    CHECK(n == 2, "two lines: %d", n);
    CHECK(n == 2 && spans[0].indent == 0 && spans[1].indent == 6,
          "the first line as it is, the rest at column 6: %d, %d", spans[0].indent,
          n == 2 ? spans[1].indent : -1);
    CHECK(n == 2 && strncmp(code + spans[0].start, "    k = torch.cat((k_cache,", spans[0].len) == 0 &&
              strncmp(code + spans[1].start, "k), dim=1)", spans[1].len) == 0 && spans[1].len == 10,
          "broken after 'k_cache,': '%.*s' | '%.*s'", (int)spans[0].len, code + spans[0].start,
          (int)spans[1].len, code + spans[1].start);
    /* the screen's other text (textw_lines) is not code: no indentation kept */
    n = textw_lines(code, 30, spans, 8);
    CHECK(n == 2 && spans[1].indent == 0, "textw_lines keeps no indentation");
}

/* English: commands and their options stay together. */
static void test_wrap_en(void)
{
    expect_wrap_in("set top-k 20 and draw", 11, TEXTW_EN, "set|top-k 20|and draw");
    expect_wrap_in("run tangscope generate --stats now", 20, TEXTW_EN,
                   "run tangscope|generate --stats now");
    expect_wrap_in("tangscope generate -n 100 --seed 1 --stats", 16, TEXTW_EN,
                   "tangscope|generate -n 100|--seed 1 --stats");
    expect_wrap_in("the “春风” line", 6, TEXTW_EN, "the|“春风”|line");
    /* too narrow for what the rules keep together: the space, not the word */
    expect_wrap_in("needs 80x24", 10, TEXTW_EN, "needs|80x24");
}

/* The one home of the locale: with the user's locale "C" (not UTF-8) it
 * takes C.UTF-8 for the character type alone, so text is measured in
 * columns while numbers stay C's; with TANGSCOPE_ASCII the glyphs are ASCII. */
static void test_locale_and_glyphs(void)
{
    setenv("LC_ALL", "C", 1);
    setlocale(LC_ALL, "C");
    CHECK(textw_locale_utf8() == 0, "no UTF-8 character type from the C locale");
    CHECK(textw_width("春风") == 4, "春风 measured as %d columns", textw_width("春风"));
    const char *numeric = setlocale(LC_NUMERIC, NULL);
    CHECK(numeric && strcmp(numeric, "C") == 0, "LC_NUMERIC became %s", numeric ? numeric : "?");
    setenv("TERM", "xterm-256color", 1);
    setenv("TANGSCOPE_ASCII", "", 1);
    CHECK(!textw_ascii_terminal(), "xterm without TANGSCOPE_ASCII is not an ASCII terminal");
    setenv("TANGSCOPE_ASCII", "1", 1);
    CHECK(textw_ascii_terminal(), "TANGSCOPE_ASCII=1 asks for ASCII glyphs");
    setenv("TANGSCOPE_ASCII", "", 1);
    setenv("TERM", "linux", 1);
    CHECK(textw_ascii_terminal(), "the linux console draws no block glyphs");
    unsetenv("LC_ALL");
}

int main(void)
{
    if (!setlocale(LC_ALL, "C.UTF-8") && !setlocale(LC_ALL, "C.utf8")) {
        printf("FAIL textw_locale: no C.UTF-8 locale\n");
        return 1;
    }
    RUN(test_width);
    RUN(test_printable);
    RUN(test_wrap);
    RUN(test_wrap_zh);
    RUN(test_wrap_fr);
    RUN(test_wrap_de);
    RUN(test_wrap_en);
    RUN(test_wrap_units);
    RUN(test_wrap_code_indent);
    RUN(test_wrap_zh_quoted);
    RUN(test_locale_and_glyphs);
    return test_summary();
}
