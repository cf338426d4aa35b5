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
 * W e y ?), `show` as a line of the command language. The model is
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
        if (app_view_is_open(s, NAMES[k].v))
            len += (size_t)snprintf(out + len, size - len, "%s%s", len ? " " : "", NAMES[k].name);
    if (s->show_pinyin)
        snprintf(out + len, size - len, "%spinyin", len ? " " : "");
}

#define EXPECT_OPEN(s, want, why)                                                                  \
    do {                                                                                           \
        char got_[160];                                                                            \
        open_views((s), got_, sizeof got_);                                                        \
        CHECK(strcmp(got_, (want)) == 0, "%s: open \"%s\", want \"%s\"", (why), got_, (want));     \
    } while (0)

static unsigned key(AppState *s, Command c, long n) { return app_apply(s, c, cmd_arg(n)); }
/* The keys by their letters (input.c's table). */
static void press(AppState *s, char k)
{
    switch (k) {
    case 'h': key(s, CMD_VIEW, VIEW_HISTOGRAM); break;
    case 'v': key(s, CMD_VIEW, VIEW_ATTENTION); break;
    case 'w': key(s, CMD_VIEW, VIEW_MASK); break;
    case 'r': key(s, CMD_VIEW, VIEW_MEMORY); break;
    case 'W': key(s, CMD_WEIGHTS, -1); break;
    case 'e': key(s, CMD_VIEW, VIEW_ENTROPY); break;
    case 'y': key(s, CMD_PINYIN_SHOW, -1); break;
    case '?': key(s, CMD_VIEW, VIEW_HELP); break;
    case ' ': key(s, CMD_SAMPLE, 0); break;
    default: CHECK(0, "no key '%c' here", k);
    }
}

static void show(AppState *s, const char *view)
{
    char line[64];
    snprintf(line, sizeof line, "show %s", view);
    ScriptOut out = {.sync_jobs = 1};
    CHECK(script_run(s, line, &out) == SCRIPT_OK, "%s: %s", line, out.msg);
}

static void start(AppState *s)
{
    apptest_start(s, &model);
    s->pinyin = &table;
    EXPECT_OPEN(s, "", "the explorer starts with no view open");
}

/* v and w share the place under the text: one closes the other; again closes it. */
static void test_attention_and_mask_take_turns(void)
{
    AppState s;
    start(&s);
    press(&s, 'v');
    EXPECT_OPEN(&s, "attention", "v");
    press(&s, 'w');
    EXPECT_OPEN(&s, "mask", "w closes the attention view");
    press(&s, 'v');
    EXPECT_OPEN(&s, "attention", "v closes the mask");
    press(&s, 'v');
    EXPECT_OPEN(&s, "", "v again closes it");
    press(&s, 'w');
    press(&s, 'w');
    EXPECT_OPEN(&s, "", "w again closes it");
    app_free(&s);
}

/* r and W share the sliders' place; r again gives it back to the sliders,
 * W again only steps the precision. */
static void test_cost_and_weights_take_turns(void)
{
    AppState s;
    start(&s);
    press(&s, 'r');
    EXPECT_OPEN(&s, "memory", "r");
    press(&s, 'W');
    EXPECT_OPEN(&s, "weights", "W closes the cost");
    CHECK(s.weights == WPREC_BF16, "W: bf16 after fp32, not %s", wprec_name(s.weights));
    press(&s, 'W');
    EXPECT_OPEN(&s, "weights", "W again keeps the panel");
    CHECK(s.weights == WPREC_INT8, "W again: int8, not %s", wprec_name(s.weights));
    press(&s, 'r');
    EXPECT_OPEN(&s, "memory", "r closes the weights' panel");
    press(&s, 'r');
    EXPECT_OPEN(&s, "", "r again: the sliders");
    app_free(&s);
}

/* The mask and the cost close each other; the weights' panel closes neither
 * the mask nor the attention view, and waits under the mask. */
static void test_across_places(void)
{
    AppState s;
    start(&s);
    press(&s, 'w');
    press(&s, 'r');
    EXPECT_OPEN(&s, "memory", "r closes the mask");
    press(&s, 'w');
    EXPECT_OPEN(&s, "mask", "w closes the cost");
    press(&s, 'W');
    EXPECT_OPEN(&s, "mask weights", "W under the mask keeps it");
    press(&s, 'w');
    EXPECT_OPEN(&s, "weights", "the mask closed: the weights' panel stays");
    press(&s, 'w');
    EXPECT_OPEN(&s, "mask weights", "w keeps the weights' panel");
    press(&s, 'v');
    EXPECT_OPEN(&s, "attention weights", "v closes the mask only");
    press(&s, 'r');
    EXPECT_OPEN(&s, "attention memory", "r keeps the attention view");
    app_free(&s);
}

/* h, e and y close nothing and stay open whatever opens after them. */
static void test_switches_keep_the_views(void)
{
    AppState s;
    start(&s);
    press(&s, 'v');
    press(&s, 'r');
    press(&s, 'h');
    EXPECT_OPEN(&s, "attention memory histogram", "h keeps the views");
    press(&s, 'e');
    EXPECT_OPEN(&s, "attention memory histogram entropy", "e keeps the views");
    press(&s, 'y');
    EXPECT_OPEN(&s, "attention memory histogram entropy pinyin", "y keeps the views");
    press(&s, 'w');
    EXPECT_OPEN(&s, "mask histogram entropy pinyin", "w closes attention and cost, not switches");
    press(&s, 'W');
    press(&s, 'r');
    press(&s, 'v');
    EXPECT_OPEN(&s, "attention memory histogram entropy pinyin", "the switches outlast the rest");
    press(&s, 'e');
    press(&s, 'h');
    press(&s, 'y');
    EXPECT_OPEN(&s, "attention memory", "e, h, y again close only themselves");
    app_free(&s);
}

/* ? covers the screen until the next key, which only closes it. */
static void test_help_over_the_views(void)
{
    AppState s;
    start(&s);
    press(&s, 'w');
    press(&s, 'e');
    press(&s, '?');
    EXPECT_OPEN(&s, "mask entropy help", "? opens over the views");
    press(&s, 'w');
    EXPECT_OPEN(&s, "mask entropy", "a key closes the help and does nothing else");
    press(&s, '?');
    press(&s, ' ');
    CHECK(s.n_chars == 0, "the key that closed the help wrote %zu characters", s.n_chars);
    press(&s, '?');
    press(&s, '?');
    EXPECT_OPEN(&s, "mask entropy", "? again closes it");
    app_free(&s);
}

/* `show` opens a view as its key does; `show none` closes everything. */
static void test_show_as_the_keys(void)
{
    AppState s;
    start(&s);
    show(&s, "attention");
    show(&s, "histogram");
    EXPECT_OPEN(&s, "attention histogram", "show attention, histogram");
    show(&s, "mask");
    EXPECT_OPEN(&s, "mask histogram", "show mask closes the attention view");
    show(&s, "memory");
    EXPECT_OPEN(&s, "memory histogram", "show memory closes the mask");
    show(&s, "weights");
    EXPECT_OPEN(&s, "weights histogram", "show weights closes the cost");
    show(&s, "mask");
    show(&s, "mask");
    EXPECT_OPEN(&s, "mask weights histogram", "show mask twice stays open, keeps the weights");
    show(&s, "written");
    press(&s, 'e');
    show(&s, "help");
    EXPECT_OPEN(&s, "mask weights histogram entropy written help", "show written, e, show help");
    show(&s, "none");
    EXPECT_OPEN(&s, "", "show none closes them all, the help and the entropy too");
    CHECK(app_view_is_open(&s, VIEW_NONE), "show none: VIEW_NONE is what is open");
    press(&s, 'v');
    press(&s, 'y');
    app_reset(&s); /* where each lesson starts */
    EXPECT_OPEN(&s, "pinyin", "a lesson starts with no view (pinyin is the reader's)");
    app_free(&s);
}

int main(void)
{
    testutil_model(&model);
    TsErr err;
    if (pinyin_load(&table, "assets/pinyin.tsv", &err) != 0) {
        fprintf(stderr, "cannot load assets/pinyin.tsv: %s\n", err.msg);
        return 2;
    }
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
