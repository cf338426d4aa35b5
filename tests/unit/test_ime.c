/* test_ime.c - pinyin in the explorer, without a terminal: the readings
 * switch (y) and the model as an input method (i), driven by the same
 * Commands the keys send through app_apply.
 *
 * The model is the bundled one (assets/tang.bin), whose vocabulary has many
 * characters for one syllable. References from outside the code under test:
 * which characters read a syllable comes from assets/pinyin.tsv read here
 * line by line and compared with the syllable's four tone-marked spellings
 * written out by hand (chūn chún chǔn chùn), not through pinyin.c; the
 * probabilities come from the model's own pass (infer.h) over the tokens,
 * a softmax in double and qsort, not through the Generator or the sampler.
 */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "apptest.h"
#include "check.h"
#include "testutil.h"
#include "app/commands.h"
#include "engine/fileio.h"
#include "engine/infer.h"
#include "app/labels.h"

static Model model;
static Pinyin table;

static void start(AppState *s)
{
    apptest_start(s, &model);
    s->view.lang = LANG_EN;
    s->text.pinyin = &table;
}

static unsigned cmd(AppState *s, Command c, long n) { return app_apply(s, c, cmd_arg(n)); }

static int id_of(const char *ch) { return vocab_id(&model.vocab, testutil_cp(ch)); }

/* ---- the references ---- */

/* The model's next-character distribution after ⏎ and the text: its own
 * pass and a softmax in double. probs: [V]. */
static void direct_probs(const char *text, double *probs)
{
    int tokens[64], n = 0;
    tokens[n++] = id_of("\n");
    size_t len = strlen(text), pos = 0;
    uint32_t cp;
    while (pos < len && n < 64 && utf8_decode(text, len, &pos, &cp) == 0)
        tokens[n++] = vocab_id(&model.vocab, cp);
    TsErr err;
    Infer inf;
    int V = model.cfg.vocab_size;
    if (infer_init(&inf, &model, &err) != 0) {
        CHECK(0, "infer_init: %s", err.msg);
        return;
    }
    const float *logits = infer_forward(&inf, tokens, n);
    double top = -INFINITY, sum = 0.0;
    for (int i = 0; i < V; i++)
        top = fmax(top, (double)logits[i]);
    for (int i = 0; i < V; i++)
        sum += probs[i] = exp((double)logits[i] - top);
    for (int i = 0; i < V; i++)
        probs[i] /= sum;
    infer_free(&inf);
}

/* The vocabulary's characters that have one of `spellings` (readings with
 * tone marks, space-separated) among their readings in assets/pinyin.tsv,
 * sorted by probs descending; returns how many. */
static int readers(const char *spellings, const double *probs, Ranked *out, int max)
{
    unsigned char *buf;
    size_t len;
    TsErr err;
    if (read_file("assets/pinyin.tsv", FILE_TEXT, &buf, &len, &err) != 0) {
        CHECK(0, "%s", err.msg);
        return 0;
    }
    int n = 0;
    char *text = (char *)buf, *save_line = NULL;
    text[len - 1] = 0; /* the table ends in a newline */
    for (char *line = strtok_r(text, "\n", &save_line); line; line = strtok_r(NULL, "\n", &save_line)) {
        if (line[0] == '#')
            continue;
        char *fields[4] = {0}, *save = NULL;
        fields[0] = strtok_r(line, "\t", &save);
        for (int f = 1; f < 4 && fields[f - 1]; f++)
            fields[f] = strtok_r(NULL, "\t", &save);
        if (!fields[2])
            continue;
        int id = id_of(fields[1]), match = 0;
        char readings[128];
        snprintf(readings, sizeof readings, " %s ", fields[2]);
        char want[32], list[128];
        snprintf(list, sizeof list, "%s", spellings);
        char *save_w = NULL;
        for (char *w = strtok_r(list, " ", &save_w); w; w = strtok_r(NULL, " ", &save_w)) {
            snprintf(want, sizeof want, " %s ", w);
            match |= strstr(readings, want) != NULL;
        }
        if (id >= 0 && match && n < max)
            out[n++] = (Ranked){probs[id], id};
    }
    free(buf);
    qsort(out, (size_t)n, sizeof *out, testutil_ranked_cmp);
    return n;
}

/* The input method lists exactly `want` (n of them), in that order, with
 * the model's probabilities. */
static void check_list(const AppState *s, const Ranked *want, int n, const char *what)
{
    CHECK(s->input.ime.valid && s->input.ime.n == n, "%s: %d characters listed, want %d", what,
          s->input.ime.n, n);
    for (int k = 0; k < n && k < s->input.ime.n; k++) {
        CHECK(s->input.ime.cand[k].id == want[k].id, "%s, place %d: id %d, want %d", what, k + 1,
              s->input.ime.cand[k].id, want[k].id);
        CHECK(fabs((double)s->input.ime.cand[k].p - want[k].p) < 1e-6,
              "%s, place %d: p %.8f, want %.8f", what, k + 1, (double)s->input.ime.cand[k].p,
              want[k].p);
    }
}

enum { MAX_ITEMS = 512 };

/* ---- the tests ---- */

/* c-h-u-n then 1 appends the character the model ranks first among those
 * that read chun, in any tone, at this position. */
static void test_chun_then_1(void)
{
    static double probs[8192];
    static Ranked want[MAX_ITEMS];
    direct_probs("", probs);
    int n = readers("chūn chún chǔn chùn chun", probs, want, MAX_ITEMS);
    CHECK(n >= 10, "chun has more than a page of characters in the table: %d", n);
    AppState s;
    start(&s);
    cmd(&s, CMD_PINYIN_INPUT, 1);
    CHECK(s.input.ime.on, "i: the input method is on");
    apptest_type(&s, "chun");
    CHECK(strcmp(s.input.ime.typed, "chun") == 0 && s.text.n_chars == 0,
          "letters spell, they are no text");
    unsigned r = cmd(&s, CMD_PICK, 1);
    CHECK(s.text.n_chars == 1 && s.text.chars[0].id == want[0].id, "1 chose id %d, want %d",
          s.text.n_chars ? s.text.chars[0].id : -1, want[0].id);
    CHECK(s.input.ime.typed[0] == 0 && s.input.ime.on,
          "the syllable is done, the input method stays on");
    CHECK((r & REDRAW_PROMPT) && (r & REDRAW_PROBS), "text and panel redrawn: %u", r);
    char ch[8] = {0};
    utf8_encode(vocab_cp(&model.vocab, want[0].id), ch);
    CHECK(strstr(s.view.status, ch) && strstr(s.view.status, "rank"), "the status names it: %s",
          s.view.status);
    /* the prediction moved on: it is the model's after that character */
    static double after[8192];
    direct_probs(ch, after);
    CHECK(fabs((double)s.pred.probs[id_of("风")] - after[id_of("风")]) < 1e-6,
          "the bars follow the new text");
    app_free(&s);
}

/* The list is every character that reads the syllable, ordered by the
 * model's probability for the next character after the text; the pages
 * hold nine each, and 1 on the second page chooses the tenth. */
/* Letters that arrive in one burst (a fast typist, or tmux) come as one
 * CMD_PASTE: in the input method they are still keys, not text. */
static void test_burst_is_keys(void)
{
    AppState s;
    start(&s);
    cmd(&s, CMD_PINYIN_INPUT, 1);
    app_apply(&s, CMD_PASTE, (CmdArg){0, 0.0, "chun"});
    CHECK(strcmp(s.input.ime.typed, "chun") == 0 && s.text.n_chars == 0,
          "a burst spells the syllable '%s' and types no text (%zu characters)", s.input.ime.typed,
          s.text.n_chars);
    app_apply(&s, CMD_PASTE, (CmdArg){0, 0.0, "春风"});
    CHECK(s.text.n_chars == 2, "Chinese in a burst is typed as text: %zu characters",
          s.text.n_chars);
    app_free(&s);
}

static void test_ranking_follows_model(void)
{
    static double probs[8192];
    static Ranked want[MAX_ITEMS];
    direct_probs("春风", probs);
    int n = readers("chūn chún chǔn chùn chun", probs, want, MAX_ITEMS);
    AppState s;
    start(&s);
    apptest_type(&s, "春风");
    cmd(&s, CMD_PINYIN_INPUT, 1);
    apptest_type(&s, "chun");
    check_list(&s, want, n, "chun after 春风");
    /* app_pinyin_rank and the list agree */
    PinyinCandidate c[4];
    TsErr err;
    CHECK(app_pinyin_rank(&s, "chun", c, 4, &err) == n && c[0].id == s.input.ime.cand[0].id,
          "app_pinyin_rank gives the same");
    CHECK(cmd(&s, CMD_PINYIN_PAGE, -1) == REDRAW_NONE && s.input.ime.page == 0,
          "no page before the first");
    cmd(&s, CMD_PINYIN_PAGE, 1);
    CHECK(s.input.ime.page == 1, "the second page");
    cmd(&s, CMD_PICK, 1);
    CHECK(s.text.n_chars == 3 && s.text.chars[2].id == want[APP_IME_PAGE].id,
          "1 on page 2 chose the tenth");
    /* Space chooses the first */
    apptest_type(&s, "yue");
    static double after[8192];
    static Ranked yue[MAX_ITEMS];
    char text[32] = "春风";
    utf8_encode(vocab_cp(&model.vocab, want[APP_IME_PAGE].id), text + strlen(text));
    direct_probs(text, after);
    int m = readers("yuē yué yuě yuè yue", after, yue, MAX_ITEMS);
    check_list(&s, yue, m, "yue after three characters");
    cmd(&s, CMD_SAMPLE, 0);
    CHECK(s.text.n_chars == 4 && s.text.chars[3].id == yue[0].id, "Space chose the first");
    app_free(&s);
}

/* A tone digit, a tone mark and Tab narrow the list to that tone. */
static void test_tone_filters(void)
{
    static double probs[8192];
    static Ranked any[MAX_ITEMS], second[MAX_ITEMS], first[MAX_ITEMS];
    direct_probs("春风", probs);
    int n_any = readers("chūn chún chǔn chùn chun", probs, any, MAX_ITEMS);
    int n2 = readers("chún", probs, second, MAX_ITEMS);
    int n1 = readers("chūn", probs, first, MAX_ITEMS);
    CHECK(n2 > 0 && n1 > 0 && n1 + n2 <= n_any, "the table splits chun by tone: %d %d %d", n1, n2, n_any);
    AppState s;
    start(&s);
    apptest_type(&s, "春风");
    cmd(&s, CMD_PINYIN_INPUT, 1);
    apptest_type(&s, "chun2"); /* a pasted or typed-in tone digit */
    check_list(&s, second, n2, "chun2");
    for (int k = 0; k < s.input.ime.n; k++)
        CHECK(s.input.ime.cand[k].id != id_of("春"), "春 is chūn, not chún");
    cmd(&s, CMD_BACKSPACE, 0);
    check_list(&s, any, n_any, "Backspace took the tone back");
    cmd(&s, CMD_PINYIN_TONE, 1);
    CHECK(strcmp(s.input.ime.typed, "chun1") == 0, "Tab: tone 1 (%s)", s.input.ime.typed);
    check_list(&s, first, n1, "chun, Tab");
    cmd(&s, CMD_PINYIN_TONE, -1);
    CHECK(strcmp(s.input.ime.typed, "chun") == 0, "Shift-Tab: any tone again (%s)",
          s.input.ime.typed);
    cmd(&s, CMD_STOP, 0);
    apptest_type(&s, "chūn");
    check_list(&s, first, n1, "chūn with its mark");
    app_free(&s);
}

/* Backspace, Esc and a syllable no character reads. */
static void test_editing(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春");
    cmd(&s, CMD_PINYIN_INPUT, 1);
    apptest_type(&s, "fx");
    CHECK(s.input.ime.valid && s.input.ime.n == 0, "fx: a syllable nothing reads");
    cmd(&s, CMD_BACKSPACE, 0);
    CHECK(strcmp(s.input.ime.typed, "f") == 0, "Backspace edits the syllable (%s)",
          s.input.ime.typed);
    cmd(&s, CMD_BACKSPACE, 0);
    CHECK(s.input.ime.typed[0] == 0 && s.text.n_chars == 1,
          "... down to nothing, the text untouched");
    cmd(&s, CMD_BACKSPACE, 0);
    CHECK(s.text.n_chars == 0, "with no syllable Backspace takes back a character");
    apptest_type(&s, "feng9");
    CHECK(!s.input.ime.valid && s.input.ime.n == 0, "feng9 is no syllable");
    cmd(&s, CMD_PICK, 1);
    CHECK(s.text.n_chars == 0 && s.view.status_error, "nothing to choose: %s", s.view.status);
    cmd(&s, CMD_STOP, 0);
    CHECK(s.input.ime.on && s.input.ime.typed[0] == 0, "Esc clears the syllable first");
    cmd(&s, CMD_STOP, 0);
    CHECK(!s.input.ime.on, "Esc again leaves the input method");
    /* outside it, a page or a tone does nothing */
    CHECK(cmd(&s, CMD_PINYIN_PAGE, 1) == REDRAW_NONE && cmd(&s, CMD_PINYIN_TONE, 1) == REDRAW_NONE,
          "no input method, nothing to page");
    /* with no syllable, 1 picks among the bars as ever */
    cmd(&s, CMD_PINYIN_INPUT, 1);
    int top = s.pred.top[0].id;
    cmd(&s, CMD_PICK, 1);
    CHECK(s.text.n_chars == 1 && s.text.chars[0].id == top,
          "1 with no syllable picks the first bar");
    /* , typed is ， as everywhere */
    apptest_type(&s, ",");
    CHECK(s.text.n_chars == 2 && s.text.chars[1].cp == 0xFF0C, "',' is ，");
    /* `/` then a chosen character looks it up instead of typing it */
    cmd(&s, CMD_QUERY, 0);
    apptest_type(&s, "yue");
    int first = s.input.ime.n > 0 ? s.input.ime.cand[0].id : -1;
    cmd(&s, CMD_PICK, 1);
    CHECK(s.text.n_chars == 2 && first >= 0 && s.pred.query.id == first && !s.input.query_input,
          "the choice was looked up, not typed");
    app_free(&s);
}

/* y shows and hides the readings; both keys refuse without a table. */
static void test_show_and_no_table(void)
{
    AppState s;
    start(&s);
    cmd(&s, CMD_PINYIN_SHOW, -1);
    CHECK(s.prefs.show_pinyin && !s.view.status_error, "y: on (%s)", s.view.status);
    cmd(&s, CMD_PINYIN_SHOW, -1);
    CHECK(!s.prefs.show_pinyin, "y again: off");
    char r[32];
    app_pinyin_reading(&s, testutil_cp("行"), NULL, r, sizeof r);
    CHECK(strcmp(r, "xíng") == 0, "行's customary reading: %s", r);
    PinyinSyllable q;
    TsErr err;
    pinyin_syllable_parse("hang", &q, &err);
    app_pinyin_reading(&s, testutil_cp("行"), &q, r, sizeof r);
    CHECK(strcmp(r, "háng") == 0, "行 read as typed hang: %s", r);
    CHECK(strcmp(app_pinyin_gloss(&s, testutil_cp("月")), "moon") == 0, "月: moon");
    char pct[32];
    /* the list says a probability as the bars do: two significant digits with
     * a unit, 1 in N below 0.01% (1 / 0.0000049 = 204,082: 200,000) */
    app_prob_text(&s, 0.0000049, 1, pct, sizeof pct);
    CHECK(strcmp(pct, "1 in 200,000") == 0, "a small probability as odds: %s", pct);
    app_prob_text(&s, 0.00030, 1, pct, sizeof pct);
    CHECK(strcmp(pct, "0.030%") == 0, "峰's 0.03%% keeps two digits: %s", pct);
    app_prob_text(&s, 0.0068, 1, pct, sizeof pct);
    CHECK(strcmp(pct, "0.68%") == 0, "0.68%%: %s", pct);
    s.view.lang = LANG_DE; /* as German writes it */
    app_prob_text(&s, 0.0068, 1, pct, sizeof pct);
    CHECK(strcmp(pct, "0,68\xc2\xa0%") == 0, "de 0,68 %%: %s", pct);
    s.view.lang = LANG_EN;
    s.text.pinyin = NULL;
    cmd(&s, CMD_PINYIN_SHOW, 1);
    CHECK(!s.prefs.show_pinyin && s.view.status_error, "no table, no readings: %s", s.view.status);
    cmd(&s, CMD_PINYIN_INPUT, 1);
    CHECK(!s.input.ime.on && s.view.status_error, "no table, no input method: %s", s.view.status);
    apptest_type(&s, "a");
    CHECK(s.text.n_chars == 1, "letters are text outside the input method");
    app_free(&s);
}

/* With the word list, what the screen shows beside a candidate and under the
 * text is the reading and meaning the context gives (CC-CEDICT: 银行 yín háng
 * "bank", 还 huán "to return", 重阳 chóng yáng "Double Ninth"). */
static void test_meanings_in_context(void)
{
    static Pinyin worded;
    TsErr err;
    if (pinyin_load(&worded, "assets/pinyin.tsv", &err) != 0 ||
        pinyin_words_load(&worded, "assets/words.tsv", &err) != 0) {
        CHECK(0, "cannot load the word list: %s", err.msg);
        return;
    }
    AppState s;
    start(&s);
    s.text.pinyin = &worded;
    char r[32];
    apptest_type(&s, "银");
    const char *g = app_pinyin_reading(&s, testutil_cp("行"), NULL, r, sizeof r);
    CHECK(strcmp(r, "háng") == 0 && strstr(g, "bank"), "行 after 银: %s %s", r, g);
    PinyinSyllable q;
    pinyin_syllable_parse("xing", &q, &err); /* the syllable typed asks for xíng */
    g = app_pinyin_reading(&s, testutil_cp("行"), &q, r, sizeof r);
    CHECK(strcmp(r, "xíng") == 0 && strstr(g, "to walk"), "行 typed xing: %s %s", r, g);
    app_free(&s);
    start(&s);
    s.text.pinyin = &worded;
    apptest_type(&s, "重阳还家，一行白鹭，将进酒");
    static const struct {
        int at, start;
        const char *reading, *meaning;
    } WANT[] = {
        {0, 0, "chóng", "Double Ninth"}, {1, 0, "yáng", "Double Ninth"}, {2, 2, "huán", "return"},
        {6, 5, "háng", "egrets"},        {10, 10, "qiāng", "drink"},
    };
    for (size_t k = 0; k < sizeof WANT / sizeof WANT[0]; k++) {
        size_t start;
        app_pinyin_reading_at(&s, (size_t)WANT[k].at, r, sizeof r);
        g = app_pinyin_gloss_at(&s, (size_t)WANT[k].at, &start);
        CHECK(strcmp(r, WANT[k].reading) == 0 && strstr(g, WANT[k].meaning) && (int)start == WANT[k].start,
              "character %d: %s \"%s\" (word from %zu), want %s \"%s\" from %d", WANT[k].at, r, g, start,
              WANT[k].reading, WANT[k].meaning, WANT[k].start);
    }
    app_free(&s);
    pinyin_free(&worded);
}

/* A lesson's replay (app_reset) keeps the mode but not a half-typed syllable. */
static void test_reset_keeps_mode(void)
{
    AppState s;
    start(&s);
    cmd(&s, CMD_PINYIN_SHOW, 1);
    cmd(&s, CMD_PINYIN_INPUT, 1);
    apptest_type(&s, "chu");
    app_reset(&s);
    CHECK(s.prefs.show_pinyin && s.input.ime.on && s.input.ime.typed[0] == 0 && s.input.ime.n == 0,
          "after a reset");
    app_free(&s);
}

/* Typed text: a character still unknown after the conversion is kept,
 * marked, and named, also when there are several (the first named, the
 * rest counted); 風 becomes 风 with a notice. */
static void test_unknown_named(void)
{
    AppState s;
    start(&s);
    app_type_text(&s, "x春z");
    CHECK(s.text.n_chars == 3 && s.text.chars[0].id < 0 && s.text.chars[2].id < 0,
          "both kept, marked");
    CHECK(s.view.status_error && strstr(s.view.status, "'x' (U+0078)") &&
              strstr(s.view.status, "1 more"),
          "the first named, the other counted: %s", s.view.status);
    app_clear_text(&s);
    apptest_type(&s, "春風");
    CHECK(!convert_has_opencc() ||
              (s.text.n_chars == 2 && s.text.chars[1].cp == testutil_cp("风") &&
               strstr(s.view.status, "風 → 风")),
          "風 typed is 风, and the status says so: %s", s.view.status);
    apptest_type(&s, "x");
    CHECK(s.view.status_error && strstr(s.view.status, "'x' (U+0078)"), "one unknown is named: %s",
          s.view.status);
    app_free(&s);
}

int main(void)
{
    testutil_bundled_model(&model);
    testutil_pinyin(&table);
    RUN(test_chun_then_1);
    RUN(test_burst_is_keys);
    RUN(test_ranking_follows_model);
    RUN(test_tone_filters);
    RUN(test_editing);
    RUN(test_show_and_no_table);
    RUN(test_meanings_in_context);
    RUN(test_reset_keeps_mode);
    RUN(test_unknown_named);
    pinyin_free(&table);
    model_free(&model);
    return test_summary();
}
