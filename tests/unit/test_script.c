/* test_script.c - the command language and lessons, without a terminal.
 *
 * Every verb is sent through script_run and its effect looked at in the
 * AppState, against references from outside the code under test: the
 * fixture's top 8 after 春风 (tools/make-fixtures.py, tests/data/tiny-probs.txt),
 * the same change made with the explorer's own key Commands, ranks recounted
 * here from the probabilities, corpus counts recounted by a plain substring
 * search. Then every range error, the Markdown reader on small texts (line
 * numbers, fences of other types), and the promise lessons rest on: going to
 * step k from anywhere (a replay) shows exactly what stepping forward k
 * times showed. The model is tests/data/tiny.bin (23 characters, context 16).
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/app.h"
#include "apptest.h"
#include "check.h"
#include "testutil.h"
#include "app/commands.h"
#include "engine/fileio.h"
#include "app/labels.h"
#include "app/lesson.h"
#include "app/script.h"

static TestFixtures fx;

/* Occurrences of needle in the corpus text, counted without the suffix array. */
static size_t naive_count(const char *needle) { return testutil_count(fx.text, needle); }

static void start(AppState *s)
{
    apptest_start(s, &fx.model);
    app_set_corpus(s, &fx.corpus, CORPUS_READY);
}

/* Run one line; returns its result, the message in msg (if not NULL). */
static int run(AppState *s, const char *line, char *msg)
{
    ScriptOut out = {.sync_jobs = 1};
    int rc = script_run(s, line, &out);
    if (msg)
        snprintf(msg, SCRIPT_MSG_MAX, "%s", out.msg);
    return rc;
}

/* Run a line that must work. */
static void ok(AppState *s, const char *line)
{
    char msg[SCRIPT_MSG_MAX];
    int rc = run(s, line, msg);
    CHECK(rc == SCRIPT_OK, "'%s' failed: %s", line, msg);
}

/* The rank of id recounted: 1 + the ids with a larger probability, or an
 * equal one and a smaller id. */
static int naive_rank(const AppState *s, int id)
{
    int r = 1;
    for (int i = 0; i < fx.model.cfg.vocab_size; i++)
        r += s->pred.probs[i] > s->pred.probs[id] || (s->pred.probs[i] == s->pred.probs[id] && i < id);
    return r;
}

/* ---- the table ---- */

static void test_verb_table(void)
{
    int n;
    const ScriptVerb *v = script_verbs(&n);
    CHECK(n >= 23, "%d verbs", n);
    unsigned char *doc = NULL;
    size_t len;
    TsErr err;
    CHECK(read_file("lessons/README.md", FILE_TEXT, &doc, &len, &err) == 0, "%s", err.msg);
    for (int i = 0; i < n; i++) {
        CHECK(v[i].name && v[i].run && v[i].usage, "verb %d incomplete", i);
        /* a line for lesson --help in every language (po/: "verb NAME") */
        for (int lang = 0; lang < LANG_COUNT; lang++) {
            char line[512];
            script_setting_help((AppLang)lang, &v[i], line, sizeof line);
            CHECK(line[0], "verb '%s' has no line in %s", v[i].name, app_lang_code((AppLang)lang));
        }
        for (int j = 0; j < i; j++)
            CHECK(strcmp(v[i].name, v[j].name) != 0, "verb '%s' twice", v[i].name);
        if (v[i].arg == ARG_WORD || v[i].arg == ARG_FORM || v[i].arg == ARG_CLAIM)
            CHECK(v[i].words && v[i].words[0], "'%s' lists no words", v[i].name);
        /* the docs name every verb: `name` at the start of a table cell; the
         * settings' verbs by their row `set NAME V` (lesson --help lists each) */
        char cell[64];
        snprintf(cell, sizeof cell, "| `%s", v[i].setting ? "set NAME V` " : v[i].name);
        CHECK(doc && strstr((char *)doc, cell), "lessons/README.md does not document '%s'", v[i].name);
    }
    /* and each `set NAME` row it has names a setting that is there */
    for (const char *row = doc ? strstr((char *)doc, "| `set ") : NULL; row; row = strstr(row + 1, "| `set ")) {
        char word[64] = "";
        sscanf(row + 7, "%63[^ `]", word);
        CHECK(strcmp(word, "NAME") == 0 || strcmp(word, "seed") == 0 || strcmp(word, "weights") == 0 ||
                  sampler_setting_find(word) >= 0,
              "lessons/README.md documents `set %s`, which is no setting", word);
    }
    free(doc);
    char usage[128];
    script_verb_usage(&v[4], usage, sizeof usage);
    CHECK(strcmp(usage, "set temperature T") == 0, "usage: %s", usage);
}

/* Every row of the settings table has its `set NAME` verb, which takes the
 * table's value letter and says in each language what the setting does (its
 * sentence), the range a lesson may give it, and its off value. The letters
 * and ranges are written here by hand. */
static void test_setting_verbs(void)
{
    static const struct {
        const char *name, *usage, *range_en;
    } WANT[] = {
        {"temperature", "set temperature T", "0 to 2 (1"},
        {"top-k", "set top-k K", "0 to the vocabulary size (0"},
        {"top-p", "set top-p P", "0.05 to 1 (1"},
        {"min-p", "set min-p M", "0 to 1 (0"},
        {"repetition-penalty", "set repetition-penalty R", "1 to 100 (1"},
    };
    for (size_t c = 0; c < sizeof WANT / sizeof WANT[0]; c++)
        CHECK(sampler_setting_find(WANT[c].name) >= 0, "the table lost the setting %s", WANT[c].name);
    int n;
    const ScriptVerb *v = script_verbs(&n);
    for (int i = 0; i < SET_COUNT; i++) {
        char want[64];
        snprintf(want, sizeof want, "set %s", SAMPLER_SETTINGS[i].name);
        const ScriptVerb *found = NULL;
        for (int k = 0; k < n; k++)
            if (strcmp(v[k].name, want) == 0)
                found = &v[k];
        CHECK(found && found->setting == &SAMPLER_SETTINGS[i], "no verb '%s'", want);
        if (!found)
            continue;
        char usage[128], help[512];
        script_verb_usage(found, usage, sizeof usage);
        int c = SETTING_CASE(WANT, SAMPLER_SETTINGS[i].name);
        CHECK(c >= 0, "the setting %s has no case in test_setting_verbs (its usage and range)",
              SAMPLER_SETTINGS[i].name);
        if (c >= 0) {
            CHECK(strcmp(usage, WANT[c].usage) == 0, "usage '%s', want '%s'", usage, WANT[c].usage);
            script_setting_help(LANG_EN, found, help, sizeof help);
            CHECK(strstr(help, WANT[c].range_en), "'%s' says '%s', not '%s'", want, help,
                  WANT[c].range_en);
        }
        for (int lang = 0; lang < LANG_COUNT; lang++) {
            script_setting_help((AppLang)lang, found, help, sizeof help);
            const char *sentence = app_setting_help((AppLang)lang, (SamplerSettingId)i);
            CHECK(sentence[0] && strstr(help, sentence), "'%s' in language %d: '%s'", want, lang, help);
        }
    }
}

/* ---- every verb, through app_apply ---- */

static void test_prompt_type_backspace_clear(void)
{
    AppState s;
    start(&s);
    ok(&s, "mid-text on"); /* the fixture reads 春风 as it is, a fragment from inside a text */
    ok(&s, "prompt 春风");
    CHECK(apptest_text_is(&s, "春风") && s.text.chars[0].origin == ORIGIN_TYPED,
          "prompt sets the text");
    /* the fixture's top 8 after 春风 (float64 reference) */
    FILE *f = fopen(TEST_DATA("tiny-probs.txt"), "r");
    CHECK(f != NULL, "tiny-probs.txt");
    char line[256];
    int k = 0, in_first = 0;
    while (f && fgets(line, sizeof line, f) && k < 8) {
        int id;
        double p;
        if (strncmp(line, "prompt ", 7) == 0)
            in_first = strcmp(line + 7, "e698a5e9a38e\n") == 0;
        else if (in_first && sscanf(line, "top %*d %d %*s %lf", &id, &p) == 2) {
            CHECK(s.pred.top[k].id == id && fabs((double)s.pred.top[k].p - p) < 1e-5,
                  "rank %d: id %d p %g, want %d %g", k + 1, s.pred.top[k].id,
                  (double)s.pred.top[k].p, id, p);
            k++;
        }
    }
    if (f)
        fclose(f);
    CHECK(k == 8, "8 fixture rows, got %d", k);
    ok(&s, "prompt 白日");
    CHECK(apptest_text_is(&s, "白日"), "a second prompt replaces the first");
    ok(&s, "type   山水  ");
    CHECK(apptest_text_is(&s, "白日山水"), "type appends (the ends' spaces are not text)");
    ok(&s, "backspace");
    CHECK(apptest_text_is(&s, "白日山"), "backspace takes one back");
    ok(&s, "backspace 2");
    CHECK(apptest_text_is(&s, "白"), "backspace 2 takes two");
    ok(&s, "clear");
    CHECK(s.text.n_chars == 0 && s.text.g.n == 1, "clear empties the text");
    app_free(&s);
}

/* The KV cache line tells what a whole command read: a new prompt every
 * position of its text (the poem's opening newline and each character), a
 * retyped last character one position only. */
static void test_cache_line_counts_the_command(void)
{
    AppState s;
    start(&s);
    ok(&s, "cache on");
    ok(&s, "prompt 白日山水");
    long want = 1 + 4; /* ⏎ and 白日山水 */
    CHECK(s.pred.predict_rows == want, "a new prompt read %ld positions, want %ld",
          s.pred.predict_rows, want);
    ok(&s, "backspace");
    ok(&s, "type 水");
    CHECK(s.pred.predict_rows == 1, "a retyped character read %ld positions, want 1",
          s.pred.predict_rows);
    ok(&s, "type 春风");
    CHECK(s.pred.predict_rows == 2, "two characters typed read %ld positions, want 2",
          s.pred.predict_rows);
    app_free(&s);
}

/* What a line of the settings' table below reads back. */
static double temperature_of(const AppState *s) { return s->view.set.temperature; }
static double top_k_of(const AppState *s) { return s->view.set.top_k; }
static double top_p_of(const AppState *s) { return s->view.set.top_p; }
static double min_p_of(const AppState *s) { return s->view.set.min_p; }
static double seed_of(const AppState *s) { return (double)s->view.seed; }
static double mid_text_of(const AppState *s) { return s->view.mid_text; }
static double cache_of(const AppState *s) { return s->text.g.use_cache; }
static double lang_of(const AppState *s) { return s->view.lang; }

/* Each line, then what it set (as float where the state keeps a float). */
static void test_settings(void)
{
    static const struct {
        const char *line;
        double (*get)(const AppState *s);
        double want;
        const char *why;
    } LINES[] = {
        {"set temperature 0.8", temperature_of, 0.8f, "set temperature"},
        {"set top-k 20", top_k_of, 20, "set top-k"},
        {"set top-p 0.9", top_p_of, 0.9f, "set top-p"},
        {"set min-p 0.05", min_p_of, 0.05f, "set min-p"},
        {"set top-k 200", top_k_of, 200, "top-k to the bar's end"},
        {"seed 7", seed_of, 7, "seed"},
        {"set seed 9", seed_of, 9, "set seed"},
        {"set temperature 0", temperature_of, 0, "temperature 0 is allowed"},
        {"mid-text on", mid_text_of, 1, "mid-text on"},
        {"mid-text off", mid_text_of, 0, "mid-text off"},
        {"cache off", cache_of, 0, "cache off"},
        {"cache off", cache_of, 0, "cache off twice stays off (not a toggle)"},
        {"cache on", cache_of, 1, "cache on"},
        {"lang de", lang_of, LANG_DE, "lang de"},
        {"lang zh", lang_of, LANG_ZH, "lang zh"},
    };
    AppState s;
    start(&s);
    for (size_t i = 0; i < sizeof LINES / sizeof LINES[0]; i++) {
        ok(&s, LINES[i].line);
        double got = LINES[i].get(&s);
        CHECK(got == LINES[i].want, "%s: %g, want %g", LINES[i].why, got, LINES[i].want);
    }
    /* the sampler column follows: temperature 0 puts everything on the top candidate */
    ok(&s, "set temperature 0");
    ok(&s, "prompt 春风");
    CHECK(fabsf(s.pred.top[0].p_sampler - 1.0f) < 1e-6f, "greedy: %g", (double)s.pred.top[0].p_sampler);
    app_free(&s);
}

/* step, pick and write do what the keys Space, 1-8 and Enter do. */
static void test_step_pick_write(void)
{
    AppState a, b;
    start(&a);
    start(&b);
    ok(&a, "prompt 春风");
    ok(&a, "seed 5");
    ok(&a, "step 3");
    const char *keys = "春风";
    size_t len = strlen(keys), pos = 0;
    uint32_t cp;
    while (utf8_decode(keys, len, &pos, &cp) == 0 && pos <= len)
        app_apply(&b, CMD_TYPE, cmd_arg((long)cp));
    app_apply(&b, CMD_SLIDER_SET, (CmdArg){.n = SL_SEED, .x = 5});
    for (int i = 0; i < 3; i++)
        app_apply(&b, CMD_SAMPLE, cmd_arg(0));
    char ta[256], tb[256];
    apptest_text(&a, ta, sizeof ta);
    apptest_text(&b, tb, sizeof tb);
    CHECK(a.text.n_chars == 5 && strcmp(ta, tb) == 0, "step 3 = Space x3: '%s' vs '%s'", ta, tb);
    CHECK(a.text.chars[4].origin == ORIGIN_MODEL, "sampled characters are the model's");
    int second = a.pred.top[1].id;
    ok(&a, "pick 2");
    CHECK(a.text.n_chars == 6 && a.text.chars[5].id == second &&
              a.text.chars[5].origin == ORIGIN_PICKED,
          "pick 2 appends the second candidate");
    ok(&a, "write");
    CHECK(a.job.kind == JOB_NONE, "write runs to its end in a script");
    app_apply(&b, CMD_PICK, cmd_arg(2));
    app_apply(&b, CMD_WRITE, cmd_arg(0));
    while (b.job.kind != JOB_NONE)
        app_apply(&b, CMD_TICK, cmd_arg(0));
    apptest_text(&a, ta, sizeof ta);
    apptest_text(&b, tb, sizeof tb);
    CHECK(strcmp(ta, tb) == 0 && a.text.n_chars > 6, "write = Enter to the end: '%s' vs '%s'", ta,
          tb);
    /* not synchronous: the job is left running, as Enter leaves it */
    ScriptOut out = {.sync_jobs = 0};
    CHECK(script_run(&a, "write", &out) == SCRIPT_OK && a.job.kind == JOB_WRITE, "write left running");
    app_apply(&a, CMD_STOP, cmd_arg(0));
    app_free(&a);
    app_free(&b);
}

static void test_compare_form_show(void)
{
    AppState s;
    start(&s);
    ok(&s, "prompt 春");
    ok(&s, "compare");
    CHECK(s.view.cmp.done && s.view.cmp.identical && s.view.cmp.n == s.view.cmp.length &&
              s.job.kind == JOB_NONE,
          "compare runs to its end: %d of %d", s.view.cmp.n, s.view.cmp.length);
    ok(&s, "expect identical");
    ok(&s, "form jueju 5");
    CHECK(s.view.mode.kind == FORM_JUEJU && s.view.mode.line_len == 5, "form jueju 5");
    ok(&s, "form jueju 7");
    CHECK(s.view.mode.kind == FORM_JUEJU && s.view.mode.line_len == 7,
          "form jueju 7 (not a switch)");
    ok(&s, "form free");
    CHECK(s.view.mode.kind == FORM_FREE, "form free");
    ok(&s, "prompt 春山");
    ok(&s, "form acrostic 5");
    CHECK(s.view.mode.kind == FORM_ACROSTIC && s.view.mode.line_len == 5 &&
              strcmp(s.view.mode.heads, "春山") == 0,
          "acrostic on the text's heads: '%s' %d", s.view.mode.heads, s.view.mode.line_len);
    ok(&s, "form acrostic");
    CHECK(s.view.mode.line_len == 5 && strcmp(s.view.mode.heads, "春山") == 0,
          "no length: the same length");
    ok(&s, "step 2");
    CHECK(s.text.n_chars == 2 && s.text.chars[0].cp == testutil_cp("春"),
          "an acrostic line opens with its head");
    ok(&s, "form free");
    ok(&s, "show histogram");
    CHECK(app_view_is_open(&s.view.views, VIEW_HISTOGRAM), "show histogram");
    ok(&s, "show attention");
    CHECK(app_view_is_open(&s.view.views, VIEW_HISTOGRAM) &&
              app_view_is_open(&s.view.views, VIEW_ATTENTION),
          "show attention keeps the histogram");
    ok(&s, "show help");
    CHECK(app_view_is_open(&s.view.views, VIEW_HELP), "show help");
    ok(&s, "show help");
    CHECK(app_view_is_open(&s.view.views, VIEW_HELP), "show help twice stays open");
    ok(&s, "show none");
    CHECK(!app_view_is_open(&s.view.views, VIEW_HISTOGRAM) &&
              !app_view_is_open(&s.view.views, VIEW_ATTENTION) &&
              !app_view_is_open(&s.view.views, VIEW_HELP) &&
              app_view_is_open(&s.view.views, VIEW_NONE),
          "show none closes all");
    ok(&s, "show help");
    ok(&s, "type 风");
    CHECK(!app_view_is_open(&s.view.views, VIEW_HELP) && s.text.n_chars == 3,
          "a command closes help and still acts");
    app_free(&s);
}

static void test_lookup_quiz_point(void)
{
    AppState s;
    start(&s);
    ok(&s, "prompt 春风");
    ok(&s, "lookup 花");
    int id = vocab_id(&fx.model.vocab, testutil_cp("花"));
    CHECK(s.pred.query.cp == testutil_cp("花") && s.pred.query.rank == naive_rank(&s, id),
          "lookup 花: rank %d, recounted %d", s.pred.query.rank, naive_rank(&s, id));
    ok(&s, "quiz Which character comes next?");
    CHECK(strcmp(s.view.quiz, "Which character comes next?") == 0 && s.view.quiz_hidden,
          "quiz hides the bars");
    ok(&s, "type 花");
    CHECK(s.view.quiz_hidden, "a later command in the step does not reveal");
    app_apply(&s, CMD_REVEAL, cmd_arg(0));
    CHECK(!s.view.quiz_hidden && s.view.quiz[0],
          "a key reveals; the question stays beside the answer");
    ok(&s, "point sliders");
    CHECK(s.view.point == PANEL_SLIDERS, "point sliders");
    ok(&s, "point corpus");
    CHECK(s.view.point == PANEL_CORPUS, "point corpus");
    ok(&s, "point none");
    CHECK(s.view.point == PANEL_NONE, "point none");
    app_free(&s);
}

static void test_expect(void)
{
    AppState s;
    start(&s);
    ok(&s, "mid-text on");
    ok(&s, "prompt 春风");
    /* from the fixture: 风 41.1%, 日 10.6%, ... 春 3.2% eighth */
    ok(&s, "expect top1 风");
    ok(&s, "expect top8 春");
    ok(&s, "expect rank 日 <= 2");
    ok(&s, "expect rank 日 = 2");
    ok(&s, "expect rank 日 > 1");
    ok(&s, "expect prob 风 > 41");
    ok(&s, "expect prob 风 < 41.2");
    char msg[SCRIPT_MSG_MAX];
    CHECK(run(&s, "expect top1 日", msg) == SCRIPT_FAILED && strstr(msg, "first is 风") &&
              strstr(msg, "日 has rank 2"),
          "%s", msg);
    int id = vocab_id(&fx.model.vocab, testutil_cp("月"));
    char want[64];
    snprintf(want, sizeof want, "月 has rank %d", naive_rank(&s, id));
    CHECK(run(&s, "expect top8 月", msg) == SCRIPT_FAILED && strstr(msg, want), "%s (want %s)", msg, want);
    CHECK(run(&s, "expect rank 日 > 2", msg) == SCRIPT_FAILED, "%s", msg);
    /* the message writes the figure as the bars do (41.1%), or with the
     * decimals the claim wrote (41.15%); `=` holds for what rounds to X there */
    CHECK(run(&s, "expect prob 风 > 50", msg) == SCRIPT_FAILED && strstr(msg, "gives 风 41.1%"), "%s", msg);
    CHECK(run(&s, "expect prob 风 = 41.14", msg) == SCRIPT_FAILED && strstr(msg, "gives 风 41.15%"),
          "%s", msg);
    ok(&s, "expect prob 风 = 41.15");
    ok(&s, "expect prob 风 = 41.1");
    ok(&s, "expect prob 风 = 41");
    CHECK(run(&s, "expect prob 风 = 41.2", msg) == SCRIPT_FAILED, "%s", msg);
    CHECK(run(&s, "expect identical", msg) == SCRIPT_FAILED && strstr(msg, "no compare"), "%s", msg);
    /* the corpus, recounted by substring search */
    char line[64];
    snprintf(line, sizeof line, "expect corpus 春风 花 %zu", naive_count("春风花"));
    ok(&s, line);
    snprintf(line, sizeof line, "expect corpus 白日 千 %zu", naive_count("白日千"));
    ok(&s, line);
    CHECK(naive_count("春风花") > 1, "the fixture corpus has 春风花: %zu", naive_count("春风花"));
    snprintf(line, sizeof line, "expect corpus 春风 花 %zu", naive_count("春风花") + 1);
    snprintf(want, sizeof want, "春风花 %zu times", naive_count("春风花"));
    CHECK(run(&s, line, msg) == SCRIPT_FAILED && strstr(msg, want), "%s (want %s)", msg, want);
    app_set_corpus(&s, NULL, CORPUS_NONE);
    CHECK(run(&s, "expect corpus 春风 花 2", msg) == SCRIPT_UNCHECKED && strstr(msg, "not loaded"),
          "without the training text: %s", msg);
    /* the words a narration uses: lines of verse, what grows and shrinks */
    /* the last pass (the newline a poem starts with, 白日, then one more):
     * without the cache all of it; the cache switched on reads it all once,
     * then one position a step */
    ok(&s, "mid-text off");
    ok(&s, "prompt 白日");
    ok(&s, "cache off");
    ok(&s, "expect mask 3 3");
    ok(&s, "cache on");
    ok(&s, "expect mask 3 3");
    ok(&s, "pick 1");
    ok(&s, "expect mask 1 4");
    CHECK(run(&s, "expect mask 4 4", msg) == SCRIPT_FAILED &&
              strstr(msg, "computed 1 position over 4 keys (start = 3)"),
          "%s", msg);
    CHECK(run(&s, "expect mask 2 1", msg) == SCRIPT_FAILED && strstr(msg, "more than TOTAL"), "%s",
          msg);
    ok(&s, "cache off");
    ok(&s, "expect mask 4 4");
    ok(&s, "cache on");
    ok(&s, "mid-text on");
    ok(&s, "prompt 春风");
    ok(&s, "expect lines = 1");
    ok(&s, "prompt 春风花月明，山水白日云。江天");
    ok(&s, "expect lines = 3");
    CHECK(run(&s, "expect lines > 4", msg) == SCRIPT_FAILED && strstr(msg, "the text has 3 lines"),
          "%s", msg);
    CHECK(run(&s, "expect lines ~ 4", msg) == SCRIPT_FAILED && strstr(msg, "is not one of"), "%s", msg);
    ok(&s, "prompt 春风");
    ok(&s, "set temperature 0.3");
    /* at 0.3 the leader (41.1%) grows, the eighth (3.2%) shrinks: p^(1/0.3) renormalised */
    ok(&s, "expect grows 风");
    ok(&s, "expect shrinks 春");
    CHECK(run(&s, "expect grows 春", msg) == SCRIPT_FAILED && strstr(msg, "the model gives 春"), "%s", msg);
    ok(&s, "set temperature 1");
    CHECK(run(&s, "expect grows 风", msg) == SCRIPT_FAILED, "at 1 nothing grows: %s", msg);
    /* ⏎ names the newline, as the screen shows it */
    ok(&s, "prompt 春风花月明，山水白日云。");
    CHECK(run(&s, "expect rank ⏎ >= 1", msg) == SCRIPT_OK, "%s", msg);
    /* and a failed claim names it the same way back, not as U+000A */
    CHECK(run(&s, "expect rank ⏎ > 100000", msg) == SCRIPT_FAILED && strstr(msg, "⏎ has rank") &&
              !strstr(msg, "U+000A"),
          "%s", msg);
    app_free(&s);
}

/* `expect removed` and `expect entropy`, against figures recomputed here
 * from the model's probabilities: min-p 0.1 at temperature 1 keeps each
 * character with at least a tenth of the leader's probability, removes the
 * rest, and the draw's entropy is that of the kept ones renormalised. */
static void test_claims_removed_entropy(void)
{
    AppState s;
    start(&s);
    char msg[SCRIPT_MSG_MAX], line[96];
    ok(&s, "mid-text on");
    ok(&s, "set temperature 1");
    ok(&s, "set min-p 0.1");
    ok(&s, "prompt 春风");
    int V = s.text.m->vocab.size;
    double top = 0.0, removed = 0.0, kept = 0.0, bits = 0.0;
    for (int i = 0; i < V; i++)
        top = s.pred.probs[i] > top ? s.pred.probs[i] : top;
    for (int i = 0; i < V; i++)
        *(s.pred.probs[i] >= 0.1 * top ? &kept : &removed) += s.pred.probs[i];
    for (int i = 0; i < V; i++)
        if (s.pred.probs[i] >= 0.1 * top && s.pred.probs[i] > 0) {
            double q = s.pred.probs[i] / kept;
            bits -= q * log2(q);
        }
    CHECK(removed > 0.05 && removed < 0.95, "min-p removes %g of the fixture's probability", removed);
    snprintf(line, sizeof line, "expect removed = %.1f", 100 * removed);
    ok(&s, line);
    snprintf(line, sizeof line, "expect removed > %.1f", 100 * removed + 0.5);
    CHECK(run(&s, line, msg) == SCRIPT_FAILED && strstr(msg, "the sampler removes"), "%s", msg);
    /* nothing written by the model yet: the prompt was typed */
    CHECK(run(&s, "expect entropy < 20", msg) == SCRIPT_FAILED && strstr(msg, "written no character"),
          "%s", msg);
    ok(&s, "step");
    snprintf(line, sizeof line, "expect entropy = %.2f", bits);
    ok(&s, line);
    snprintf(line, sizeof line, "expect entropy < %.2f", bits - 0.05);
    CHECK(run(&s, line, msg) == SCRIPT_FAILED && strstr(msg, "from a draw of"), "%s", msg);
    /* typing after the draw leaves the model's last character the figure */
    ok(&s, "type 花");
    snprintf(line, sizeof line, "expect entropy = %.1f", bits);
    ok(&s, line);
    /* refused when read */
    CHECK(run(&s, "expect removed = 120", msg) == SCRIPT_FAILED && strstr(msg, "out of range 0..100"),
          "%s", msg);
    CHECK(run(&s, "expect entropy ~ 1", msg) == SCRIPT_FAILED && strstr(msg, "is not one of"), "%s", msg);
    CHECK(run(&s, "expect entropy model < 1", msg) == SCRIPT_FAILED && strstr(msg, "needs OP X"), "%s",
          msg);
    ok(&s, "expect removed < 100%");
    app_free(&s);
}

/* ---- every error names the verb and the argument ---- */

static void test_errors(void)
{
    static const struct {
        const char *line, *want;
    } CASES[] = {
        {"sett temperature 1", "unknown verb 'sett' (did you mean set?)"},
        {"frobnicate", "unknown verb 'frobnicate'"},
        {"set warmth 1", "set: unknown setting 'warmth' (temperature, top-k, "}, /* all: below */
        {"set", "set: which setting?"},
        {"set temperature 3", "set temperature: 3 is out of range 0..2"},
        {"set temperature -0.1", "set temperature: -0.1 is out of range 0..2"},
        {"set temperature hot", "set temperature: 'hot' is not a number (write it like 0.5)"},
        {"set temperature 0x1", "set temperature: '0x1' is not a number (write it like 0.5)"},
        {"set temperature 1e", "set temperature: '1e' is not a number (write it like 0.5)"},
        {"set temperature 1e9", "set temperature: 1e9 is out of range 0..2"}, /* read as a number */
        {"set top-k \xff", "set top-k: '\\xff' is not a number (write it like 0.5)"},
        {"\x1b[2Jfoo", "unknown verb '\\e[2Jfoo'"},
        {"expect rank 风 > 1e30", "expect rank: 1e30 is not a rank (a whole number)"},
        {"set temperature", "set temperature: needs a number"},
        {"set temperature 1 2", "set temperature: one argument, not '1 2'"},
        {"set top-k 201", "set top-k: 201 is out of range 0..200"}, /* 23 characters: the bar's end */
        {"set top-k 2.5", "set top-k: 2.5 is not a whole number"},
        {"set top-p 0", "set top-p: 0 is out of range 0.05..1"},
        {"set top-p 1.5", "set top-p: 1.5 is out of range 0.05..1"},
        {"set min-p 2", "set min-p: 2 is out of range 0..1"},
        {"seed 100000", "seed: 100000 is out of range 0..99999"},
        {"set seed 100000", "set seed: 100000 is out of range 0..99999"},
        /* past every integer type: once cast to one before its range was checked */
        {"set seed 18446744073709551616",
         "set seed: 18446744073709551616 is out of range 0..99999"},
        {"pick 9", "pick: 9 is not a candidate (1..8)"},
        {"pick 0", "pick: 0 is not a candidate (1..8)"},
        {"pick", "pick: needs a whole number"},
        {"step 0", "step: 0 is out of range 1..1024"},
        {"backspace 2000", "backspace: 2000 is out of range 1..1024"},
        {"backspace 3", "backspace: 3 is more than the 2 characters of the text"},
        {"prompt", "prompt: needs a text"},
        {"type 春z风", "type: characters not in the model: z"},
        {"prompt 𠀀猫𠀀", "prompt: characters not in the model: 𠀀 猫"},
        {"type 春　风", "type: characters not in the model: U+3000"},
        {"lookup 猫", "lookup: characters not in the model: 猫"},
        {"lookup 春风", "lookup: one character, not '春风'"},
        {"cache maybe", "cache: 'maybe' is not one of on, off"},
        {"cache", "cache: needs one of on, off"},
        {"mid-text yes", "mid-text: 'yes' is not one of on, off"},
        {"show everything", "show: 'everything' is not one of histogram, attention, help, none"},
        {"lang es", "lang: 'es' is not one of en, zh, de, fr"},
        {"point screen", "point: 'screen' is not one of bars, sliders, timing, text, corpus, none"},
        {"form sonnet", "form: 'sonnet' is not one of free, acrostic, jueju"},
        {"form jueju 6", "form jueju: the line length is 5 or 7, not '6'"},
        {"form free 5", "form free: takes no line length, not '5'"},
        {"clear now", "clear: takes no argument, not 'now'"},
        {"write 3", "write: takes no argument, not '3'"},
        {"quiz", "quiz: needs a question"},
        {"expect", "expect: needs one of top1, top8, rank, prob, identical, corpus"},
        {"expect sunshine", "expect: 'sunshine' is not one of top1"},
        {"expect top1", "expect top1: needs C"},
        {"expect top1 猫", "expect top1: characters not in the model: 猫"},
        {"expect rank 风 ~ 3", "expect rank: '~' is not one of > >= < <= ="},
        {"expect rank 风 > x", "expect rank: 'x' is not a number"},
        {"expect rank 风 > 2.5", "expect rank: 2.5 is not a rank"},
        {"expect prob 风 > 120", "expect prob: 120 is out of range 0..100"},
        {"expect corpus 春风 。", "expect corpus: needs CONTEXT C N"},
        {"expect corpus 春风 。 -1", "expect corpus: '-1' is not a count"},
        {"expect identical now", "expect identical: takes no argument"},
    };
    AppState s;
    start(&s);
    ok(&s, "prompt 春风");
    char msg[SCRIPT_MSG_MAX];
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char before[256];
        apptest_text(&s, before, sizeof before);
        int rc = run(&s, CASES[i].line, msg);
        CHECK(rc == SCRIPT_FAILED && strstr(msg, CASES[i].want), "'%s': got '%s' (%d), want '%s'",
              CASES[i].line, msg, rc, CASES[i].want);
        CHECK(apptest_text_is(&s, before) && s.view.set.temperature == 0.8f &&
                  s.view.set.top_k == 0,
              "'%s' changed the state", CASES[i].line);
    }
    /* an unknown setting's message names every setting `set` takes */
    CHECK(run(&s, "set warmth 1", msg) == SCRIPT_FAILED && strstr(msg, "seed, weights)"), "%s", msg);
    for (int i = 0; i < SET_COUNT; i++) {
        char name[64];
        snprintf(name, sizeof name, " %s,", SAMPLER_SETTINGS[i].name);
        CHECK(strstr(msg, name) || (strstr(msg, name + 1) && strstr(msg, name + 1)[-1] == '('),
              "an unknown setting's message does not name %s: %s", SAMPLER_SETTINGS[i].name, msg);
    }
    /* what only the state can decide */
    ok(&s, "clear");
    ok(&s, "form jueju 5");
    ok(&s, "type 春风花月明，山水白日云。江天千里秋，夜月不无人。");
    ok(&s, "step 1"); /* the closing newline, the only character the form allows now */
    CHECK(s.view.mode.now.done && s.text.chars[s.text.n_chars - 1].cp == '\n',
          "the jueju is complete");
    CHECK(run(&s, "step 1", msg) == SCRIPT_FAILED && strstr(msg, "step: stopped after 0 of 1"), "%s", msg);
    CHECK(run(&s, "write", msg) == SCRIPT_FAILED && strncmp(msg, "write: ", 7) == 0, "%s", msg);
    ok(&s, "prompt 春");
    CHECK(run(&s, "type 。", msg) == SCRIPT_FAILED && strncmp(msg, "type: ", 6) == 0,
          "the form refuses 。 as a line's first character: %s", msg);
    ok(&s, "form free");
    ok(&s, "clear");
    CHECK(run(&s, "form acrostic 7", msg) == SCRIPT_FAILED && strstr(msg, "no line openers"), "%s", msg);
    CHECK(run(&s, "   ", msg) == SCRIPT_OK && run(&s, "# a comment", msg) == SCRIPT_OK,
          "blank lines and comments do nothing");
    app_free(&s);
}

/* ---- resetting and replaying ---- */

/* Everything the screen shows, compared field by field. */
static int same_view(const AppState *a, const AppState *b, const char *what)
{
    int bad = 0;
#define SAME(cond, ...)                                                                            \
    do {                                                                                           \
        if (!(cond) && what && bad++ < 3) {                                                        \
            fprintf(stderr, "  %s: ", what);                                                       \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        } else if (!(cond)) {                                                                      \
            bad++;                                                                                 \
        }                                                                                          \
    } while (0)
    SAME(a->text.n_chars == b->text.n_chars, "%zu vs %zu characters", a->text.n_chars,
         b->text.n_chars);
    for (size_t i = 0; i < a->text.n_chars && i < b->text.n_chars; i++)
        SAME(a->text.chars[i].cp == b->text.chars[i].cp &&
                 a->text.chars[i].origin == b->text.chars[i].origin,
             "character %zu", i);
    SAME(a->text.g.n == b->text.g.n && a->text.g.prefix == b->text.g.prefix, "the model's text");
    SAME(memcmp(&a->view.set, &b->view.set, sizeof a->view.set) == 0, "the sampler's settings");
    SAME(a->view.seed == b->view.seed &&
             memcmp(&a->view.rng, &b->view.rng, sizeof a->view.rng) == 0,
         "seed and generator");
    SAME(a->text.g.use_cache == b->text.g.use_cache, "the cache switch");
    SAME(a->view.mode.kind == b->view.mode.kind && a->view.mode.line_len == b->view.mode.line_len &&
             strcmp(a->view.mode.heads, b->view.mode.heads) == 0 &&
             memcmp(&a->view.mode.now, &b->view.mode.now, sizeof a->view.mode.now) == 0,
         "the verse form");
    SAME(a->pred.n_top == b->pred.n_top, "candidates");
    for (int k = 0; k < a->pred.n_top; k++)
        SAME(a->pred.top[k].id == b->pred.top[k].id && a->pred.top[k].p == b->pred.top[k].p &&
                 a->pred.top[k].p_sampler == b->pred.top[k].p_sampler &&
                 a->pred.top[k].corpus_count == b->pred.top[k].corpus_count &&
                 a->pred.top[k].blocked == b->pred.top[k].blocked,
             "candidate %d", k + 1);
    SAME(a->pred.query.cp == b->pred.query.cp && a->pred.query.rank == b->pred.query.rank,
         "the look-up");
    SAME(app_views_same(&a->view.views, &b->view.views), "the views");
    SAME(strcmp(a->view.quiz, b->view.quiz) == 0 && a->view.quiz_hidden == b->view.quiz_hidden,
         "the quiz");
    SAME(a->view.point == b->view.point && a->view.mid_text == b->view.mid_text &&
             a->view.lang == b->view.lang && a->view.slider == b->view.slider,
         "pointer, mid-text, language, slider");
    SAME(a->view.cmp.done == b->view.cmp.done && a->view.cmp.identical == b->view.cmp.identical &&
             a->view.cmp.length == b->view.cmp.length && a->view.cmp.n == b->view.cmp.n,
         "the compare run (apart from its times)");
    SAME(a->job.kind == b->job.kind && a->input.query_input == b->input.query_input,
         "jobs and input");
#undef SAME
    return bad == 0;
}

static void test_reset_is_fresh(void)
{
    AppState fresh, used;
    start(&fresh);
    start(&used);
    ok(&used, "prompt 春风");
    ok(&used, "set temperature 0.4");
    ok(&used, "set top-k 5");
    ok(&used, "seed 42");
    ok(&used, "cache off");
    ok(&used, "step 4");
    ok(&used, "compare");
    ok(&used, "lookup 花");
    ok(&used, "show histogram");
    ok(&used, "show attention");
    ok(&used, "quiz why?");
    ok(&used, "point timing");
    ok(&used, "mid-text on");
    ok(&used, "form jueju 5");
    app_apply(&used, CMD_SLIDER_NEXT, cmd_arg(0));
    app_apply(&used, CMD_QUERY, cmd_arg(0));
    used.view.lang = fresh.view.lang;
    const float *probs_before = used.pred.probs;
    app_reset(&used);
    CHECK(used.pred.probs == probs_before, "reset keeps its buffers");
    CHECK(same_view(&fresh, &used, "reset"), "app_reset gives what app_init gives");
    CHECK(strcmp(used.view.status, fresh.view.status) == 0, "the welcome again");
    app_free(&fresh);
    app_free(&used);
}

static void keep_problem(void *ctx, int line, const char *msg)
{
    int *n = ctx;
    (*n)++;
    fprintf(stderr, "  line %d: %s\n", line, msg);
}

/* Step k reached by replaying from the start equals step k reached by
 * stepping forward, for every k, coming back from the end. */
static void test_replay_equals_forward(void)
{
    Lesson l;
    TsErr err;
    int problems = 0;
    CHECK(lesson_load(&l, TEST_DATA("lesson-good.md"), keep_problem, &problems, &err) == 0,
          "lesson-good.md: %s", err.msg);
    if (l.n_steps == 0)
        return;
    CHECK(lesson_last_step(&l) == 4, "4 steps: %d", lesson_last_step(&l));
    int n = l.n_steps;
    AppState *forward = calloc((size_t)n, sizeof *forward);
    AppState walker;
    start(&walker);
    app_reset(&walker);
    for (int k = 0; k < n; k++) {
        lesson_enter(&walker, &l, k, 1, keep_problem, &problems);
        /* a copy of what the class saw at step k: replay it on a fresh state */
        start(&forward[k]);
        for (int j = 0; j <= k; j++)
            lesson_enter(&forward[k], &l, j, 1, keep_problem, &problems);
        CHECK(same_view(&walker, &forward[k], "forward"), "step %d forward, twice", k);
    }
    /* walker is at the end (write, compare, a quiz); go back to each step */
    for (int k = n - 1; k >= 0; k--) {
        char what[32];
        snprintf(what, sizeof what, "step %d", k);
        lesson_goto(&walker, &l, k, walker.view.lang, 1, keep_problem, &problems);
        CHECK(same_view(&walker, &forward[k], what), "going back to step %d replays it exactly", k);
    }
    CHECK(problems == 0, "%d problems in lesson-good.md", problems);
    /* and the steps differ from each other: the test could fail */
    CHECK(!same_view(&forward[1], &forward[2], NULL), "steps 1 and 2 differ");
    CHECK(forward[3].view.quiz_hidden && forward[3].view.point == PANEL_BARS,
          "step 3: a quiz, the bars pointed at");
    CHECK(!forward[4].view.quiz[0] && forward[4].view.point == PANEL_NONE,
          "step 4: neither (they belong to step 3)");
    CHECK(forward[4].view.cmp.done && forward[4].view.cmp.identical, "step 4 compared");
    for (int k = 0; k < n; k++)
        app_free(&forward[k]);
    free(forward);
    app_free(&walker);
    lesson_free(&l);
}

/* The explorer keeps the state after each step (entered ahead by a thread of
 * its own) and puts it back when the class goes there: every step, reached
 * by n or by N in any order, equals the step replayed from the start; and n
 * after the class changed something enters on what it made. */
static void test_kept_steps(void)
{
    Lesson l;
    TsErr err;
    int problems = 0;
    CHECK(lesson_load(&l, TEST_DATA("lesson-good.md"), keep_problem, &problems, &err) == 0,
          "lesson-good.md: %s", err.msg);
    if (l.n_steps == 0)
        return;
    int n = l.n_steps;
    AppState s, ref;
    start(&s);
    start(&ref);
    app_lesson_open(&s, &l, s.view.lang);
    app_lesson_wait(&s);
    for (int tries = 0; app_lesson_prepared(&s) < n && tries < 20000; tries++) {
        struct timespec nap = {0, 1000 * 1000};
        nanosleep(&nap, NULL);
    }
    CHECK(app_lesson_prepared(&s) == n, "every step kept: %d of %d", app_lesson_prepared(&s), n);
    int order[] = {1, 2, 3, 4, 3, 2, 1, 0, 4, 2, 3};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        int k = order[i];
        app_lesson_go(&s, k);
        app_lesson_wait(&s);
        lesson_goto(&ref, &l, k, s.view.lang, 1, keep_problem, &problems);
        char what[32];
        snprintf(what, sizeof what, "kept step %d", k);
        CHECK(s.course.step == k && same_view(&s, &ref, what), "step %d put back as replayed", k);
        CHECK(s.text.g.last_rows == ref.text.g.last_rows &&
                  s.text.g.inf.len == ref.text.g.inf.len &&
                  s.text.g.cache_start == ref.text.g.cache_start,
              "step %d: the cache and the last pass as replayed (%d rows of %d)", k,
              s.text.g.last_rows, s.text.g.inf.len);
        CHECK(s.view.coin.valid == ref.view.coin.valid &&
                  (!s.view.coin.valid || s.view.coin.land.id == ref.view.coin.land.id),
              "step %d: the coin", k);
    }
    /* step 1, then the class types: n enters step 2 on that text */
    app_lesson_go(&s, 1);
    app_lesson_wait(&s);
    app_type_text(&s, "花");
    size_t typed = s.text.n_chars;
    app_apply(&s, CMD_LESSON_NEXT, cmd_arg(0));
    app_lesson_wait(&s);
    CHECK(s.course.step == 2 && s.text.n_chars > typed &&
              s.text.chars[typed - 1].cp == testutil_cp("花"),
          "n keeps what the class typed and writes after it");
    /* N puts the class's step back as it was */
    app_apply(&s, CMD_LESSON_PREV, cmd_arg(0));
    app_lesson_wait(&s);
    lesson_goto(&ref, &l, 1, s.view.lang, 1, keep_problem, &problems);
    CHECK(same_view(&s, &ref, "back"), "N after the class's change: step 1 as the class first saw it");
    CHECK(problems == 0, "%d problems", problems);
    app_free(&s);
    app_free(&ref);
    lesson_free(&l);
}

/* The lesson on the explorer's screen: n and N (as Commands), the quiz, the
 * picker, the command line. */
static void test_lesson_commands(void)
{
    Lesson l, other;
    TsErr err;
    int problems = 0;
    if (lesson_load(&l, TEST_DATA("lesson-good.md"), keep_problem, &problems, &err) != 0 ||
        lesson_load(&other, TEST_DATA("lesson-good.md"), keep_problem, &problems, &err) != 0) {
        CHECK(0, "lesson-good.md: %s", err.msg);
        return;
    }
    AppState s, ref;
    start(&s);
    start(&ref);
    Lesson shelf[2] = {l, other};
    app_picker_set(&s, shelf, 2);
    CHECK(s.course.picking && s.course.shelf_sel == 0, "the picker is up");
    app_apply(&s, CMD_PICKER_MOVE, cmd_arg(-1));
    CHECK(s.course.shelf_sel == 1, "up from the first wraps to the last: %d", s.course.shelf_sel);
    app_apply(&s, CMD_PICKER_MOVE, cmd_arg(1));
    app_apply(&s, CMD_PICKER_OPEN, cmd_arg(0));
    app_lesson_wait(&s);
    CHECK(!s.course.picking && s.course.lesson == &shelf[0] && s.course.step == 0,
          "Enter opens the chosen lesson");
    app_apply(&s, CMD_LESSON_PREV, cmd_arg(0)), app_lesson_wait(&s);
    CHECK(s.course.step == 0, "nothing before the introduction");
    for (int k = 1; k <= 3; k++)
        app_apply(&s, CMD_LESSON_NEXT, cmd_arg(0)), app_lesson_wait(&s);
    lesson_goto(&ref, &shelf[0], 3, s.view.lang, 1, keep_problem, &problems);
    CHECK(s.course.step == 3 && same_view(&s, &ref, "n x3"), "n three times: step 3");
    CHECK(s.view.quiz_hidden, "step 3 asks a question");
    app_apply(&s, CMD_REVEAL, cmd_arg(0));
    CHECK(!s.view.quiz_hidden, "revealed");
    app_apply(&s, CMD_LESSON_PREV, cmd_arg(0)), app_lesson_wait(&s);
    lesson_goto(&ref, &shelf[0], 2, s.view.lang, 1, keep_problem, &problems);
    CHECK(s.course.step == 2 && same_view(&s, &ref, "N"), "N: step 2, replayed");
    app_apply(&s, CMD_LESSON_NEXT, cmd_arg(0)), app_lesson_wait(&s);
    CHECK(s.view.quiz_hidden, "forward again: the question is asked again");
    app_apply(&s, CMD_LESSON_NEXT, cmd_arg(0)), app_lesson_wait(&s);
    app_apply(&s, CMD_LESSON_NEXT, cmd_arg(0)), app_lesson_wait(&s);
    CHECK(s.course.step == 4 && strcmp(s.view.status, app_label(&s, LBL_LESSON_END)) == 0,
          "n after the last step says so: %s (step %d)", s.view.status, s.course.step);
    /* the narration scrolls as far as the screen said it reaches */
    app_lesson_fit(&s.course, 10, 4);
    app_apply(&s, CMD_NARRATION_SCROLL, cmd_arg(3));
    app_apply(&s, CMD_NARRATION_SCROLL, cmd_arg(5));
    CHECK(s.course.narration_top == 6, "stops at lines - rows: %d", s.course.narration_top);
    app_apply(&s, CMD_NARRATION_SCROLL, cmd_arg(-10));
    CHECK(s.course.narration_top == 0, "and at the top: %d", s.course.narration_top);
    app_apply(&s, CMD_NARRATION_SCROLL, cmd_arg(2));
    app_apply(&s, CMD_LESSON_PREV, cmd_arg(0)), app_lesson_wait(&s);
    CHECK(s.course.narration_top == 0, "a new step starts at its top");
    CHECK(problems == 0, "%d problems", problems);
    app_free(&s);
    app_free(&ref);
    lesson_free(&l);
    lesson_free(&other);
}

/* `:` then keys: letters are the command's text, Enter runs it, Esc drops it. */
static void keys(AppState *s, const char *text)
{
    size_t len = strlen(text), pos = 0;
    uint32_t cp;
    while (pos < len && utf8_decode(text, len, &pos, &cp) == 0)
        app_apply(s, CMD_TYPE, cmd_arg((long)cp));
}

static void test_command_line(void)
{
    AppState s;
    start(&s);
    app_apply(&s, CMD_CMDLINE, cmd_arg(0));
    CHECK(s.input.cmdline_open, ": opens the command line");
    keys(&s, "set top-k 200q");
    app_apply(&s, CMD_BACKSPACE, cmd_arg(0));
    app_apply(&s, CMD_BACKSPACE, cmd_arg(0));
    CHECK(strcmp(s.input.cmdline, "set top-k 20") == 0 && !s.input.quit && s.text.n_chars == 0,
          "letters go to the line, not to the explorer: '%s'", s.input.cmdline);
    app_apply(&s, CMD_WRITE, cmd_arg(0));
    CHECK(!s.input.cmdline_open && s.view.set.top_k == 20, "Enter runs it: top-k %d",
          s.view.set.top_k);
    app_apply(&s, CMD_CMDLINE, cmd_arg(0));
    keys(&s, "prompt 春风");
    app_apply(&s, CMD_WRITE, cmd_arg(0));
    CHECK(apptest_text_is(&s, "春风"), "a text argument with Chinese");
    app_apply(&s, CMD_CMDLINE, cmd_arg(0));
    keys(&s, "set temperature 3");
    app_apply(&s, CMD_WRITE, cmd_arg(0));
    CHECK(s.view.status_error &&
              strcmp(s.view.status, "set temperature: 3 is out of range 0..2") == 0 &&
              s.view.set.temperature == 0.8f,
          "an error goes to the status line: %s", s.view.status);
    app_apply(&s, CMD_CMDLINE, cmd_arg(0));
    keys(&s, "clear");
    app_apply(&s, CMD_STOP, cmd_arg(0));
    CHECK(!s.input.cmdline_open && s.text.n_chars == 2, "Esc drops the line unrun");
    app_apply(&s, CMD_CMDLINE, cmd_arg(0));
    keys(&s, "write");
    app_apply(&s, CMD_WRITE, cmd_arg(0));
    CHECK(s.job.kind == JOB_WRITE, "write runs on the screen as Enter does, not to its end at once");
    app_apply(&s, CMD_STOP, cmd_arg(0));
    app_free(&s);
}

/* ---- reading Markdown ---- */

typedef struct {
    int n;
    int lines[16];
    char msgs[16][256];
} Seen;

static void see(void *ctx, int line, const char *msg)
{
    Seen *s = ctx;
    if (s->n < 16) {
        s->lines[s->n] = line;
        snprintf(s->msgs[s->n], sizeof s->msgs[s->n], "%s", msg);
    }
    s->n++;
}

static int parse(Lesson *l, const char *text, Seen *seen)
{
    TsErr err;
    memset(seen, 0, sizeof *seen);
    return lesson_parse(l, "x.md", text, strlen(text), see, seen, &err);
}

static void test_markdown(void)
{
    const char *md = "# Title here\r\n"                 /* 1 */
                     "\r\n"                              /* 2 */
                     "Intro *text*.\r\n"                 /* 3 */
                     "## First step\r\n"                 /* 4 */
                     "Narration.\r\n"                    /* 5 */
                     "```tangscope\r\n"                  /* 6 */
                     "prompt 春风\r\n"                   /* 7 */
                     "\r\n"                              /* 8 */
                     "  # a comment\r\n"                 /* 9 */
                     "  set top-k 20  \r\n"              /* 10 */
                     "```\r\n"                           /* 11 */
                     "```python\r\n"                     /* 12 */
                     "## not a heading\r\n"              /* 13 */
                     "prompt not a command\r\n"          /* 14 */
                     "```\r\n"                           /* 15 */
                     "### a sub-heading is narration\r\n" /* 16 */
                     "## Second\r\n"                     /* 17 */
                     "````tangscope\r\n"                 /* 18 */
                     "```\r\n"                           /* 19: too short to close */
                     "write\r\n"                         /* 20 */
                     "````\r\n"                          /* 21 */
                     "~~~ tangscope extra words\r\n"     /* 22 */
                     "compare\r\n"                       /* 23 */
                     "~~~\r\n";                          /* 24 */
    Lesson l;
    Seen seen;
    int rc = parse(&l, md, &seen);
    CHECK(rc == 0 && seen.n == 0, "%d problems, first: %s", seen.n, seen.msgs[0]);
    CHECK(strcmp(l.title, "Title here") == 0, "title '%s'", l.title);
    CHECK(l.n_steps == 3, "introduction and 2 steps: %d", l.n_steps);
    if (l.n_steps == 3) {
        CHECK(strcmp(l.steps[0].narration, "Intro *text*.") == 0, "intro '%s'", l.steps[0].narration);
        CHECK(strcmp(l.steps[1].heading, "First step") == 0 && l.steps[1].line == 4, "step 1 heading");
        CHECK(l.steps[1].n_cmds == 2, "step 1: %d commands", l.steps[1].n_cmds);
        if (l.steps[1].n_cmds == 2) {
            CHECK(l.steps[1].cmds[0].line == 7 && strcmp(l.steps[1].cmds[0].text, "prompt 春风") == 0,
                  "'%s' on line %d", l.steps[1].cmds[0].text, l.steps[1].cmds[0].line);
            CHECK(l.steps[1].cmds[1].line == 10 && strcmp(l.steps[1].cmds[1].text, "set top-k 20") == 0,
                  "'%s' on line %d", l.steps[1].cmds[1].text, l.steps[1].cmds[1].line);
        }
        CHECK(strstr(l.steps[1].narration, "```python") && strstr(l.steps[1].narration, "## not a heading") &&
                  strstr(l.steps[1].narration, "### a sub-heading") && !strstr(l.steps[1].narration, "tangscope"),
              "other fences stay in the narration, tangscope blocks do not: '%s'", l.steps[1].narration);
        CHECK(strcmp(l.steps[2].heading, "Second") == 0 && l.steps[2].line == 17, "step 2");
        CHECK(l.steps[2].n_cmds == 3, "a longer fence holds a shorter one: %d commands", l.steps[2].n_cmds);
        if (l.steps[2].n_cmds == 3)
            CHECK(strcmp(l.steps[2].cmds[0].text, "```") == 0 && l.steps[2].cmds[1].line == 20 &&
                      strcmp(l.steps[2].cmds[2].text, "compare") == 0 && l.steps[2].cmds[2].line == 23,
                  "~~~ fences too");
    }
    lesson_free(&l);

    /* shapes that are problems, each on its line */
    rc = parse(&l, "Just text.\n## Step\n", &seen);
    CHECK(rc == 1 && seen.lines[0] == 1 && strstr(seen.msgs[0], "title"), "no title: %s", seen.msgs[0]);
    lesson_free(&l);
    rc = parse(&l, "\n\n# Title\n\nOnly an introduction.\n", &seen);
    CHECK(rc == 1 && strstr(seen.msgs[0], "no steps"), "no steps: %d %s", rc, seen.msgs[0]);
    lesson_free(&l);
    rc = parse(&l, "", &seen);
    CHECK(rc == 2 && strstr(seen.msgs[0], "empty"), "an empty file: %d %s", rc, seen.msgs[0]);
    lesson_free(&l);
    rc = parse(&l, "# T\n## A\n```tangscope\nprompt 春\n## B\n", &seen);
    CHECK(rc == 1 && seen.lines[0] == 3 && strstr(seen.msgs[0], "never closed"),
          "an open block, reported at its line: %d %d %s", rc, seen.lines[0], seen.msgs[0]);
    lesson_free(&l);
    /* the narration after an open block is not read as commands, each an
     * unknown verb when the lesson runs: the block is the one problem */
    rc = parse(&l, "# T\n## A\n```tangscope\nprompt 春\n```\n## B\n```tangscope\nprompt 风\n"
                   "The model writes.\nIt counts.\n", &seen);
    CHECK(rc == 1 && seen.lines[0] == 7 && l.n_steps == 3 && l.steps[2].n_cmds == 0 &&
              l.steps[1].n_cmds == 1,
          "an open block's rest is no command: rc %d, %d steps, %d commands", rc, l.n_steps,
          l.n_steps == 3 ? l.steps[2].n_cmds : -1);
    lesson_free(&l);
    rc = parse(&l, "\n   \n\t\n\n", &seen);
    CHECK(rc == 2 && strstr(seen.msgs[0], "no title") && !strstr(seen.msgs[0], "empty"),
          "blank lines only: %d %s", rc, seen.msgs[0]);
    lesson_free(&l);
    rc = parse(&l, "# T\n## A\ntext\n# Another title\n##\n", &seen);
    CHECK(rc == 2 && seen.lines[0] == 4 && seen.lines[1] == 5, "a second title, an empty heading: %d", rc);
    lesson_free(&l);
}

static void test_plain_text(void)
{
    char *t = lesson_plain_text("First line of a\nparagraph with *emphasis* and `code`.\n\n"
                                "春风吹过，\n花开了。\n\n- one\n- two\n  more\n\n## Sub\n```\ncode line\n```\n");
    CHECK(t != NULL, "plain text");
    if (!t)
        return;
    const char *want = "First line of a paragraph with emphasis and code.\n\n"
                       "春风吹过，花开了。\n\n- one\n- two more\n\nSub\n  code line\n";
    CHECK(strcmp(t, want) == 0, "got:\n%s\nwant:\n%s", t, want);
    free(t);
    /* a code span's spaces do not break on the screen: no-break spaces */
    t = lesson_plain_text("Type `mid-text on` or `set top-k 20`, then \\` and go.\n");
    CHECK(t && strcmp(t, "Type mid-text\xC2\xA0on or set\xC2\xA0top-k\xC2\xA0" "20, then ` and go.\n") == 0,
          "code spans: '%s'", t ? t : "(null)");
    free(t);
    CHECK(lesson_lang_of("lessons/de/01-x.md", LANG_EN) == LANG_DE, "de folder");
    CHECK(lesson_lang_of("/a/zh/01-x.md", LANG_EN) == LANG_ZH, "zh folder");
    CHECK(lesson_lang_of("tests/data/x.md", LANG_FR) == LANG_FR, "other folder: the fallback");
    CHECK(lesson_lang_of("x.md", LANG_EN) == LANG_EN, "no folder");
}

/* The command line and lessons read typed text forgivingly, as the keys do:
 * 風 is 风 and ? is 。 (standard simplification; the model knows only ，。),
 * while a claim's character must be one the model knows. */
static void test_forgiving_text(void)
{
    if (!convert_has_opencc()) {
        SKIP("a build without OpenCC (make OPENCC=0)");
        return;
    }
    AppState s, t;
    start(&s);
    start(&t);
    ok(&s, "prompt 春風?");
    ok(&t, "prompt 春风。");
    CHECK(s.text.n_chars == 3 && s.text.chars[1].cp == t.text.chars[1].cp &&
              s.text.chars[2].cp == t.text.chars[2].cp && s.text.g.n == t.text.g.n,
          "prompt 春風? is prompt 春风。");
    CHECK(strstr(s.view.status, "? → 。") != NULL, "the status says what was converted: %s",
          s.view.status);
    ok(&s, "lookup 風");
    CHECK(s.pred.query.id == vocab_id(&fx.model.vocab, t.text.chars[1].cp), "lookup 風 looks up 风");
    char msg[SCRIPT_MSG_MAX];
    CHECK(run(&s, "type 貓", msg) == SCRIPT_FAILED && strstr(msg, "貓"),
          "a character still unknown is named: %s", msg);
    app_free(&s);
    app_free(&t);
}

/* Every verb that takes characters the model reads converts them once, as
 * `probs` reads a prompt, and says what it read as what: a lesson's claims
 * (expect rank 曉, expect corpus 春風) hold for what the screen shows. The
 * references are the standard simplifications (風 U+98A8 -> 风 U+98CE) and
 * the punctuation rule of convert.h (',' -> ， U+FF0C, '.' -> 。 U+3002). */
static void test_claims_converted(void)
{
    if (!convert_has_opencc()) {
        SKIP("a build without OpenCC (make OPENCC=0)");
        return;
    }
    static ScriptCmd c, d; /* a whole text's room each */
    char msg[SCRIPT_MSG_MAX], msg2[SCRIPT_MSG_MAX];
    AppState s, t;
    start(&s);
    start(&t);
    CHECK(script_parse(&s, "expect rank 風 < 9", &c, msg, sizeof msg) == SCRIPT_OK &&
              c.cp == 0x98CE && c.n_conv == 1 && c.conv[0].from == 0x98A8 && c.conv[0].to == 0x98CE,
          "expect rank 風 claims 风, and says so: %s (cp %X, %d changes)", msg, (unsigned)c.cp,
          c.n_conv);
    CHECK(script_parse(&s, "expect rank 风 < 9", &d, msg, sizeof msg) == SCRIPT_OK && d.n_conv == 0,
          "a character the model knows is read as written: %s", msg);
    CHECK(script_parse(&s, "expect corpus 春風 花 1", &c, msg, sizeof msg) == SCRIPT_OK &&
              strcmp(c.text, "春风") == 0 && c.n_conv == 1,
          "expect corpus reads its context as the model does: '%s' %s", c.text, msg);
    CHECK(script_parse(&s, "expect text 春風花月明,", &c, msg, sizeof msg) == SCRIPT_OK &&
              strcmp(c.text, "春风花月明\xEF\xBC\x8C") == 0 && c.n_conv == 2,
          "expect text: 風 and the comma read as the screen writes them: '%s' %s", c.text, msg);
    CHECK(script_parse(&s, "prompt 春風.", &c, msg, sizeof msg) == SCRIPT_OK &&
              strcmp(c.text, "春风\xE3\x80\x82") == 0 && c.n_conv == 2 && c.conv[1].from == '.' &&
              c.conv[1].to == 0x3002,
          "prompt reads the whole text once: '%s' %s", c.text, msg);
    CHECK(script_parse(&s, "expect count 風 = 1", &c, msg, sizeof msg) == SCRIPT_OK && c.cp == 0x98CE,
          "expect count: %s", msg);
    CHECK(script_parse(&s, "lookup 風", &c, msg, sizeof msg) == SCRIPT_OK && c.cp == 0x98CE &&
              c.n_conv == 1,
          "lookup 風 looks up 风 and says so: %s", msg);
    CHECK(script_parse(&s, "quiz Wer schreibt 風, und warum?", &c, msg, sizeof msg) == SCRIPT_OK &&
              c.n_conv == 0 && strstr(c.text, "風, und warum?"),
          "a question is prose for the class, left as written: '%s'", c.text);
    /* the verdicts are those of the simplified lines */
    ok(&s, "prompt 春風");
    ok(&t, "prompt 春风");
    int a = run(&s, "expect top8 風", msg), b = run(&t, "expect top8 风", msg2);
    CHECK(a == b && strcmp(msg, msg2) == 0, "expect top8 風 and expect top8 风 agree: %d '%s' / %d '%s'", a, msg, b, msg2);
    a = run(&s, "expect prob 風 < 50", msg);
    b = run(&t, "expect prob 风 < 50", msg2);
    CHECK(a == b && strcmp(msg, msg2) == 0, "expect prob: %d '%s' / %d '%s'", a, msg, b, msg2);
    app_free(&s);
    app_free(&t);
}

/* A lesson's language is its own wherever the file lies: `lang CODE` in the
 * introduction's block, else the folder, else the fallback. */
static void test_lesson_lang(void)
{
    static const char *own = "# T\n\n```tangscope\nlang de\n```\n\n## S\n\nText.\n";
    static const char *plain = "# T\n\n## S\n\n```tangscope\nlang zh\n```\n";
    struct {
        const char *md, *path;
        AppLang want;
        const char *what;
    } cases[] = {
        {own, "/tmp/x.md", LANG_DE, "a header in /tmp"},
        {own, "lessons/fr/01-x.md", LANG_DE, "the header before the folder"},
        {plain, "lessons/fr/01-x.md", LANG_FR, "no header: the folder (a step's lang is no header)"},
        {plain, "/tmp/x.md", LANG_EN, "no header, no language folder: the fallback"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Lesson l;
        TsErr err;
        if (lesson_parse(&l, cases[i].path, cases[i].md, strlen(cases[i].md), NULL, NULL, &err) < 0) {
            CHECK(0, "%s: %s", cases[i].what, err.msg);
            continue;
        }
        AppLang got = lesson_lang(&l, LANG_EN);
        CHECK(got == cases[i].want, "%s: got %s", cases[i].what, app_lang_code(got));
        lesson_free(&l);
    }
}

/* `set repetition-penalty X`, which no key has: the bars' penalty stage
 * lowers exactly the candidates that occur in the text (none of ， 。 ⏎),
 * by the factor a penalised score gives: a positive logit divided by 2, a
 * negative one multiplied by 2, renormalised (recomputed here from the
 * model's probabilities), and 0.5 is refused with the range. */
static void test_repetition_penalty_verb(void)
{
    AppState s;
    start(&s);
    ok(&s, "prompt 春风花月");
    ok(&s, "set repetition-penalty 2");
    CHECK(s.view.set.repetition_penalty == 2.0f, "penalty %g",
          (double)s.view.set.repetition_penalty);
    const float *logits = s.text.g.inf.logits;
    int V = s.text.m->cfg.vocab_size, seen = 0, unseen = 0;
    double max = -1e30, z = 0.0;
    double pen[64];
    for (int i = 0; i < V && i < 64; i++) {
        int in_text = 0;
        for (size_t j = 0; j < s.text.n_chars; j++)
            in_text |= s.text.chars[j].id == i;
        double l = logits[i];
        pen[i] = in_text ? (l > 0 ? l / 2 : l * 2) : l;
        max = fmax(max, pen[i]);
    }
    for (int i = 0; i < V && i < 64; i++)
        z += exp(pen[i] - max);
    for (int k = 0; k < s.pred.n_top; k++) {
        const Candidate *c = &s.pred.top[k];
        double want = exp(pen[c->id] - max) / z;
        CHECK(fabs((double)c->stage[STAGE_REPETITION_PENALTY] - want) < 1e-5, "%d: after the penalty %g, want %g",
              c->id, (double)c->stage[STAGE_REPETITION_PENALTY], want);
        int in_text = 0;
        for (size_t j = 0; j < s.text.n_chars; j++)
            in_text |= s.text.chars[j].id == c->id;
        seen += in_text;
        unseen += !in_text;
    }
    CHECK(seen > 0 && unseen > 0, "the bars hold %d characters of the text and %d others", seen, unseen);
    char msg[SCRIPT_MSG_MAX];
    CHECK(run(&s, "set repetition-penalty 0.5", msg) == SCRIPT_FAILED &&
              strstr(msg, "0.5 is out of range 1..100") && s.view.set.repetition_penalty == 2.0f,
          "0.5: %s", msg);
    /* the slider's bar ends at 3; the setting's range goes on to 100 */
    ok(&s, "set repetition-penalty 5");
    CHECK(s.view.set.repetition_penalty == 5.0f, "past the bar: %g",
          (double)s.view.set.repetition_penalty);
    CHECK(run(&s, "set repetition-penalty 101", msg) == SCRIPT_FAILED && strstr(msg, "1..100"),
          "101: %s", msg);
    app_free(&s);
}

/* The stricter checker: what the class would not see is a problem at its
 * line, in the lesson's language: a second quiz in a step (the first would
 * never show), an empty answer (said as an answer, not as a question), and
 * a value finer than its slider's steps (min-p 0.005, which the slider
 * would round to 0.01); a value on the steps and one quiz a step pass. */
static void test_stricter_check(void)
{
    const char *md = "# Strict\n"                /* 1 */
                     "## One\n"                  /* 2 */
                     "```tangscope\n"            /* 3 */
                     "prompt 春风\n"             /* 4 */
                     "quiz First?\n"             /* 5 */
                     "quiz Second?\n"            /* 6 */
                     "answer\n"                  /* 7 */
                     "set min-p 0.005\n"         /* 8 */
                     "set min-p 0.05\n"          /* 9 */
                     "```\n"                     /* 10 */
                     "## Two\n"                  /* 11 */
                     "```tangscope\n"            /* 12 */
                     "quiz Only one here?\n"     /* 13 */
                     "answer 吹\n"               /* 14 */
                     "```\n";                    /* 15 */
    Lesson l;
    Seen seen;
    CHECK(parse(&l, md, &seen) == 0, "the shape is fine: %s", seen.msgs[0]);
    AppState s;
    start(&s);
    for (int lang = 0; lang < 2; lang++) {
        s.view.lang = lang ? LANG_DE : LANG_EN;
        app_reset(&s);
        memset(&seen, 0, sizeof seen);
        for (int k = 0; k < l.n_steps; k++)
            lesson_check_step(&s, &l, k, see, NULL, &seen);
        CHECK(seen.n == 3, "%s: three problems, not %d", lang ? "de" : "en", seen.n);
        const char *want[2][3] = {
            {"quiz: a second question in this step hides the first",
             "answer: needs the text the reveal shows",
             "set min-p: 0.005 is finer than its steps of 0.01; it would use 0.01"},
            {"quiz: eine zweite Frage im Schritt verdeckt die erste",
             "answer: braucht den Text, den die Auflösung zeigt",
             "set min-p: 0.005 ist feiner als seine Schritte von 0.01; verwendet würde 0.01"}};
        int lines[3] = {6, 7, 8};
        for (int i = 0; i < 3 && i < seen.n; i++)
            CHECK(seen.lines[i] == lines[i] && strstr(seen.msgs[i], want[lang][i]),
                  "line %d: '%s', want line %d: '%s'", seen.lines[i], seen.msgs[i], lines[i],
                  want[lang][i]);
        CHECK(fabsf(s.view.set.min_p - 0.05f) < 1e-7f, "min-p 0.05 on its steps holds: %g",
              (double)s.view.set.min_p);
    }
    app_free(&s);
    lesson_free(&l);
}

/* A `code` span the screen cannot show: one that opens on a line and closes
 * on the next is a problem at the line it opens on (once); a span closed on
 * its line and an escaped backtick are not. */
static void test_code_span_split(void)
{
    const char *md = "# Spans\n"                          /* 1 */
                     "## Step\n"                          /* 2 */
                     "Type `set top-k 20` now.\n"         /* 3: closed */
                     "An escaped \\` is a backtick.\n"    /* 4 */
                     "Then `mid-text\n"                   /* 5: opens */
                     "on` and more.\n"                    /* 6: closes */
                     "\n"
                     "And `one` more.\n";                 /* 8 */
    Lesson l;
    Seen seen;
    int rc = parse(&l, md, &seen);
    CHECK(rc == 1 && seen.n == 1 && seen.lines[0] == 5 && strstr(seen.msgs[0], "`code` span opens"),
          "%d problems, the first at line %d: %s", seen.n, seen.lines[0], seen.msgs[0]);
    lesson_free(&l);
}

/* set weights: the bars come from the rounded model (and the generator reads
 * it), the panel opens, the claims read its figures; fp32 brings back the
 * bars exactly; an unknown precision is refused; a reset starts in fp32. */
static void test_weights_verb(void)
{
    AppState s;
    start(&s);
    ok(&s, "prompt 春风");
    int V = fx.model.cfg.vocab_size;
    float *fp32 = malloc((size_t)V * sizeof *fp32);
    memcpy(fp32, s.pred.probs, (size_t)V * sizeof *fp32);
    char msg[SCRIPT_MSG_MAX];
    CHECK(run(&s, "set weights int4", msg) != SCRIPT_OK && strstr(msg, "int8"),
          "int4 accepted: %s", msg);
    ok(&s, "set weights int8");
    CHECK(s.text.weights == WPREC_INT8 && app_view_is_open(&s.view.views, VIEW_WEIGHTS) &&
              s.text.g.m != &fx.model && s.text.g.m->prec == WPREC_INT8,
          "int8: the bars' model is in %s", wprec_name(s.text.g.m->prec));
    CHECK(memcmp(fp32, s.pred.probs, (size_t)V * sizeof *fp32) != 0, "int8 bars equal fp32's");
    /* the file's size in int8, from the format (docs/model-format.md): the
     * matrices a byte a weight and 4 bytes a row, the rest float32 */
    const ModelConfig *c = &fx.model.cfg;
    size_t L = (size_t)c->n_layer, C = (size_t)c->n_embd, T = (size_t)c->context,
           Vs = (size_t)c->vocab_size;
    size_t bytes = 64 + 4 * Vs + 4 * (T * C + L * 13 * C + 2 * C) + (Vs * C + L * 12 * C * C) +
                   4 * (Vs + 9 * L * C);
    char line[64];
    snprintf(line, sizeof line, "expect size = %zu", bytes);
    ok(&s, line);
    ok(&s, "expect kl > 0");
    CHECK(s.text.wt.step_s[WPREC_FP32] > 0 && s.text.wt.step_s[WPREC_INT8] > 0, "steps not timed");
    /* a speed claim goes through the timing's judgement (engine/timing.h):
     * every speedup is above 0 and none is 1000-fold; a sanitizer build
     * decides neither, and says why */
    int rc = run(&s, "expect speedup > 0", msg);
    if (timing_sanitized())
        CHECK(rc == SCRIPT_SKIPPED && strstr(msg, "sanitizer"), "speedup > 0: %d, %s", rc, msg);
    else
        CHECK(rc == SCRIPT_OK, "speedup > 0: %d, %s", rc, msg);
    rc = run(&s, "expect speedup > 1000", msg);
    if (timing_sanitized())
        CHECK(rc == SCRIPT_SKIPPED && strstr(msg, "sanitizer"), "speedup > 1000: %d, %s", rc, msg);
    else
        CHECK(rc == SCRIPT_FAILED && strstr(msg, "a cached step in int8 took"),
              "speedup > 1000: %d, %s", rc, msg);
    CHECK(run(&s, "expect kl > 1", msg) == SCRIPT_FAILED && strstr(msg, "bits"), "kl > 1: %s", msg);
    ok(&s, "set weights fp32");
    CHECK(s.text.g.m == &fx.model && memcmp(fp32, s.pred.probs, (size_t)V * sizeof *fp32) == 0,
          "back in fp32: other bars");
    ok(&s, "expect kl = 0");
    ok(&s, "set weights bf16");
    app_reset(&s);
    CHECK(s.text.weights == WPREC_FP32 && s.text.g.m == &fx.model &&
              !app_view_is_open(&s.view.views, VIEW_WEIGHTS),
          "a reset keeps %s", wprec_name(s.text.weights));
    free(fp32);
    app_free(&s);
}

/* Every row of the sampler's settings table (sampler.h) is a `set NAME`
 * verb that changes that setting, and only it, to the value given (a value
 * on the slider's resolution inside its bar, or inside the range where the
 * setting has no slider); the value shows as the session JSON's key. */
static void test_set_every_setting(void)
{
    for (int i = 0; i < SET_COUNT; i++) {
        const SamplerSetting *t = &SAMPLER_SETTINGS[i];
        AppState s;
        start(&s);
        SamplerSettings before = s.view.set;
        double v = t->slider ? t->bar_lo + 3 * t->resolution : (t->lo + t->hi) / 2;
        char line[96];
        snprintf(line, sizeof line, "set %s %g", t->name, v);
        CHECK(script_verb_of(line) != NULL, "no verb for '%s'", line);
        ok(&s, line);
        CHECK(fabs(sampler_setting_get(&s.view.set, (SamplerSettingId)i) - v) < 1e-6,
              "%s: %g, want %g", line, sampler_setting_get(&s.view.set, (SamplerSettingId)i), v);
        for (int j = 0; j < SET_COUNT; j++)
            if (j != i)
                CHECK(sampler_setting_get(&s.view.set, (SamplerSettingId)j) ==
                          sampler_setting_get(&before, (SamplerSettingId)j),
                      "%s changed %s too", line, SAMPLER_SETTINGS[j].name);
        app_free(&s);
    }
}

/* compare-model: a second model beside the bars. With the bars in int8 and
 * fp32 beside them, the divergence and the top 8's ranks are those the
 * weights panel finds by its own pass (app_weights_compare: float32 over the
 * same window, quant_kl_bits); off, a lesson's start and a file that is not
 * a model close it or leave it as it was. */
static void test_compare_model_verb(void)
{
    AppState s;
    start(&s);
    ok(&s, "prompt 春风");
    ok(&s, "set weights int8");
    ok(&s, "compare-model fp32");
    CHECK(s.text.cm && s.text.cm->ok && s.text.cm->m == &fx.model && s.text.cm->cmp.n_a == APP_TOP,
          "fp32 beside int8: %s", s.text.cm ? s.text.cm->error : "none loaded");
    if (s.text.cm && s.text.cm->ok) {
        double bits = s.text.cm->cmp.kl / log(2.0);
        CHECK(fabs(bits - s.text.wt.kl_bits) < 1e-6 * (1.0 + s.text.wt.kl_bits) && bits > 0,
              "KL %g bits, the weights panel %g", bits, s.text.wt.kl_bits);
        for (int k = 0; k < s.text.wt.n_top; k++)
            CHECK(s.text.cm->cmp.a[k].id == s.text.wt.top[k] &&
                      s.text.cm->cmp.a[k].rank_other == s.text.wt.ref_rank[k],
                  "place %d: rank %d, the weights panel %d", k + 1, s.text.cm->cmp.a[k].rank_other,
                  s.text.wt.ref_rank[k]);
    }
    char msg[SCRIPT_MSG_MAX];
    CHECK(run(&s, "compare-model /nonexistent/B.bin", msg) != SCRIPT_OK &&
              strstr(msg, "B.bin") && s.text.cm && strcmp(s.view.compare_model, "fp32") == 0,
          "a missing file: %s", msg);
    CHECK(run(&s, "compare-model", msg) != SCRIPT_OK, "no file taken");
    ok(&s, "compare-model off");
    CHECK(!s.text.cm && !s.view.compare_model[0], "off leaves it open");
    ok(&s, "compare-model bf16");
    app_reset(&s); /* a lesson starts without one */
    app_predict(&s);
    CHECK(!s.text.cm, "a reset leaves it open");
    app_free(&s);
}

/* A claim that fails, and a verb's refusal, say so in the lesson's language
 * with its quotation marks (the words written by hand), and a new state
 * speaks English again. */
static void test_messages_in_the_language(void)
{
    static const struct {
        const char *lang, *identical, *op;
    } WANT[] = {
        {"fr", "expect identical\xc2\xa0: aucun compare n’est allé jusqu’au bout",
         "expect lines\xc2\xa0: «\xc2\xa0~\xc2\xa0» n’est pas l’un de"},
        {"de", "expect identical: kein compare ist bis zum Ende gelaufen",
         "expect lines: „~“ ist keiner der Werte"},
        {"zh", "expect identical：还没有一次 compare 跑完", "expect lines：「~」不是"},
    };
    char msg[SCRIPT_MSG_MAX], line[32];
    for (size_t i = 0; i < sizeof WANT / sizeof WANT[0]; i++) {
        AppState s;
        start(&s);
        snprintf(line, sizeof line, "lang %s", WANT[i].lang);
        ok(&s, line);
        CHECK(run(&s, "expect identical", msg) == SCRIPT_FAILED && strcmp(msg, WANT[i].identical) == 0,
              "%s: %s", WANT[i].lang, msg);
        CHECK(run(&s, "expect lines ~ 4", msg) == SCRIPT_FAILED && strstr(msg, WANT[i].op) == msg,
              "%s: %s", WANT[i].lang, msg);
        app_free(&s);
    }
    AppState s;
    start(&s);
    CHECK(run(&s, "expect identical", msg) == SCRIPT_FAILED && strstr(msg, "no compare has run"), "%s", msg);
    app_free(&s);
}

int main(void)
{
    testutil_fixtures(&fx);
    RUN(test_verb_table);
    RUN(test_setting_verbs);
    RUN(test_set_every_setting);
    RUN(test_prompt_type_backspace_clear);
    RUN(test_cache_line_counts_the_command);
    RUN(test_forgiving_text);
    RUN(test_claims_converted);
    RUN(test_lesson_lang);
    RUN(test_settings);
    RUN(test_step_pick_write);
    RUN(test_compare_form_show);
    RUN(test_lookup_quiz_point);
    RUN(test_expect);
    RUN(test_claims_removed_entropy);
    RUN(test_messages_in_the_language);
    RUN(test_errors);
    RUN(test_reset_is_fresh);
    RUN(test_replay_equals_forward);
    RUN(test_kept_steps);
    RUN(test_lesson_commands);
    RUN(test_command_line);
    RUN(test_markdown);
    RUN(test_plain_text);
    RUN(test_repetition_penalty_verb);
    RUN(test_stricter_check);
    RUN(test_code_span_split);
    RUN(test_weights_verb);
    RUN(test_compare_model_verb);
    testutil_fixtures_free(&fx);
    return test_summary();
}
