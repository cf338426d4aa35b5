/* test_labels.c - the explorer's words in four languages, without a terminal.
 *
 * Every label has a cell in English, Chinese, German and French; every cell
 * takes the same printf conversions as English, in the same order; and every
 * label fits where the screen draws it at 80x24, measured in display columns
 * (a Chinese character takes two). The budgets below were read off the
 * panels in src/tui at 80x24 (screen.c cuts the screen, view_*.c draw) and
 * are written here by hand with the place each comes from, so a label that
 * grows past its place fails here, not in a classroom. A label is measured
 * with the widest arguments it meets in use: the vocabulary of 7311
 * characters, the context of 128, seed 99999, the four heads 春眠不觉 of the
 * lesson's acrostic, and so on. A symbol a label takes from the screen's
 * glyph set (labels.h) is measured as the wider of its two forms, the
 * Unicode glyph or the ASCII one: SEP, DOTS, NL below.
 *
 * Also here: which language the environment chooses (app_lang_from_env) and
 * the codes --lang takes (app_lang_parse).
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <dirent.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "check.h"
#include "testutil.h"
#include "app/labels.h"
#include "app/po.h"
#include "app/textw.h"
#include "engine/fileio.h"
#include "engine/probfmt.h"
#include "engine/vocab.h"

#define LANG_NAMES APP_LANG_CODES

static const char *L(AppLang lang, LabelId id) { return app_label_in(lang, id); }

/* ---- the cells ---- */

static void test_no_empty_cell(void)
{
    for (int lang = 0; lang < LANG_COUNT; lang++)
        for (int id = 0; id < LBL_COUNT; id++) {
            const char *t = app_label_in((AppLang)lang, (LabelId)id);
            CHECK(t[0] && strcmp(t, "?") != 0, "label %d has no %s text", id, LANG_NAMES[lang]);
        }
}

static void test_same_conversions(void)
{
    char a[64], b[64];
    testutil_conversions("%s: rank %d, %.2f%% of %zu, %llu%%", a, sizeof a);
    CHECK(strcmp(a, "s,d,.2f,zu,llu,") == 0, "the conversion reader itself: got %s", a);
    for (int id = 0; id < LBL_COUNT; id++) {
        const char *en = app_label_in(LANG_EN, (LabelId)id);
        testutil_conversions(en, a, sizeof a);
        for (int lang = 1; lang < LANG_COUNT; lang++) {
            const char *t = app_label_in((AppLang)lang, (LabelId)id);
            testutil_conversions(t, b, sizeof b);
            CHECK(strcmp(a, b) == 0, "label %d: '%s' takes %s but %s '%s' takes %s", id, en, a,
                  LANG_NAMES[lang], t, b);
        }
    }
}

/* ---- no symbol of the screen in any label (labels.h) ---- */

/* Language a label may hold beside ASCII: Latin letters with accents
 * (é, ü, ū of pinyin; not × or ÷ in their block), combining accents,
 * Chinese characters with Chinese punctuation (，。「」（）：；、), the
 * quotation marks and apostrophes of German and French („“ « » ’) and the
 * spaces French puts before : and ; and inside « ». Anything else (arrows, blocks, box
 * lines, bullets, dashes, the ellipsis, ×, Δ, ⏎) is a symbol of the screen,
 * which draws it from its glyph set, ASCII on a plain terminal. */
static int is_language(uint32_t cp)
{
    return cp < 0x80 || (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) ||
           (cp >= 0x300 && cp <= 0x36F) || (cp >= 0x1E00 && cp <= 0x1EFF) ||
           (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0x3400 && cp <= 0x4DBF) ||
           (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xFF00 && cp <= 0xFFEF) || cp == 0xA0 ||
           cp == 0x202F || cp == 0xAB || cp == 0xBB || (cp >= 0x2018 && cp <= 0x201E);
}

/* The first symbol in text (as UTF-8, in out), or 0 when there is none. */
static uint32_t first_symbol(const char *text, char out[8])
{
    size_t len = strlen(text), pos = 0;
    uint32_t cp;
    while (pos < len && utf8_decode(text, len, &pos, &cp) == 0)
        if (!is_language(cp)) {
            out[utf8_encode(cp, out)] = 0;
            return cp;
        }
    return 0;
}

static void test_no_symbol_in_labels(void)
{
    /* the rule itself, against characters sorted by hand */
    static const char *const symbols[] = {"↑", "↓", "←", "→", "▀", "▄", "█", "│", "┃", "■", "◂",
                                          "·", "¦", "…", "⏎", "×", "Δ", "–", "•", "⠿"};
    static const char *const language[] = {"é", "ü", "ß", "ū", "ǎ", "Ü", "中", "，", "。", "「",
                                           "」", "（", "：", "、", "„", "“", "«", "»", "’"};
    char got[8];
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++)
        CHECK(first_symbol(symbols[i], got) != 0, "%s is taken for language", symbols[i]);
    for (size_t i = 0; i < sizeof language / sizeof language[0]; i++)
        CHECK(first_symbol(language[i], got) == 0, "%s is taken for a symbol", language[i]);
    for (int lang = 0; lang < LANG_COUNT; lang++)
        for (int id = 0; id < LBL_COUNT; id++) {
            const char *t = app_label_in((AppLang)lang, (LabelId)id);
            CHECK(first_symbol(t, got) == 0,
                  "%s label %d holds the symbol %s (pass it from the glyph set): \"%s\"",
                  LANG_NAMES[lang], id, got, t);
        }
}

/* ---- filling a label with sample arguments ---- */

enum { MAX_ARGS = 8 };

/* Samples for a label's conversions, in order; the rest are NULL. */
#define ARGS(...) ((const char *[MAX_ARGS]){__VA_ARGS__})

/* A sample argument that is itself a label in the same language. */
typedef struct {
    const char *name;
    LabelId id;
    const char *args[MAX_ARGS];
} Nested;

static const Nested NESTED[] = {
    {"@acrostic", LBL_MODE_ACROSTIC, {"7", "春眠不觉"}}, /* the note names the form */
    {"@jueju", LBL_MODE_JUEJU, {"7"}},
    {"@newline", LBL_NEWLINE, {0}},       /* a status names a character */
    {"@identical", LBL_IDENTICAL, {0}},   /* the comparison's verdict */
    {"@different", LBL_DIFFERENT, {0}},
    {"@sample_about", LBL_TV_SAMPLE_ABOUT, {"1", "0.8"}}, /* how the view's poems are written */
};

/* The label with each conversion replaced by the next sample, as printf
 * would print it: the samples are written as the program prints them. */
static void fill(AppLang lang, LabelId id, const char *const args[MAX_ARGS], char *out,
                 size_t size)
{
    const char *fmt = app_label_in(lang, id);
    size_t n = 0;
    int k = 0;
    for (const char *p = fmt; *p && n + 1 < size; p++) {
        if (*p != '%') {
            out[n++] = *p;
            continue;
        }
        p++;
        if (*p == '%') {
            out[n++] = '%';
            continue;
        }
        while (*p && strchr("0123456789.-+ #lhz", *p))
            p++;
        const char *arg = k < MAX_ARGS && args[k] ? args[k] : "?";
        k++;
        char nested[256];
        for (size_t i = 0; i < sizeof NESTED / sizeof NESTED[0]; i++)
            if (strcmp(arg, NESTED[i].name) == 0) {
                fill(lang, NESTED[i].id, NESTED[i].args, nested, sizeof nested);
                arg = nested;
            }
        n += (size_t)snprintf(out + n, size - n, "%s", arg);
        if (n >= size)
            n = size - 1;
        if (!*p)
            break;
    }
    out[n] = 0;
}

/* ---- where each label is drawn, and how wide that place is at 80x24 ---- */

typedef struct {
    LabelId id;
    int cols;                     /* display columns it may take */
    const char *args[MAX_ARGS];   /* samples for its conversions, in order */
} Budget;

/* what vocab_describe calls a character the model does not know, such as
 * a Latin letter (a control character's longer name may be cut) */
#define UNKNOWN_CHAR "'x' (U+0078)"
/* the glyph set's widest forms (tui.c): the separator " · " or " | ", the
 * ellipsis "…" or "...", the newline "⏎" or "\n"; arrows, marks and signs
 * are one column in both */
#define SEP " | "
#define DOTS "..."
#define NL "\\n"

static const Budget BUDGETS[] = {
    /* sliders panel, 38 columns wide (screen.c): a slider's name in
     * NAME_COLS - 1 = 11 columns (view_sliders.c), so are the form's and the
     * cache's names; top-k's "off" right-aligned in VALUE_COLS = 7 */
    {LBL_SEED, 11, {0}}, /* the settings' words: test_setting_words */
    {LBL_MODE, 11, {0}},
    {LBL_CACHE, 11, {0}},
    {LBL_OFF, 7, {0}},
    {LBL_FILTER_OFF, 7, {0}},
    {LBL_SLIDERS_HEADER, 38, {"^", "v", "<", ">"}},
    /* the form's value from column 20 to the panel's edge: 18 columns, or,
     * when it needs more, after its keys right after the name (view_sliders.c's
     * switch_row): 38 - 2 - 1 - 5 - 1 less the name, 25 after "Form" (each
     * language's own name: test_composed_lines_fit); the heads of an
     * acrostic are cut with an ellipsis, the first one shows */
    {LBL_MODE_FREE, 18, {0}},
    {LBL_MODE_JUEJU, 25, {"7"}},
    {LBL_MODE_ACROSTIC, 25, {"7", "春…"}},

    /* the text's label in PROMPT_LABEL_COLS - 1 = 5 columns; the note under
     * the text from column 6 to the edge: 74 columns (view_prompt.c) */
    {LBL_PROMPT, 5, {0}},
    {LBL_NOTE_EMPTY, 74, {0}},
    {LBL_NOTE_UNKNOWN, 74, {UNKNOWN_CHAR}},
    {LBL_NOTE_WINDOW, 74, {"|", "128"}},
    {LBL_NOTE_FORM_ONLY, 74, {"@acrostic", "4", "觉", "99,9 %"}},
    {LBL_NOTE_FORM_ONLY, 74, {"@jueju", "4", "。", "99,9 %"}},
    {LBL_NOTE_FORM_END, 74, {"@acrostic", NL}},
    {LBL_NOTE_FORM_END, 74, {"@jueju", NL}},
    {LBL_NOTE_FORM_HAN, 74, {"@acrostic", "4", "7", "99,9 %"}},
    {LBL_NOTE_FORM_HAN, 74, {"@jueju", "4", "7", "99,9 %"}},
    {LBL_NOTE_FORM_DONE, 74, {"@acrostic"}},
    {LBL_NOTE_QUERY, 74, {0}},
    {LBL_NOTE_KEYS, 74, {SEP, SEP, SEP}},
    /* the tag beside the text, left of the count: its columns come off the
     * text's own (view_prompt.c), so it stays short */
    {LBL_READ_POEM_START, 16, {0}},
    {LBL_READ_MID_TEXT, 16, {0}},

    /* probabilities, 80 columns (view_probs.c): the percentages' headings
     * right-aligned over PCT_COLS = 8 and SAMPLER_COLS = 9 columns, a space
     * kept before each; the training text's column CORPUS_COLS = 18 wide,
     * a space kept before the histogram's HIST_COLS = 14 */
    {LBL_MODEL, 7, {0}},
    {LBL_SAMPLER, 8, {0}},
    {LBL_BLOCKED, 8, {0}},
    {LBL_CORPUS_COL, 17, {0}},
    {LBL_HIST, 14, {0}},
    /* the three lines under the bars: the whole width */
    {LBL_CORPUS_AFTER, 80, {"« …春眠不觉处处闻啼鸟夜来风 »", "46 774"}},
    {LBL_CORPUS_NOWHERE, 80, {"2636460"}},
    {LBL_QUERY_HINT, 80, {0}},
    {LBL_QUERY_LINE, 80, {"流", "7311", "7311", "1 in 10,000,000", "1 in 10,000,000"}},
    {LBL_QUERY_NOT_KNOWN, 80, {"x"}},

    /* timing, 40 columns from column 40 (screen.c, view_timing.c): the
     * axis's name in YLAB_COLS - 1 = 5 columns */
    {LBL_TIMING_HEADER, 40, {0}},
    {LBL_TIMING_TOTALS, 40, {"999", "99", "10.1"}},
    {LBL_CACHE_MEMORY, 40, {"512 KB", "512 KB", "128"}},
    {LBL_POSITION, 5, {0}},

    /* the attention view: the whole width (view_attention.c) */
    {LBL_ATT_HEADER, 80, {0}},
    {LBL_ATT_MORE, 80, {"12"}},

    /* help (view_help.c): at 80x24 two columns of 39 with one blank between,
     * keys in KEY_COLS = 13 (a column whose keys are wider gives all its
     * lines more: tests/e2e/help_columns.sh), then 25 columns for what a
     * key does (the widest keys are 12: "1-8 &é\"'(-è_"); the title and
     * the closing hint share the first row (test_composed_lines_fit); the
     * legend under the keys from column 2 */
    {LBL_HELP_TYPE, 25, {0}},
    {LBL_HELP_BACKSPACE, 25, {0}},
    {LBL_HELP_CLEAR, 25, {0}},
    {LBL_HELP_SPACE, 25, {0}},
    {LBL_HELP_PICK, 25, {0}},
    {LBL_HELP_ENTER, 25, {0}},
    {LBL_HELP_ESC, 25, {0}},
    {LBL_HELP_SLIDERS, 25, {0}},
    {LBL_HELP_TAB, 25, {0}},
    {LBL_HELP_TAB_BACK, 25, {0}},
    {LBL_HELP_ARROWS, 25, {0}},
    {LBL_HELP_UNDO_LETTERS, 25, {0}},
    {LBL_HELP_SEED, 25, {0}},
    {LBL_HELP_CACHE, 25, {0}},
    {LBL_HELP_COMPARE, 25, {0}},
    {LBL_HELP_FREE, 25, {0}},
    {LBL_HELP_ACROSTIC, 25, {0}},
    {LBL_HELP_JUEJU, 25, {0}},
    {LBL_HELP_HIST, 25, {0}},
    {LBL_HELP_ATTENTION, 25, {0}},
    {LBL_HELP_MASK, 25, {0}},
    {LBL_HELP_QUERY, 25, {0}},
    {LBL_HELP_MID_TEXT, 25, {0}},
    {LBL_HELP_LANGUAGE, 25, {"EN 中文 DE FR"}},
    {LBL_HELP_HELP, 25, {0}},
    {LBL_HELP_MESSAGES, 25, {0}},
    {LBL_HELP_QUIT, 25, {0}},
    {LBL_HELP_COMMAND, 25, {0}},
    {LBL_HELP_LESSON, 25, {0}},
    {LBL_HELP_SCROLL, 25, {0}},
    {LBL_HELP_LEGEND_MODEL, 78, {"-"}},
    {LBL_HELP_LEGEND_SAMPLER, 78, {"+"}},
    {LBL_HELP_LEGEND_CORPUS, 78, {0}},
    {LBL_HELP_LEGEND_TIMING, 78, {"d"}},

    /* the message shown instead of everything on a small terminal; it
     * should fit one of 60 columns, as tests/e2e/explorer.sh makes */
    {LBL_TOO_SMALL, 59, {"79", "23", "80", "24"}},
    {LBL_TOO_SMALL_HINT, 59, {0}},

    /* the status line: 79 columns, the last cell stays empty
     * (view_status.c); the key hint goes at its right when there is room */
    {LBL_HINT, 20, {0}},
    {LBL_ST_WELCOME, 79, {0}},
    {LBL_ST_FULL, 79, {"1024"}},
    {LBL_ST_FORM_REFUSES, 79, {"@newline"}},
    {LBL_ST_UNKNOWN, 79, {UNKNOWN_CHAR, "7311"}},
    {LBL_ST_NOTHING_BACK, 79, {0}},
    {LBL_ST_TOOK_BACK_UNKNOWN, 79, {UNKNOWN_CHAR}},
    {LBL_ST_TOOK_BACK, 79, {"@newline", "127"}},
    {LBL_ST_TOOK_BACK_NOCACHE, 79, {"@newline"}},
    {LBL_ST_POEM_DONE, 79, {0}},
    {LBL_ST_NEED_HEADS, 79, {0}},
    {LBL_ST_MODE_ACROSTIC, 79, {"春眠不觉", "7"}},
    {LBL_ST_MODE_JUEJU, 79, {"7"}},
    {LBL_ST_MODE_JUEJU_EMPTY, 79, {"7"}},
    {LBL_ST_MODE_FREE, 79, {0}},
    {LBL_ST_WRITING, 79, {DOTS}},
    {LBL_ST_WROTE, 79, {"200", "99999"}},
    {LBL_ST_STOPPED, 79, {"200"}},
    {LBL_ST_COMPARING, 79, {"127"}},
    {LBL_ST_COMPARED, 79, {"127", "10.1", "@identical"}},
    {LBL_ST_COMPARED, 79, {"127", "10.1", "@different"}},
    {LBL_ST_COMPARE_STOPPED, 79, {"127"}},
    {LBL_ST_QUERY_ASK, 79, {0}},
    {LBL_ST_QUERY_SET, 79, {"流"}},
    {LBL_ST_QUERY_UNKNOWN, 79, {"x"}},
    {LBL_ST_QUERY_CLEARED, 79, {0}},
    {LBL_ST_QUERY_CANCELLED, 79, {0}},
    {LBL_ST_CLEARED, 79, {0}},
    {LBL_ST_SAMPLED, 79, {"。", "<1 in 1,000,000,000,000", "99999"}},
    {LBL_ST_PICKED, 79, {"。", "<1 in 1,000,000,000,000"}},
    {LBL_ST_NO_CANDIDATE, 79, {"9"}},
    {LBL_ST_CACHE_ON, 79, {"128"}},
    {LBL_ST_CACHE_OFF, 79, {"128"}},
    {LBL_ST_HIST_ON, 79, {0}},
    {LBL_ST_HIST_OFF, 79, {0}},
    {LBL_ST_ATT_ON, 79, {0}},
    {LBL_ST_ATT_OFF, 79, {0}},
    {LBL_ST_LANGUAGE, 79, {0}},
    {LBL_ST_POEM_START, 79, {0}},
    {LBL_ST_MID_TEXT, 79, {0}},
    {LBL_ST_POEM_START_CMD, 79, {0}},
    {LBL_ST_MID_TEXT_CMD, 79, {0}},
    {LBL_ST_CORPUS_FAILED, 79, {"assets/tang-train.txt: No such file or directory"}},
    {LBL_ST_NONFINITE, 79, {"127"}},
    {LBL_ST_CONVERTED, 79, {"風 -> 风, 國 -> 国, 龍 -> 龙, ..."}},
    {LBL_ST_NO_OPENCC, 79, {"'風' (U+98A8)"}},
    {LBL_ST_NO_OPENCC_BUILD, 79, {"'風' (U+98A8)"}},
    {LBL_ST_PINYIN_FAILED, 79, {"assets/pinyin.tsv: cannot open: No such file or directory"}},

    /* the session to take home and the KV cache's cost: the title's word
     * before a code of 32 characters and the cache switch (view_status.c);
     * the two help lines in the second column; the cost table (r) in the
     * panels' width, 49 columns beside a lesson (view_kvcache.c: names in
     * NAME_COLS - 1 = 33, numbers and headings in NUM_COLS - 1 = 12) */
    {LBL_CODE, 8, {0}},
    {LBL_CODE_ENTER, 8, {0}},
    {LBL_CODE_NONE, 40, {"128"}},
    {LBL_HELP_EXPORT, 25, {0}},
    {LBL_HELP_KVCACHE, 25, {0}},
    {LBL_ST_EXPORTED, 79, {"tangscope-20261130-190128-2.json"}},
    {LBL_ST_EXPORT_FAILED, 79, {"write failed: No space left on device"}},
    {LBL_ST_CODE_OPENED, 79, {"T656K3EQ4WNPKSN47YC6TS2345678ABC"}},
    {LBL_ST_KVCACHE_ON, 79, {0}},
    {LBL_ST_KVCACHE_OFF, 79, {0}},
    /* the compare model's panel (view_compare.c), 43 columns beside a
     * lesson's narration at 80x24: its heading, the notes under the lists
     * and the names the whole width; each list 20 columns, its heading in
     * 20 - RANK_COLS - 1 = 13, the rank's heading and "absent" in
     * RANK_COLS = 6; the status line's word on loading it */
    {LBL_CMP_HEADER, 43, {"12.34567"}},
    {LBL_CMP_NAMES, 43, {"tang.bin int8", "ckpt-2000.bin"}},
    {LBL_CMP_TOP, 13, {"A"}},
    {LBL_CMP_IN, 6, {"B"}},
    {LBL_CMP_LACKS, 6, {0}},
    {LBL_CMP_SHARED, 43, {"7,311"}},
    {LBL_CMP_A_ONLY, 43, {"99,99 %"}},
    {LBL_CMP_B_ONLY, 43, {"99,99 %"}},
    {LBL_ST_CMP_ON, 79, {"'ckpt-2000.bin'"}},
    {LBL_ST_CMP_OFF, 79, {0}},
    {LBL_KV_HEADER, 49, {0}},
    {LBL_KV_PER_TOKEN, 12, {0}},
    {LBL_KV_NOW, 12, {"128"}},
    {LBL_KV_AT, 12, {"4096"}},
    {LBL_KV_THIS, 33, {"12", "x", "1024"}},
    {LBL_KV_PRESET_MHA, 33, {"x"}},
    {LBL_KV_PRESET_GQA, 33, {"x", "x"}},
    {LBL_KV_PRESET_MLA, 33, {"x"}},
    {LBL_KV_NOTE_NOW, 78, {"128"}},
    {LBL_KV_NOTE_FORMULA, 78, {"x", "x", "x"}},
    /* pinyin: the status line (79); the note under the text (74); the input
     * method's panel in the bars' place, 80 wide (view_pinyin.c): its heading
     * left of the percentages' PCT_COLS = 11 and the ranks' RANK_COLS = 6, the
     * rank's heading in 5; the help's second column (25) */
    {LBL_ST_PINYIN_ON, 79, {0}},
    {LBL_ST_PINYIN_OFF, 79, {0}},
    {LBL_ST_PINYIN_NONE, 79, {0}},
    {LBL_ST_IME_ON, 79, {0}},
    {LBL_ST_IME_OFF, 79, {0}},
    {LBL_ST_IME_CHOSE, 79, {"庄", "zhuāng", "0.0000049%", "7311", "7311"}},
    {LBL_NOTE_IME_EMPTY, 74, {SEP, SEP}},
    {LBL_NOTE_IME, 74, {"zhuang4", SEP, SEP, SEP, SEP}},
    {LBL_IME_HEAD, 63, {"zhuang4", "345", "0.0000049%"}},
    {LBL_IME_NONE, 80, {"7311", "zhuang4"}},
    {LBL_IME_BAD, 80, {"zhuang9"}},
    {LBL_IME_RANK, 5, {0}},
    {LBL_IME_KEYS, 80, {"99", "99", SEP, "<", ">", SEP, SEP, SEP}},
    {LBL_IME_EXPLAIN, 80, {SEP}},
    {LBL_HELP_PINYIN, 25, {0}},
    {LBL_HELP_READING, 25, {0}},
    {LBL_HELP_IME, 25, {0}},
    {LBL_ST_UNKNOWN_MORE, 79, {UNKNOWN_CHAR, "1023"}},
    {LBL_ONE_ST_UNKNOWN_MORE, 79, {UNKNOWN_CHAR, "1"}},
    {LBL_ONE_IME_HEAD, 63, {"zhuang4", "1", "0.0000049%"}},
    /* reading it from the back row: the status line; z's line in the help
     * (24 columns, as the other keys'); "1 in N" where a percentage stood
     * (the widest: one in a million million, the sampled line above) */
    {LBL_ST_PROJECTOR_ON, 79, {0}},
    {LBL_ST_PROJECTOR_OFF, 79, {0}},
    {LBL_HELP_PROJECTOR, 24, {0}},
    {LBL_ONE_IN, 24, {"1,000,000,000,000"}},
    /* the coin, uncertainty under the text, the sampler's stage columns: the
     * coin's words leave at least 40 of 80 columns to its bar
     * (view_probs.c); the entropy view has the whole width below the bars,
     * its three levels share one line with two separators of 3 columns
     * (view_entropy.c): 27 + 20 + 27 + 6 = 80; a stage's heading fits its
     * column of STAGE_COLS - 1 = 6, the result's FINAL_COLS - 1 = 8 (view_probs.c) */
    {LBL_COIN, 40, {"0.838", ">", "。", "7311"}},
    {LBL_ENTROPY_HEADER, 80, {0}},
    {LBL_ENTROPY_LOW, 27, {0}},
    {LBL_ENTROPY_MID, 20, {0}},
    {LBL_ENTROPY_HIGH, 27, {0}},
    {LBL_ENTROPY_NONE, 80, {0}},
    {LBL_ST_ENTROPY_ON, 79, {0}},
    {LBL_ST_ENTROPY_OFF, 79, {0}},
    {LBL_HELP_ENTROPY, 25, {0}},
    /* the stages' headings: test_setting_words */
    /* a student's stage: its column's heading beside the built-in's (view_probs.c), and
     * the line under the bars that explains the mark, the whole width */
    {LBL_STAGE_YOURS, 6, {0}},
    {LBL_STAGE_TOPP_LINE, 80, {"!", SEP, "4657", "147", "4584"}},
    {LBL_STAGE_JUEJU_LINE, 80, {"!", SEP, "7308", "7308", "1"}},
    {LBL_ST_PENALTY, 79, {"100.00", NL}},
    /* the window, the mask view, the timing panel's parts */
    /* past the context the count beside the text takes what it needs from
     * the text's columns (view_prompt.c): at most 24, so 40 stay for the text
     * beside the widest tag; the note under the text as above */
    {LBL_WINDOW_COUNT, 24, {"128", "1,024"}},
    {LBL_NOTE_SHIFT, 74, {"|", "128", "|"}},
    /* timing, 40 columns; the strip's name in YLAB_COLS - 1 = 5 */
    {LBL_TIMING_SAMPLER, 40, {"99.9"}},
    {LBL_TIMING_STRIP, 5, {"d"}},
    {LBL_ST_COMPARED_SHIFT, 79, {"127", "10.1", "99"}},
    {LBL_ST_COMPARED_SLIDE, 79, {"127", "10.1"}},
    /* the mask view, the whole width (view_mask.c): the axis's name in
     * LABEL_COLS - 2 = 7 columns */
    {LBL_MASK_HEADER, 80, {"128", "128", "127"}},
    {LBL_MASK_STEP, 80, {"127", "127"}},
    {LBL_MASK_PASS, 80, {"128"}},
    {LBL_MASK_OFFSET, 80, {"128", "127"}},
    {LBL_MASK_AXIS, 7, {"v", ">"}},
    {LBL_MASK_LEGEND, 80, {"#", "."}},
    {LBL_MASK_ROWS, 80, {0}},
    {LBL_MASK_CUT, 80, {"<", "93", "#"}},
    {LBL_ST_MASK_ON, 79, {0}},
    {LBL_ST_MASK_OFF, 79, {0}},
    /* the attention view: "↑ max" after the numbers' column, which leaves at
     * least COUNT_COLS - 1 = 9 columns beside the tag; the note the width */
    {LBL_ATT_MAX, 7, {0}},
    {LBL_ATT_NOTE, 80, {0}},
    /* the command line: lines a command prints for a terminal to wrap (bench's
     * measurements, probs's summary), and paragraphs tangscope --help wraps at
     * 78 columns (main.c) */
    {LBL_CLI_BENCH_RUN, 160, {"   32", "     17.33", "    5.76", "  5554", "3.0", "TEXT DIFFERS", "1e-05"}},
    {LBL_CLI_AFTER_SAMPLER, 160, {"12.34", "7,311", "99.9%"}},
    {LBL_ONE_CLI_AFTER_SAMPLER, 160, {"12.34", "1", "99.9%"}},
    /* three lines of 80 at most */
    {LBL_CLI_BENCH_CACHED, 240, {"5,554", "13,342", "6.7 MiB", "93.2", "42%"}},
    {LBL_CLI_BENCH_HEAD, 200, {"filters off, temperature 1.0", "assets/tang.bin", "128", "shift"}},
    {LBL_CLI_BENCH_WEIGHTS, 160, {0}},
    {LBL_CLI_BENCH_NO_SAMPLER, 160, {0}},
    {LBL_CLI_BENCH_PREFILL, 160, {"128", "2.582", "42.6", "55%", "77.8"}},
    {LBL_CLI_BENCH_KEY, 160, {"128", "2", "19.159"}},
    {LBL_CLI_BENCH_SAMPLER, 160, {"10", "120"}},
    {LBL_CLI_EVAL_RESULT, 160, {"4.3876", "80.45", "134,090", "assets/tang-val.txt", "128", "104.8"}},
    {LBL_ONE_CLI_EVAL_RESULT, 160, {"2.0589", "7.84", "1", "two.txt", "16", "0.0"}},
    /* train's progress line: a log line (every 100 steps into a file); on
     * a terminal without the view it is cut to the width, its least needed
     * figures last */
    {LBL_CLI_TRAIN_PROGRESS, 160, {"4,300", "5,000", "6.4123", "6.5512", "1:23:45", "12:34",
                                   "123,456", "1.00e-03"}},
    /* the training view (train_view.c) at 80x24: every line within the 79
     * columns it draws in, with the widest figures of a long run */
    {LBL_TV_TITLE, 79, {"tang-model.bin", "100,000", "100,000", "100 %"}},
    {LBL_TV_TRAIN, 79, {"100,000", "100,000", "12.8345", "12.8345"}},
    {LBL_TV_STARTS, 79, {"100,000", "100,000"}},
    {LBL_TV_VAL, 79, {"12.8345", "12.8345"}},
    {LBL_TV_SPEED, 79, {"523,770", "1.00e-03", "12:34:56", "12:34:56"}},
    {LBL_TV_SAMPLE_AFTER, 79, {"100,000", "@sample_about"}},
    {LBL_TV_HINT, 79, {"Ctrl-"}},
    {LBL_CLI_TRAIN_MEASURING, 79, {"134,090"}},
    {LBL_CLI_USAGE_NOTE, 1000, {0}},
    /* the sampler's options in --help and `lesson`'s verb list: lines
     * cli_print_help wraps at 80 columns (each setting's sentence:
     * test_setting_words) */
    {LBL_SET_HELP_DEFAULT, 600, {"keep the K most probable", "0..1000000", "0.8"}},
    {LBL_SET_HELP_OFF_DEFAULT, 600, {"keep the K most probable", "0..1000000", "0"}},
    {LBL_SET_HELP_OFF, 600, {"keep the K most probable", "0..1000000", "0"}},
    /* a student's program (stageprog.c, exercise check): a message line of its own on the
     * terminal; the explorer's status line shows what fits of it */
    {LBL_SP_EMPTY, 160, {0}},
    {LBL_SP_EXTRA_BEFORE, 200, {"3", "'{\"keep\": [1]}'"}},
    {LBL_SP_EXTRA_AFTER, 200, {"'{\"keep\": [1]}'"}},
    {LBL_SP_TOO_LONG, 200, {"1048576"}},
    {LBL_SP_LATE, 200, {"1"}},
    {LBL_SP_NOT_JSON, 200, {"'keep 12 and 40'"}},
    {LBL_SP_KEEPS_NONE, 160, {0}},
    {LBL_SP_SLOW_START, 240, {"10", "--stage-timeout"}},
    {LBL_SP_MORE_TIME, 80, {"--stage-timeout"}},
    {LBL_SP_STDERR_TAIL, 240, {"'/home/ana/.cache/tangscope/stage-4242-1.stderr'",
                               "'ZeroDivisionError: division by zero'"}},
    {LBL_SP_NOT_EXECUTABLE, 160, {"'top_p.py'"}},
    {LBL_SP_HERE_NOT_PATH, 160, {"'top_p.py'", "'top_p.py'"}},
    {LBL_SP_INTERPRETER_ALONE, 160, {"'python3'", "python3"}},
    {LBL_SC_STAGE_TIMEOUT, 160, {0}},
    /* exercise check's lines under a failed case, and its note after a passed one */
    {LBL_EX_JUEJU_RULE, 260, {"8", "16", "24"}},
    {LBL_EX_CLASSIC, 120, {0}},
    {LBL_SP_ALLOWS_NONE, 160, {0}},
    {LBL_EX_NEEDS, 200, {0}},
    {LBL_CLI_LESSON_STAGE, 200, {"lessons/en/07-generation.md", "40", "top_p_ref", "top-p"}},
    {LBL_CLI_USAGE_LANG, 1000, {"en, zh, de, fr"}},
    /* export's line on stdout: the two files, the shape, the GELU, the way to sample */
    {LBL_CLI_NANO_EXPORTED, 200, {"'out-class/ckpt.pt'", "'out-class/meta.pkl'", "4", "4", "128", "128", "7311"}},
    {LBL_CLI_EXPORTED_TANH, 160, {0}},
    {LBL_CLI_EXPORTED_SAMPLE, 160, {"'out-class'"}},
    /* the hand-in's line on a student's stage program (a Markdown list item) */
    {LBL_MD_STAGE_AGREED, 160, {"top-p", "python3 top_p.py", "12"}},
    {LBL_MD_STAGE_DIFFERED, 160, {"top-p", "python3 top_p.py", "3", "12"}},
    {LBL_MD_STAGE_FAILED, 400, {"top-p", "python3 top_p.py", "no answer within 10 s"}},
    {LBL_MD_STAGE_UNUSED, 160, {"jueju", "python3 jueju.py"}},
    /* lesson --watch: under the narration, wrapped */
    {LBL_CLI_WATCH_GONE, 200, {"'my-lesson.md'"}},
    /* the note on the bundled model's figures: one row of the narration at
     * 80x24 (36 columns, screen.c), and a paragraph under a handout's title */
    {LBL_LESSON_BUNDLED_FIGURES, 36, {"*"}},
    {LBL_HANDOUT_BUNDLED_FIGURES, 240, {"\\*"}},
};

enum { N_BUDGETS = sizeof BUDGETS / sizeof BUDGETS[0] };

/* Measuring needs a UTF-8 character type, as the explorer has. */
static int measuring_ready(void)
{
    if (!setlocale(LC_CTYPE, "C.UTF-8") && !setlocale(LC_CTYPE, "C.utf8"))
        setlocale(LC_CTYPE, "");
    return textw_width("春a") == 3;
}

/* Check that `text` (`where` says what it is) takes at most `cols` columns. */
static void check_fits(AppLang lang, const char *where, const char *text, int cols)
{
    int w = textw_width(text);
    CHECK(w <= cols, "%s %s takes %d columns, %d fit: \"%s\"", LANG_NAMES[lang], where, w, cols,
          text);
}

/* A count label's singular row fits where the label does. */
static void test_singular_rows_fit(void)
{
    CHECK(measuring_ready(), "no UTF-8 locale to measure with (C.UTF-8)");
    int checked = 0;
    for (int lang = 0; lang < LANG_COUNT; lang++)
        for (int i = 0; i < N_BUDGETS; i++) {
            LabelId one = app_label_singular(BUDGETS[i].id);
            if (one == BUDGETS[i].id)
                continue;
            char text[512], where[80];
            fill((AppLang)lang, one, BUDGETS[i].args, text, sizeof text);
            snprintf(where, sizeof where, "singular of '%.40s'", L(LANG_EN, BUDGETS[i].id));
            check_fits((AppLang)lang, where, text, BUDGETS[i].cols);
            checked++;
        }
    CHECK(checked >= 4 * 15, "singular rows measured: %d", checked);
}

static void test_single_labels_fit(void)
{
    CHECK(measuring_ready(), "no UTF-8 locale to measure with (C.UTF-8)");
    for (int lang = 0; lang < LANG_COUNT; lang++)
        for (int i = 0; i < N_BUDGETS; i++) {
            char text[512], where[64];
            fill((AppLang)lang, BUDGETS[i].id, BUDGETS[i].args, text, sizeof text);
            snprintf(where, sizeof where, "label '%.40s'", L(LANG_EN, BUDGETS[i].id));
            check_fits((AppLang)lang, where, text, BUDGETS[i].cols);
        }
}

/* Labels measured as parts of a line (test_composed_lines_fit) or wrapped
 * (test_timing_invitation_wraps). */
static const LabelId COMPOSED[] = {
    LBL_VOCAB_SIZE, LBL_CONTEXT,      LBL_ON,          LBL_NEXT,           LBL_SUMMARY,
    LBL_ENTROPY,    LBL_NOTHING_LEFT, LBL_HIST_OTHER,  LBL_CORPUS_LOADING, LBL_CORPUS_NONE,
    LBL_CACHE_COST, LBL_MAX_DIFF,     LBL_IDENTICAL,   LBL_DIFFERENT,      LBL_WITH_CACHE,
    LBL_WITHOUT_CACHE, LBL_NEWLINE,   LBL_TIMING_EMPTY, LBL_HELP_TITLE,   LBL_HELP_CLOSE,
    LBL_LESSON_KEYS,   LBL_PICKER_KEYS,
};

/* A label with no place above or in a composed line (one added since)
 * still cannot be wider than a whole line. */
static void test_every_label_has_a_line(void)
{
    for (int id = 0; id < LBL_COUNT; id++) {
        int listed = 0;
        for (int i = 0; i < N_BUDGETS; i++)
            listed |= BUDGETS[i].id == (LabelId)id;
        for (size_t i = 0; i < sizeof COMPOSED / sizeof COMPOSED[0]; i++)
            listed |= COMPOSED[i] == (LabelId)id;
        if (listed)
            continue;
        for (int lang = 0; lang < LANG_COUNT; lang++) {
            char where[64];
            snprintf(where, sizeof where, "label '%.40s'", L(LANG_EN, (LabelId)id));
            check_fits((AppLang)lang, where, app_label_in((AppLang)lang, (LabelId)id), 79);
        }
    }
}

/* ---- lines made of several labels ---- */

static void test_composed_lines_fit(void)
{
    for (int l = 0; l < LANG_COUNT; l++) {
        AppLang lang = (AppLang)l;
        char a[256], b[256], line[1024];
        /* title bar (view_status.c): " tangscope  tang.bin · 7311 characters ·
         * context 128" at the left, "KV cache off " right-aligned in a third
         * of the width; a space between them */
        fill(lang, LBL_VOCAB_SIZE, ARGS("7 311"), a, sizeof a);
        fill(lang, LBL_CONTEXT, ARGS("128"), b, sizeof b);
        snprintf(line, sizeof line, " tangscope  tang.bin · %s · %s", a, b);
        int left = textw_width(line);
        for (int off = 0; off < 2; off++) {
            snprintf(line, sizeof line, "%s %s ", L(lang, LBL_CACHE), L(lang, off ? LBL_OFF : LBL_ON));
            check_fits(lang, "title's cache", line, 80 / 3);
            CHECK(left + 1 + textw_width(line) <= 80, "%s title: %d + 1 + %d columns", LANG_NAMES[l],
                  left, textw_width(line));
        }
        /* the bars' heading: with the histogram on, the legend has the bars'
         * 24 columns and 5 before them (view_probs.c) */
        snprintf(line, sizeof line, "%s  ▀ %s  ▄ %s", L(lang, LBL_NEXT), L(lang, LBL_MODEL),
                 L(lang, LBL_SAMPLER));
        check_fits(lang, "bars' heading", line, 29);
        /* what the sampler keeps · the entropy, one line of 80 (keeping all
         * 7311 removes nothing, so four digits and 99.9% is the widest pair) */
        fill(lang, LBL_SUMMARY, ARGS("7311", "99,9 %"), a, sizeof a);
        fill(lang, LBL_ENTROPY, ARGS("8.90", "8.90"), b, sizeof b);
        snprintf(line, sizeof line, "%s · %s", a, b);
        check_fits(lang, "sampler summary", line, 80);
        snprintf(line, sizeof line, "%s · %s", L(lang, LBL_NOTHING_LEFT), b);
        check_fits(lang, "sampler summary", line, 80);
        /* the stages' line (view_probs.c): the label, then five cells of
         * the widest "t 7311 -99.9%" after one space, then two apart */
        /* (counts ungrouped there, a share from 10% on without decimals, so
         * "-9,9 %" with its space is the widest) */
        snprintf(line, sizeof line, "%s t 7311 -9,9 %%  k 7311 -9,9 %%  p 7311 -9,9 %%  "
                 "m 7311 -9,9 %%  f 7311 -9,9 %%", L(lang, LBL_STAGES));
        check_fits(lang, "stages line", line, 80);
        /* the training text's line with the histogram's remainder after it */
        fill(lang, LBL_HIST_OTHER, ARGS("650"), b, sizeof b);
        fill(lang, LBL_CORPUS_AFTER, ARGS("« 春风 »", "1 016"), a, sizeof a);
        char loading[128];
        fill(lang, LBL_CORPUS_LOADING, ARGS(DOTS), loading, sizeof loading);
        const char *firsts[] = {a, loading, L(lang, LBL_CORPUS_NONE)};
        for (int i = 0; i < 3; i++) {
            snprintf(line, sizeof line, "%s · %s", firsts[i], b);
            check_fits(lang, "training text and histogram", line, 80);
        }
        fill(lang, LBL_CORPUS_NOWHERE, ARGS("2636460"), a, sizeof a);
        snprintf(line, sizeof line, "%s · %s", a, b);
        check_fits(lang, "training text and histogram", line, 80);
        /* the form row of the sliders: a jueju's name after the keys that
         * follow the row's name, "forme f a j jueju à 7 caractères" */
        for (int one = 0; one < 2; one++) {
            fill(lang, one ? app_label_singular(LBL_MODE_JUEJU) : LBL_MODE_JUEJU, ARGS("7"), b, sizeof b);
            check_fits(lang, "form row", b, 38 - 2 - textw_width(L(lang, LBL_MODE)) - 1 - 5 - 1);
        }
        /* the cache row of the sliders: the switch and what the last
         * prediction cost, from column 16 to the panel's edge at 38, or,
         * when it needs more, after its key "c" right after the row's name
         * (view_sliders.c's switch_row) */
        fill(lang, LBL_CACHE_COST, ARGS("12,34", "128"), b, sizeof b);
        for (int off = 0; off < 2; off++) {
            snprintf(line, sizeof line, "%s %s", L(lang, off ? LBL_OFF : LBL_ON), b);
            check_fits(lang, "cache row", line, 38 - 2 - textw_width(L(lang, LBL_CACHE)) - 1 - 1 - 1);
        }
        /* timing: the verdict and the logits' difference in 40 columns */
        fill(lang, LBL_MAX_DIFF, ARGS("d", "1.23e-05"), b, sizeof b);
        for (int diff = 0; diff < 2; diff++) {
            snprintf(line, sizeof line, "%s · %s", L(lang, diff ? LBL_DIFFERENT : LBL_IDENTICAL), b);
            check_fits(lang, "timing verdict", line, 40);
        }
        /* the axis's legend between its ends (view_timing.c): at 80x24 the
         * plot is 34 wide, positions under 1000 and a blank each take at most
         * 8, so 26 stay for the legend, its parts a blank apart */
        snprintf(line, sizeof line, "⠿ %s ⣀ %s", L(lang, LBL_WITHOUT_CACHE), L(lang, LBL_WITH_CACHE));
        check_fits(lang, "timing legend", line, 26);
        /* the help's title and its closing hint on one row, a blank between,
         * from column 2 to the last but one (view_help.c) */
        snprintf(line, sizeof line, "%s %s", L(lang, LBL_HELP_TITLE), L(lang, LBL_HELP_CLOSE));
        check_fits(lang, "help's title row", line, 77);
        /* the lesson's keys under its narration (30 columns at 80, view_lesson.c);
         * the picker's under the lessons */
        fill(lang, LBL_LESSON_KEYS, ARGS("v", "^"), a, sizeof a);
        check_fits(lang, "lesson keys", a, 30);
        fill(lang, LBL_PICKER_KEYS, ARGS("^", "v"), a, sizeof a);
        check_fits(lang, "picker keys", a, 78);
        /* a slider's move in the status line: "temperature 1.50" */
        for (int id = 0; id < SL_COUNT; id++) {
            snprintf(line, sizeof line, "%s 99999", app_slider_word(lang, (SliderId)id));
            check_fits(lang, "slider status", line, 79);
        }
    }
}

/* The invitation in the empty timing panel is wrapped into 4 lines of 36
 * columns (view_timing.c at 80x24: the plot's 3 rows and one more). */
static void test_timing_invitation_wraps(void)
{
    for (int l = 0; l < LANG_COUNT; l++) {
        const char *p = L((AppLang)l, LBL_TIMING_EMPTY);
        int lines = 0;
        while (*p) {
            while (*p == ' ')
                p++;
            if (!*p)
                break;
            size_t n = textw_wrap(p, 36);
            CHECK(n > 0, "%s: wrapping makes no progress", LANG_NAMES[l]);
            if (n == 0)
                break;
            p += n;
            lines++;
        }
        CHECK(lines <= 4, "%s: the timing invitation takes %d lines of 36 columns, 4 fit",
              LANG_NAMES[l], lines);
    }
}

/* ---- plural forms ---- */

/* The count label `id` for the count n in `lang`, filled with n (as text)
 * for every conversion but the ones given. */
static void counted(AppLang lang, LabelId id, long n, const char *const args[MAX_ARGS], char *out,
                    size_t size)
{
    const char *fmt = app_label_n_in(lang, id, n);
    /* fill() fills an id: find the row app_label_n_in chose */
    LabelId row = fmt == app_label_in(lang, id) ? id : app_label_singular(id);
    fill(lang, row, args, out, size);
}

/* Against sentences written out by hand: the singular for one (and in
 * French for zero), the plural otherwise; German nouns that do not change
 * stay; Chinese has one form. */
static void test_plural_forms(void)
{
    static const struct {
        AppLang lang;
        LabelId id;
        long n;
        const char *args[MAX_ARGS];
        const char *want;
    } cases[] = {
        {LANG_EN, LBL_ST_WROTE, 1, {"1", "7"}, "wrote 1 character with seed 7"},
        {LANG_EN, LBL_ST_WROTE, 2, {"2", "7"}, "wrote 2 characters with seed 7"},
        {LANG_EN, LBL_ST_WROTE, 0, {"0", "7"}, "wrote 0 characters with seed 7"},
        {LANG_FR, LBL_ST_WROTE, 0, {"0", "7"}, "0 caractère écrit, graine 7"},
        {LANG_FR, LBL_ST_WROTE, 1, {"1", "7"}, "1 caractère écrit, graine 7"},
        {LANG_FR, LBL_ST_WROTE, 2, {"2", "7"}, "2 caractères écrits, graine 7"},
        {LANG_DE, LBL_ST_WROTE, 1, {"1", "7"}, "1 Zeichen geschrieben, Startwert 7"},
        {LANG_ZH, LBL_ST_WROTE, 1, {"1", "7"}, "写了 1 个字，种子 7"},
        {LANG_EN, LBL_CORPUS_AFTER, 1, {"「春风」", "1"}, "training text after 「春风」, 1 time"},
        {LANG_EN, LBL_CORPUS_AFTER, 54, {"「春风」", "54"}, "training text after 「春风」, 54 times"},
        {LANG_DE, LBL_ST_CACHE_ON, 1, {"1"},
         "KV-Cache an: 1 Position einmal gelesen; ab jetzt ein Schritt pro Zeichen"},
        {LANG_DE, LBL_ST_CACHE_ON, 3, {"3"},
         "KV-Cache an: 3 Positionen einmal gelesen; ab jetzt ein Schritt pro Zeichen"},
        {LANG_EN, LBL_ST_CACHE_OFF, 1, {"1"}, "KV cache off: every prediction reads its 1 position again"},
        {LANG_FR, LBL_ATT_MORE, 1, {"1"}, "+1 ligne\xc2\xa0: agrandissez la fenêtre"},
        {LANG_EN, LBL_ATT_MORE, 2, {"2"}, "+2 rows: enlarge the window"},
        {LANG_EN, LBL_ST_STOPPED, 1, {"1"}, "stopped after 1 character"},
        {LANG_EN, LBL_ST_COMPARE_STOPPED, 1, {"1"}, "compare stopped after 1 character"},
        {LANG_EN, LBL_NOTE_WINDOW, 1, {"|", "1"}, "| window start: the model reads only the last 1 character, not the dim"},
        {LANG_EN, LBL_VOCAB_SIZE, 1, {"1"}, "1 character"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char got[512];
        counted(cases[i].lang, cases[i].id, cases[i].n, cases[i].args, got, sizeof got);
        CHECK(strcmp(got, cases[i].want) == 0, "%s, count %ld: \"%s\", want \"%s\"",
              LANG_NAMES[cases[i].lang], cases[i].n, got, cases[i].want);
    }
}

/* Every label that counts characters, times, positions, rows or lines has
 * a singular row, with the conversions of its plural; filled with 1 it
 * never says "1 times". */
static void test_every_count_has_a_singular(void)
{
    static const char *const counted_nouns[] = {
        "%d characters", "%ld characters", "%zu times", "%ld positions", "%d positions",
        "%d rows", "%d caractères", "%d derniers", "%ld positions", "%d lignes", "%d pieds",
        "%d Positionen", "%ld Positionen", "%d Zeilen", "%d tokens", "%d jetons",
    };
    static const char *const plural_after_one[] = {
        "1 characters", "1 times", "1 positions", "1 rows", "1 caractères", "1 derniers",
        "1 lignes", "1 pieds", "1 Positionen", "1 Zeilen", "1 tokens", "1 jetons",
    };
    int pairs = 0;
    for (int id = 0; id < LBL_COUNT; id++) {
        LabelId one = app_label_singular((LabelId)id);
        for (int lang = 0; lang < LANG_COUNT; lang++) {
            const char *t = app_label_in((AppLang)lang, (LabelId)id);
            int counts = 0;
            for (size_t k = 0; k < sizeof counted_nouns / sizeof counted_nouns[0]; k++)
                counts |= strstr(t, counted_nouns[k]) != NULL;
            CHECK(!counts || one != (LabelId)id, "%s label '%s' counts something but has no singular row",
                  LANG_NAMES[lang], t);
        }
        if (one == (LabelId)id)
            continue;
        pairs++;
        char a[64], b[64], text[512];
        for (int lang = 0; lang < LANG_COUNT; lang++) {
            testutil_conversions(app_label_in((AppLang)lang, (LabelId)id), a, sizeof a);
            testutil_conversions(app_label_in((AppLang)lang, one), b, sizeof b);
            CHECK(strcmp(a, b) == 0, "%s: '%s' takes %s, its singular %s", LANG_NAMES[lang],
                  app_label_in((AppLang)lang, (LabelId)id), a, b);
            fill((AppLang)lang, one, ARGS("1", "1", "1", "1", "1", "1"), text, sizeof text);
            for (size_t k = 0; k < sizeof plural_after_one / sizeof plural_after_one[0]; k++)
                CHECK(!strstr(text, plural_after_one[k]), "%s singular says \"%s\": %s",
                      LANG_NAMES[lang], plural_after_one[k], text);
            CHECK(app_label_n_in((AppLang)lang, (LabelId)id, 1) == app_label_in((AppLang)lang, one),
                  "%s: the count 1 takes the singular of '%s'", LANG_NAMES[lang], L(LANG_EN, (LabelId)id));
        }
        /* Chinese has no plural: both rows read the same */
        CHECK(strcmp(L(LANG_ZH, (LabelId)id), L(LANG_ZH, one)) == 0, "zh rows differ: %s / %s",
              L(LANG_ZH, (LabelId)id), L(LANG_ZH, one));
    }
    CHECK(pairs >= 15, "count labels with a singular: %d", pairs);
}

static void test_format_count(void)
{
    char out[32];
    app_format_count(LANG_EN, 1024, out, sizeof out);
    CHECK(strcmp(out, "1,024") == 0, "en: %s", out);
    app_format_count(LANG_DE, 1234567, out, sizeof out);
    CHECK(strcmp(out, "1.234.567") == 0, "de: %s", out);
    app_format_count(LANG_FR, 1024, out, sizeof out);
    CHECK(strcmp(out, "1\xc2\xa0" "024") == 0, "fr: a no-break space, as the lessons write it: %s", out);
    app_format_count(LANG_ZH, 1024, out, sizeof out);
    CHECK(strcmp(out, "1024") == 0, "zh: %s", out);
    app_format_count(LANG_EN, 999, out, sizeof out);
    CHECK(strcmp(out, "999") == 0, "en, three digits: %s", out);
}

/* The ends of a share and the numbers a person types, in each language,
 * against strings written by hand from the conventions lang.c gives each
 * (a no-break space before % in German and French): none is 0%, never
 * -0,0 %; some that would read 0 reads <0,1 %; the sampler's removed share
 * is never 100,0 % beside a blocked 99,98 %; 0,5 reads as 0.5 except in
 * English, where the comma groups thousands. */
static void test_number_ends_in_each_language(void)
{
#define NB "\xc2\xa0"
    static const struct {
        AppLang lang;
        const char *none, *tiny, *almost, *blocked, *range_end;
        int comma;
    } cases[] = {
        {LANG_EN, "0%", "<0.1%", ">99.9%", "99.98%", "0.05", 0},
        {LANG_ZH, "0%", "<0.1%", ">99.9%", "99.98%", "0.05", 1},
        {LANG_DE, "0" NB "%", "<0,1" NB "%", ">99,9" NB "%", "99,98" NB "%", "0,05", 1},
        {LANG_FR, "0" NB "%", "<0,1" NB "%", ">99,9" NB "%", "99,98" NB "%", "0,05", 1},
    };
#undef NB
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        AppLang l = cases[i].lang;
        const char *code = LANG_NAMES[l];
        char got[64];
        app_share(l, -0.0001, 1, got, sizeof got);
        CHECK(strcmp(got, cases[i].none) == 0, "%s -0.0001%%: '%s', want '%s'", code, got, cases[i].none);
        app_share(l, 0.0, 1, got, sizeof got);
        CHECK(strcmp(got, cases[i].none) == 0, "%s 0%%: '%s', want '%s'", code, got, cases[i].none);
        app_share(l, 0.04, 1, got, sizeof got);
        CHECK(strcmp(got, cases[i].tiny) == 0, "%s 0.04%%: '%s', want '%s'", code, got, cases[i].tiny);
        app_share(l, 99.97, 1, got, sizeof got);
        CHECK(strcmp(got, cases[i].almost) == 0, "%s 99.97%%: '%s', want '%s'", code, got,
              cases[i].almost);
        app_blocked_share(l, 0.99976, got, sizeof got);
        CHECK(strcmp(got, cases[i].blocked) == 0, "%s blocked 0.99976: '%s', want '%s'", code, got,
              cases[i].blocked);
        app_num_g(l, 0.05, 6, got, sizeof got);
        CHECK(strcmp(got, cases[i].range_end) == 0, "%s 0.05 as typed: '%s', want '%s'", code, got,
              cases[i].range_end);
        double x = 0.0;
        int rc = probfmt_read("0,5", app_num_style(l), &x);
        CHECK(cases[i].comma ? rc == 0 && x == 0.5 : rc == -1, "%s reads 0,5: rc %d, %g", code, rc, x);
        CHECK(probfmt_read("0.5", app_num_style(l), &x) == 0 && x == 0.5, "%s reads 0.5", code);
    }
}

/* The same numbers in each language, against strings written by hand: the
 * decimal comma and "14,7 %" with a no-break space in German and French,
 * 7.311 / 7 311 / 7311, the odds in 万 for a Chinese reader, KiB or Kio. */
static void test_numbers_in_each_language(void)
{
#define NB "\xc2\xa0"
    static const struct {
        AppLang lang;
        const char *point8, *share, *count, *odds, *bytes, *mib;
    } cases[] = {
        {LANG_EN, "0.80", "14.7%", "7,311", "1 in 34,000", "4 KiB", "1.5 MiB"},
        {LANG_ZH, "0.80", "14.7%", "7311", "3.4 万分之一", "4 KiB", "1.5 MiB"},
        {LANG_DE, "0,80", "14,7" NB "%", "7.311", "1 zu 34.000", "4 KiB", "1,5 MiB"},
        {LANG_FR, "0,80", "14,7" NB "%", "7" NB "311", "1 sur 34" NB "000", "4 Kio", "1,5 Mio"},
    };
#undef NB
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        AppLang l = cases[i].lang;
        char got[64];
        const char *code = LANG_NAMES[l];
        app_num(l, 0.8, 2, got, sizeof got);
        CHECK(strcmp(got, cases[i].point8) == 0, "%s 0.8: '%s', want '%s'", code, got, cases[i].point8);
        app_share(l, 14.7, 1, got, sizeof got);
        CHECK(strcmp(got, cases[i].share) == 0, "%s 14.7%%: '%s', want '%s'", code, got, cases[i].share);
        app_format_count(l, 7311, got, sizeof got);
        CHECK(strcmp(got, cases[i].count) == 0, "%s 7311: '%s', want '%s'", code, got, cases[i].count);
        probfmt_odds(1.0 / 34000.0, 1, app_label_in(l, LBL_ONE_IN), app_num_style(l), got, sizeof got);
        CHECK(strcmp(got, cases[i].odds) == 0, "%s 1/34000: '%s', want '%s'", code, got, cases[i].odds);
        app_bytes(l, 4096, got, sizeof got);
        CHECK(strcmp(got, cases[i].bytes) == 0, "%s 4096 bytes: '%s', want '%s'", code, got, cases[i].bytes);
        app_bytes(l, 1.5 * 1024 * 1024, got, sizeof got);
        CHECK(strcmp(got, cases[i].mib) == 0, "%s 1.5 MiB: '%s', want '%s'", code, got, cases[i].mib);
    }
    /* a probability by the screen's rule, in German */
    char got[64];
    probfmt_percent_in(0.0779, 2, app_num_style(LANG_DE), got, sizeof got);
    CHECK(strcmp(got, "7,79\xc2\xa0%") == 0, "de 7.79%%: '%s'", got);
    /* a fraction's digits are never grouped */
    app_num(LANG_FR, 1234.56789, 5, got, sizeof got);
    CHECK(strcmp(got, "1\xc2\xa0" "234,56789") == 0, "fr 1234.56789: '%s'", got);
    /* negative zero is zero */
    app_num(LANG_EN, -0.001, 2, got, sizeof got);
    CHECK(strcmp(got, "0.00") == 0, "-0.001 at two decimals: '%s'", got);
}

/* Every language's row is whole: a code, a name, a locale, a number style,
 * quotes, and every key named. */
static void test_language_rows(void)
{
    for (int l = 0; l < LANG_COUNT; l++) {
        const Language *row = lang_row((AppLang)l);
        CHECK(APP_LANG_CODES[l] && row->name && row->tag && row->locales && row->locales[0], "row %d", l);
        CHECK(row->num.point && row->num.group && row->num.percent, "row %d: numbers", l);
        for (int u = 0; u < 4; u++)
            CHECK(row->num.units[u] && row->num.units[u][0], "row %d: unit %d", l, u);
        CHECK(row->quote_open && row->quote_close, "row %d: quotes", l);
        for (int k = 0; k < KN_COUNT; k++)
            CHECK(row->keys[k] && row->keys[k][0], "%s: no name for key %d", APP_LANG_CODES[l], k);
    }
    CHECK(APP_LANG_CODES[LANG_COUNT] == NULL, "the codes end with NULL");
    CHECK(strcmp(app_lang_codes("|"), "en|zh|de|fr") == 0, "the codes joined: %s", app_lang_codes("|"));
    CHECK(strcmp(app_lang_tags(), "EN 中文 DE FR") == 0, "the help's list: %s", app_lang_tags());
}

/* Does text hold word as a word (no letter just before or after it)? */
static int has_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
        int before = p > text && ((p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z'));
        char c = p[n];
        int after = word[n - 1] != '-' && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
        if (!before && !after)
            return 1;
    }
    return 0;
}

/* A key a label names is named as the language's keyboards name it, from the
 * key table (lang.c): no German label says Space, Enter, Backspace or Ctrl-,
 * no French one Esc; the language's own names are there instead. */
static void test_labels_name_keys_from_the_table(void)
{
    for (int l = 0; l < LANG_COUNT; l++)
        for (int k = 0; k < KN_COUNT; k++) {
            const char *en = app_key_name(LANG_EN, (KeyNameId)k), *own = app_key_name((AppLang)l, (KeyNameId)k);
            if (strcmp(en, own) == 0)
                continue;
            for (int id = 0; id < LBL_COUNT; id++)
                CHECK(!has_word(L((AppLang)l, (LabelId)id), en), "%s label says %s, not %s: \"%s\"",
                      LANG_NAMES[l], en, own, L((AppLang)l, (LabelId)id));
        }
    /* the rule itself, and the names in use */
    CHECK(has_word("Space zieht", "Space") && !has_word("Spacer", "Space") && has_word("Ctrl-U", "Ctrl-"),
          "has_word");
    CHECK(strstr(L(LANG_DE, LBL_NOTE_KEYS), app_key_name(LANG_DE, KN_SPACE)) != NULL, "de: Leertaste");
    CHECK(strstr(L(LANG_FR, LBL_CMDLINE_HINT), app_key_name(LANG_FR, KN_ESC)) != NULL, "fr: Échap");
    CHECK(strstr(L(LANG_ZH, LBL_NOTE_KEYS), app_key_name(LANG_ZH, KN_ENTER)) != NULL, "zh: 回车");
}

/* ---- the glossary: the screen's words in the lessons ---- */

/* A lesson file of lessons/CODE: NN-name.md. */
static int is_lesson_file(const char *name)
{
    size_t n = strlen(name);
    return name[0] >= '0' && name[0] <= '9' && n > 3 && strcmp(name + n - 3, ".md") == 0;
}

/* The lessons of one language, one text (free it), or NULL. */
static char *lessons_text(const char *code, int *files)
{
    char dir[64];
    snprintf(dir, sizeof dir, "lessons/%s", code);
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    char *all = calloc(1, 1);
    size_t len = 0;
    struct dirent *e;
    *files = 0;
    while (all && (e = readdir(d)) != NULL) {
        if (!is_lesson_file(e->d_name))
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unsigned char *buf;
        size_t n;
        TsErr err;
        if (read_file(path, FILE_TEXT, &buf, &n, &err) != 0)
            continue;
        char *grown = realloc(all, len + n + 2);
        if (grown) {
            all = grown;
            memcpy(all + len, buf, n);
            len += n;
            all[len++] = '\n';
            all[len] = 0;
            (*files)++;
        }
        free(buf);
    }
    closedir(d);
    return all;
}

/* Each language's lessons/CODE/glossary.tsv names the screen's words for the
 * screen's things: each is a word of that language's labels (the interface
 * says it), and none of the words a lesson must not use for the same thing
 * is in its lessons (prompt, not « invite »; 随机数, not 硬币; KiB, not KB). */
static void test_glossary(void)
{
    for (int l = 0; l < LANG_COUNT; l++) {
        const char *code = LANG_NAMES[l];
        char path[64];
        snprintf(path, sizeof path, "lessons/%s/glossary.tsv", code);
        unsigned char *buf;
        size_t n;
        TsErr err;
        if (read_file(path, FILE_TEXT, &buf, &n, &err) != 0) {
            CHECK(0, "%s: %s", code, err.msg);
            continue;
        }
        int files = 0, terms = 0;
        char *lessons = lessons_text(code, &files);
        CHECK(lessons && files >= 8, "%s: %d lessons read", code, files);
        for (char *line = strtok((char *)buf, "\n"); line && lessons; line = strtok(NULL, "\n")) {
            if (line[0] == '#' || !line[0])
                continue;
            char *tab = strchr(line, '\t');
            CHECK(tab != NULL, "%s glossary: no tab in '%s'", code, line);
            if (!tab)
                continue;
            *tab = 0;
            terms++;
            /* a word of a label, or of the language's row: a unit, a key */
            const Language *row = lang_row((AppLang)l);
            int on_screen = 0;
            for (int id = 0; id < LBL_COUNT && !on_screen; id++)
                on_screen = strstr(L((AppLang)l, (LabelId)id), line) != NULL;
            for (int u = 0; u < 4 && !on_screen; u++)
                on_screen = strcmp(row->num.units[u], line) == 0;
            for (int k = 0; k < KN_COUNT && !on_screen; k++)
                on_screen = strcmp(row->keys[k], line) == 0;
            CHECK(on_screen, "%s glossary: '%s' is no word of the screen", code, line);
            char avoid[256];
            snprintf(avoid, sizeof avoid, "%s", tab + 1);
            for (char *w = avoid, *bar; *w; w = bar ? bar + 1 : w + strlen(w)) {
                bar = strchr(w, '|');
                if (bar)
                    *bar = 0;
                if (!*w)
                    continue;
                CHECK(!has_word(lessons, w), "%s lessons say '%s' where the screen says '%s'", code, w,
                      line);
            }
        }
        CHECK(terms >= 5, "%s glossary: %d terms", code, terms);
        free(lessons);
        free(buf);
    }
    /* the check itself finds a word that is there */
    int files = 0;
    char *fr = lessons_text("fr", &files);
    CHECK(fr && has_word(fr, "prompt") && !has_word(fr, "invite"), "fr lessons: prompt, not invite");
    free(fr);
}

/* ---- the measuring itself, against widths counted by hand ---- */

static void test_measuring(void)
{
    CHECK(measuring_ready(), "no UTF-8 locale to measure with (C.UTF-8)");
    CHECK(textw_width("Temperatur") == 10, "ASCII: one column each");
    CHECK(textw_width("température") == 11, "é is one column");
    CHECK(textw_width("「春风」") == 8, "Chinese and its brackets: two columns each");
    CHECK(textw_width("▀ ▄ · … ⏎") == 9, "block, dot, ellipsis, return: one column each");
    /* wrapping: at spaces, never inside a word with accents, anywhere in Chinese */
    CHECK(textw_wrap("écrire écrire", 8) == 7, "breaks before the second word, not after its é");
    CHECK(textw_wrap("Größenordnung groß", 10) == 12, "a word longer than the line is cut");
    CHECK(textw_wrap("春眠不觉晓", 5) == 6, "two Chinese characters (6 bytes) in 5 columns");
    CHECK(textw_wrap("ab 春眠不觉", 6) == 6, "a Chinese character may follow on the next line");
}

/* ---- choosing the language ---- */

static void set_locale_env(const char *all, const char *messages, const char *lang)
{
    const char *names[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    const char *values[] = {all, messages, lang};
    for (int i = 0; i < 3; i++) {
        if (values[i])
            setenv(names[i], values[i], 1);
        else
            unsetenv(names[i]);
    }
}

static void test_lang_from_env(void)
{
    static const struct {
        const char *all, *messages, *lang;
        AppLang want;
    } cases[] = {
        {NULL, NULL, "de_DE.UTF-8", LANG_DE},
        {NULL, NULL, "fr_FR.UTF-8", LANG_FR},
        {NULL, NULL, "fr_CA", LANG_FR},
        {NULL, NULL, "zh_CN.UTF-8", LANG_ZH},
        {NULL, NULL, "zh_TW.UTF-8", LANG_ZH},
        {NULL, NULL, "de", LANG_DE},
        {NULL, NULL, "de_AT@euro", LANG_DE},
        {NULL, NULL, "en_GB.UTF-8", LANG_EN},
        {NULL, NULL, "es_ES.UTF-8", LANG_EN},
        {NULL, NULL, "C.UTF-8", LANG_EN},
        {NULL, NULL, "POSIX", LANG_EN},
        {NULL, NULL, "dex_DE", LANG_EN}, /* not "de" with something after it */
        {NULL, NULL, "d", LANG_EN},
        {NULL, NULL, NULL, LANG_EN},
        /* the first one set decides */
        {"fr_FR.UTF-8", "de_DE.UTF-8", "zh_CN.UTF-8", LANG_FR},
        {NULL, "de_DE.UTF-8", "zh_CN.UTF-8", LANG_DE},
        {"C", "de_DE.UTF-8", "zh_CN.UTF-8", LANG_EN},
        {"", "fr_FR.UTF-8", "de_DE.UTF-8", LANG_FR}, /* empty is not set */
        {"", "", "zh_CN.UTF-8", LANG_ZH},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        set_locale_env(cases[i].all, cases[i].messages, cases[i].lang);
        AppLang got = app_lang_from_env();
        CHECK(got == cases[i].want, "LC_ALL=%s LC_MESSAGES=%s LANG=%s: got %s, want %s",
              cases[i].all ? cases[i].all : "(unset)", cases[i].messages ? cases[i].messages : "(unset)",
              cases[i].lang ? cases[i].lang : "(unset)", LANG_NAMES[got], LANG_NAMES[cases[i].want]);
    }
}

static void test_lang_codes(void)
{
    CHECK(app_lang_parse("en") == LANG_EN && app_lang_parse("zh") == LANG_ZH, "en, zh");
    CHECK(app_lang_parse("de") == LANG_DE && app_lang_parse("fr") == LANG_FR, "de, fr");
    CHECK(app_lang_parse("DE") < 0 && app_lang_parse("deu") < 0 && app_lang_parse("") < 0 &&
              app_lang_parse(NULL) < 0,
          "anything else is no language");
    for (int l = 0; l < LANG_COUNT; l++)
        CHECK(strcmp(app_lang_code((AppLang)l), LANG_NAMES[l]) == 0, "code of %d", l);
}

/* `l` says which language it switched to, in that language: every
 * language's message differs from the others'. */
static void test_language_labels_differ(void)
{
    for (int a = 0; a < LANG_COUNT; a++)
        for (int b = a + 1; b < LANG_COUNT; b++)
            CHECK(strcmp(L((AppLang)a, LBL_ST_LANGUAGE), L((AppLang)b, LBL_ST_LANGUAGE)) != 0,
                  "%s and %s say the same on switching", LANG_NAMES[a], LANG_NAMES[b]);
}

/* The words of the engine's tables are found in po/ by each row's name
 * ("setting top-p", "setting-help top-p", "stage top_p"): a setting or stage
 * added to SAMPLER_SETTINGS or SAMPLER_STAGES without them in some language's
 * file is a failed check naming it, the row's name and the context to add.
 * Each fits its place: a setting's word is a slider's name (NAME_COLS - 1 =
 * 11, view_sliders.c), its sentence a paragraph cli_print_help wraps at 80
 * columns (400 at most, 5 lines), a stage's heading its column (STAGE_COLS -
 * 1 = 6, the result's FINAL_COLS - 1 = 8, view_probs.c). */
static void own_word(AppLang lang, const char *kind, const char *name, int cols)
{
    char ctx[96];
    snprintf(ctx, sizeof ctx, "%s %s", kind, name);
    const char *text = po_word_own(lang, ctx);
    CHECK(text && text[0], "%s has no msgctxt \"%s\" in po/%s%s", name, ctx,
          lang == LANG_EN ? "tangscope.pot" : app_lang_code(lang), lang == LANG_EN ? "" : ".po");
    if (text)
        check_fits(lang, ctx, text, cols);
}

static void test_setting_words(void)
{
    CHECK(measuring_ready(), "no UTF-8 locale to measure with (C.UTF-8)");
    for (int l = 0; l < LANG_COUNT; l++) {
        for (int i = 0; i < SET_COUNT; i++) {
            own_word((AppLang)l, "setting", SAMPLER_SETTINGS[i].name, 11);
            own_word((AppLang)l, "setting-help", SAMPLER_SETTINGS[i].name, 400);
        }
        for (int k = 0; k < STAGE_COUNT; k++)
            own_word((AppLang)l, "stage", sampler_stage_name((SamplerStage)k), k == STAGE_FINAL ? 8 : 6);
    }
}

/* Every sampler setting (the sliders' names, the bench's rows) and every
 * stage (the columns' headings) has its own word in each language: no two
 * settings, and no two stages, read the same. */
static void test_setting_and_stage_words(void)
{
    for (int l = 0; l < LANG_COUNT; l++) {
        for (int a = 0; a < SET_COUNT; a++) {
            const char *wa = app_setting_word((AppLang)l, (SamplerSettingId)a);
            for (int b = a + 1; b < SET_COUNT; b++)
                CHECK(strcmp(wa, app_setting_word((AppLang)l, (SamplerSettingId)b)) != 0,
                      "settings %s and %s both '%s' in %s", SAMPLER_SETTINGS[a].name,
                      SAMPLER_SETTINGS[b].name, wa, LANG_NAMES[l]);
        }
        for (int a = 0; a < STAGE_COUNT; a++) {
            const char *wa = app_stage_word((AppLang)l, (SamplerStage)a);
            for (int b = a + 1; b < STAGE_COUNT; b++)
                CHECK(strcmp(wa, app_stage_word((AppLang)l, (SamplerStage)b)) != 0,
                      "stages %s and %s both '%s' in %s", sampler_stage_name((SamplerStage)a),
                      sampler_stage_name((SamplerStage)b), wa, LANG_NAMES[l]);
        }
    }
}

int main(void)
{
    RUN(test_no_empty_cell);
    RUN(test_same_conversions);
    RUN(test_no_symbol_in_labels);
    RUN(test_measuring);
    RUN(test_single_labels_fit);
    RUN(test_singular_rows_fit);
    RUN(test_plural_forms);
    RUN(test_every_count_has_a_singular);
    RUN(test_format_count);
    RUN(test_numbers_in_each_language);
    RUN(test_number_ends_in_each_language);
    RUN(test_language_rows);
    RUN(test_labels_name_keys_from_the_table);
    RUN(test_glossary);
    RUN(test_every_label_has_a_line);
    RUN(test_composed_lines_fit);
    RUN(test_timing_invitation_wraps);
    RUN(test_lang_from_env);
    RUN(test_lang_codes);
    RUN(test_language_labels_differ);
    RUN(test_setting_words);
    RUN(test_setting_and_stage_words);
    return test_summary();
}
