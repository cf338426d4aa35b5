/* app_view.c - which views are open: the one home of the rules that say
 * what opening a view closes (app.h, "the views").
 *
 * Every way in ends here: the keys (h v w r W e ?, commands.c), `show` (a
 * lesson's step, the command line, script.c), a lesson entered or reset
 * (app.c, lesson.c). Each view is one row of RULES: the place it takes and
 * what the place holds while it is open, the view of another place it
 * closes, and what the status line says of it.
 */
#include "app/app.h"
#include "app/labels.h"

/* Where a view stands: the two places of the screen that hold one view at a
 * time, and a place of its own for each switch. */
typedef enum {
    PLACE_NONE, /* VIEW_NONE: no place, every place */
    PLACE_BODY,
    PLACE_LOWER,
    PLACE_HIST,
    PLACE_ENTROPY,
    PLACE_WRITTEN,
    PLACE_HELP,
} ViewPlace;

enum { SAY_ON = 1, SAY_OFF = 2 }; /* which of on, off the status line says */

typedef struct {
    ViewPlace place;
    int value;      /* what the place holds while the view is open: an AppBody, an
                     * AppLower, 1 for a switch */
    AppView closes; /* opening it closes this view of another place (VIEW_NONE: none) */
    unsigned says;  /* SAY_ON, SAY_OFF */
    LabelId on, off;
    int precision;  /* `on` names the weights' precision (%s) */
} ViewRule;

static const ViewRule RULES[] = {
    [VIEW_NONE] = {.place = PLACE_NONE, .says = SAY_ON, .on = LBL_ST_VIEWS_CLOSED},
    [VIEW_ATTENTION] = {.place = PLACE_BODY, .value = BODY_ATTENTION, .says = SAY_ON | SAY_OFF,
                        .on = LBL_ST_ATT_ON, .off = LBL_ST_ATT_OFF},
    [VIEW_MASK] = {.place = PLACE_BODY, .value = BODY_MASK, .closes = VIEW_MEMORY,
                   .says = SAY_ON | SAY_OFF, .on = LBL_ST_MASK_ON, .off = LBL_ST_MASK_OFF},
    [VIEW_MEMORY] = {.place = PLACE_LOWER, .value = LOWER_MEMORY, .closes = VIEW_MASK,
                     .says = SAY_ON | SAY_OFF, .on = LBL_ST_KVCACHE_ON, .off = LBL_ST_KVCACHE_OFF},
    [VIEW_WEIGHTS] = {.place = PLACE_LOWER, .value = LOWER_WEIGHTS, .says = SAY_ON,
                      .on = LBL_ST_WEIGHTS, .precision = 1},
    [VIEW_HISTOGRAM] = {.place = PLACE_HIST, .value = 1, .says = SAY_ON | SAY_OFF,
                        .on = LBL_ST_HIST_ON, .off = LBL_ST_HIST_OFF},
    [VIEW_ENTROPY] = {.place = PLACE_ENTROPY, .value = 1, .says = SAY_ON | SAY_OFF,
                      .on = LBL_ST_ENTROPY_ON, .off = LBL_ST_ENTROPY_OFF},
    [VIEW_WRITTEN] = {.place = PLACE_WRITTEN, .value = 1, .says = SAY_ON, .on = LBL_ST_WRITTEN_ON},
    [VIEW_HELP] = {.place = PLACE_HELP, .value = 1}, /* it covers the status line */
    [VIEW_READING] = {.place = PLACE_BODY, .value = BODY_READING, .says = SAY_ON | SAY_OFF,
                      .on = LBL_ST_READING_ON, .off = LBL_ST_READING_OFF},
    [VIEW_MESSAGES] = {.place = PLACE_LOWER, .value = LOWER_MESSAGES, .says = SAY_ON | SAY_OFF,
                       .on = LBL_ST_MESSAGES_ON, .off = LBL_ST_MESSAGES_OFF},
};
_Static_assert(sizeof RULES / sizeof RULES[0] == VIEW_COUNT, "a rule for every view");

/* What place p holds (VIEW_NONE's place holds nothing: 0). */
static int place_get(const AppViews *o, ViewPlace p)
{
    switch (p) {
    case PLACE_BODY: return (int)o->body;
    case PLACE_LOWER: return (int)o->lower;
    case PLACE_HIST: return o->hist;
    case PLACE_ENTROPY: return o->entropy;
    case PLACE_WRITTEN: return o->written;
    case PLACE_HELP: return o->help;
    case PLACE_NONE: break;
    }
    return 0;
}

/* Put value in place p (0: the panels, or the switch off). */
static void place_set(AppViews *o, ViewPlace p, int value)
{
    switch (p) {
    case PLACE_BODY: o->body = (AppBody)value; break;
    case PLACE_LOWER: o->lower = (AppLower)value; break;
    case PLACE_HIST: o->hist = value; break;
    case PLACE_ENTROPY: o->entropy = value; break;
    case PLACE_WRITTEN: o->written = value; break;
    case PLACE_HELP: o->help = value; break;
    case PLACE_NONE: break;
    }
}

static int valid(AppView v) { return v >= VIEW_NONE && v < VIEW_COUNT; }

int app_view_is_open(const AppViews *o, AppView v)
{
    if (!valid(v))
        return 0;
    if (v == VIEW_NONE)
        return app_views_same(o, &(AppViews){0});
    return place_get(o, RULES[v].place) == RULES[v].value;
}

void app_view_open(AppViews *o, AppView v)
{
    if (!valid(v))
        return;
    if (v == VIEW_NONE) {
        *o = (AppViews){0}; /* BODY_PANELS, LOWER_PANELS, every switch off */
        return;
    }
    if (!app_view_is_open(o, v)) /* the text read and the messages open at their start */
        o->top = 0;
    place_set(o, RULES[v].place, RULES[v].value);
    app_view_close(o, RULES[v].closes);
}

void app_view_close(AppViews *o, AppView v)
{
    if (valid(v) && v != VIEW_NONE && app_view_is_open(o, v))
        place_set(o, RULES[v].place, 0); /* the panels, or the switch off */
}

int app_view_toggle(AppViews *o, AppView v)
{
    if (app_view_is_open(o, v) && v != VIEW_NONE)
        app_view_close(o, v);
    else
        app_view_open(o, v);
    return app_view_is_open(o, v);
}

void app_view_say(AppState *s, AppView v)
{
    if (!valid(v))
        return;
    const ViewRule *r = &RULES[v];
    int open = v == VIEW_NONE || app_view_is_open(&s->view.views, v);
    if (!(r->says & (open ? SAY_ON : SAY_OFF)))
        return;
    if (r->precision)
        app_status(s, 0, app_label(s, r->on), wprec_name(s->text.weights));
    else
        app_status(s, 0, "%s", app_label(s, open ? r->on : r->off));
}

int app_views_same(const AppViews *a, const AppViews *b)
{
    return a->body == b->body && a->lower == b->lower && a->hist == b->hist &&
           a->entropy == b->entropy && a->written == b->written && a->help == b->help;
}
