/* test_app.c - the explorer's AppState and Commands, without a terminal.
 *
 * Every key of the explorer is a Command; these tests send the same Commands
 * the screen would and look at the state. The model is tests/data/tiny.bin
 * (24 characters, context 16); the training text is tests/data/tiny-corpus.txt.
 * References from outside the code under test: the top-8 probabilities of
 * tools/make-fixtures.py (tests/data/tiny-probs.txt), corpus counts recounted
 * here by a plain substring search, a fresh Generator for the logits a
 * take-back must return to, and the model's own pass (infer.h) over the
 * tokens each reading of a prompt must give it.
 */
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
#include "app/labels.h"

static TestFixtures fx;

/* Occurrences of needle in the corpus text, counted without the suffix array. */
static size_t naive_count(const char *needle) { return testutil_count(fx.text, needle); }

static void start(AppState *s) { apptest_start(s, &fx.model); }

static unsigned key(AppState *s, Command c) { return app_apply(s, c, cmd_arg(0)); }

static int id_of(const char *ch) { return vocab_id(&fx.model.vocab, testutil_cp(ch)); }


/* ---- the text ---- */

static void test_empty_start(void)
{
    AppState s;
    start(&s);
    CHECK(s.text.g.n == 1 && s.text.g.prefix == 1, "an empty text is a newline: n %zu prefix %zu",
          s.text.g.n, s.text.g.prefix);
    CHECK(s.pred.n_top == APP_TOP, "%d candidates", s.pred.n_top);
    for (int k = 1; k < s.pred.n_top; k++)
        CHECK(s.pred.top[k].p <= s.pred.top[k - 1].p, "bars out of order at %d", k);
    CHECK(s.view.status[0] != 0, "a welcome in the status line");
    /* the default set of README and --help, the commands' too */
    CHECK(s.text.g.use_cache == 1 && s.view.set.temperature == 0.8f && s.view.set.top_k == 0 &&
              s.view.set.top_p == 1.0f && s.view.set.min_p == 0.0f &&
              s.view.set.repetition_penalty == 1.0f && s.view.seed == 1,
          "defaults: temperature %g, top-k %d, top-p %g, min-p %g, penalty %g, seed %llu",
          (double)s.view.set.temperature, s.view.set.top_k, (double)s.view.set.top_p,
          (double)s.view.set.min_p, (double)s.view.set.repetition_penalty,
          (unsigned long long)s.view.seed);
    app_free(&s);
}

/* The fixture's top 8 for the prompt whose UTF-8 bytes are `hex`. Returns
 * how many lines it found. */
static int fixture_top8(const char *hex, int ids[8], double want[8])
{
    FILE *f = fopen(TEST_DATA("tiny-probs.txt"), "r");
    CHECK(f != NULL, "cannot open tiny-probs.txt");
    if (!f)
        return 0;
    char line[256];
    int n = 0, in_prompt = 0;
    size_t len = strlen(hex);
    while (fgets(line, sizeof line, f) && n < 8) {
        if (strncmp(line, "prompt ", 7) == 0)
            in_prompt = strncmp(line + 7, hex, len) == 0 && line[7 + len] == '\n';
        else if (in_prompt && sscanf(line, "top %*d %d %*s %lf", &ids[n], &want[n]) == 2)
            n++;
    }
    fclose(f);
    return n;
}

static void check_top8(const AppState *s, const char *hex, const char *what)
{
    int ids[8];
    double want[8];
    int n = fixture_top8(hex, ids, want);
    CHECK(n == 8, "fixture has %d lines for %s", n, what);
    for (int k = 0; k < n; k++) {
        CHECK(s->pred.top[k].id == ids[k], "%s, rank %d: id %d, want %d", what, k + 1,
              s->pred.top[k].id, ids[k]);
        CHECK(fabs((double)s->pred.top[k].p - want[k]) < 1e-5, "%s, rank %d: p %.7f, want %.7f",
              what, k + 1, (double)s->pred.top[k].p, want[k]);
    }
}

/* Typing gives the fixture's top 8 (float64 reference, to 1e-5): 白日 at the
 * start of a poem is the fixture's "\n白日"; 春风 as a fragment (n) is its
 * "春风". */
static void test_type_matches_fixture(void)
{
    AppState first;
    start(&first);
    unsigned r = app_apply(&first, CMD_TYPE, cmd_arg((long)testutil_cp("春")));
    CHECK((r & REDRAW_PROMPT) && (r & REDRAW_PROBS), "typing redraws the text and the bars (%u)", r);
    app_free(&first);
    AppState s;
    start(&s);
    apptest_type(&s, "白日");
    CHECK(s.text.g.n == 3 && s.text.g.prefix == 1, "a typed prompt starts a poem: n %zu",
          s.text.g.n);
    check_top8(&s, "0ae799bde697a5", "\\n白日"); /* newline 白日 */
    app_free(&s);
    start(&s);
    app_apply(&s, CMD_MID_TEXT, cmd_arg(1));
    apptest_type(&s, "春风");
    CHECK(s.text.g.n == 2 && s.text.g.prefix == 0, "mid-text: the prompt is read as it is: n %zu",
          s.text.g.n);
    check_top8(&s, "e698a5e9a38e", "春风"); /* 春风 */
    app_free(&s);
}

static void test_unknown_character(void)
{
    AppState a, b;
    start(&a);
    start(&b);
    apptest_type(&a, "春x风");
    apptest_type(&b, "春风");
    CHECK(a.text.n_chars == 3 && a.text.chars[1].id == -1,
          "the unknown x stays in the text, marked");
    CHECK(a.text.g.n == 3, "the model reads only a newline and 春风: %zu", a.text.g.n);
    CHECK(memcmp(a.pred.probs, b.pred.probs, sizeof(float) * (size_t)fx.model.cfg.vocab_size) == 0,
          "the same prediction as without the x");
    CHECK(app_char_text_index(&a, 1) == -1 && app_char_text_index(&a, 2) == 2, "text indices");
    /* the explanation is in the status until the next known character */
    apptest_type(&a, "x");
    CHECK(a.view.status_error && strstr(a.view.status, "U+0078") != NULL, "status: %s",
          a.view.status);
    key(&a, CMD_BACKSPACE);
    key(&a, CMD_BACKSPACE);
    CHECK(a.text.n_chars == 2 && a.text.g.n == 2, "x took back without touching the model: %zu",
          a.text.g.n);
    app_free(&a);
    app_free(&b);
}

/* The messages view's list: every message that said something went wrong,
 * whole (longer than the status line holds), newest first; the same one
 * said twice kept once, or replaced by itself with where it came from in
 * front; the oldest leave past APP_MSGS_KEPT; news that is no error is not
 * kept. The arrows scroll the open view within what the screen said. */
static void test_messages_kept(void)
{
    AppState s;
    start(&s);
    CHECK(app_message(&s, 0) == NULL, "no message at the start");
    app_status(&s, 0, "wrote 7 characters");
    CHECK(app_message(&s, 0) == NULL, "news is not kept: %s", app_message(&s, 0));
    char longer[APP_STATUS_MAX * 2];
    memset(longer, 'a', sizeof longer - 2);
    longer[sizeof longer - 2] = 'z';
    longer[sizeof longer - 1] = 0;
    app_status(&s, 1, "%s", longer);
    CHECK(app_message(&s, 0) && strcmp(app_message(&s, 0), longer) == 0 &&
              strlen(s.view.status) < APP_STATUS_MAX,
          "kept whole, the status line holds its start");
    app_status(&s, 1, "step 1: no answer");
    app_status(&s, 1, "step 1: no answer");
    CHECK(strcmp(app_message(&s, 0), "step 1: no answer") == 0 && app_message(&s, 1)[0] == 'a' &&
              app_message(&s, 2) == NULL,
          "twice kept once, newest first");
    app_status(&s, 1, "stage: step 1: no answer");
    CHECK(strcmp(app_message(&s, 0), "stage: step 1: no answer") == 0 && app_message(&s, 2) == NULL,
          "the same with its source in front takes its place: %s", app_message(&s, 0));
    for (int i = 0; i < APP_MSGS_KEPT; i++)
        app_status(&s, 1, "error %d", i);
    char want[32];
    snprintf(want, sizeof want, "error %d", APP_MSGS_KEPT - 1);
    CHECK(strcmp(app_message(&s, 0), want) == 0 && strcmp(app_message(&s, APP_MSGS_KEPT - 1), "error 0") == 0 &&
              app_message(&s, APP_MSGS_KEPT) == NULL,
          "the last %d kept, the oldest gone", APP_MSGS_KEPT);
    /* the arrows: nothing while neither view is open, then within views.top_max */
    CHECK(app_apply(&s, CMD_VIEW_SCROLL, cmd_arg(1)) == REDRAW_NONE && s.view.views.top == 0,
          "closed: no scroll");
    app_apply(&s, CMD_VIEW, cmd_arg(VIEW_MESSAGES));
    s.view.views.top_max = 2;
    app_apply(&s, CMD_VIEW_SCROLL, cmd_arg(1));
    app_apply(&s, CMD_VIEW_SCROLL, cmd_arg(5));
    CHECK(s.view.views.top == 2, "scrolled to the last row the screen holds: %d", s.view.views.top);
    app_apply(&s, CMD_VIEW_SCROLL, cmd_arg(-9));
    CHECK(s.view.views.top == 0, "and back to the first: %d", s.view.views.top);
    app_apply(&s, CMD_VIEW_SCROLL, cmd_arg(1));
    app_apply(&s, CMD_VIEW, cmd_arg(VIEW_MESSAGES));
    app_apply(&s, CMD_VIEW, cmd_arg(VIEW_READING));
    CHECK(s.view.views.top == 0 && app_view_is_open(&s.view.views, VIEW_READING),
          "a view opens at its start");
    app_free(&s);
}

/* Forgiving input: traditional characters and ASCII punctuation typed or
 * pasted become what the model knows (風 风, , ，, ? 。), the status says
 * so, and a character still unknown is kept and named. The pairs are the
 * standard simplifications; the fixture model knows 风 云 无 ， 。 only. */
static void test_forgiving_input(void)
{
    if (!convert_has_opencc()) {
        SKIP("a build without OpenCC (make OPENCC=0; test_without_opencc checks it)");
        return;
    }
    AppState a, b;
    start(&a);
    start(&b);
    apptest_type(&a, "春風");
    apptest_type(&b, "春风");
    CHECK(a.text.n_chars == 2 && a.text.chars[1].cp == testutil_cp("风") &&
              a.text.chars[1].id == id_of("风"),
          "風 typed is 风 in the text");
    CHECK(a.text.g.n == b.text.g.n && memcmp(a.pred.probs, b.pred.probs,
                                   sizeof(float) * (size_t)fx.model.cfg.vocab_size) == 0,
          "春風 gives the prediction of 春风");
    CHECK(!a.view.status_error && strstr(a.view.status, "風 → 风") != NULL, "status: %s",
          a.view.status);
    apptest_type(&a, "月");
    CHECK(a.view.status[0] == 0, "a known character clears the notice: %s", a.view.status);
    apptest_type(&a, ",");
    CHECK(a.text.chars[a.text.n_chars - 1].cp == 0xFF0C && strstr(a.view.status, ", → ，"),
          ", is ，: %s", a.view.status);
    apptest_type(&a, "?");
    CHECK(a.text.chars[a.text.n_chars - 1].cp == 0x3002 && strstr(a.view.status, "? → 。"),
          "? is 。: %s", a.view.status);
    app_free(&a);
    app_free(&b);

    /* a pasted or --prompt text: one notice for all of it */
    start(&a);
    app_type_text(&a, "春風,明月?");
    char text[64];
    apptest_text(&a, text, sizeof text);
    CHECK(strcmp(text, "春风，明月。") == 0, "text %s", text);
    CHECK(strstr(a.view.status, "風 → 风, , → ，, ? → 。") != NULL, "status: %s", a.view.status);
    app_free(&a);

    /* 貓 becomes 猫, which this model does not know either: 貓 stays, named */
    start(&a);
    app_type_text(&a, "春貓");
    CHECK(a.text.n_chars == 2 && a.text.chars[1].cp == testutil_cp("貓") && a.text.chars[1].id == -1,
          "an unknown character is kept as typed, marked");
    CHECK(a.view.status_error && strstr(a.view.status, "U+8C93") != NULL, "status names it: %s",
          a.view.status);
    app_free(&a);

    /* the look-up `/` reads 風 as 风 too */
    start(&a);
    apptest_type(&a, "春");
    key(&a, CMD_QUERY);
    apptest_type(&a, "風");
    CHECK(a.pred.query.cp == testutil_cp("风") && a.pred.query.id == id_of("风"), "query %x",
          (unsigned)a.pred.query.cp);
    CHECK(a.text.n_chars == 1, "the query is not text");
    app_free(&a);
}

/* Without OpenCC's data, or in a build without OpenCC (make OPENCC=0): 風
 * stays, marked, punctuation is still converted, and the status says why;
 * in the build without, what to install. */
static void test_without_opencc(void)
{
    AppState a;
    start(&a);
    a.text.conv.config = "/nonexistent/t2s.json";
    apptest_type(&a, "春風,");
    CHECK(a.text.n_chars == 3 && a.text.chars[1].cp == testutil_cp("風") && a.text.chars[1].id == -1,
          "風 kept unconverted");
    CHECK(a.text.chars[2].cp == 0xFF0C, "punctuation still converted");
    app_free(&a);
    start(&a);
    a.text.conv.config = "/nonexistent/t2s.json";
    apptest_type(&a, "風");
    CHECK(a.view.status_error && strstr(a.view.status, "OpenCC") && strstr(a.view.status, "U+98A8"),
          "status: %s", a.view.status);
    CHECK(convert_has_opencc() || strstr(a.view.status, "install OpenCC"),
          "a build without OpenCC says what to install: %s", a.view.status);
    app_free(&a);
}

/* The model as an input method: the characters reading a syllable, with the
 * current prediction's probabilities. The fixture model's only chun is 春,
 * its only yue 月 (readings from assets/pinyin.tsv; any dictionary agrees). */
static void test_pinyin_rank(void)
{
    AppState s;
    start(&s);
    PinyinCandidate c[8];
    TsErr err;
    CHECK_REFUSED(app_pinyin_rank(&s, "chun", c, 8, &err) == -1, err.msg, "no pinyin table");
    Pinyin py;
    if (pinyin_load(&py, "assets/pinyin.tsv", &err) != 0) {
        CHECK(0, "%s", err.msg);
        app_free(&s);
        return;
    }
    s.text.pinyin = &py;
    apptest_type(&s, "春");
    int n = app_pinyin_rank(&s, "yue4", c, 8, &err);
    CHECK(n == 1 && c[0].id == id_of("月") && c[0].p == s.pred.probs[id_of("月")],
          "yue4 after 春: %d", n);
    float before = c[0].p;
    apptest_type(&s, "风");
    n = app_pinyin_rank(&s, "yuè", c, 8, &err);
    CHECK(n == 1 && c[0].p == s.pred.probs[id_of("月")] && c[0].p != before,
          "the probability follows the prediction");
    CHECK(app_pinyin_rank(&s, "yue1", c, 8, &err) == 0, "月 is not yuē");
    CHECK_REFUSED(app_pinyin_rank(&s, "yue9", c, 8, &err) == -1, err.msg, "not a pinyin syllable");
    app_free(&s);
    pinyin_free(&py);
}

/* Backspace rolls the cache back: the logits are those of a fresh run over
 * the shorter text, and only one position is computed to get them. */
static void test_take_back_rolls_back(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风花月");
    CHECK(s.text.g.inf.len == 5, "a newline and 4 characters cached: %d", s.text.g.inf.len);
    long rows = s.text.g.forward_rows;
    key(&s, CMD_BACKSPACE);
    CHECK(s.text.n_chars == 3 && s.text.g.n == 4, "3 characters left");
    CHECK(s.pred.predict_rows == 1 && s.text.g.forward_rows == rows + 1,
          "one position recomputed, not %ld", s.text.g.forward_rows - rows);
    CHECK(strstr(s.view.status, "4") != NULL, "status says what the cache keeps: %s",
          s.view.status);

    Generator fresh;
    TsErr err;
    gen_init(&fresh, &fx.model, 0, &err);
    int ids[4] = {id_of("\n"), id_of("春"), id_of("风"), id_of("花")};
    gen_start(&fresh, ids, 4, PROMPT_MID_TEXT, &err);
    const float *want = gen_logits(&fresh, NULL);
    CHECK(memcmp(want, s.text.g.inf.logits, sizeof(float) * (size_t)fx.model.cfg.vocab_size) == 0,
          "take-back logits equal a fresh full pass");
    gen_free(&fresh);

    key(&s, CMD_BACKSPACE);
    key(&s, CMD_BACKSPACE);
    key(&s, CMD_BACKSPACE);
    CHECK(s.text.n_chars == 0 && s.text.g.n == 1 && s.text.g.prefix == 1,
          "all back: the empty text again");
    key(&s, CMD_BACKSPACE);
    CHECK(s.text.n_chars == 0, "nothing more to take back");
    app_free(&s);
}

static void test_clear(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风花");
    key(&s, CMD_CLEAR);
    CHECK(s.text.n_chars == 0 && s.text.g.n == 1 && s.text.g.prefix == 1,
          "Ctrl-U empties the text");
    app_free(&s);
}

/* The window: beyond the context of 16 the explorer shifts (the default
 * policy). A newline and 15 characters fill the 16 positions; the 16th
 * character makes 17 tokens, one too many, so the window moves on to the
 * newest 8, tokens 9..16 (token i is typed character i, chars[i - 1]). With
 * the 20th character it has grown to 12 tokens, 9..20. */
static void test_window_slides(void)
{
    AppState s;
    start(&s);
    const char *text = "春风花月明人山水白日云天江夜不无一千里秋";
    apptest_type(&s, text);
    CHECK(s.text.g.n == 21 && app_window_start(&s) == 9,
          "a newline and 20: window starts at 9: %zu", app_window_start(&s));
    CHECK(!app_char_in_window(&s, 7) && app_char_in_window(&s, 8), "window edge");
    Generator fresh;
    TsErr err;
    gen_init(&fresh, &fx.model, 0, &err);
    gen_start(&fresh, s.text.g.text + 9, 12, PROMPT_MID_TEXT, &err);
    CHECK(memcmp(gen_logits(&fresh, NULL), s.text.g.inf.logits,
                 sizeof(float) * (size_t)fx.model.cfg.vocab_size) == 0,
          "the prediction reads the last 12 characters");
    gen_free(&fresh);
    app_free(&s);
}

/* ---- sliders ---- */

static void press(AppState *s, Command c, SliderId id, int times)
{
    for (int i = 0; i < times; i++)
        app_apply(s, c, cmd_arg(id));
}

static void test_slider_bounds(void)
{
    AppState s;
    start(&s);
    press(&s, CMD_SLIDER_UP, SL_TEMPERATURE, 50);
    CHECK(fabsf(s.view.set.temperature - 2.0f) < 1e-6f, "T stops at 2: %g",
          (double)s.view.set.temperature);
    press(&s, CMD_SLIDER_DOWN, SL_TEMPERATURE, 50);
    CHECK(s.view.set.temperature == 0.0f, "t stops at 0: %g", (double)s.view.set.temperature);
    press(&s, CMD_SLIDER_UP, SL_TOP_K, 100);
    CHECK(s.view.set.top_k == 200, "K stops at 200: %d", s.view.set.top_k);
    press(&s, CMD_SLIDER_DOWN, SL_TOP_K, 100);
    CHECK(s.view.set.top_k == 0, "k stops at off: %d", s.view.set.top_k);
    press(&s, CMD_SLIDER_DOWN, SL_TOP_P, 50);
    CHECK(fabsf(s.view.set.top_p - 0.05f) < 1e-6f, "p stops at 0.05: %g", (double)s.view.set.top_p);
    press(&s, CMD_SLIDER_UP, SL_TOP_P, 50);
    CHECK(s.view.set.top_p == 1.0f, "P stops at 1: %g", (double)s.view.set.top_p);
    press(&s, CMD_SLIDER_UP, SL_MIN_P, 100);
    CHECK(s.view.set.min_p == 1.0f, "M stops at 1: %g", (double)s.view.set.min_p);
    press(&s, CMD_SLIDER_DOWN, SL_MIN_P, 100);
    CHECK(s.view.set.min_p == 0.0f, "m stops at 0: %g", (double)s.view.set.min_p);
    /* up then down returns exactly */
    press(&s, CMD_SLIDER_UP, SL_MIN_P, 13);
    press(&s, CMD_SLIDER_DOWN, SL_MIN_P, 13);
    CHECK(s.view.set.min_p == 0.0f, "min-p back to 0: %g", (double)s.view.set.min_p);
    char v[16];
    app_slider_format(&s, SL_TOP_K, v, sizeof v);
    CHECK(strcmp(v, "off") == 0, "top-k 0 reads off: %s", v);
    /* the mouse sets any value in range, clamped */
    app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_TEMPERATURE, .x = 1.234});
    CHECK(fabsf(s.view.set.temperature - 1.23f) < 1e-6f, "set 1.23: %g",
          (double)s.view.set.temperature);
    app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_TOP_P, .x = -3.0});
    CHECK(fabsf(s.view.set.top_p - 0.05f) < 1e-6f, "clamped to 0.05");
    app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_TOP_K, .x = 57.6});
    CHECK(s.view.set.top_k == 58, "top-k rounds: %d", s.view.set.top_k);
    app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_COUNT, .x = 1.0});
    CHECK(s.view.set.top_k == 58, "a bad slider id changes nothing");
    app_free(&s);
}

static void test_slider_selection(void)
{
    AppState s;
    start(&s);
    CHECK(s.view.slider == SL_TEMPERATURE, "temperature selected first");
    key(&s, CMD_SLIDER_NEXT);
    CHECK(s.view.slider == SL_TOP_K, "Tab: top-k");
    key(&s, CMD_SELECTED_UP);
    CHECK(s.view.set.top_k == 1, "Right raises top-k to 1: %d", s.view.set.top_k);
    key(&s, CMD_SLIDER_PREV);
    key(&s, CMD_SLIDER_PREV);
    CHECK(s.view.slider == SL_PENALTY, "Shift-Tab wraps to the penalty: %d", s.view.slider);
    key(&s, CMD_SELECTED_UP);
    CHECK(fabsf(s.view.set.repetition_penalty - 1.1f) < 1e-6f,
          "Right raises the penalty by 0.1: %g", (double)s.view.set.repetition_penalty);
    key(&s, CMD_SELECTED_DOWN);
    CHECK(s.view.set.repetition_penalty == 1.0f, "Left: back to off");
    key(&s, CMD_SELECTED_DOWN);
    CHECK(s.view.set.repetition_penalty == 1.0f, "the penalty stops at off (1)");
    key(&s, CMD_SLIDER_PREV);
    CHECK(s.view.slider == SL_SEED, "then the seed: %d", s.view.slider);
    uint64_t seed = s.view.seed;
    key(&s, CMD_SELECTED_UP);
    CHECK(s.view.seed == seed + 1, "Right on the seed: %llu", (unsigned long long)s.view.seed);
    key(&s, CMD_NEW_SEED);
    CHECK(s.view.seed == seed + 2, "s: a new seed");
    app_apply(&s, CMD_SLIDER_DOWN, cmd_arg(SL_MIN_P));
    CHECK(s.view.slider == SL_MIN_P, "a slider key selects its slider");
    unsigned r = app_apply(&s, CMD_SLIDER_SELECT, cmd_arg(SL_TOP_P));
    CHECK(s.view.slider == SL_TOP_P && r == REDRAW_SLIDERS, "a click on a name selects (%u)", r);
    r = key(&s, CMD_SELECTED_DOWN);
    CHECK(fabsf(s.view.set.top_p - 0.95f) < 1e-6f, "Left lowers top-p: %g",
          (double)s.view.set.top_p);
    CHECK((r & REDRAW_PROBS) && (r & REDRAW_SLIDERS), "a slider move redraws the bars (%u)", r);
    app_free(&s);
}

/* The sampler column moves with the sliders; the model's bars do not. */
static void test_sampler_column(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风");
    app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_TEMPERATURE, .x = 1.0});
    float p0 = s.pred.top[0].p, ps0 = s.pred.top[0].p_sampler;
    CHECK(fabsf(p0 - ps0) < 1e-6f, "at temperature 1 with no filter the columns agree");
    press(&s, CMD_SLIDER_UP, SL_TEMPERATURE, 5);
    CHECK(s.pred.top[0].p == p0, "the model's bar stays");
    CHECK(s.pred.top[0].p_sampler < ps0, "hotter: the top candidate loses (%g -> %g)", (double)ps0,
          (double)s.pred.top[0].p_sampler);
    app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_TEMPERATURE, .x = 0.0});
    CHECK(s.pred.top[0].p_sampler == 1.0f && s.pred.ss.kept == 1, "temperature 0: greedy");
    /* "removes" counts the temperature too: all the model gave the others */
    CHECK(fabs(s.pred.stages.removed_total - (1.0 - (double)p0)) < 1e-5 &&
              fabs(s.pred.stages.removed[STAGE_TEMPERATURE] - (1.0 - (double)p0)) < 1e-5,
          "temperature 0 removes %g (at the temperature %g), want 1 - %g", s.pred.stages.removed_total,
          s.pred.stages.removed[STAGE_TEMPERATURE], (double)p0);
    CHECK(s.pred.stages.entropy_final == 0.0 && s.pred.stages.entropy_model > 0.0,
          "greedy: entropy after the sampler 0, the model's %g", s.pred.stages.entropy_model);
    CHECK(fabsf(s.pred.top[0].stage[STAGE_MODEL] - p0) < 1e-6f && s.pred.top[0].stage[STAGE_TEMPERATURE] == 1.0f &&
              s.pred.top[1].stage[STAGE_TEMPERATURE] == 0.0f,
          "per candidate: model %g, after the temperature %g and %g",
          (double)s.pred.top[0].stage[STAGE_MODEL], (double)s.pred.top[0].stage[STAGE_TEMPERATURE],
          (double)s.pred.top[1].stage[STAGE_TEMPERATURE]);
    app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_TEMPERATURE, .x = 1.0});
    app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_TOP_K, .x = 3});
    CHECK(s.pred.ss.kept == 3 && s.pred.top[3].p_sampler == 0.0f, "top-k 3 keeps 3");
    double removed = 1.0 - (s.pred.top[0].p + s.pred.top[1].p + s.pred.top[2].p);
    CHECK(fabs((double)s.pred.ss.filtered - removed) < 1e-5, "removed mass %g, want %g",
          (double)s.pred.ss.filtered, removed);
    CHECK(s.pred.entropy > 0.0, "entropy");
    app_free(&s);
}

/* ---- writing ---- */

static void test_space_and_pick(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春");
    int want = s.pred.top[1].id;
    app_apply(&s, CMD_PICK, cmd_arg(2));
    CHECK(s.text.n_chars == 2 && s.text.chars[1].id == want &&
              s.text.chars[1].origin == ORIGIN_PICKED,
          "2 appends the second candidate");
    key(&s, CMD_SAMPLE);
    CHECK(s.text.n_chars == 3 && s.text.chars[2].origin == ORIGIN_MODEL && s.text.g.n == 4,
          "Space appends one");
    app_apply(&s, CMD_PICK, cmd_arg(9));
    CHECK(s.text.n_chars == 3 && s.view.status_error, "there is no candidate 9");
    /* three steps and one back: the e2e test's sequence */
    key(&s, CMD_SAMPLE);
    key(&s, CMD_SAMPLE);
    key(&s, CMD_SAMPLE);
    key(&s, CMD_BACKSPACE);
    CHECK(s.text.n_chars == 5 && s.text.g.n == 6 && s.text.g.inf.len == 6,
          "after 3 steps and 1 back: %zu, %d", s.text.n_chars, s.text.g.inf.len);
    app_free(&s);
}

/* Enter writes until the newline; the same seed writes the same poem. */
static void test_write_same_seed(void)
{
    AppState s;
    start(&s);
    char first[4096], second[4096];
    apptest_type(&s, "春风");
    key(&s, CMD_WRITE);
    CHECK(s.job.kind == JOB_WRITE && app_job_interval_ms(&s) > 0, "Enter starts writing");
    apptest_run_job(&s);
    CHECK(s.text.n_chars > 2, "wrote something");
    AppChar last = s.text.chars[s.text.n_chars - 1];
    CHECK(last.cp == '\n' || s.text.n_chars - 2 == APP_POEM_MAX,
          "ends at the newline or the limit");
    apptest_text(&s, first, sizeof first);
    key(&s, CMD_CLEAR);
    apptest_type(&s, "春风");
    key(&s, CMD_WRITE);
    apptest_run_job(&s);
    apptest_text(&s, second, sizeof second);
    CHECK(strcmp(first, second) == 0, "same seed, same poem:\n  %s\n  %s", first, second);
    /* Esc stops */
    key(&s, CMD_CLEAR);
    key(&s, CMD_WRITE);
    key(&s, CMD_TICK);
    key(&s, CMD_STOP);
    CHECK(s.job.kind == JOB_NONE && s.text.n_chars == 1, "Esc stopped after one: %zu",
          s.text.n_chars);
    app_free(&s);
}

/* ---- verse forms ---- */

static void test_jueju_mask_visible(void)
{
    AppState s;
    start(&s);
    key(&s, CMD_MODE_JUEJU);
    CHECK(s.view.mode.kind == FORM_JUEJU && s.view.mode.line_len == 7, "j: jueju of 7");
    CHECK(s.text.g.prefix == 1, "a poem starts after a newline");
    for (int k = 0; k < s.pred.n_top; k++) {
        const Candidate *c = &s.pred.top[k];
        uint32_t cp = vocab_cp(&fx.model.vocab, c->id);
        int han = is_han(cp);
        CHECK(c->blocked == !han, "candidate %d (U+%04X): blocked %d", k, (unsigned)cp, c->blocked);
        if (c->blocked)
            CHECK(c->p > 0.0f && c->p_sampler == 0.0f, "blocked: held %g, now 0", (double)c->p);
    }
    int han = 0;
    for (int i = 0; i < fx.model.vocab.size; i++)
        han += is_han(fx.model.vocab.cps[i]) != 0;
    CHECK(han == 20 && s.pred.n_allowed == han, "the 20 Han characters allowed: %d", s.pred.n_allowed);
    CHECK(s.pred.ss.blocked > 0.0f, "the mask removes probability: %g", (double)s.pred.ss.blocked);
    apptest_type(&s, "，");
    CHECK(s.text.n_chars == 0 && s.view.status_error, "a comma cannot open a line: %s",
          s.view.status);
    for (int i = 0; i < 7; i++)
        key(&s, CMD_SAMPLE);
    CHECK(s.pred.n_allowed == 1 && s.pred.allowed[id_of("，")], "after 7: only the comma");
    key(&s, CMD_BACKSPACE);
    CHECK(s.pred.n_allowed == han && s.view.mode.now.col == 6, "take-back replays the form: col %d",
          s.view.mode.now.col);
    key(&s, CMD_MODE_JUEJU);
    CHECK(s.view.mode.line_len == 5 && s.text.n_chars == 0, "j again: 5 a line, a new poem");
    key(&s, CMD_WRITE);
    apptest_run_job(&s);
    uint32_t cps[64];
    size_t n = 0;
    for (size_t i = 0; i < s.text.n_chars && s.text.chars[i].cp != '\n' && n < 64; i++)
        cps[n++] = s.text.chars[i].cp;
    CHECK(n == 24 && poem_well_formed(cps, n), "a jueju of 5: %zu characters", n);
    CHECK(s.view.mode.now.done, "the form is done");
    key(&s, CMD_SAMPLE);
    CHECK(s.text.n_chars == 25, "nothing after the end");
    app_free(&s);
}

static void test_acrostic(void)
{
    AppState s;
    start(&s);
    key(&s, CMD_MODE_ACROSTIC);
    CHECK(s.view.mode.kind == FORM_FREE && s.view.status_error, "a needs heads typed first");
    apptest_type(&s, "春x风");
    key(&s, CMD_MODE_ACROSTIC);
    CHECK(s.view.mode.kind == FORM_ACROSTIC && strcmp(s.view.mode.heads, "春风") == 0,
          "the prompt's known Han characters are the heads: %s", s.view.mode.heads);
    CHECK(s.text.n_chars == 0 && s.pred.n_allowed == 1 && s.pred.allowed[id_of("春")],
          "the first line must open with 春");
    for (int k = 0; k < s.pred.n_top; k++)
        CHECK(s.pred.top[k].blocked == (s.pred.top[k].id != id_of("春")), "only 春 unblocked");
    key(&s, CMD_MODE_ACROSTIC);
    CHECK(s.view.mode.line_len == 5, "a again: 5 a line");
    key(&s, CMD_WRITE);
    apptest_run_job(&s);
    CHECK(s.text.n_chars == 13 && s.text.chars[0].cp == testutil_cp("春") &&
              s.text.chars[6].cp == testutil_cp("风"),
          "两句 of 5 on 春风: %zu characters", s.text.n_chars);
    CHECK(s.text.chars[5].cp == testutil_cp("，") && s.text.chars[11].cp == testutil_cp("。"),
          "marks ，。");
    key(&s, CMD_MODE_FREE);
    CHECK(s.view.mode.kind == FORM_FREE && s.text.n_chars == 13,
          "f: the text stays, the constraint goes");
    app_free(&s);
}

/* ---- what the panels show ---- */

static void test_histogram(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风");
    app_apply(&s, CMD_VIEW, cmd_arg(VIEW_HISTOGRAM));
    int sum = s.pred.hist_other;
    for (int k = 0; k < s.pred.n_top; k++)
        sum += s.pred.top[k].hist;
    CHECK(sum == APP_HIST_DRAWS, "the histogram sums to %d", sum);
    /* the draws follow the sampler: the top candidate near its probability */
    double share = s.pred.top[0].hist / (double)APP_HIST_DRAWS, p = s.pred.top[0].p_sampler;
    CHECK(fabs(share - p) < 4.0 * sqrt(p * (1 - p) / APP_HIST_DRAWS) + 0.01,
          "top share %.3f vs p %.3f", share, p);
    app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_TEMPERATURE, .x = 0.0});
    CHECK(s.pred.top[0].hist == APP_HIST_DRAWS, "greedy: all on the top: %d", s.pred.top[0].hist);
    app_apply(&s, CMD_VIEW, cmd_arg(VIEW_HISTOGRAM));
    CHECK(!app_view_is_open(&s.view.views, VIEW_HISTOGRAM) && s.pred.top[0].hist == 0,
          "h again: off");
    app_free(&s);
}

/* The histogram draws as Space does: numbers from the seed's own generator,
 * each landing where the running sum of the final distribution, walked in id
 * order, first passes it. Recounted here with a plain walk. */
static void test_histogram_draws_as_space(void)
{
    AppState s;
    start(&s);
    app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_TEMPERATURE, .x = 1.5});
    apptest_type(&s, "明月");
    app_apply(&s, CMD_VIEW, cmd_arg(VIEW_HISTOGRAM));
    int V = fx.model.cfg.vocab_size, want_other = 0, want[APP_TOP] = {0};
    Rng r;
    rng_seed(&r, s.view.seed);
    for (int d = 0; d < APP_HIST_DRAWS; d++) {
        double coin = rng_float(&r), run = 0.0;
        int id = -1, last = -1;
        for (int i = 0; i < V && id < 0; i++) {
            if (s.pred.ss.final[i] <= 0.0f)
                continue;
            run += s.pred.ss.final[i];
            last = i;
            if (run > coin)
                id = i;
        }
        id = id < 0 ? last : id;
        int k = 0;
        while (k < s.pred.n_top && s.pred.top[k].id != id)
            k++;
        if (k < s.pred.n_top)
            want[k]++;
        else
            want_other++;
    }
    for (int k = 0; k < s.pred.n_top; k++)
        CHECK(s.pred.top[k].hist == want[k], "candidate %d drawn %d times, want %d", k + 1,
              s.pred.top[k].hist, want[k]);
    CHECK(s.pred.hist_other == want_other, "others drawn %d times, want %d", s.pred.hist_other,
          want_other);
    app_free(&s);
}

/* The bars are the next-character view `probs` computes (nextview.h): the
 * same text on a Generator of its own, the same settings, form and training
 * text, give the same numbers to the bit. */
static void test_bars_are_the_view(void)
{
    AppState s;
    start(&s);
    app_set_corpus(&s, &fx.corpus, CORPUS_READY);
    apptest_type(&s, "春风花");
    app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_TEMPERATURE, .x = 0.7});
    app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_TOP_P, .x = 0.9});
    s.view.set.repetition_penalty = 1.3f;
    app_mode_set_length(&s, FORM_JUEJU, 5);
    app_predict(&s);
    TsErr err;
    Generator g;
    NextView v;
    int ids[3];
    for (int i = 0; i < 3; i++)
        ids[i] = s.text.chars[i].id;
    CHECK(gen_init(&g, &fx.model, 1, &err) == 0 && nextview_init(&v, &fx.model, &g.ss, &err) == 0 &&
              gen_start(&g, ids, 3, PROMPT_POEM_START, &err) == 0 &&
              nextview_compute(&v, &g, &s.view.set, &s.view.mode.now, &fx.corpus, &err) == 0,
          "%s", err.msg);
    const Prediction *p = &s.pred;
    CHECK(p->n_top == v.n_top && p->entropy == v.entropy && p->sampler_ok == v.sampler_ok &&
              p->n_allowed == v.n_allowed && memcmp(&p->stages, &v.stages, sizeof v.stages) == 0,
          "entropy %g / %g, allowed %d / %d", p->entropy, v.entropy, p->n_allowed, v.n_allowed);
    CHECK(p->suffix_len == v.suffix_len && p->suffix_total == v.suffix_total &&
              p->suffix_start == v.suffix_start,
          "suffix %zu x %zu / %zu x %zu", p->suffix_len, p->suffix_total, v.suffix_len,
          v.suffix_total);
    for (int k = 0; k < v.n_top; k++) {
        const Candidate *a = &p->top[k];
        const NextCandidate *b = &v.top[k];
        CHECK(a->id == b->id && a->p == b->p && a->p_sampler == b->p_sampler &&
                  a->blocked == b->blocked && a->corpus_count == b->corpus_count &&
                  memcmp(a->stage, b->stage, sizeof a->stage) == 0,
              "bar %d: id %d / %d, p %g / %g, after %g / %g, count %zu / %zu", k + 1, a->id, b->id,
              (double)a->p, (double)b->p, (double)a->p_sampler, (double)b->p_sampler,
              a->corpus_count, b->corpus_count);
    }
    CHECK(v.sampler_ok && v.stages.kept[STAGE_TOP_P] < fx.model.cfg.vocab_size,
          "the settings should filter: kept %d", v.stages.kept[STAGE_TOP_P]);
    nextview_free(&v);
    gen_free(&g);
    app_free(&s);
}

/* How often "context then each candidate" occurs, recounted by substring. */
static void check_corpus_counts(const AppState *s, const char *context)
{
    for (int k = 0; k < s->pred.n_top; k++) {
        char needle[32];
        size_t len = (size_t)snprintf(needle, sizeof needle, "%s", context);
        needle[len + (size_t)utf8_encode(vocab_cp(&fx.model.vocab, s->pred.top[k].id), needle + len)] = 0;
        CHECK(s->pred.top[k].corpus_count == naive_count(needle), "%s: %zu, want %zu", needle,
              s->pred.top[k].corpus_count, naive_count(needle));
    }
}

/* The training-text column counts the context the model reads: 春风 after a
 * newline at the start of a poem, 春风 anywhere as a fragment. */
static void test_corpus_column(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风");
    CHECK(s.pred.suffix_total == 0, "no corpus yet");
    app_set_corpus(&s, &fx.corpus, CORPUS_READY);
    CHECK(naive_count("\n春风") > 0 && naive_count("\n春风") < naive_count("春风"),
          "the fixture text should hold 春风 both at a poem's start and inside");
    CHECK(s.pred.suffix_len == 3 && s.pred.suffix_total == naive_count("\n春风"),
          "newline 春风 occurs %zu times (suffix %zu), want %zu", s.pred.suffix_total,
          s.pred.suffix_len, naive_count("\n春风"));
    check_corpus_counts(&s, "\n春风");
    app_apply(&s, CMD_MID_TEXT, cmd_arg(1));
    CHECK(s.pred.suffix_len == 2 && s.pred.suffix_total == naive_count("春风"),
          "春风 occurs %zu times (suffix %zu), want %zu", s.pred.suffix_total, s.pred.suffix_len,
          naive_count("春风"));
    check_corpus_counts(&s, "春风");
    /* a context the text never has: the longest suffix that it does */
    apptest_type(&s, "秋秋");
    CHECK(s.pred.suffix_len == 1 && s.pred.suffix_total == naive_count("秋"), "suffix 秋: %zu",
          s.pred.suffix_len);
    app_free(&s);
}

static void test_query(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风");
    key(&s, CMD_QUERY);
    CHECK(s.input.query_input, "/ waits for a character");
    apptest_type(&s, "月");
    CHECK(!s.input.query_input && s.text.n_chars == 2, "the character was looked up, not typed");
    /* the reference rank: the whole vocabulary sorted by qsort */
    int V = fx.model.cfg.vocab_size, rank = 0;
    Ranked *items = malloc((size_t)V * sizeof *items);
    CHECK(items != NULL, "out of memory");
    for (int i = 0; items && i < V; i++)
        items[i] = (Ranked){s.pred.probs[i], i};
    if (items)
        qsort(items, (size_t)V, sizeof *items, testutil_ranked_cmp);
    for (int r = 0; items && r < V; r++)
        if (items[r].id == id_of("月"))
            rank = r + 1;
    free(items);
    CHECK(rank > APP_TOP, "月 should rank below the bars, to test more than they show (%d)", rank);
    CHECK(s.pred.query.rank == rank && s.pred.query.p == s.pred.probs[id_of("月")],
          "rank %d, want %d", s.pred.query.rank, rank);
    apptest_type(&s, "花");
    CHECK(s.pred.query.cp == testutil_cp("月") && s.pred.query.rank > 0,
          "the query follows the text");
    key(&s, CMD_QUERY);
    apptest_type(&s, "流");
    CHECK(s.pred.query.id == -1 && s.view.status_error, "流 is not in the tiny vocabulary");
    key(&s, CMD_QUERY);
    key(&s, CMD_BACKSPACE);
    CHECK(s.pred.query.cp == 0 && s.text.n_chars == 3, "Backspace at / forgets the query");
    key(&s, CMD_QUERY);
    key(&s, CMD_STOP);
    apptest_type(&s, "月");
    CHECK(!s.input.query_input && s.pred.query.cp == 0 && s.text.n_chars == 4,
          "Esc cancels: 月 is typed");
    app_free(&s);
}

/* ---- where the prompt stands ---- */

/* The model's top 8 after exactly these tokens: its own pass (infer.h), a
 * softmax in double and qsort; no Generator, no prompt-start rule. */
static void direct_top8(const int *tokens, int n, int ids[8], double p[8])
{
    TsErr err;
    Infer inf;
    int V = fx.model.cfg.vocab_size;
    Ranked *items = malloc((size_t)V * sizeof *items);
    CHECK(items != NULL && infer_init(&inf, &fx.model, &err) == 0, "cannot set up a pass");
    if (!items)
        return;
    const float *logits = infer_forward(&inf, tokens, n);
    double top = -INFINITY, sum = 0.0;
    for (int i = 0; i < V; i++)
        top = fmax(top, (double)logits[i]);
    for (int i = 0; i < V; i++) {
        items[i] = (Ranked){exp((double)logits[i] - top), i};
        sum += items[i].p;
    }
    qsort(items, (size_t)V, sizeof *items, testutil_ranked_cmp);
    for (int k = 0; k < 8; k++) {
        ids[k] = items[k].id;
        p[k] = items[k].p / sum;
    }
    free(items);
    infer_free(&inf);
}

static void check_same_top8(const AppState *s, const int ids[8], const double p[8], const char *what)
{
    for (int k = 0; k < 8; k++) {
        CHECK(s->pred.top[k].id == ids[k], "%s, rank %d: id %d, want %d", what, k + 1,
              s->pred.top[k].id, ids[k]);
        CHECK(fabs((double)s->pred.top[k].p - p[k]) < 1e-6, "%s, rank %d: p %.7f, want %.7f", what,
              k + 1, (double)s->pred.top[k].p, p[k]);
    }
}

/* The top 8 after 春风: with a newline before the prompt by default (a poem's
 * start), without one in mid-text (n), and back. */
static void test_prompt_start_top8(void)
{
    int nl = id_of("\n"), chun = id_of("春"), feng = id_of("风");
    int poem_ids[8], mid_ids[8];
    double poem_p[8], mid_p[8];
    direct_top8((int[]){nl, chun, feng}, 3, poem_ids, poem_p);
    direct_top8((int[]){chun, feng}, 2, mid_ids, mid_p);
    CHECK(memcmp(poem_ids, mid_ids, sizeof poem_ids) != 0 || poem_p[0] != mid_p[0],
          "the two readings should give different bars, or this test tells them apart by nothing");
    AppState s;
    start(&s);
    CHECK(!s.view.mid_text, "a prompt starts a poem by default");
    apptest_type(&s, "春风");
    check_same_top8(&s, poem_ids, poem_p, "poem start");
    unsigned r = app_apply(&s, CMD_MID_TEXT, cmd_arg(-1));
    CHECK(s.view.mid_text && (r & REDRAW_PROMPT) && (r & REDRAW_PROBS) && (r & REDRAW_STATUS),
          "n: mid-text, text and bars redrawn (%u)", r);
    CHECK(strcmp(s.view.status, app_label(&s, LBL_ST_MID_TEXT)) == 0, "the status says so: %s",
          s.view.status);
    check_same_top8(&s, mid_ids, mid_p, "mid-text");
    app_apply(&s, CMD_MID_TEXT, cmd_arg(-1));
    CHECK(!s.view.mid_text && strcmp(s.view.status, app_label(&s, LBL_ST_POEM_START)) == 0,
          "n again: poem start (%s)", s.view.status);
    check_same_top8(&s, poem_ids, poem_p, "poem start again");
    /* a lesson's `mid-text on` (a command, not the key): in a lesson n is the
     * next step, so the status names the command that switches back */
    app_apply(&s, CMD_MID_TEXT, cmd_arg(1));
    CHECK(s.view.mid_text && strstr(s.view.status, ":mid-text off") &&
              !strstr(s.view.status, "(n:"),
          "the command's status names :mid-text off, not n: %s", s.view.status);
    app_apply(&s, CMD_MID_TEXT, cmd_arg(0));
    CHECK(!s.view.mid_text && strstr(s.view.status, ":mid-text on"), "and back: %s", s.view.status);
    app_free(&s);
}

/* The state after any path is the rule applied to its characters: the model
 * reads the known characters, after a newline unless mid-text (an empty text
 * is a newline), the cache holds all of them, and the bars, the form and the
 * text equal those of a state built directly, typing the same characters
 * under the same rule from the start. */
static void expect_consistent(const AppState *s, const char *when)
{
    int want[APP_MAX_CHARS + 1];
    size_t known = 0;
    for (size_t i = 0; i < s->text.n_chars; i++)
        if (s->text.chars[i].id >= 0)
            want[1 + known++] = s->text.chars[i].id;
    size_t prefix = !s->view.mid_text || known == 0, n = prefix + known;
    want[0] = id_of("\n");
    const int *read = prefix ? want : want + 1;
    CHECK(s->text.g.n == n && memcmp(s->text.g.text, read, n * sizeof(int)) == 0,
          "%s: the model reads %zu tokens, the rule gives %zu", when, s->text.g.n, n);
    CHECK(s->text.g.prefix == prefix, "%s: prefix %zu, want %zu", when, s->text.g.prefix, prefix);
    size_t window = app_window_start(s);
    CHECK(s->text.g.cache_start == window && (size_t)s->text.g.inf.len == s->text.g.n - window &&
              s->text.g.have_logits,
          "%s: the cache holds %d of the window's %zu positions", when, s->text.g.inf.len,
          s->text.g.n - window);
    AppState f;
    start(&f);
    if (s->view.mid_text)
        app_apply(&f, CMD_MID_TEXT, cmd_arg(1));
    if (s->view.mode.kind == FORM_JUEJU)
        key(&f, CMD_MODE_JUEJU);
    for (size_t i = 0; i < s->text.n_chars; i++)
        app_push_char(&f, s->text.chars[i].cp, s->text.chars[i].origin);
    app_predict(&f);
    int same = f.text.n_chars == s->text.n_chars;
    for (size_t i = 0; same && i < s->text.n_chars;
         i++) /* the text, not how uncertain its draws were */
        same = f.text.chars[i].cp == s->text.chars[i].cp &&
               f.text.chars[i].id == s->text.chars[i].id &&
               f.text.chars[i].origin == s->text.chars[i].origin;
    CHECK(same, "%s: the text differs from a state built directly", when);
    CHECK(f.text.g.n == s->text.g.n && f.text.g.prefix == s->text.g.prefix &&
              memcmp(f.text.g.text, s->text.g.text, s->text.g.n * sizeof(int)) == 0,
          "%s: the model reads what a state built directly reads", when);
    CHECK(memcmp(f.pred.probs, s->pred.probs, sizeof(float) * (size_t)fx.model.cfg.vocab_size) == 0,
          "%s: the bars differ from a state built directly", when);
    CHECK(f.view.mode.kind == s->view.mode.kind && f.view.mode.now.line == s->view.mode.now.line &&
              f.view.mode.now.col == s->view.mode.now.col &&
              f.view.mode.now.done == s->view.mode.now.done,
          "%s: the form stands elsewhere than in a state built directly", when);
    app_free(&f);
}

/* n back and forth with a typed prompt, picks, samples and Backspace. */
static void test_mid_text_toggle(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风");
    app_apply(&s, CMD_PICK, cmd_arg(1));
    key(&s, CMD_SAMPLE);
    expect_consistent(&s, "typed, picked, sampled");
    AppChar before[4];
    memcpy(before, s.text.chars, sizeof before);
    app_apply(&s, CMD_MID_TEXT, cmd_arg(-1));
    CHECK(s.text.n_chars == 4 && memcmp(before, s.text.chars, sizeof before) == 0,
          "n keeps the characters and where they came from");
    expect_consistent(&s, "mid-text");
    key(&s, CMD_BACKSPACE);
    expect_consistent(&s, "mid-text, one back");
    app_apply(&s, CMD_MID_TEXT, cmd_arg(-1));
    CHECK(!s.view.mid_text, "n again: poem start");
    expect_consistent(&s, "poem start again");
    key(&s, CMD_BACKSPACE);
    expect_consistent(&s, "poem start, one back");
    app_apply(&s, CMD_MID_TEXT, cmd_arg(1));
    app_apply(&s, CMD_MID_TEXT, cmd_arg(1));
    CHECK(s.view.mid_text, "arg 1 sets mid-text, twice stays");
    app_apply(&s, CMD_PICK, cmd_arg(2));
    expect_consistent(&s, "mid-text, a pick");
    for (int i = 0; i < 10 && s.text.n_chars > 0; i++)
        key(&s, CMD_BACKSPACE);
    CHECK(s.text.n_chars == 0 && s.text.g.n == 1 && s.text.g.prefix == 1,
          "all back: a newline, even in mid-text");
    expect_consistent(&s, "mid-text, empty");
    AppState empty;
    start(&empty);
    CHECK(memcmp(empty.pred.probs, s.pred.probs, sizeof(float) * (size_t)fx.model.cfg.vocab_size) == 0,
          "an empty fragment shows the bars of an empty poem");
    app_free(&empty);
    /* the first character of an empty fragment takes the newline's place */
    app_apply(&s, CMD_PICK, cmd_arg(1));
    CHECK(s.text.g.n == 1 && s.text.g.prefix == 0, "mid-text: the pick alone (%zu, %zu)",
          s.text.g.n, s.text.g.prefix);
    expect_consistent(&s, "mid-text, a pick into the empty text");
    key(&s, CMD_BACKSPACE);
    expect_consistent(&s, "mid-text, empty again");
    /* Enter from an empty fragment: the same poem as a state built directly */
    key(&s, CMD_WRITE);
    apptest_run_job(&s);
    CHECK(s.text.n_chars > 1, "wrote something");
    expect_consistent(&s, "mid-text, a written poem");
    app_free(&s);
}

/* A vocabulary without a newline (tests/data/tiny-nonewline.bin: tiny.bin's
 * weights with its newline, id 0, named '!'): no poem can start, so the
 * state is mid-text from the start and after a reset, asking for a poem's
 * start leaves it there, and the empty text is id 0 alone, so its bars are
 * tiny.bin's at a poem's start, before and after a character taken back. */
static void test_no_newline_mid_text(void)
{
    Model nonl;
    TsErr err;
    if (model_load(&nonl, "tests/data/tiny-nonewline.bin", &err) != 0) {
        CHECK(0, "tests/data/tiny-nonewline.bin: %s", err.msg);
        return;
    }
    AppState s, ref;
    apptest_start(&s, &nonl);
    start(&ref);
    int V = fx.model.cfg.vocab_size;
    CHECK(vocab_id(&nonl.vocab, '\n') < 0 && vocab_cp(&nonl.vocab, 0) == '!' && !app_can_start_poem(&s),
          "the fixture has no newline and '!' first");
    CHECK(s.view.mid_text && s.text.g.n == 1 && s.text.g.prefix == 1 && s.text.g.text[0] == 0 &&
              app_start_cp(&s) == '!',
          "opens mid-text, the empty text '!' alone (mid %d, n %zu)", s.view.mid_text, s.text.g.n);
    CHECK(s.pred.model_ok && memcmp(s.pred.probs, ref.pred.probs, (size_t)V * sizeof(float)) == 0,
          "the empty text's bars are tiny.bin's at a poem's start");
    app_apply(&s, CMD_MID_TEXT, cmd_arg(0));
    CHECK(s.view.mid_text && !s.view.status_error && strstr(s.view.status, "no newline"),
          "a poem's start is not taken, and the status says why: %s", s.view.status);
    apptest_type(&s, "春");
    CHECK(s.text.g.n == 1 && s.text.g.prefix == 0 &&
              s.text.g.text[0] == vocab_id(&nonl.vocab, testutil_cp("春")),
          "the first character takes the empty text's place");
    key(&s, CMD_BACKSPACE);
    app_predict(&s);
    CHECK(s.text.g.n == 1 && s.text.g.prefix == 1 && s.text.g.text[0] == 0 &&
          memcmp(s.pred.probs, ref.pred.probs, (size_t)V * sizeof(float)) == 0,
          "taken back: the empty text again, the same bars");
    app_reset(&s);
    CHECK(s.view.mid_text && s.text.g.prefix == 1 && s.text.g.text[0] == 0,
          "a reset stays mid-text");
    app_free(&ref);
    app_free(&s);
    model_free(&nonl);
}

/* n in a verse form keeps the form where it stands. */
static void test_mid_text_keeps_form(void)
{
    AppState s;
    start(&s);
    key(&s, CMD_MODE_JUEJU);
    apptest_type(&s, "春风");
    key(&s, CMD_SAMPLE);
    int col = s.view.mode.now.col;
    CHECK(col == 3, "three characters into the first line: %d", col);
    app_apply(&s, CMD_MID_TEXT, cmd_arg(1));
    CHECK(s.view.mode.kind == FORM_JUEJU && s.view.mode.now.col == col && s.text.n_chars == 3,
          "mid-text: still a jueju at column %d (%d)", col, s.view.mode.now.col);
    CHECK(s.text.g.n == 3 && s.text.g.prefix == 0, "no newline before the poem");
    expect_consistent(&s, "jueju, mid-text");
    key(&s, CMD_BACKSPACE);
    CHECK(s.view.mode.now.col == col - 1, "Backspace replays the form: %d", s.view.mode.now.col);
    expect_consistent(&s, "jueju, mid-text, one back");
    app_apply(&s, CMD_MID_TEXT, cmd_arg(0));
    expect_consistent(&s, "jueju, poem start");
    app_free(&s);
}

/* ---- letters typed outside pinyin mode ---- */

/* A key as the terminal gives it: its character and when it came. */
static unsigned key_at(AppState *s, double t, long ch, Command c, long n)
{
    s->input.key_time = t;
    s->input.key_char = ch;
    unsigned r = app_apply(s, c, cmd_arg(n));
    s->input.key_time = 0;
    return r;
}

/* `chun` typed before i, as the explorer's key table maps it (c cache, h
 * histogram, u text, n mid-text): the hint from the second letter on, and
 * Ctrl-Z puts back the cache, the histogram, the reading and the text. */
static void test_letters_outside_pinyin(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风");
    size_t n0 = s.text.n_chars;
    const char *hint = "typing pinyin? press i first";
    key_at(&s, 10.0, 'c', CMD_CACHE, 0);
    CHECK(!s.text.g.use_cache, "c turned the cache off");
    CHECK(strstr(s.view.status, hint) == NULL, "one letter is no run: no hint (%s)", s.view.status);
    key_at(&s, 10.2, 'h', CMD_VIEW, VIEW_HISTOGRAM);
    CHECK(strstr(s.view.status, hint) != NULL, "c h in quick succession: the hint (%s)",
          s.view.status);
    CHECK(strstr(s.view.status, "ch") != NULL, "the hint names the letters: %s", s.view.status);
    key_at(&s, 10.4, 'u', CMD_TYPE, 'u');
    key_at(&s, 10.6, 'n', CMD_MID_TEXT, -1);
    CHECK(app_view_is_open(&s.view.views, VIEW_HISTOGRAM) && s.view.mid_text &&
              s.text.n_chars == n0 + 1,
          "h, u, n did what they do: histogram %d, mid-text %d, %zu characters",
          app_view_is_open(&s.view.views, VIEW_HISTOGRAM), s.view.mid_text, s.text.n_chars);
    CHECK(strstr(s.view.status, "chun") != NULL, "after n the hint names chun: %s", s.view.status);
    key_at(&s, 11.0, 0x1a, CMD_UNDO_LETTERS, 0);
    CHECK(s.text.g.use_cache, "Ctrl-Z: the cache is on again");
    CHECK(!app_view_is_open(&s.view.views, VIEW_HISTOGRAM), "Ctrl-Z: the histogram is closed");
    CHECK(!s.view.mid_text, "Ctrl-Z: a poem's start again");
    CHECK(s.text.n_chars == n0, "Ctrl-Z: the u is gone (%zu characters, want %zu)", s.text.n_chars,
          n0);
    CHECK(strstr(s.view.status, "chun") != NULL, "the status says what was undone: %s",
          s.view.status);
    /* again: nothing left to undo, and nothing changes */
    key_at(&s, 11.2, 0x1a, CMD_UNDO_LETTERS, 0);
    CHECK(s.text.g.use_cache && s.text.n_chars == n0, "a second Ctrl-Z changes nothing");
    app_free(&s);
}

/* Letters a second apart are keys pressed on purpose: no hint; a slider a
 * run moved comes back too, and a key between ends the run and its undo. */
static void test_letters_slow_and_sliders(void)
{
    AppState s;
    start(&s);
    double t0 = app_slider_value(&s, SL_TEMPERATURE);
    key_at(&s, 20.0, 't', CMD_SLIDER_DOWN, SL_TEMPERATURE);
    key_at(&s, 21.5, 't', CMD_SLIDER_DOWN, SL_TEMPERATURE);
    CHECK(strstr(s.view.status, "press i first") == NULL, "1.5 s apart: no hint (%s)",
          s.view.status);
    double t2 = app_slider_value(&s, SL_TEMPERATURE);
    key_at(&s, 30.0, 't', CMD_SLIDER_DOWN, SL_TEMPERATURE);
    key_at(&s, 30.1, 'K', CMD_SLIDER_UP, SL_TOP_K);
    CHECK(app_slider_value(&s, SL_TEMPERATURE) < t2 && app_slider_value(&s, SL_TOP_K) > 0,
          "t and K moved their sliders");
    key_at(&s, 30.3, 0x1a, CMD_UNDO_LETTERS, 0);
    CHECK(fabs(app_slider_value(&s, SL_TEMPERATURE) - t2) < 1e-9 &&
              app_slider_value(&s, SL_TOP_K) == 0,
          "Ctrl-Z: temperature %.2f (want %.2f), top-k %.0f (want off)",
          app_slider_value(&s, SL_TEMPERATURE), t2, app_slider_value(&s, SL_TOP_K));
    CHECK(t2 < t0, "the slow t's stay: they were no run (%.2f < %.2f)", t2, t0);
    key_at(&s, 40.0, 'c', CMD_CACHE, 0);
    key_at(&s, 40.1, 'c', CMD_CACHE, 0);
    key_at(&s, 40.2, ' ', CMD_SAMPLE, 0);
    size_t n = s.text.n_chars;
    key_at(&s, 40.3, 0x1a, CMD_UNDO_LETTERS, 0);
    CHECK(s.text.n_chars == n, "after Space the run is over: Ctrl-Z takes nothing back");
    /* outside the keyboard (a lesson, a script): no run at all */
    app_apply(&s, CMD_CACHE, cmd_arg(0));
    app_apply(&s, CMD_VIEW, cmd_arg(VIEW_HISTOGRAM));
    CHECK(strstr(s.view.status, "press i first") == NULL, "commands not from keys: no hint");
    app_free(&s);
}

/* x on an empty text asks first; Esc answers no and saves nothing (the
 * saving itself is tests/e2e/session.sh's). */
static void test_export_empty_asks(void)
{
    AppState s;
    start(&s);
    key(&s, CMD_EXPORT);
    CHECK(s.input.export_ask && strstr(s.view.status, "nothing written yet") != NULL,
          "x on an empty text asks: %s", s.view.status);
    key(&s, CMD_STOP);
    CHECK(!s.input.export_ask && strstr(s.view.status, "not saved") != NULL, "Esc: not saved (%s)",
          s.view.status);
    key(&s, CMD_CACHE);
    CHECK(!s.text.g.use_cache, "after the answer keys work again");
    app_free(&s);
}

static void test_cache_toggle(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风花月明");
    float with[64];
    memcpy(with, s.pred.probs, sizeof(float) * (size_t)fx.model.cfg.vocab_size);
    key(&s, CMD_CACHE);
    CHECK(!s.text.g.use_cache && s.pred.predict_rows == 6, "c: off, the prediction read all 6: %ld",
          s.pred.predict_rows);
    CHECK(memcmp(with, s.pred.probs, sizeof(float) * (size_t)fx.model.cfg.vocab_size) == 0,
          "the same probabilities without the cache");
    CHECK(app_cache_bytes_now(&s) == 0, "no cache memory when off");
    apptest_type(&s, "人");
    CHECK(s.pred.predict_rows == 7, "every prediction reads everything: %ld", s.pred.predict_rows);
    key(&s, CMD_CACHE);
    apptest_type(&s, "山");
    CHECK(s.text.g.use_cache && s.pred.predict_rows == 1, "on again: one step per character (%ld)",
          s.pred.predict_rows);
    CHECK(app_cache_bytes_now(&s) == 8 * infer_cache_bytes_per_char(&fx.model.cfg), "cache memory");
    app_free(&s);
}

static void test_compare_run(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风");
    key(&s, CMD_COMPARE);
    key(&s, CMD_STOP);
    CHECK(s.job.kind == JOB_NONE && !s.view.cmp.running && !s.view.cmp.done,
          "Esc stops a compare run");
    ts_set_threads(2);
    int threads = ts_threads(); /* 2, or 1 in a build without OpenMP */
    key(&s, CMD_COMPARE);
    CHECK(s.job.kind == JOB_COMPARE && s.view.cmp.running, "b starts a compare run");
    apptest_run_job(&s);
    CHECK(ts_threads() == threads, "the compare run (timed on one thread) gives the explorer's "
                                   "threads back: %d", ts_threads());
    const CompareRun *c = &s.view.cmp;
    CHECK(c->done && c->n == c->length && c->length == 13, "measured %d of %d", c->n, c->length);
    CHECK(c->identical && c->max_logit_diff == 0.0, "identical text, logits equal (%g)",
          c->max_logit_diff);
    for (int i = 0; i < c->n; i++)
        CHECK(c->cached_ms[i] > 0.0 && c->uncached_ms[i] > 0.0, "time at %d", i);
    CHECK(s.text.n_chars == 2, "the compare run does not touch the text");
    app_free(&s);
}

/* Attention of the next prediction: a distribution over what it read. */
static void test_attention(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风花月");
    for (int l = 0; l < fx.model.cfg.n_layer; l++) {
        for (int h = 0; h < fx.model.cfg.n_head; h++) {
            double sum = 0.0;
            for (long t = 0; t < (long)s.text.g.n; t++) {
                float a;
                CHECK(app_attention(&s, l, h, t, &a) && a >= 0.0f && a <= 1.0f, "layer %d head %d position %ld: %g", l, h, t, (double)a);
                sum += a;
            }
            CHECK(fabs(sum - 1.0) < 1e-5, "layer %d head %d sums to %g", l, h, sum);
        }
    }
    float past;
    CHECK(!app_attention(&s, 0, 0, 5, &past), "nothing past the text");
    app_apply(&s, CMD_VIEW, cmd_arg(VIEW_ATTENTION));
    CHECK(app_view_is_open(&s.view.views, VIEW_ATTENTION), "v: the attention view");
    app_free(&s);
}

static void test_view_keys(void)
{
    AppState s;
    start(&s);
    s.view.lang = LANG_EN;
    app_apply(&s, CMD_LANGUAGE, cmd_arg(-1));
    CHECK(s.view.lang == LANG_ZH, "l: Chinese after English");
    app_apply(&s, CMD_LANGUAGE, cmd_arg(-1));
    CHECK(s.view.lang == LANG_DE, "l: German after Chinese");
    app_apply(&s, CMD_LANGUAGE, cmd_arg(-1));
    CHECK(s.view.lang == LANG_FR, "l: French after German");
    app_apply(&s, CMD_LANGUAGE, cmd_arg(-1));
    CHECK(s.view.lang == LANG_EN, "l: back to English after French");
    app_apply(&s, CMD_LANGUAGE, cmd_arg(LANG_ZH));
    CHECK(s.view.lang == LANG_ZH, "lang zh sets Chinese");
    app_apply(&s, CMD_VIEW, cmd_arg(VIEW_HELP));
    CHECK(app_view_is_open(&s.view.views, VIEW_HELP), "?: help");
    unsigned r = key(&s, CMD_SAMPLE);
    CHECK(!app_view_is_open(&s.view.views, VIEW_HELP) && s.text.n_chars == 0 && r == REDRAW_ALL,
          "a key closes help and does nothing else");
    key(&s, CMD_QUIT);
    CHECK(s.input.quit, "q quits");
    CHECK(app_apply(&s, CMD_COUNT, cmd_arg(0)) == REDRAW_NONE, "an unknown command is ignored");
    app_free(&s);
}

/* A paste is one edit: CMD_PASTE types every character and runs the model
 * once, where the same characters typed one by one run it once each; both
 * end with the same text and the same probabilities, bit for bit. The text
 * is the training text's start (its newlines included), long enough to pass
 * the context of 16 several times. */
static void test_paste_one_edit(void)
{
    char text[2048];
    size_t len = 0, pos = 0, count = 0;
    uint32_t cp;
    while (count < 300 && utf8_decode(fx.text, strlen(fx.text), &pos, &cp) == 0) {
        len += (size_t)utf8_encode(cp, text + len);
        count++;
    }
    text[len] = 0;
    AppState pasted, typed;
    start(&pasted);
    start(&typed);
    long runs0 = pasted.pred.model_runs;
    CmdArg arg = {0, 0.0, text};
    unsigned redraw = app_apply(&pasted, CMD_PASTE, arg);
    CHECK(pasted.pred.model_runs - runs0 == 1, "a paste of %zu characters ran the model %ld times",
          count, pasted.pred.model_runs - runs0);
    CHECK(redraw & REDRAW_PROMPT, "a paste did not redraw the text");
    runs0 = typed.pred.model_runs;
    apptest_type(&typed, text);
    CHECK(typed.pred.model_runs - runs0 == (long)count,
          "%zu characters typed one by one ran the model %ld times", count,
          typed.pred.model_runs - runs0);
    char a[4096], b[4096];
    apptest_text(&pasted, a, sizeof a);
    apptest_text(&typed, b, sizeof b);
    CHECK(pasted.text.n_chars == count && strcmp(a, text) == 0 && strcmp(a, b) == 0,
          "pasted %zu characters, typed %zu, of %zu", pasted.text.n_chars, typed.text.n_chars,
          count);
    int V = fx.model.cfg.vocab_size;
    CHECK(pasted.pred.model_ok &&
              memcmp(pasted.pred.probs, typed.pred.probs, (size_t)V * sizeof(float)) == 0,
          "the paste's probabilities differ from typing the same characters");
    app_free(&typed);

    /* longer than the text holds (APP_MAX_CHARS): the end is kept, and said */
    AppState full;
    start(&full);
    static char big[4 * 1100 + 1];
    size_t blen = 0;
    for (int i = 0; i < 1100; i++)
        blen += (size_t)utf8_encode(testutil_cp(i % 2 ? "春" : "风"), big + blen);
    memcpy(big + blen - 3, "月", 3); /* the last character marks the end */
    big[blen] = 0;
    runs0 = full.pred.model_runs;
    app_apply(&full, CMD_PASTE, (CmdArg){0, 0.0, big});
    CHECK(full.text.n_chars == APP_MAX_CHARS &&
              full.text.chars[APP_MAX_CHARS - 1].cp == testutil_cp("月") &&
              full.text.chars[0].cp == testutil_cp(((1100 - APP_MAX_CHARS) % 2) ? "春" : "风"),
          "a paste of 1100 characters kept %zu, not the last %d", full.text.n_chars, APP_MAX_CHARS);
    CHECK(full.pred.model_runs - runs0 == 1, "ran the model %ld times",
          full.pred.model_runs - runs0);
    CHECK(strstr(full.view.status, "1,100") && strstr(full.view.status, "1,024") &&
              full.view.status_error,
          "the status does not say what was left out: '%s'", full.view.status);
    app_free(&full);

    /* the command line takes a paste as its text, with no prediction */
    runs0 = pasted.pred.model_runs;
    key(&pasted, CMD_CMDLINE);
    app_apply(&pasted, CMD_PASTE, (CmdArg){0, 0.0, "top1 春"});
    CHECK(pasted.input.cmdline_open && strcmp(pasted.input.cmdline, "top1 春") == 0 &&
              pasted.pred.model_runs == runs0,
          "the command line holds '%s'", pasted.input.cmdline);
    app_free(&pasted);
}

/* reading it from the back row: z switches projector mode, says so, redraws
 * everything; a lesson's reset keeps it and the theme, as it keeps the
 * language (they are how the room sees the screen, not part of a lesson) */
static void test_projector_key(void)
{
    AppState s;
    start(&s);
    s.view.lang = LANG_EN;
    CHECK(!s.prefs.projector && s.prefs.theme == THEME_DARK, "starts without projector mode, dark");
    unsigned r = app_apply(&s, CMD_PROJECTOR, cmd_arg(-1));
    CHECK(s.prefs.projector && r == REDRAW_ALL, "z: projector mode, everything redrawn (%u)", r);
    CHECK(strstr(s.view.status, "projector mode") != NULL, "the status says so: '%s'",
          s.view.status);
    s.prefs.theme = THEME_LIGHT;
    app_reset(&s);
    CHECK(s.prefs.projector && s.prefs.theme == THEME_LIGHT,
          "app_reset keeps projector mode and the theme");
    app_apply(&s, CMD_PROJECTOR, cmd_arg(-1));
    CHECK(!s.prefs.projector && strstr(s.view.status, "off") != NULL, "z again: off ('%s')",
          s.view.status);
    app_apply(&s, CMD_PROJECTOR, cmd_arg(1));
    app_apply(&s, CMD_PROJECTOR, cmd_arg(1));
    CHECK(s.prefs.projector, "arg 1 sets it, twice is still on");
    /* picking the eighth candidate names its probability, never as 0.0% */
    apptest_type(&s, "白日");
    if (s.pred.n_top == APP_TOP) {
        app_apply(&s, CMD_PICK, cmd_arg(8));
        CHECK(strstr(s.view.status, "picked") && !strstr(s.view.status, "0.0%"), "status '%s'",
              s.view.status);
    }
    app_free(&s);
}

/* ---- the window, the mask, the timing panel ---- */

/* The KV-cache row of the sliders shows what the last prediction cost
 * (pred.predict_ms, pred.predict_rows): every step and keystroke recomputes
 * both and asks for the sliders' panel to be drawn again. The times are
 * set to -1 before each command, so only a fresh measurement passes. */
static void test_kv_row_every_step(void)
{
    AppState s;
    start(&s);
    static const struct {
        Command c;
        long arg;
    } steps[] = {{CMD_TYPE, 0}, {CMD_TYPE, 0}, {CMD_SAMPLE, 0}, {CMD_PICK, 1}, {CMD_BACKSPACE, 0},
                 {CMD_TYPE, 0}, {CMD_CLEAR, 0}, {CMD_TYPE, 0}};
    const uint32_t typed[] = {testutil_cp("春"), testutil_cp("风"), 0, 0, 0, testutil_cp("花"), 0, testutil_cp("月")};
    for (int cache = 1; cache >= 0; cache--) {
        if (!cache) {
            key(&s, CMD_CLEAR);
            key(&s, CMD_CACHE);
        }
        for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
            s.pred.predict_ms = -1.0;
            s.pred.predict_rows = -1;
            long arg = steps[i].c == CMD_TYPE ? (long)typed[i] : steps[i].arg;
            unsigned redraw = app_apply(&s, steps[i].c, cmd_arg(arg));
            /* with the cache a step reads one position (Ctrl-U: the newline
             * alone, read afresh); without it the whole text */
            long want = cache ? 1 : (long)s.text.g.n;
            CHECK(s.pred.predict_ms >= 0.0 && s.pred.predict_rows == want,
                  "cache %d, step %zu: %.3f ms, read %ld, want %ld", cache, i, s.pred.predict_ms,
                  s.pred.predict_rows, want);
            CHECK(redraw & REDRAW_SLIDERS, "cache %d, step %zu: the KV row is redrawn", cache, i);
        }
    }
    /* Enter: every written character redraws the row too */
    key(&s, CMD_WRITE);
    for (int i = 0; i < 3 && s.job.kind == JOB_WRITE; i++) {
        s.pred.predict_rows = -1;
        unsigned redraw = key(&s, CMD_TICK);
        CHECK((redraw & REDRAW_SLIDERS) && s.pred.predict_rows == (long)s.text.g.n,
              "written character %d: read %ld of %zu", i, s.pred.predict_rows, s.text.g.n);
    }
    app_free(&s);
}

/* ---- the coin, uncertainty under the text, the stage columns, one default set ---- */

/* The entropy in bits of p[0..V), summed here. */
static double bits_of(const float *p, int V)
{
    double h = 0.0;
    for (int i = 0; i < V; i++)
        if (p[i] > 0.0f)
            h -= (double)p[i] * log2((double)p[i]);
    return h;
}

/* After every Space and every character Enter writes, for several seeds and
 * settings: the coin is the number the seed's random stream gives next
 * (rng.h, drawn here on its own), it lands on the character that was
 * appended, at the rank a walk along the ranked final distribution (sorted
 * here) gives, and that character's entropy is the one of the distribution
 * it was drawn from. */
static void test_coin_and_entropy(void)
{
    const struct {
        double t, p;
        int k;
    } sets[] = {{0.8, 1.0, 0}, {1.0, 1.0, 0}, {1.5, 0.9, 0}, {0.6, 1.0, 5}, {0.0, 1.0, 0}};
    int V = fx.model.cfg.vocab_size, steps = 0, off_top = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
            AppState s;
            start(&s);
            app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_SEED, .x = (double)seed});
            app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_TEMPERATURE, .x = sets[k].t});
            app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_TOP_P, .x = sets[k].p});
            app_apply(&s, CMD_SLIDER_SET, (CmdArg){.n = SL_TOP_K, .x = sets[k].k});
            apptest_type(&s, "春");
            CHECK(!s.view.coin.valid, "no coin before a draw");
            Rng r;
            rng_seed(&r, seed);
            for (int step = 0; step < 12; step++) {
                int write = step >= 4; /* Space four times, then Enter's characters */
                if (step == 4) {
                    key(&s, CMD_WRITE);
                    rng_seed(&r, seed); /* Enter starts the seed's stream again */
                }
                size_t before = s.text.n_chars;
                if (write)
                    key(&s, CMD_TICK);
                else
                    key(&s, CMD_SAMPLE);
                if (s.text.n_chars != before + 1)
                    break; /* the poem ended */
                const AppChar *c = &s.text.chars[s.text.n_chars - 1];
                float want = rng_float(&r);
                CHECK(s.view.coin.valid && s.view.coin.draw == want && s.view.coin.land.id == c->id,
                      "seed %llu set %zu step %d: coin %g (stream %g) lands on %d, appended %d",
                      (unsigned long long)seed, k, step, (double)s.view.coin.draw, (double)want,
                      s.view.coin.land.id, c->id);
                const float *final = s.text.g.ss.final; /* what the step drew from */
                int rank = 0;
                double cum = 0.0;
                for (int pass = 0; pass < V && !rank; pass++) {
                    /* the pass-th character of the ranked bar, found by counting */
                    int id = -1;
                    for (int i = 0; i < V; i++) {
                        int ahead = 0;
                        for (int j = 0; j < V; j++)
                            ahead += final[j] > final[i] || (final[j] == final[i] && j < i);
                        if (ahead == pass)
                            id = i;
                    }
                    if (s.view.coin.land.at >= cum && s.view.coin.land.at < cum + final[id])
                        rank = id == c->id ? pass + 1 : -1;
                    cum += final[id];
                }
                CHECK(rank == s.view.coin.land.rank,
                      "seed %llu set %zu step %d: rank %d, the bar says %d",
                      (unsigned long long)seed, k, step, s.view.coin.land.rank, rank);
                CHECK(c->origin == ORIGIN_MODEL && fabs(c->bits - bits_of(final, V)) < 1e-4,
                      "entropy %g bits, want %g", (double)c->bits, bits_of(final, V));
                double shown = s.view.coin.rest;
                for (int j = 0; j < s.view.coin.n_seg; j++)
                    shown += s.view.coin.seg_p[j];
                CHECK(fabs(shown - 1.0) < 1e-4 && s.view.coin.n_seg >= 1 &&
                          s.view.coin.seg_id[0] == (rank == 1 ? c->id : s.view.coin.seg_id[0]),
                      "the bar's segments add up to %g", shown);
                steps++;
                off_top += s.view.coin.land.rank > 1;
            }
            apptest_run_job(&s);
            CHECK(s.text.chars[0].bits == 0.0f, "a typed character has no draw");
            key(&s, CMD_BACKSPACE);
            CHECK(!s.view.coin.valid, "taken back: the coin goes");
            key(&s, CMD_SAMPLE);
            CHECK(s.view.coin.valid, "a draw again");
            apptest_type(&s, "春");
            CHECK(!s.view.coin.valid, "typed: the coin goes");
            app_free(&s);
        }
    }
    CHECK(steps > 200 && off_top > 20, "%d draws, %d of them off the top", steps, off_top);
}

/* Each bar's column per stage against the stages computed here, in double,
 * from the model's logits: the repetition penalty over the window the model
 * reads (the last 12 of 20 characters; a candidate only before it is not
 * penalised), then temperature, top-k, top-p and min-p, each renormalised
 * over what it keeps. */
static void test_stage_columns_by_hand(void)
{
    AppState s;
    start(&s);
    const char *text = "春风花月明人山水白日云天江夜不无一千里秋";
    apptest_type(&s, text);
    s.view.set.repetition_penalty = 2.0f;
    s.view.set.temperature = 0.7f;
    s.view.set.top_k = 6;
    s.view.set.top_p = 0.9f;
    s.view.set.min_p = 0.1f;
    app_predict(&s);
    int V = fx.model.cfg.vocab_size;
    const float *logits = s.text.g.inf.logits;
    double st[STAGE_COUNT][64] = {{0}};
    CHECK(V <= 64, "the tiny model");
    /* the window: g.text[9..21), characters 8.. of the text (test_window_slides) */
    int in_window[64] = {0};
    for (size_t i = 8; i < s.text.n_chars; i++)
        in_window[s.text.chars[i].id] = 1;
    double z[64], max = -1e30, sum = 0.0;
    for (int i = 0; i < V; i++)
        max = fmax(max, (double)logits[i]);
    for (int i = 0; i < V; i++)
        sum += exp((double)logits[i] - max);
    for (int i = 0; i < V; i++)
        st[STAGE_MODEL][i] = exp((double)logits[i] - max) / sum;
    for (int pass = 0; pass < 2; pass++) { /* the penalty, then the temperature */
        double div = pass ? 0.7 : 1.0;
        max = -1e30;
        for (int i = 0; i < V; i++) {
            double l = logits[i];
            if (in_window[i])
                l = l > 0 ? l / 2.0 : l * 2.0;
            z[i] = l / div;
            max = fmax(max, z[i]);
        }
        sum = 0.0;
        for (int i = 0; i < V; i++)
            sum += exp(z[i] - max);
        for (int i = 0; i < V; i++)
            st[pass ? STAGE_TEMPERATURE : STAGE_REPETITION_PENALTY][i] = exp(z[i] - max) / sum;
    }
    /* ranks after the temperature */
    int order[64];
    for (int i = 0; i < V; i++)
        order[i] = i;
    const double *t = st[STAGE_TEMPERATURE];
    for (int a = 0; a < V; a++)
        for (int b = a + 1; b < V; b++)
            if (t[order[b]] > t[order[a]]) {
                int x = order[a];
                order[a] = order[b];
                order[b] = x;
            }
    double kept = 0.0;
    for (int r = 0; r < 6; r++)
        kept += t[order[r]];
    double run = 0.0, top = t[order[0]];
    int in_p = 0;
    for (int r = 0; r < 6; r++) {
        int i = order[r];
        st[STAGE_TOP_K][i] = t[i] / kept;
        if (run < 0.9 * kept) {
            in_p++;
            run += t[i];
        }
    }
    double kept_p = 0.0, kept_m = 0.0;
    for (int r = 0; r < in_p; r++)
        kept_p += t[order[r]];
    for (int r = 0; r < in_p; r++) {
        int i = order[r];
        st[STAGE_TOP_P][i] = t[i] / kept_p;
        if (t[i] >= 0.1 * top)
            kept_m += t[i];
    }
    for (int r = 0; r < in_p; r++) {
        int i = order[r];
        double m = t[i] >= 0.1 * top ? t[i] / kept_m : 0.0;
        st[STAGE_MIN_P][i] = st[STAGE_FORM_MASK][i] = st[STAGE_FINAL][i] = m;
    }
    int before_only = 0, penalised = 0;
    for (int k = 0; k < s.pred.n_top; k++) {
        const Candidate *c = &s.pred.top[k];
        for (int g = 0; g < STAGE_COUNT; g++)
            CHECK(fabs((double)c->stage[g] - st[g][c->id]) < 1e-5,
                  "bar %d, %s: %.6f, by hand %.6f", k + 1, sampler_stage_name((SamplerStage)g),
                  (double)c->stage[g], st[g][c->id]);
        penalised += in_window[c->id];
        for (size_t i = 0; i < 8; i++)
            before_only += !in_window[c->id] && s.text.chars[i].id == c->id;
    }
    CHECK(penalised > 0 && before_only > 0,
          "the bars hold %d penalised candidates and %d seen only before the window", penalised,
          before_only);
    CHECK(in_p > 1 && in_p < 6, "top-p keeps %d of top-k's 6: it has work to do", in_p);
    app_free(&s);
}

/* Enter in the explorer from a fresh start writes what generate, acrostic and
 * jueju write with their defaults (gen_default_settings, seed 1): the same
 * Generator steps as cli_generate.c takes, run here beside the explorer. */
static void test_default_set_same_poem(void)
{
    const struct {
        const char *prompt;
        FormKind kind;
        int len;
    } cases[] = {{"春风", FORM_FREE, 0}, {"", FORM_FREE, 0}, {"春日", FORM_ACROSTIC, 7},
                 {"", FORM_JUEJU, 5}, {"", FORM_JUEJU, 7}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        AppState s;
        start(&s);
        apptest_type(&s, cases[k].prompt);
        if (cases[k].kind != FORM_FREE)
            app_mode_set_length(&s, cases[k].kind, cases[k].len);
        key(&s, CMD_WRITE);
        apptest_run_job(&s);
        char screen[4096], cli[4096];
        apptest_text(&s, screen, sizeof screen);
        size_t n = strlen(screen);
        if (n && screen[n - 1] == '\n')
            screen[n - 1] = 0; /* the poem's closing newline: the commands leave it out */
        /* the commands' way */
        TsErr err;
        Generator g;
        gen_init(&g, &fx.model, 1, &err);
        Form f;
        form_init_free(&f);
        if (cases[k].kind == FORM_ACROSTIC)
            form_init_acrostic(&f, &fx.model.vocab, cases[k].prompt, cases[k].len, &err);
        if (cases[k].kind == FORM_JUEJU)
            form_init_jueju(&f, &fx.model.vocab, cases[k].len, &err);
        int *ids = NULL;
        size_t n_ids = 0;
        const char *prompt = cases[k].kind == FORM_FREE ? cases[k].prompt : "";
        vocab_encode(&fx.model.vocab, prompt, strlen(prompt), "prompt", &ids, &n_ids, &err);
        SamplerSettings set = gen_default_settings();
        Rng rng;
        rng_seed(&rng, GEN_DEFAULT_SEED);
        gen_start(&g, ids, n_ids, PROMPT_POEM_START, &err);
        int max = cases[k].kind == FORM_FREE ? 200 : f.n_lines * (cases[k].len + 1) + 1;
        gen_poem(&g, &set, cases[k].kind == FORM_FREE ? NULL : &f, &rng, max, &err);
        if (g.n > g.prefix && vocab_cp(&fx.model.vocab, g.text[g.n - 1]) == '\n')
            g.n--;
        char *poem = gen_text_utf8(&g, g.prefix);
        snprintf(cli, sizeof cli, "%s", poem);
        CHECK(strcmp(screen, cli) == 0 && strlen(cli) > strlen(cases[k].prompt),
              "case %zu: the explorer wrote\n  %s\nthe commands write\n  %s", k, screen, cli);
        free(poem);
        free(ids);
        gen_free(&g);
        app_free(&s);
    }
}

/* The plot, the strip and the totals, and the look-up, go with their text. */
static void test_forgotten_with_the_text(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风");
    key(&s, CMD_COMPARE);
    apptest_run_job(&s);
    CHECK(s.view.cmp.done && s.view.cmp.length > 0, "a compare run");
    apptest_type(&s, "花");
    CHECK(s.view.cmp.done && s.view.cmp.length > 0, "typing on keeps it: its text is still there");
    key(&s, CMD_BACKSPACE);
    CHECK(s.view.cmp.done, "back to the text it timed: kept");
    unsigned r = key(&s, CMD_BACKSPACE);
    CHECK(s.view.cmp.length == 0 && !s.view.cmp.done && s.view.cmp.n == 0 && (r & REDRAW_TIMING),
          "backspacing past it: the timing panel is empty");
    key(&s, CMD_COMPARE);
    apptest_run_job(&s);
    key(&s, CMD_CLEAR);
    CHECK(s.view.cmp.length == 0, "Ctrl-U: gone");
    /* Ctrl-U on an empty text still clears: the run was on the newline alone */
    key(&s, CMD_COMPARE);
    apptest_run_job(&s);
    CHECK(s.view.cmp.done, "a run from the empty text");
    key(&s, CMD_CLEAR);
    CHECK(s.view.cmp.length == 0, "Ctrl-U clears it too");
    /* a run still going stops when its text goes */
    apptest_type(&s, "春");
    key(&s, CMD_COMPARE);
    key(&s, CMD_BACKSPACE);
    CHECK(s.job.kind == JOB_NONE && s.view.cmp.length == 0,
          "Backspace during a run stops and clears it");
    /* the look-up */
    apptest_type(&s, "春风");
    app_apply(&s, CMD_LOOKUP, cmd_arg((long)testutil_cp("月")));
    apptest_type(&s, "花");
    CHECK(s.pred.query.cp == testutil_cp("月"), "the look-up follows the text");
    key(&s, CMD_BACKSPACE);
    CHECK(s.pred.query.cp == testutil_cp("月"), "back to its text: kept");
    key(&s, CMD_BACKSPACE);
    CHECK(s.pred.query.cp == 0, "backspacing past its text forgets it");
    app_apply(&s, CMD_LOOKUP, cmd_arg((long)testutil_cp("月")));
    key(&s, CMD_CLEAR);
    CHECK(s.pred.query.cp == 0, "Ctrl-U forgets it");
    apptest_type(&s, "春风");
    app_apply(&s, CMD_LOOKUP, cmd_arg((long)testutil_cp("月")));
    app_apply(&s, CMD_MID_TEXT, cmd_arg(1));
    CHECK(s.pred.query.cp == 0 && s.text.n_chars == 2,
          "read by the other rule, it is another text");
    app_free(&s);
}

/* The cache comparison compares the model's passes, and measures the logits'
 * difference: recounted here with two generators of our own, the same seed
 * and settings, comparing all logits before every character. */
static void test_compare_model_and_logits(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风");
    key(&s, CMD_COMPARE);
    apptest_run_job(&s);
    const CompareRun *c = &s.view.cmp;
    CHECK(c->done && c->n == 13, "measured %d", c->n);
    double model_ca = 0, model_un = 0;
    for (int i = 0; i < c->n; i++) {
        CHECK(c->cached_model_ms[i] > 0.0 && c->cached_model_ms[i] <= c->cached_ms[i],
              "step %d: the model's part of the cached step", i);
        CHECK(c->uncached_model_ms[i] > 0.0 && c->uncached_model_ms[i] <= c->uncached_ms[i],
              "step %d: the model's part of the uncached step", i);
        model_ca += c->cached_model_ms[i];
        model_un += c->uncached_model_ms[i];
    }
    CHECK(fabs(model_ca - c->total_cached_model_ms) < 1e-9 && fabs(model_un - c->total_uncached_model_ms) < 1e-9,
          "the model's totals add up");
    Generator a, b;
    TsErr err;
    gen_init(&a, &fx.model, 1, &err);
    gen_init(&b, &fx.model, 0, &err);
    int prompt[2] = {id_of("春"), id_of("风")};
    gen_start(&a, prompt, 2, PROMPT_POEM_START, &err);
    gen_start(&b, prompt, 2, PROMPT_POEM_START, &err);
    Rng ra, rb;
    rng_seed(&ra, s.view.seed);
    rng_seed(&rb, s.view.seed);
    int V = fx.model.cfg.vocab_size;
    for (int i = 0; i < c->n; i++) {
        const float *la = gen_logits(&a, &err), *lb = gen_logits(&b, &err);
        double worst = 0.0;
        for (int v = 0; v < V; v++)
            worst = fmax(worst, fabs((double)la[v] - (double)lb[v]));
        CHECK(c->logit_diff[i] == worst, "position %d: |Δ| %g, recounted %g", i, c->logit_diff[i], worst);
        gen_sample(&a, &s.view.set, NULL, &ra, &err);
        gen_sample(&b, &s.view.set, NULL, &rb, &err);
    }
    gen_free(&a);
    gen_free(&b);
    app_free(&s);
}

/* A comparison past the context (16 for the tiny model) counts the shifts in
 * it: from 21 tokens (a newline and 20 characters) it predicts with 21..28;
 * shifts come at 17, 26, 35 (every 16 + 1 - 8 = 9 past 16), so one, at 26. */
static void test_compare_past_the_context(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风花月明人山水白日云天江夜不无一千里秋");
    CHECK(s.text.g.n == 21, "21 tokens: %zu", s.text.g.n);
    key(&s, CMD_COMPARE);
    apptest_run_job(&s);
    CHECK(s.view.cmp.done && s.view.cmp.length == 8 && s.view.cmp.shifts == 1,
          "length %d, shifts %d", s.view.cmp.length, s.view.cmp.shifts);
    char want[APP_STATUS_MAX], fast[32];
    /* an English screen writes the speed-up with one decimal, as %.1f does */
    snprintf(fast, sizeof fast, "%.1f",
             s.view.cmp.total_uncached_model_ms / s.view.cmp.total_cached_model_ms);
    snprintf(want, sizeof want, app_label(&s, LBL_ST_COMPARED_SHIFT), 8, fast, 1);
    CHECK(strcmp(s.view.status, want) == 0, "the status explains the shift: %s", s.view.status);
    /* the slide policy (explore --context-policy slide): past the context the
     * cache cannot help, and the status says why */
    key(&s, CMD_CLEAR);
    gen_set_policy(&s.text.g, CONTEXT_SLIDE);
    apptest_type(&s, "春风花月明人山水白日云天江夜不无一千里秋");
    key(&s, CMD_COMPARE);
    apptest_run_job(&s);
    CHECK(s.view.cmp.done && s.view.cmp.identical && s.view.cmp.shifts == 0,
          "slide: no shifts, the same text");
    snprintf(fast, sizeof fast, "%.1f",
             s.view.cmp.total_uncached_model_ms / s.view.cmp.total_cached_model_ms);
    snprintf(want, sizeof want, app_label(&s, LBL_ST_COMPARED_SLIDE), 8, fast);
    CHECK(strcmp(s.view.status, want) == 0, "the status explains the slide: %s", s.view.status);
    app_free(&s);
}

/* w: the mask of the last pass. With the cache a typed character is one row
 * after the cached ones; without it the whole square triangle. */
static void test_mask_view(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春风花");
    AppMask m = app_mask(&s);
    CHECK(m.rows == 1 && m.total == 4 && m.start == 3, "cached step: T %d of %d, start %d", m.rows,
          m.total, m.start);
    CHECK(app_mask_token(&s, 0) == vocab_id(&fx.model.vocab, '\n') && app_mask_token(&s, 3) == id_of("花") &&
              app_mask_token(&s, 4) == -1,
          "the keys are the window's characters");
    key(&s, CMD_CACHE);
    m = app_mask(&s);
    CHECK(m.rows == 4 && m.total == 4 && m.start == 0, "no cache: T %d of %d", m.rows, m.total);
    key(&s, CMD_CACHE);
    apptest_type(&s, "月");
    key(&s, CMD_BACKSPACE);
    m = app_mask(&s);
    CHECK(m.rows == 1 && m.total == 4 && m.start == 3, "a take-back steps the last one again");
    app_apply(&s, CMD_VIEW, cmd_arg(VIEW_ATTENTION));
    unsigned r = app_apply(&s, CMD_VIEW, cmd_arg(VIEW_MASK));
    CHECK(app_view_is_open(&s.view.views, VIEW_MASK) &&
              !app_view_is_open(&s.view.views, VIEW_ATTENTION) && r == REDRAW_ALL,
          "w opens the mask, closes attention");
    app_apply(&s, CMD_VIEW, cmd_arg(VIEW_ATTENTION));
    CHECK(app_view_is_open(&s.view.views, VIEW_ATTENTION) &&
              !app_view_is_open(&s.view.views, VIEW_MASK),
          "v closes the mask");
    app_apply(&s, CMD_SHOW, cmd_arg(VIEW_MASK));
    CHECK(app_view_is_open(&s.view.views, VIEW_MASK) &&
              !app_view_is_open(&s.view.views, VIEW_ATTENTION),
          "show mask");
    app_apply(&s, CMD_VIEW, cmd_arg(VIEW_MASK));
    CHECK(!app_view_is_open(&s.view.views, VIEW_MASK), "w again closes it");
    app_free(&s);
}

int main(void)
{
    testutil_fixtures(&fx);
    RUN(test_empty_start);
    RUN(test_type_matches_fixture);
    RUN(test_unknown_character);
    RUN(test_messages_kept);
    RUN(test_forgiving_input);
    RUN(test_without_opencc);
    RUN(test_pinyin_rank);
    RUN(test_take_back_rolls_back);
    RUN(test_clear);
    RUN(test_window_slides);
    RUN(test_slider_bounds);
    RUN(test_slider_selection);
    RUN(test_sampler_column);
    RUN(test_space_and_pick);
    RUN(test_write_same_seed);
    RUN(test_jueju_mask_visible);
    RUN(test_acrostic);
    RUN(test_histogram);
    RUN(test_corpus_column);
    RUN(test_query);
    RUN(test_prompt_start_top8);
    RUN(test_mid_text_toggle);
    RUN(test_mid_text_keeps_form);
    RUN(test_no_newline_mid_text);
    RUN(test_cache_toggle);
    RUN(test_letters_outside_pinyin);
    RUN(test_export_empty_asks);
    RUN(test_letters_slow_and_sliders);
    RUN(test_compare_run);
    RUN(test_attention);
    RUN(test_view_keys);
    RUN(test_paste_one_edit);
    RUN(test_projector_key);
    RUN(test_coin_and_entropy);
    RUN(test_stage_columns_by_hand);
    RUN(test_default_set_same_poem);
    RUN(test_kv_row_every_step);
    RUN(test_forgotten_with_the_text);
    RUN(test_compare_model_and_logits);
    RUN(test_compare_past_the_context);
    RUN(test_mask_view);
    RUN(test_histogram_draws_as_space);
    RUN(test_bars_are_the_view);
    testutil_fixtures_free(&fx);
    return test_summary();
}
