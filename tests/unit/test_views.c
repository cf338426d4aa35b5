/* test_views.c - which views the keys and `show` open and close, without a
 * terminal.
 *
 * The rules come from docs/usage.md ("The keys": the table and the
 * paragraph after it, "Views that stand in the same place take turns") and
 * from lessons/README.md (`show`), written down here as the list of views a
 * user would see open after each key, not read off the code: the attention
 * view and the mask share the place under the text, the KV cache's cost and
 * the weights' panel the sliders' place, the mask and the cost close each
 * other, and the histogram, the entropy and pinyin close nothing. Each key
 * is sent as the Command the key table gives it (src/tui/input.c: h v w r
 * W e y ?), `show` as a line of the command language; each test is a table
 * of steps: what is pressed or typed, and what is then open. The model is
 * tests/data/tiny.bin; pinyin reads assets/pinyin.tsv.
 */
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "apptest.h"
#include "check.h"
#include "testutil.h"
#include "app/commands.h"
#include "app/script.h"
#include "engine/pinyin.h"

static Model model;
static Pinyin table;

/* The views a user can tell apart, by the names `show` gives them (the
 * entropy has none there: `e`). */
static const struct {
    AppView v;
    const char *name;
} NAMES[] = {
    {VIEW_ATTENTION, "attention"}, {VIEW_MASK, "mask"},
    {VIEW_MEMORY, "memory"},       {VIEW_WEIGHTS, "weights"},
    {VIEW_HISTOGRAM, "histogram"}, {VIEW_ENTROPY, "entropy"},
    {VIEW_WRITTEN, "written"},     {VIEW_HELP, "help"},
};

/* The open views as their names in NAMES' order, then " pinyin" if shown;
 * "" when none. */
static void open_views(const AppState *s, char *out, size_t size)
{
    size_t len = 0;
    out[0] = 0;
    for (size_t k = 0; k < sizeof NAMES / sizeof NAMES[0]; k++)
        if (app_view_is_open(&s->view.views, NAMES[k].v))
            len += (size_t)snprintf(out + len, size - len, "%s%s", len ? " " : "", NAMES[k].name);
    if (s->prefs.show_pinyin)
        snprintf(out + len, size - len, "%spinyin", len ? " " : "");
}

#define EXPECT_OPEN(s, want, why)                                                                  \
    do {                                                                                           \
        char got_[160];                                                                            \
        open_views((s), got_, sizeof got_);                                                        \
        CHECK(strcmp(got_, (want)) == 0, "%s: open \"%s\", want \"%s\"", (why), got_, (want));     \
    } while (0)

/* The keys by their letters, as input.c's table sends them. */
static const struct {
    char key;
    Command c;
    long n;
} KEYS[] = {
    {'h', CMD_VIEW, VIEW_HISTOGRAM}, {'v', CMD_VIEW, VIEW_ATTENTION},
    {'w', CMD_VIEW, VIEW_MASK},      {'r', CMD_VIEW, VIEW_MEMORY},
    {'W', CMD_WEIGHTS, -1},          {'e', CMD_VIEW, VIEW_ENTROPY},
    {'y', CMD_PINYIN_SHOW, -1},      {'?', CMD_VIEW, VIEW_HELP},
    {' ', CMD_SAMPLE, 0},
};

static void press(AppState *s, char k)
{
    for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++)
        if (KEYS[i].key == k) {
            app_apply(s, KEYS[i].c, cmd_arg(KEYS[i].n));
            return;
        }
    CHECK(0, "no key '%c' here", k);
}

/* One step of a test: keys pressed in turn ("vw"), or a line of the command
 * language ("show mask"); then the views open (NULL: not looked at) and the
 * weights' precision (NULL: not looked at). */
typedef struct {
    const char *does;
    const char *want;
    const char *why;
    const char *precision;
} Step;

static void run_steps(AppState *s, const Step *steps, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const Step *t = &steps[i];
        if (strncmp(t->does, "show ", 5) == 0) {
            ScriptOut out = {.sync_jobs = 1};
            CHECK(script_run(s, t->does, &out) == SCRIPT_OK, "%s: %s", t->does, out.msg);
        } else {
            for (const char *k = t->does; *k; k++)
                press(s, *k);
        }
        if (t->want)
            EXPECT_OPEN(s, t->want, t->why);
        if (t->precision)
            CHECK(strcmp(wprec_name(s->text.weights), t->precision) == 0, "%s: weights %s, want %s",
                  t->why, wprec_name(s->text.weights), t->precision);
    }
}

#define RUN_STEPS(s, steps) run_steps((s), (steps), sizeof(steps) / sizeof((steps)[0]))

static void start(AppState *s)
{
    apptest_start(s, &model);
    s->text.pinyin = &table;
    EXPECT_OPEN(s, "", "the explorer starts with no view open");
}

/* v and w share the place under the text: one closes the other; again closes it. */
static void test_attention_and_mask_take_turns(void)
{
    static const Step STEPS[] = {
        {.does = "v", .want = "attention", .why = "v"},
        {.does = "w", .want = "mask", .why = "w closes the attention view"},
        {.does = "v", .want = "attention", .why = "v closes the mask"},
        {.does = "v", .want = "", .why = "v again closes it"},
        {.does = "ww", .want = "", .why = "w again closes it"},
    };
    AppState s;
    start(&s);
    RUN_STEPS(&s, STEPS);
    app_free(&s);
}

/* r and W share the sliders' place; r again gives it back to the sliders,
 * W again only steps the precision. */
static void test_cost_and_weights_take_turns(void)
{
    static const Step STEPS[] = {
        {.does = "r", .want = "memory", .why = "r"},
        {.does = "W", .want = "weights",
         .why = "W closes the cost (bf16 after fp32)", .precision = "bf16"},
        {.does = "W", .want = "weights",
         .why = "W again keeps the panel (int8)", .precision = "int8"},
        {.does = "r", .want = "memory", .why = "r closes the weights' panel"},
        {.does = "r", .want = "", .why = "r again: the sliders"},
    };
    AppState s;
    start(&s);
    RUN_STEPS(&s, STEPS);
    app_free(&s);
}

/* The mask and the cost close each other; the weights' panel closes neither
 * the mask nor the attention view, and waits under the mask. */
static void test_across_places(void)
{
    static const Step STEPS[] = {
        {.does = "wr", .want = "memory", .why = "r closes the mask"},
        {.does = "w", .want = "mask", .why = "w closes the cost"},
        {.does = "W", .want = "mask weights", .why = "W under the mask keeps it"},
        {.does = "w", .want = "weights", .why = "the mask closed: the weights' panel stays"},
        {.does = "w", .want = "mask weights", .why = "w keeps the weights' panel"},
        {.does = "v", .want = "attention weights", .why = "v closes the mask only"},
        {.does = "r", .want = "attention memory", .why = "r keeps the attention view"},
    };
    AppState s;
    start(&s);
    RUN_STEPS(&s, STEPS);
    app_free(&s);
}

/* h, e and y close nothing and stay open whatever opens after them. */
static void test_switches_keep_the_views(void)
{
    static const Step STEPS[] = {
        {.does = "vrh", .want = "attention memory histogram", .why = "h keeps the views"},
        {.does = "e", .want = "attention memory histogram entropy", .why = "e keeps the views"},
        {.does = "y", .want = "attention memory histogram entropy pinyin",
         .why = "y keeps the views"},
        {.does = "w", .want = "mask histogram entropy pinyin",
         .why = "w closes attention and cost, not switches"},
        {.does = "Wrv", .want = "attention memory histogram entropy pinyin",
         .why = "the switches outlast the rest"},
        {.does = "ehy", .want = "attention memory", .why = "e, h, y again close only themselves"},
    };
    AppState s;
    start(&s);
    RUN_STEPS(&s, STEPS);
    app_free(&s);
}

/* ? covers the screen until the next key, which only closes it. */
static void test_help_over_the_views(void)
{
    static const Step STEPS[] = {
        {.does = "we?", .want = "mask entropy help", .why = "? opens over the views"},
        {.does = "w", .want = "mask entropy", .why = "a key closes the help and does nothing else"},
        {.does = "? ", .want = "mask entropy", .why = "Space closes the help"},
        {.does = "??", .want = "mask entropy", .why = "? again closes it"},
    };
    AppState s;
    start(&s);
    RUN_STEPS(&s, STEPS);
    CHECK(s.text.n_chars == 0, "the key that closed the help wrote %zu characters", s.text.n_chars);
    app_free(&s);
}

/* `show` opens a view as its key does; `show none` closes everything. */
static void test_show_as_the_keys(void)
{
    static const Step STEPS[] = {
        {.does = "show attention"},
        {.does = "show histogram", .want = "attention histogram",
         .why = "show attention, histogram"},
        {.does = "show mask", .want = "mask histogram",
         .why = "show mask closes the attention view"},
        {.does = "show memory", .want = "memory histogram", .why = "show memory closes the mask"},
        {.does = "show weights", .want = "weights histogram",
         .why = "show weights closes the cost"},
        {.does = "show mask"},
        {.does = "show mask", .want = "mask weights histogram",
         .why = "show mask twice stays open, keeps the weights"},
        {.does = "show written"},
        {.does = "e"},
        {.does = "show help", .want = "mask weights histogram entropy written help",
         .why = "show written, e, show help"},
        {.does = "show none", .want = "",
         .why = "show none closes them all, the help and the entropy too"},
    };
    AppState s;
    start(&s);
    RUN_STEPS(&s, STEPS);
    CHECK(app_view_is_open(&s.view.views, VIEW_NONE), "show none: VIEW_NONE is what is open");
    press(&s, 'v');
    press(&s, 'y');
    app_reset(&s); /* where each lesson starts */
    EXPECT_OPEN(&s, "pinyin", "a lesson starts with no view (pinyin is the reader's)");
    app_free(&s);
}

int main(void)
{
    testutil_model(&model);
    testutil_pinyin(&table);
    RUN(test_attention_and_mask_take_turns);
    RUN(test_cost_and_weights_take_turns);
    RUN(test_across_places);
    RUN(test_switches_keep_the_views);
    RUN(test_help_over_the_views);
    RUN(test_show_as_the_keys);
    pinyin_free(&table);
    model_free(&model);
    return test_summary();
}
