/* test_verse.c - the text laid out as verse (src/app/verse.c): a row per line
 * of verse, a couplet per row when the panel is short, wrapping by display
 * columns (a Chinese character is two), and scrolling that keeps the end.
 * The expected rows are written out by hand. */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "app/textw.h"
#include "app/verse.h"
#include "engine/vocab.h"

enum { MAX = 256 };

/* Decode UTF-8 into code points; "\n" stays a newline. */
static int decode(const char *s, uint32_t *cps)
{
    int n = 0;
    size_t len = strlen(s);
    size_t pos = 0;
    uint32_t cp;
    while (pos < len && n < MAX && utf8_decode(s, len, &pos, &cp) == 0)
        cps[n++] = cp;
    return n;
}

/* The rows of s, joined with '|' (a newline written as ⏎, one column). */
static int laid_out(const char *s, int width, int max_rows, char *out, size_t size,
                    VerseRow *rows, int *couplets)
{
    uint32_t cps[MAX];
    int n = decode(s, cps);
    int total = verse_layout(cps, n, 1, width, max_rows, rows, MAX + 1, couplets);
    size_t o = 0;
    out[0] = 0;
    for (int r = 0; r < total && o + 8 < size; r++) {
        if (r)
            out[o++] = '|';
        for (int i = rows[r].start; i < rows[r].start + rows[r].len && o + 8 < size; i++) {
            if (cps[i] == '\n')
                o += (size_t)snprintf(out + o, size - o, "⏎");
            else
                o += (size_t)utf8_encode(cps[i], out + o);
        }
        out[o] = 0;
    }
    return total;
}

static void expect_rows(const char *s, int width, int max_rows, const char *want)
{
    char got[2048];
    VerseRow rows[MAX + 1];
    laid_out(s, width, max_rows, got, sizeof got, rows, NULL);
    CHECK(strcmp(got, want) == 0, "'%s' at %d columns, %d rows:\n    got  '%s'\n    want '%s'", s,
          width, max_rows, got, want);
}

static const char *const JUEJU = "\n床前明月光，疑是地上霜。举头望明月，低头思故乡。";
/* 春望: a poem of eight lines of five, 48 characters */
static const char *const LUSHI = "国破山河在，城春草木深。感时花溅泪，恨别鸟惊心。"
                                 "烽火连三月，家书抵万金。白头搔更短，浑欲不胜簪。";

static void test_wide_columns(void)
{
    VerseRow rows[MAX + 1];
    char got[256];
    int n = laid_out("春风ab", 40, 5, got, sizeof got, rows, NULL);
    CHECK(n == 1 && rows[0].cols == 6, "two Chinese characters and two letters: %d rows, %d columns",
          n, rows[0].cols);
    n = laid_out(JUEJU, 40, 8, got, sizeof got, rows, NULL);
    CHECK(n == 4 && rows[0].cols == 13 && rows[1].cols == 12,
          "⏎ and six characters are 13 columns, six are 12: %d, %d", rows[0].cols, rows[1].cols);
}

static void test_jueju_four_rows(void)
{
    expect_rows(JUEJU, 40, 8, "⏎床前明月光，|疑是地上霜。|举头望明月，|低头思故乡。");
    expect_rows(JUEJU, 40, 4, "⏎床前明月光，|疑是地上霜。|举头望明月，|低头思故乡。");
    int couplets = -1;
    char got[512];
    VerseRow rows[MAX + 1];
    laid_out(JUEJU, 40, 4, got, sizeof got, rows, &couplets);
    CHECK(couplets == 0, "four rows fit four lines: no couplets");
}

/* Eight lines in four rows: a couplet to a row. */
static void test_couplets_when_short(void)
{
    expect_rows(LUSHI, 40, 8, "国破山河在，|城春草木深。|感时花溅泪，|恨别鸟惊心。|烽火连三月，|家书抵万金。|"
                              "白头搔更短，|浑欲不胜簪。");
    expect_rows(LUSHI, 40, 4, "国破山河在，城春草木深。|感时花溅泪，恨别鸟惊心。|烽火连三月，家书抵万金。|"
                              "白头搔更短，浑欲不胜簪。");
    int couplets = 0;
    char got[1024];
    VerseRow rows[MAX + 1];
    int n = laid_out(LUSHI, 40, 4, got, sizeof got, rows, &couplets);
    CHECK(n == 4 && couplets == 1 && rows[0].cols == 24, "%d rows of %d columns, couplets %d", n,
          rows[0].cols, couplets);
}

static void test_long_lines_wrap(void)
{
    /* no punctuation: five characters (10 columns) to a row */
    expect_rows("一二三四五六七八九十甲乙丙丁戊己庚辛壬癸", 10, 9, "一二三四五|六七八九十|甲乙丙丁戊|己庚辛壬癸");
    /* an odd width: a wide character never straddles the edge */
    expect_rows("一二三四五六", 9, 9, "一二三四|五六");
    /* a couplet too wide for its row breaks after its ， */
    expect_rows("床前明月光，疑是地上霜。", 20, 1, "床前明月光，|疑是地上霜。");
    /* 。 never opens a row: 生 moves down with it */
    expect_rows("春风吹又生。", 10, 9, "春风吹又|生。");
    /* Latin text counts one column a letter */
    expect_rows("abcdefgh", 3, 9, "abc|def|gh");
    /* narrower than one character: still one character a row, no endless loop */
    expect_rows("春风", 1, 9, "春|风");
}

static void test_newlines_start_rows(void)
{
    expect_rows("白日依山尽。\n春风", 40, 9, "白日依山尽。|⏎春风");
    expect_rows("\n\n春", 40, 9, "⏎|⏎春");
    /* a finished jueju and the newline the model wrote after it: still four rows */
    expect_rows("床前明月光，疑是地上霜。举头望明月，低头思故乡。\n", 40, 4,
                "床前明月光，|疑是地上霜。|举头望明月，|低头思故乡。⏎");
    expect_rows("", 40, 9, "");
}

/* More rows than the panel: the last ones are shown, with the newest text. */
static void test_scroll_keeps_end(void)
{
    char got[1024];
    VerseRow rows[MAX + 1];
    uint32_t cps[MAX];
    int n = decode(LUSHI, cps);
    int total = laid_out(LUSHI, 40, 3, got, sizeof got, rows, NULL);
    int first = verse_first_shown(total, 3);
    CHECK(total == 4 && first == 1, "four couplet rows in three: first shown %d of %d", first, total);
    CHECK(rows[total - 1].start + rows[total - 1].len == n, "the last row ends with the text");
    CHECK(verse_first_shown(4, 4) == 0 && verse_first_shown(2, 4) == 0, "no scrolling when it fits");
    CHECK(verse_first_shown(10, 1) == 9, "one row: the last");
    /* a long text without punctuation, two rows of panel: the last two rows */
    char text[MAX * 4] = "";
    for (int i = 0; i < 30; i++)
        strcat(text, "月");
    total = laid_out(text, 10, 2, got, sizeof got, rows, NULL);
    first = verse_first_shown(total, 2);
    CHECK(total == 6 && first == 4 && rows[5].len == 5, "30 characters, 5 to a row: %d rows, first %d",
          total, first);
}

/* ---- items: their own widths, and marks (verse_layout_items) ---- */

/* Items from s, where '|' is a mark one column wide (the window's edge)
 * and every character takes `cols` columns (0: its display width, a newline
 * one); a row of them as text, a mark written '|', rows joined by '/'. */
static int items_laid_out(const char *s, int cols, int width, int max_rows, char *out, size_t size,
                          VerseRow *rows)
{
    uint32_t cps[MAX];
    VerseItem items[MAX];
    int n = decode(s, cps);
    for (int i = 0; i < n; i++) {
        int w = cps[i] == '\n' ? 1 : cols ? cols : textw_cp_width(cps[i]);
        items[i] = cps[i] == '|' ? (VerseItem){0, 1, 1} : (VerseItem){cps[i], w, 0};
    }
    int total = verse_layout_items(items, n, width, max_rows, rows, MAX + 1, NULL);
    size_t o = 0;
    out[0] = 0;
    for (int r = 0; r < total && o + 8 < size; r++) {
        if (r)
            out[o++] = '/';
        for (int i = rows[r].start; i < rows[r].start + rows[r].len && o + 8 < size; i++) {
            if (items[i].mark)
                out[o++] = '|';
            else if (cps[i] == '\n')
                o += (size_t)snprintf(out + o, size - o, "⏎");
            else
                o += (size_t)utf8_encode(cps[i], out + o);
        }
        out[o] = 0;
    }
    return total;
}

static void expect_items(const char *s, int cols, int width, int max_rows, const char *want)
{
    char got[2048];
    VerseRow rows[MAX + 1];
    items_laid_out(s, cols, width, max_rows, got, sizeof got, rows);
    CHECK(strcmp(got, want) == 0, "items '%s' (%d columns each) at %d columns, %d rows:\n"
          "    got  '%s'\n    want '%s'", s, cols, width, max_rows, got, want);
}

/* A mark stays with the character after it: a row breaks before the mark,
 * never between it and what it marks, and a mark never ends a line. */
static void test_marks_stay_with_their_character(void)
{
    /* after a line's end: the mark opens the next row */
    expect_items("国破山河在，|城春草木深。", 0, 40, 9, "国破山河在，/|城春草木深。");
    /* inside a line: no row ends there */
    expect_items("国破山|河在，城春草木深。", 0, 40, 9, "国破山|河在，/城春草木深。");
    /* wrapped at the width: the mark goes down with its character (一二三
     * and the mark are 7 columns, 四 would make 9) */
    expect_items("一二三|四五六", 0, 7, 9, "一二三/|四五六");
    /* before a newline: down with the newline to the row it opens */
    expect_items("白日依山尽。|\n春风", 0, 40, 9, "白日依山尽。/|⏎春风");
    /* the mark of what is still to come, after the last line: the next row */
    expect_items("低头思故乡。|", 0, 40, 9, "低头思故乡。/|");
    /* 。 never opens a row: its character goes down with it, and the mark
     * before that character too (春风 and the mark are 5 columns, 吹 7, 。 9) */
    expect_items("春风|吹。", 0, 7, 9, "春风/|吹。");
}

/* Items as wide as their readings under them (pinyin): the widths given,
 * not the characters' own. */
static void test_item_widths(void)
{
    char got[512];
    VerseRow rows[MAX + 1];
    /* six items of 5 columns: 30 columns, in one row of 30, two of 29 */
    int n = items_laid_out("床前明月光，", 5, 30, 9, got, sizeof got, rows);
    CHECK(n == 1 && rows[0].cols == 30, "six items of 5 columns in 30: %d rows of %d columns", n,
          rows[0].cols);
    expect_items("床前明月光，", 5, 29, 9, "床前明月/光，");
    /* a couplet a row when the rows run short, if its width allows */
    expect_items("床前明月光，疑是地上霜。举头望明月，低头思故乡。", 5, 60, 2,
                 "床前明月光，疑是地上霜。/举头望明月，低头思故乡。");
    expect_items("床前明月光，疑是地上霜。举头望明月，低头思故乡。", 5, 59, 2,
                 "床前明月光，/疑是地上霜。/举头望明月，/低头思故乡。");
    /* a mark is as wide as it says */
    n = items_laid_out("春|风", 5, 40, 9, got, sizeof got, rows);
    CHECK(n == 1 && rows[0].cols == 11, "5 + 1 + 5 columns: %d", rows[0].cols);
}

int main(void)
{
    if (!setlocale(LC_ALL, "C.UTF-8") && !setlocale(LC_ALL, "C.utf8")) {
        printf("FAIL verse_locale: no C.UTF-8 locale\n");
        return 1;
    }
    RUN(test_wide_columns);
    RUN(test_jueju_four_rows);
    RUN(test_couplets_when_short);
    RUN(test_long_lines_wrap);
    RUN(test_newlines_start_rows);
    RUN(test_scroll_keeps_end);
    RUN(test_marks_stay_with_their_character);
    RUN(test_item_widths);
    return test_summary();
}
