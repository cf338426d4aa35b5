/* app_step.h - what a lesson step leaves: the AppState's part `view`.
 *
 * The sampler's settings and its random numbers, the verse form, the cache
 * comparison, the open views, the interface language, what a lesson adds to
 * the screen and the status line: everything a lesson's commands can change.
 * The explorer keeps one AppStepView after each step and puts it back whole
 * (app_lesson.c).
 */
#ifndef TS_APP_STEP_H
#define TS_APP_STEP_H

#include <stdint.h>

#include "engine/form.h"
#include "engine/rng.h"
#include "engine/sampler.h"
#include "app/app_status.h"
#include "app/app_text.h"
#include "app/exercise.h"
#include "app/lang.h"

#define APP_COMPARE_MAX 512    /* the most positions a compare run measures */
#define APP_QUIZ_MAX 512       /* bytes of a lesson's question */
#define APP_STAGE_CMD_MAX 512  /* bytes of a student's program's command line */

/* The panels a lesson can point at (`point`). */
typedef enum {
    PANEL_NONE,
    PANEL_BARS,    /* the top 8 and their bars */
    PANEL_SLIDERS, /* the sampler's settings */
    PANEL_TIMING,  /* the cache comparison */
    PANEL_TEXT,    /* the text and the note under it */
    PANEL_CORPUS,  /* the training text's counts */
    PANEL_COUNT
} AppPanel;

/* ---- the views: which are open (app_view.c) ----
 *
 * A view is named by an AppView: the keys that switch one, `show` (the
 * lesson verb and the command line) and the tests all say which they mean
 * so. The screen has places, and each place holds one view at a time:
 *
 *   the body, from under the text to the status line (AppBody): the panels
 *     (the bars, and below them the sliders and the timing), with the
 *     attention view (v) above them, or the causal mask (w) instead of them;
 *   the sliders' and the timing's place (AppLower): they, the KV cache's cost
 *     by model (r) or the weights' precision (W);
 *   the text read (Y, `show reading`): in the body, the whole text line by
 *     line, each word with its reading and meaning (the acrostic's heads too);
 *   the messages (!, `show messages`): in the sliders' place, every message
 *     that said something went wrong, newest first, whole and wrapped; a
 *     student's program that fails opens it;
 *
 * so opening a view closes the one in its place. One rule crosses the
 * places: the mask and the cache's cost close each other (projector mode
 * shows either of them under the text). The rest are switches that keep
 * whatever else is open: the histogram's column beside the bars (h), the
 * entropy of each draw (e; it stands in the sliders' place while no table
 * does), what both runs of the last comparison wrote (`show written`, in the
 * bars' place), and the help (?), over everything until the next key.
 * Pinyin (y, show_pinyin) is the reader's rather than a lesson step's, and
 * is kept apart. */
typedef enum {
    VIEW_NONE,      /* `show none`: every view closed */
    VIEW_ATTENTION, VIEW_MASK,     /* the body */
    VIEW_MEMORY, VIEW_WEIGHTS,     /* the sliders' place */
    VIEW_HISTOGRAM, VIEW_ENTROPY, VIEW_WRITTEN, VIEW_HELP, /* switches */
    VIEW_READING,   /* the body: the whole text line by line, each word's reading and meaning */
    VIEW_MESSAGES,  /* the sliders' place: the messages that said something went wrong */
    VIEW_COUNT
} AppView;

/* What the body shows. */
typedef enum { BODY_PANELS, BODY_ATTENTION, BODY_MASK, BODY_READING } AppBody;
/* What stands in the sliders' and the timing's place. */
typedef enum { LOWER_PANELS, LOWER_MEMORY, LOWER_WEIGHTS, LOWER_MESSAGES } AppLower;

/* The open views: part of what a lesson step leaves (AppStepView). Read it
 * with app_view_is_open and change it with app_view_open, app_view_close or
 * app_view_toggle, which keep the rules above. */
typedef struct {
    AppBody body;
    AppLower lower;
    int hist, entropy, written, help; /* the switches: 1 open */
    /* the text read (Y) and the messages (!): how far the open one is
     * scrolled (app_view_open starts it at the top), and how far it can be
     * (screen_fit sets it for the screen) */
    int top, top_max;
} AppViews;

/* Is view v open? (VIEW_NONE: is every view closed?) */
int app_view_is_open(const AppViews *o, AppView v);
/* Open v and close what it takes the place of (VIEW_NONE: close every view). */
void app_view_open(AppViews *o, AppView v);
/* Close v if it is open (VIEW_NONE: nothing to close). */
void app_view_close(AppViews *o, AppView v);
/* Open v if it is closed, else close it; returns 1 if it is open now. */
int app_view_toggle(AppViews *o, AppView v);
/* 1 if a and b have the same views open. */
int app_views_same(const AppViews *a, const AppViews *b);

/* The coin of the last sampled step: the final distribution the sampler drew
 * from as one bar, most probable first, and where its uniform number landed.
 * Kept until the text changes in any other way (typed, picked, taken back). */
typedef struct {
    int valid;               /* 1 after a sampled step, 0 once the text changed otherwise */
    float draw;              /* the uniform number the sampler consumed (Generator.coin) */
    SamplerCoin land;        /* the character it chose, its rank, where the coin lies */
    int n_seg;               /* the most probable characters, one segment each */
    int seg_id[APP_TOP];
    float seg_p[APP_TOP];
    double rest;             /* every other character together: the last segment */
} AppCoin;

/* The sliders, in screen order. The penalty comes last: off by default, its
 * row is the one the panel leaves out first when short of rows
 * (app_slider_quiet). */
typedef enum {
    SL_TEMPERATURE, SL_TOP_K, SL_TOP_P, SL_MIN_P, SL_SEED, SL_PENALTY, SL_COUNT
} SliderId;

/* A compare run: the same prompt, seed and length with and without the cache,
 * timed per written character (cachecmp_step). */
typedef struct {
    int n;                 /* positions measured so far */
    int length;            /* positions the run writes */
    int first_pos;         /* characters the model had read before the first one */
    double cached_ms[APP_COMPARE_MAX];   /* each step: the model and the sampler */
    double uncached_ms[APP_COMPARE_MAX];
    double cached_model_ms[APP_COMPARE_MAX];   /* ... of which the model's passes */
    double uncached_model_ms[APP_COMPARE_MAX];
    double logit_diff[APP_COMPARE_MAX];  /* each step's largest |logit difference| */
    int tok_cached[APP_COMPARE_MAX];     /* what each run wrote at each step (token ids) */
    int tok_full[APP_COMPARE_MAX];
    double total_cached_ms, total_uncached_ms;
    double total_cached_model_ms, total_uncached_model_ms; /* the model's part: what the
                            * cache saves (the sampler does the same work in both) */
    int shifts;            /* context shifts the cached run made (generate.h) */
    int identical;         /* both wrote the same characters so far */
    double max_logit_diff; /* the largest |logit difference| at any step */
    int running, done;
} CompareRun;

/* The verse form the text is written in. */
typedef struct {
    FormKind kind;
    int line_len;     /* 5 or 7 */
    char heads[FORM_MAX_HEADS * 4 + 1]; /* acrostic: the line openers, UTF-8 */
    Form start;       /* the form at the poem's first character */
    Form now;         /* where the text stands in it (the poem starts at g.text[g.prefix]) */
} ModeState;

/* What a lesson's `stage` asks for (the explorer starts it only after asking). */
typedef struct {
    int on;
    ExerciseKind kind;
    char cmd[APP_STAGE_CMD_MAX];  /* the program as a path in the lesson's exercises folder */
} AppStageWish;

/* What a lesson's commands can change and a step leaves for the next: the
 * explorer keeps one after each step and puts it back whole (app_lesson.c),
 * with the generator's own snapshot. What the user sets for the screen
 * (pinyin, projector, the theme: AppPrefs) is not part of it. */
typedef struct {
    SamplerSettings set;     /* temperature, top-k, top-p, min-p */
    uint64_t seed;
    Rng rng;                 /* Space draws from it; Enter and `s` reseed it */
    int slider;              /* the selected slider (SliderId) */
    ModeState mode;
    CompareRun cmp;
    TextMark cmp_text;       /* the text the compare run started from */
    TextMark query_text;     /* the text the `/` look-up was asked on */
    AppCoin coin;            /* the last sampled step's coin */
    AppViews views;          /* which views are open (app_view.c) */
    int mid_text;            /* 1: the prompt is a fragment from inside a text; 0: a poem */
    AppLang lang;
    /* what a lesson adds to the screen */
    char quiz[APP_QUIZ_MAX]; /* a question for the class, "" for none */
    int quiz_hidden;         /* 1: the bars stay hidden until the class has guessed */
    char quiz_answer[APP_QUIZ_MAX]; /* what the reveal shows, highlighted, in the bars'
                              * place (a discussion question); "" to show the bars */
    AppPanel point;          /* the panel a lesson highlights, or PANEL_NONE */
    AppStageWish lesson_stage; /* what the lesson's steps so far ask for (app_stage.c) */
    char compare_model[APP_CMP_PATH_MAX]; /* the compare model wished ("" none): a file or
                              * a precision; app_predict loads it (app_compare.c) */
    char status[APP_STATUS_MAX]; /* the status line (app_status.h) */
    int status_error;        /* the status says something went wrong */
} AppStepView;

#endif
