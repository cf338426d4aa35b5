/* app.h - what the explorer knows: the AppState.
 *
 * Plain C with no terminal types: the explorer's screen (src/tui) draws an
 * AppState and turns keys into Commands (commands.h); app_apply changes the
 * state. Everything a key can do can therefore be tested without a terminal,
 * and a lesson is just a script of the same Commands.
 *
 * The text. The user's prompt and whatever the model wrote after it form one
 * list of characters, `chars`, in the order they came. A character the model
 * does not know stays in that list (shown marked on screen) but is not given
 * to the model. The Generator `g` holds the known ones as token ids and keeps
 * the model's KV cache in step with them. Where the text stands follows the
 * one rule of generate.h (PromptStart): by default it starts a poem, after a
 * newline; with `mid_text` it is a fragment from inside a text, with nothing
 * before it (an empty text is a newline either way). g.text is always that
 * rule applied to the known characters, however they came.
 *
 * After every change the app recomputes the Prediction: the model's
 * distribution for the next character, what the sampler and the verse form
 * make of it, and how the training text continues the same context. That is
 * the next-character view of nextview.h, which `probs` and `bench` compute
 * the same way; the explorer adds the histogram and the `/` look-up.
 */
#ifndef TS_APP_H
#define TS_APP_H

#include <stddef.h>
#include <stdint.h>

#include "engine/convert.h"
#include "engine/cachecmp.h"
#include "engine/corpus.h"
#include "engine/form.h"
#include "engine/generate.h"
#include "engine/model.h"
#include "engine/modelcmp.h"
#include "engine/nextview.h"
#include "engine/pinyin.h"
#include "engine/rng.h"
#include "engine/sampler.h"
#include "engine/sesscode.h"
#include "engine/timing.h"
#include "engine/trace.h"
#include "app/exercise.h"
#include "app/lang.h"

#define APP_TOP NEXTVIEW_TOP   /* candidates shown as bars: the view's top */
#define APP_MAX_CHARS 1024     /* the longest text the explorer holds */
#define APP_HIST_DRAWS 1000    /* samples behind the histogram */
#define APP_COMPARE_MAX 512    /* the most positions a compare run measures */
#define APP_COMPARE_REPEATS 5  /* each position's passes are timed this often, the fastest
                                * counts: a loaded machine's pauses fall on the others */
#define APP_POEM_MAX 200       /* Enter writes at most this many characters */
#define APP_STATUS_MAX 256
#define APP_MSG_MAX 768   /* a message kept whole: a program's failure with its error output's end */
#define APP_MSGS_KEPT 12
#define APP_WATCH_MAX 2048     /* bytes of `lesson --watch`'s messages */
#define APP_QUIZ_MAX 512       /* bytes of a lesson's question */
#define APP_CMDLINE_MAX 512    /* bytes of a command typed after `:` */
#define APP_IME_MAX 24         /* bytes of a pinyin syllable being typed */
#define APP_STAGE_CMD_MAX 512  /* bytes of a student's program's command line */
#define APP_CMP_PATH_MAX 512  /* bytes of the compare model's file name */
#define APP_IME_PAGE 9         /* candidates of the pinyin input on one page (1..9) */

struct Lesson; /* lesson.h */


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

/* The colour sets (--theme): for a dark background (the default) or a light
 * one, which a projector washes out less. NO_COLOR still means no colour. */
typedef enum { THEME_DARK, THEME_LIGHT } AppTheme;

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
} AppViews;

/* The weights in another precision (W, `set weights`, app_weights.c): the
 * rounded models, and how the bars compare with float32's. A timing of the
 * cached step runs in rounds that visit the three precisions in turn. */
enum { APP_TIMING_ROUNDS = 5 };
typedef struct {
    Model *rounded[WPREC_COUNT]; /* the explorer's model with its matrices rounded, made at
                                  * the first switch ([WPREC_FP32] unused: that is m); owned */
    Infer ref;                   /* for float32's distribution of the text now, and the timing */
    int have_ref;
    float *ref_probs;            /* [V] float32's distribution for the text now */
    double step_s[WPREC_COUNT];  /* a cached step's best time in each precision, measured at
                                  * the switches (all three take turns); 0: not measured */
    double round_s[WPREC_COUNT][APP_TIMING_ROUNDS]; /* the last timing's fastest step of each
                                  * round in each precision (timing.h); 0: not measured */
    double tick_s;               /* the clock's tick, read at the first timing */
    double kl_bits;              /* D(now || float32) in bits, for the text now */
    int top[APP_TOP];            /* the top 8 now ... */
    int ref_rank[APP_TOP];       /* ... and the place of each under float32 (1 = first) */
    int n_top;
} AppWeights;

/* Where a character of the text came from. */
/* The compare model (--compare-model, `compare-model`; app_compare.c): model
 * B reads the explorer's text with its own vocabulary and context, and its
 * top 8 stand beside the explorer's (modelcmp.h). */
typedef struct {
    char path[APP_CMP_PATH_MAX]; /* what is loaded: a file, or fp32, bf16, int8 (the
                                  * explorer's own model in that precision) */
    char name[64];               /* as the panel names it: the file's last part */
    Model own;                   /* a file's model (have_own) */
    int have_own;
    const Model *m;              /* B: &own, or the explorer's model rounded (not owned) */
    Generator g;                 /* B's reading of the text */
    NextView view;               /* B's next character, in g.ss */
    int *ids;                    /* [APP_MAX_CHARS + 1] the text in B's ids */
    int ok;                      /* cmp below holds the text now */
    char error[TS_ERR_MAX];      /* else why not (B lacks a character of the text) */
    ModelCmp cmp;
} AppCompareModel;

typedef enum {
    ORIGIN_TYPED,  /* the user typed it: part of the prompt */
    ORIGIN_PICKED, /* the user chose it among the candidates (1..8) */
    ORIGIN_MODEL   /* the sampler chose it (Space, Enter) */
} Origin;

/* One character of the text as the user sees it. */
typedef struct {
    uint32_t cp;
    int id;        /* token id, or -1: not in the vocabulary (shown, not read by the model) */
    Origin origin;
    float bits;    /* ORIGIN_MODEL: the entropy, in bits, of the sampler's final
                    * distribution it was drawn from (app_sample_one); else 0 */
} AppChar;

/* How uncertain the draw of a written character was, as the text shades it:
 * below APP_ENTROPY_LOW_BITS nearly decided (as if 4 or fewer characters
 * were equally likely: a line's punctuation, the second of a doubled
 * character), from APP_ENTROPY_HIGH_BITS on wide open (as if 64 or more: the
 * first character of a line). With the bundled model at the default set a
 * poem's characters fall into the three levels about evenly. */
#define APP_ENTROPY_LOW_BITS 2.0f
#define APP_ENTROPY_HIGH_BITS 6.0f
typedef enum { ENTROPY_LOW, ENTROPY_MID, ENTROPY_HIGH } EntropyLevel;
EntropyLevel app_entropy_level(float bits);

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

typedef struct {
    double min, max; /* inclusive; top-k's 0 means off, the seed has no bar */
    int has_bar;     /* drawn as a bar the mouse can drag */
} SliderSpec;

/* One of the top candidates for the next character: the view's (NextCandidate,
 * nextview.h) and the histogram's count. */
typedef struct {
    int id;              /* token id */
    float p;             /* the model's probability (temperature 1, no filter) */
    float p_sampler;     /* after temperature, top-k, top-p, min-p and the form's mask */
    float stage[STAGE_COUNT]; /* after each stage of the sampler, renormalised over what
                               * the stage keeps (sampler_stage_prob); 0 if it failed */
    int blocked;         /* the verse form does not allow it here */
    size_t corpus_count; /* times it follows the context's suffix in the training text */
    int hist;            /* of APP_HIST_DRAWS samples, how many chose it */
} Candidate;

typedef enum { CORPUS_NONE, CORPUS_LOADING, CORPUS_READY } CorpusStatus;

/* A student's stage beside the built-in one (app_stage.c): what the screen
 * shows of it. The program's result is what the sampler uses (the bars, the
 * draws); the built-in's is computed beside it on the same input. */
typedef struct {
    int on;                   /* a program does this stage */
    SamplerStage stage;       /* the built-in stage it takes the place of: top-p, the form mask */
    char cmd[160];            /* the program, quoted as its messages quote it */
    int kept, builtin_kept;   /* characters the program's stage keeps (allows), the built-in's */
    int n_differ;             /* characters the two disagree on, in the whole vocabulary */
    float builtin[APP_TOP];   /* top[k] after the built-in stage, renormalised as stage[] */
    uint8_t differ[APP_TOP];  /* top[k]: the two disagree on it */
} AppStageView;

/* What the hand-in says of a student's stage program (app_stage.c, session.c):
 * the last one started for a stage, and how it did beside the built-in one. */
typedef struct {
    char cmd[160];  /* the program as started; "" when none was */
    int runs;       /* predictions it took part in, compared with the built-in */
    int differed;   /* of them, those where it kept other characters than the built-in */
    int failed;     /* it failed a step, and the built-in took over */
    char why[256];  /* the failure as the status line said it, on one line */
} AppStageRecord;

/* What a lesson's `stage` asks for (the explorer starts it only after asking). */
typedef struct {
    int on;
    ExerciseKind kind;
    char cmd[APP_STAGE_CMD_MAX];  /* the program as a path in the lesson's exercises folder */
} AppStageWish;

/* The next character, as the panels show it. Recomputed after every change.
 * `next` is computed by nextview_compute, the one home of the next-character
 * view (nextview.h); the fields after it give its numbers under the names the
 * screen reads (app_predict copies them), then what only the explorer adds. */
typedef struct {
    NextView next;         /* the view itself; its sampler stages run in ss below */
    int model_ok;          /* 0: the model's scores were not finite numbers (the status
                            * line says where); then nothing below holds a prediction */
    Candidate top[APP_TOP];
    int n_top;
    float *probs;          /* [V] softmax of the logits: the model at temperature 1 (next's) */
    int *order;            /* token ids by probs, descending: the first APP_TOP (next's) */
    SamplerState ss;       /* every stage of the sampler for the current settings */
    int sampler_ok;        /* 0 if the sampler left nothing (then p_sampler is 0) */
    SamplerStages stages;  /* each stage's kept count and removed probability, both
                            * entropies (all 0 when sampler_ok is 0) */
    uint8_t *allowed;      /* [V] the verse form's mask (all 1 in free mode) (next's) */
    int n_allowed;
    double entropy;        /* of probs, in nats */
    double blocked;        /* the form's share of the model's probability (NextView.blocked):
                            * the hint, the summary, the stages and the handout all show it */
    /* the training text: the longest suffix of the context that occurs in it */
    size_t suffix_start;   /* index into g.text where that suffix starts */
    size_t suffix_len;
    size_t suffix_total;   /* its occurrences */
    /* the query ("where does 流 stand?"), when query_cp != 0 */
    uint32_t query_cp;
    int query_id;          /* -1 if the model does not know it */
    int query_rank;        /* 1-based */
    float query_p, query_p_sampler;
    /* the histogram (h, VIEW_HISTOGRAM): draws outside the top 8 */
    int hist_other;
    /* the cost of the last prediction that ran the model */
    double predict_ms;
    long predict_rows;     /* positions the model computed for it */
    long model_runs;       /* predictions that ran the model since app_init: one per
                            * edit, however many characters it typed */
    AppStageView stagev[EXERCISE_COUNT]; /* a student's top-p and jueju, where they run */
} Prediction;

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

/* The key steps since the prompt (session.c). */
typedef struct {
    int ok;                  /* 0: the text did not come this way (or no steps yet) */
    uint32_t prompt[SESSION_MAX_CHARS];
    int n_prompt;
    uint32_t draws;          /* rng_draws when the steps began */
    SessionStep steps[SESSION_MAX_STEPS];
    int n_steps;
    uint64_t context;        /* a hash of the settings, seed, form, ... the steps ran with */
    size_t mark_n;           /* the text the steps made (a TextMark) */
    uint64_t mark_hash;
    Rng rng;                 /* the generator after the last step */
    int enter_open;          /* 1: the last step is an Enter still writing */
} AppRecipe;
#define APP_RECIPE_MAX_DRAWS 100000 /* draws since the seed a code may replay first */

/* A text a panel describes: its first n tokens as the model read them
 * (g.text), by a hash. The panel is dropped once the text no longer starts
 * with them: cleared, taken back past them, or read by the other rule. */
typedef struct {
    size_t n;              /* 0: nothing marked */
    uint64_t hash;
} TextMark;

/* JOB_LESSON: a lesson step the screen waits for while it is entered in
 * the background (app_lesson_tick shows it once it stands). */
typedef enum { JOB_NONE, JOB_WRITE, JOB_COMPARE, JOB_LESSON } JobKind;

/* Work that runs in ticks so the screen can follow it (and Esc can stop it). */
typedef struct {
    JobKind kind;
    int written;            /* JOB_WRITE: characters written so far */
    CacheCompare compare;   /* JOB_COMPARE: the two runs, from the settings when it started */
    int have_gens;          /* compare is initialised */
} Job;

/* The verse form the text is written in. */
typedef struct {
    FormKind kind;
    int line_len;     /* 5 or 7 */
    char heads[FORM_MAX_HEADS * 4 + 1]; /* acrostic: the line openers, UTF-8 */
    Form start;       /* the form at the poem's first character */
    Form now;         /* where the text stands in it (the poem starts at g.text[g.prefix]) */
} ModeState;

/* The pinyin input method (app_pinyin.c): `i` switches the keys from
 * commands to pinyin. The letters typed so far form one syllable; every
 * character of the vocabulary that reads it is listed, ranked by the model's
 * probability for the next character, and 1..9 (or Space) choose one of the
 * page shown. */
typedef struct {
    int on;                    /* letters spell a syllable, they are no commands */
    char typed[APP_IME_MAX];   /* the syllable so far, UTF-8 as typed: "chun", "chun1", "chūn", "lu:" */
    int valid;                 /* typed is a syllable (pinyin_syllable_parse); 0 when empty */
    PinyinSyllable q;          /* ... and what it reads as, when valid */
    PinyinCandidate *cand;     /* [vocab size] the characters that read it, most probable first; owned */
    int n;                     /* how many read it (0 when typed is empty or not a syllable) */
    double together;           /* their model probabilities summed */
    int page;                  /* the page shown: cand[page * APP_IME_PAGE ...] */
} AppIme;

/* glyphs: the symbols the app writes into its own messages (the status
 * line); the screen's glyph set chooses them (draw.h). */
typedef struct {
    const char *arrow;    /* what a character became: "風 → 风" */
    const char *ellipsis; /* a list or an action not finished */
    const char *newline;  /* the newline, as the text shows it */
} AppSymbols;

/* What a lesson's commands can change and a step leaves for the next: the
 * explorer keeps one after each step and puts it back whole (app_lesson.c),
 * with the generator's own snapshot. AppState holds these members in a union
 * twice over the same bytes: as themselves (s->set, s->seed, as the program
 * reads them) and as one AppStepView, `view`, to copy whole. What the user
 * sets for the screen (pinyin, projector, the theme) is not part of it. */
#define APP_STEP_MEMBERS                                                                    \
    SamplerSettings set;     /* temperature, top-k, top-p, min-p */                         \
    uint64_t seed;                                                                          \
    Rng rng;                 /* Space draws from it; Enter and `s` reseed it */             \
    int slider;              /* the selected slider (SliderId) */                           \
    ModeState mode;                                                                         \
    CompareRun cmp;                                                                         \
    TextMark cmp_text;       /* the text the compare run started from */                    \
    TextMark query_text;     /* the text the `/` look-up was asked on */                    \
    AppCoin coin;            /* the last sampled step's coin */                             \
    AppViews views;          /* which views are open (app_view.c) */                        \
    int mid_text;            /* 1: the prompt is a fragment from inside a text; 0: a poem */\
    AppLang lang;                                                                           \
    /* what a lesson adds to the screen */                                                  \
    char quiz[APP_QUIZ_MAX]; /* a question for the class, "" for none */                    \
    int quiz_hidden;         /* 1: the bars stay hidden until the class has guessed */      \
    char quiz_answer[APP_QUIZ_MAX]; /* what the reveal shows, highlighted, in the bars'     \
                              * place (a discussion question); "" to show the bars */       \
    AppPanel point;          /* the panel a lesson highlights, or PANEL_NONE */             \
    AppStageWish lesson_stage; /* what the lesson's steps so far ask for (app_stage.c) */   \
    char compare_model[APP_CMP_PATH_MAX]; /* the compare model wished ("" none): a file or \
                              * a precision; app_predict loads it (app_compare.c) */      \
    char status[APP_STATUS_MAX];                                                            \
    int status_error;        /* the status says something went wrong */

typedef struct {
    APP_STEP_MEMBERS
} AppStepView;

/* Letter keys typed outside pinyin mode in quick succession (`chun`: c, h
 * and n are commands): what they changed, to put back with one key
 * (app_letters.c). */
#define APP_LETTERS_GAP 0.8 /* seconds between two letters of one run */
typedef struct {
    double last;           /* when the run's last letter came (AppState.key_time) */
    int run;               /* letters in the run so far; 0: none under way */
    int saved;             /* 1: the fields below hold the state before the run */
    char keys[16];         /* the run's letters, for the status line */
    double slider[SL_COUNT];
    int use_cache, mid_text, show_pinyin, projector;
    AppLang lang;
    AppViews views;
    size_t n_chars;
} AppLetters;

typedef struct AppState {
    const Model *m;          /* not owned */
    const char *model_name;  /* shown in the title; not owned, may be NULL */
    const Corpus *corpus;    /* not owned; NULL while loading or without one */
    CorpusStatus corpus_status;
    int corpus_other;        /* 1: the counts come from the bundled Tang text, which is not
                              * the model's training text (the text's characters are not
                              * its vocabulary) and no --corpus was given: said plainly */
    int model_other;         /* 1: the model's vocabulary is not the bundled model's (a
                              * class's own model): a lesson's `model bundled` claims are
                              * about another model and are not checked on this one */
    Generator g;             /* the known characters as the model reads them, with the cache */
    AppChar *chars;          /* [cap_chars] the text as typed and written */
    size_t n_chars, cap_chars;

    /* what a lesson step leaves (AppStepView): the settings, the verse form,
     * the comparison, the views, the lesson's question and the status line */
    union {
        struct { APP_STEP_MEMBERS };  /* s->set, s->seed, ... */
        AppStepView view;             /* the same bytes, to copy whole */
    };
    Prediction pred;
    /* Enter's last run: the text when it ended by itself, and where it began.
     * While the text is still that one, the session code holds the text
     * before the run, and Enter writes the rest again (session.h). */
    TextMark write_end;
    size_t write_from;
    /* How the text came from a prompt by key steps (Space, digits, Enter,
     * Backspace), for a code when the text itself is too long for one
     * (session.c): recipe.n_prompt known characters, then the steps, made
     * while the state was recipe_from's; valid while the text is still
     * recipe_mark. rng_draws counts s->rng's draws since it was seeded. */
    AppRecipe recipe;
    uint32_t rng_draws;
    Job job;
    int compare_repeats;     /* each compare position's passes are timed this often, the
                              * fastest counting: APP_COMPARE_REPEATS, or 1 for `lesson
                              * --check`, which shows no time (kept by app_reset) */
    int query_input;         /* 1: the next typed character is the query, not text */
    /* the lesson on the screen, and the picker that chooses one (app_lesson.c) */
    const struct Lesson *lesson; /* NULL: the explorer alone; not owned */
    int lesson_step;             /* the step shown, 0 = the introduction */
    AppLang lesson_lang;         /* the language the lesson starts in */
    int narration_top;           /* the first line of the narration on screen */
    int narration_lines;         /* its lines and the rows that show them, as the screen */
    int narration_rows;          /*   last laid them out (app_lesson_fit) */
    const struct Lesson *shelf;  /* [n_shelf] the lessons to pick from; not owned */
    int n_shelf, shelf_sel;
    int picking;                 /* 1: the picker is on the screen */
    /* `lesson --watch`: what the check of the file on the screen said, lines
     * "FILE:LINE: message" or "FILE: N steps, ok" (cli_lesson.c writes it,
     * view_lesson.c draws it under the narration; kept by app_reset) */
    char watch[APP_WATCH_MAX];
    int watch_bad;               /* 1: it tells problems (drawn as errors) */
    struct AppStepSnaps *snaps;  /* the state after each step of the lesson shown, so
                                  * that going to a step costs a copy, not a replay of
                                  * the lesson (app_lesson.c); owned */
    /* a student's stage as a program (app_stage.c): the programs that run, owned and
     * never copied (NULL until one starts); may_start: this state is the explorer's
     * screen, which alone starts programs (a lesson's check, its handout and the
     * thread that enters steps ahead never do) */
    struct AppStage *stage;
    int may_start;
    int stage_ask;               /* 1: the status line asks whether to start it (y/n) */
    AppStageRecord stage_rec[EXERCISE_COUNT]; /* for the hand-in: each stage's last program */
    double stage_timeout;        /* seconds a step of a student's program may take, the
                                  * first ten times that (--stage-timeout, `:stage
                                  * --timeout`); 0: STAGEPROG_TIMEOUT */
    /* the command line: `:` opens it, Enter runs what was typed (script.h) */
    int cmdline_open;
    char cmdline[APP_CMDLINE_MAX];
    int quit;
    int quit_ask;                /* 1: the status line asks whether to leave the lesson (q) */
    int export_ask;              /* 1: it asks whether to save an empty text (x) */
    Converter conv;          /* forgiving input (convert.h); OpenCC is opened on first need */
    const Pinyin *pinyin;    /* readings and glosses (pinyin.h); NULL without; not owned */
    /* the session to take home (session.h) and the cache's cost (r) */
    TraceStep *steps;        /* [cap_chars] what the model and the sampler gave chars[i],
                              * for the characters picked or written (app_session_record) */
    unsigned fingerprint;    /* the model's, for the session code (sesscode.h) */
    /* the weights' precision (W, `set weights`; app_weights.c) */
    WeightPrec weights;      /* of the model the bars come from: s->g.m */
    AppWeights wt;
    AppCompareModel *cm;     /* the compare model loaded (compare_model), or NULL; owned */
    /* pinyin for readers of Latin letters (app_pinyin.c) */
    int show_pinyin;         /* y: readings and glosses beside the bars and under the text */
    AppIme ime;              /* i: the model as an input method */
    /* the key being applied, as the terminal gave it: key_time its ts_now()
     * (0: not from the keyboard, as a lesson's or a script's commands),
     * key_char the character (0 for a function key) */
    double key_time;
    long key_char;
    /* a student's program slow to answer (STAGEPROG_WAIT_SAY): stage_waited is
     * set, and the screen's stage_wait (set by the terminal, may be NULL) says
     * so at once; the terminal then drops the keys typed meanwhile */
    void (*stage_wait)(const struct AppState *s, const char *cmd, double limit);
    int stage_waited;
    AppLetters letters;
    /* the messages that said something went wrong (app_status with is_error),
     * whole, newest last: the messages view (!) lists them */
    char msgs[APP_MSGS_KEPT][APP_MSG_MAX];
    int n_msgs;              /* kept so far (the oldest go first past APP_MSGS_KEPT) */
    /* the text read (Y) and the messages (!): how far the open one is
     * scrolled, and how far it can be (screen_fit sets it for the screen) */
    int view_top, view_top_max;
    /* reading it from the back row: how the screen looks (kept by app_reset) */
    int projector;           /* 1: fewer panels, large bars, high contrast (z) */
    AppTheme theme;          /* the colours: for a dark or a light background */
    /* glyphs: the symbols of the app's own messages (the status line), which
     * labels take as arguments (labels.h); the screen sets them from its
     * glyph set, ASCII on a terminal without Unicode (kept by app_reset) */
    AppSymbols sym;
} AppState;

/* Unicode: "風 → 风, …", a newline as ⏎ (what app_init sets). */
extern const AppSymbols APP_SYMBOLS_UNICODE;

/* Start with an empty prompt, cache on, the default set (gen_default_settings
 * and GEN_DEFAULT_SEED, as the commands), free mode. The model must outlive the state. */
int app_init(AppState *s, const Model *m, TsErr *err);
void app_free(AppState *s);

/* Back to the state a fresh app_init gives (the start of every lesson),
 * without allocating: an empty text, the cache on, the default set and
 * seed (gen_default_settings), free form, no view, no query, no quiz, nothing
 * pointed at. Keeps the model, its name, the training text, the interface
 * language and the pinyin display and input mode (a syllable being typed is
 * dropped). */
void app_reset(AppState *s);

/* Type a whole text, as if keyed in, read forgivingly as every prompt is
 * (convert.h): traditional characters simplified, , . ? ! as ， and 。. The
 * status says what was converted ("風 → 风"); a character still unknown is
 * kept, marked, and named in the status instead. */
void app_type_text(AppState *s, const char *utf8);
/* One typed character (CMD_TYPE), read the same way. The status names an
 * unknown character or says what was converted, and is cleared otherwise. */
void app_type_char(AppState *s, uint32_t cp);
/* What the model reads for one typed character: cp, its simplified form, ，
 * or 。 (the status is left alone). */
uint32_t app_convert_char(AppState *s, uint32_t cp);
/* The status says what a text was read as ("風 → 风"), for a text converted
 * before it was typed (a command's, script.h). */
void app_status_converted(AppState *s, const ConvertPair *pairs, int n);

/* Hand over the training text (NULL: none); the counts are recomputed. */
void app_set_corpus(AppState *s, const Corpus *c, CorpusStatus status);

/* Recompute the Prediction (done by every command that changes something).
 * First drops what describes a text that is gone (app_forget_stale). */
void app_predict(AppState *s);

/* The bars from the weights in precision p (W, `set weights`): the model
 * rounded so (made at the first switch), the text read again; each
 * precision's cached step timed, and float32's distribution compared
 * (s->wt). Returns 0, or -1 with the status saying why (out of memory). */
int app_set_weights(AppState *s, WeightPrec p);
/* After a prediction: the divergence from float32 and the top 8's places
 * under float32 for the text now (nothing to do in float32). */
void app_weights_compare(AppState *s);
/* Time each precision's cached step again, keeping the best of this and the
 * earlier times (a speed claim measured on a busy moment; no-op before the
 * first switch of precision). */
void app_weights_retime(AppState *s);
/* Whether the last timing decides a claim about the speedup of the weights
 * now (float32's step time over theirs), and how (timing.h): it cannot under
 * a sanitizer, with a clock too coarse for the steps, or when the rounds
 * disagree. TIMING_NONE before the first switch of precision. */
TimingJudgement app_weights_speedup(const AppState *s, TimingClaim claim, const void *ctx);
/* The rounded models and the comparison's buffers (app_free). */
void app_weights_free(AppState *s);
/* The explorer's model in precision p: s->m for fp32, else its rounded copy
 * (made now if need be, owned by s), or NULL with err. */
const Model *app_weights_model(AppState *s, WeightPrec p, TsErr *err);

/* The compare model (app_compare.c). app_compare_model_set loads path (a
 * model file, or fp32, bf16 or int8: the explorer's model in that precision;
 * NULL or "" closes it) and makes it the wish; returns 0, or -1 with err
 * and the wish as it was. app_compare_model_update, called by app_predict,
 * loads or closes what the wish (a restored lesson step's) names, then has
 * B read the text; app_compare_model_free frees it (app_free). */
int app_compare_model_set(AppState *s, const char *path, TsErr *err);
void app_compare_model_update(AppState *s);
void app_compare_model_free(AppState *s);
/* A compare model for path opened beside s's (its model: a file's, or s's
 * in a precision), not yet reading any text; NULL with err. A lesson's
 * thread opens them ahead for the screen (app_lesson.c), which adopts one
 * as s->cm (freeing what was loaded) or closes it. */
AppCompareModel *app_compare_model_open(AppState *s, const char *path, TsErr *err);
void app_compare_model_adopt(AppState *s, AppCompareModel *c);
void app_compare_model_close(AppCompareModel *c);
/* Model A as the compare panel names it: the file's last part, and the
 * bars' precision when they are rounded ("tang.bin int8"). Returns out. */
const char *app_compare_name_a(const AppState *s, char *out, size_t size);

/* The text as the model reads it now, marked (TextMark). */
TextMark app_text_mark(const AppState *s);

/* The line under the bars, in its parts ("" where a part is absent): what the
 * sampler keeps and removes (or that it left nothing), the form's share of
 * the model's probability (the one "blocked" figure, only in a verse form),
 * and the two entropies in bits. The screen joins those that fit, the
 * handout all of them. */
typedef struct {
    char kept[160], blocked[64], entropy[128];
} AppSummary;
void app_summary(const AppState *s, AppSummary *out);
/* 1 if the text still starts with what m marked (0 for an empty mark). */
int app_text_has(const AppState *s, TextMark m);
/* The compare run (its plot, strip and totals; a run still going stops) and
 * the `/` look-up describe the text they started on: drop each once that
 * text is gone. all: drop both whatever the text (Ctrl-U). */
void app_forget_stale(AppState *s, int all);

/* Printf into the status line (what fits). A message that says something
 * went wrong (is_error) is also kept whole for the messages view (!). */
void app_status(AppState *s, int is_error, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The k-th message kept (0: the newest), or NULL past the last one kept. */
const char *app_message(const AppState *s, int k);

/* ---- sliders (app_sliders.c) ---- */
SliderSpec app_slider_spec(SliderId id);
/* The sampler setting (SamplerSettingId) the slider moves, or -1 (the seed). */
int app_slider_setting(SliderId id);
double app_slider_value(const AppState *s, SliderId id);
/* Is the slider one that may be left out where rows or words are short (the
 * sampler panel at 80x24, unless selected; a handout's settings line): a
 * setting that is seldom on (the penalty), now off? */
int app_slider_quiet(const AppState *s, SliderId id);
/* The values a slider can be set to: its bar's range, except that top-k goes
 * on past the bar's 200 to the vocabulary's size (if that is larger), and
 * the penalty past its bar's 3 to its 100. */
void app_slider_range(const AppState *s, SliderId id, double *lo, double *hi);
/* Set a slider, clamped to that range (top-k rounds; below 1 is off). Keys
 * step within the bar's range (app_slider_step). */
void app_slider_set(AppState *s, SliderId id, double value);
/* One step down (dir < 0) or up (dir > 0). */
void app_slider_step(AppState *s, SliderId id, int dir);
/* The slider's value as text ("1.00", "off", "42"). */
void app_slider_format(const AppState *s, SliderId id, char *out, size_t size);

/* ---- verse forms (app_mode.c) ---- */
/* Switch form; for the acrostic the heads come from the prompt. Returns 0, or
 * -1 with the status saying why not. */
int app_mode_set(AppState *s, FormKind kind);
/* The same with a given line length (5 or 7) instead of the switch. An
 * acrostic keeps its heads if the text is one already. */
int app_mode_set_length(AppState *s, FormKind kind, int line_len);
/* After the text changed by one character at the end: follow it in the form. */
void app_mode_follow(AppState *s);
/* After a take-back: replay the form from the poem's start. */
void app_mode_replay(AppState *s);

/* ---- the views (app_view.c) ---- */
/* Is view v open? (VIEW_NONE: is every view closed?) */
int app_view_is_open(const AppState *s, AppView v);
/* Open v and close what it takes the place of (VIEW_NONE: close every view). */
void app_view_open(AppState *s, AppView v);
/* Close v if it is open (VIEW_NONE: nothing to close). */
void app_view_close(AppState *s, AppView v);
/* Open v if it is closed, else close it; returns 1 if it is open now. */
int app_view_toggle(AppState *s, AppView v);
/* Say in the status line that v is open or closed now, as its key does
 * (VIEW_NONE: that every view is closed; the help says nothing). */
void app_view_say(AppState *s, AppView v);
/* 1 if a and b have the same views open. */
int app_views_same(const AppViews *a, const AppViews *b);

/* ---- lessons and the command line (app_lesson.c) ---- */
/* Show lesson l (not owned, must outlive the state) from its introduction,
 * starting in language lang. */
void app_lesson_open(AppState *s, const struct Lesson *l, AppLang lang);
/* Go to step k: the next one by entering it, any other by replaying from
 * the start. A command that fails is told in the status line (with its line
 * in the file); the lesson goes on. */
void app_lesson_go(AppState *s, int k);
/* The step being waited for, once it stands (JOB_LESSON); what to redraw. */
unsigned app_lesson_tick(AppState *s);
/* Wait until no step is being waited for (for callers without a clock:
 * tests, benchmarks). */
void app_lesson_wait(AppState *s);
/* How many steps of the lesson shown are kept so far (from the introduction on). */
int app_lesson_prepared(AppState *s);
/* Forget the states kept after each step (app_free does; so does opening a lesson). */
void app_lesson_forget(AppState *s);
/* The screen tells how many lines the narration takes at its width and how
 * many rows show them, so that scrolling stops at its end. */
void app_lesson_fit(AppState *s, int lines, int rows);
/* Offer these lessons (not owned) in the picker. */
void app_picker_set(AppState *s, const struct Lesson *shelf, int n);

/* ---- a student's stage as a program (app_stage.c, docs/exercises.md) ---- */
/* Start cmdline as the stage `kind` (top-p or the jueju constraint) beside
 * the built-in one: the sampler and the form use it from now on. A program
 * already doing that stage is stopped first. Returns 0, or -1 with the
 * status saying why (in the interface language). */
int app_stage_start(AppState *s, ExerciseKind kind, const char *cmdline);
/* (`stage` on the command line starts one only where may_start is set.) */
/* Stop the program doing stage kind (-1: every one): the built-in again. */
void app_stage_stop(AppState *s, int kind);
/* Is a program doing stage kind? */
int app_stage_running(const AppState *s, ExerciseKind kind);
/* Did a program started since the last app_stage_start fail a step, its
 * stage now the built-in's? (The status line says which step and why.) A
 * start that fails at once (the program cannot be run) is not this. */
int app_stage_stopped(const AppState *s);
/* After the sampler ran (app_predict calls it): a program that failed a step
 * is stopped, the status line says which step and what was wrong, and 1 is
 * returned (the prediction is then to be made again, with the built-in);
 * else the comparison (pred.stagev) is filled and 0 returned. */
int app_stage_after_predict(AppState *s);
/* The explorer's screen, after every command: start or stop what the
 * lesson's steps ask for (lesson_stage), asking first (stage_ask); what to
 * redraw. Does nothing unless may_start. */
unsigned app_stage_follow_lesson(AppState *s);
/* A lesson's `stage` program (words: the program and its arguments, as the
 * lesson writes them) as a command line for stageprog: the program must be
 * a file of the exercises folder beside the lesson (lessons/exercises for
 * lessons/de/x.md), named without a shell (no quotes, $, ;, |, &, <, >, *,
 * ...). Returns 0 with cmd, or -1 with msg (in the interface language). */
int app_stage_lesson_program(const AppState *s, const char *lesson_path, const char *words,
                             char *cmd, size_t size, char *msg, size_t msg_size);
/* The answer to the question (y: 1, n: 0). */
unsigned app_stage_answer(AppState *s, int yes);

/* ---- jobs (app_jobs.c) ---- */
void app_job_start_write(AppState *s);
void app_job_start_compare(AppState *s);
void app_job_stop(AppState *s);
/* Advance the running job; returns what to redraw (commands.h). */
unsigned app_job_tick(AppState *s);
/* Milliseconds until the job wants its next tick; -1 when nothing runs. */
int app_job_interval_ms(const AppState *s);

/* ---- text (app.c) ---- */
/* Sample one character with the current settings and form, append it, keep
 * its coin (s->coin) and the entropy of what it was drawn from (its bits).
 * Returns the token or -1 (status says why). */
int app_sample_one(AppState *s);
/* Append one character of the text. A typed character the model does not know
 * is kept (marked) but not read; one the verse form forbids here is refused.
 * Returns 0, or -1 with the status saying why. */
int app_push_char(AppState *s, uint32_t cp, Origin origin);
/* Take the last character back: the Generator drops it and the KV cache
 * forgets its position (nothing is recomputed). Returns 0 or -1 (empty). */
int app_pop_char(AppState *s);
void app_clear_text(AppState *s);
/* Read the prompt as a fragment from inside a text (1) or as the start of a
 * poem (0, the default: the model reads a newline before it). The text is
 * read again under the new rule: its characters, typed, picked or written,
 * and the verse form stay; the cache starts over. The status says how to
 * switch back: by the key n (by_key), else by the command `:mid-text`, the
 * only way in a lesson, where n is the next step. */
void app_set_mid_text(AppState *s, int on, int by_key);
/* Whether the model's vocabulary has a newline, so a poem can start: without
 * one the text is always read mid-text (app_reset), and asking for a poem's
 * start says why not (app_say_no_newline). */
int app_can_start_poem(const AppState *s);
/* The character the empty text is, drawn before the typed ones while there
 * are none (or always, at a poem's start): the newline, or without one the
 * vocabulary's first character (gen_start_token). */
uint32_t app_start_cp(const AppState *s);
/* The status: no newline, so mid-text only, and what an empty text reads. */
void app_say_no_newline(AppState *s);
/* Give the model the known characters again from the start, under the
 * current rule, and replay the form. Returns 0, or -1 with the status saying
 * why not. */
int app_reread_text(AppState *s);

/* ---- pinyin input (app_pinyin.c) ---- */
/* Rank the characters that read ime.typed under the current prediction again
 * (app_predict does this after every change of the text). */
void app_ime_rank(AppState *s);
/* The reading of candidate cp to show beside it, and (returned) its meaning:
 * the reading matching q if q is not NULL and cp has such a reading, else the
 * one cp takes after the text (行 after 银: háng, "bank"; alone: its verse
 * reading); the meaning is that of the word it ends (pinyin_read_glosses) when
 * that is the reading shown, else the reading's own. Empty ("") when the table
 * lacks cp (punctuation, the newline) or there is no table. */
const char *app_pinyin_reading(const AppState *s, uint32_t cp, const PinyinSyllable *q, char *out,
                               size_t size);
/* The reading of chars[i] as the text reads it: by the longest word of the
 * word list around it (地上 dì shàng), else the character's reading alone in
 * verse (pinyin_read_text). Empty as app_pinyin_reading. */
void app_pinyin_reading_at(const AppState *s, size_t i, char *out, size_t size);
/* The meaning of chars[i] as the text reads it (pinyin_read_glosses): its
 * word's senses, else its reading's; "" for none. *start (if not NULL) is set
 * to the index of the first character of its word (i when alone). */
const char *app_pinyin_gloss_at(const AppState *s, size_t i, size_t *start);
/* The table's gloss of cp (the customary reading's), or "" when there is none. */
const char *app_pinyin_gloss(const AppState *s, uint32_t cp);

/* ---- read-only queries for the screen ---- */
/* The model as an input method: the characters of the vocabulary that read
 * the syllable `typed` (chun, chun1, chūn, lv; see pinyin.h), most probable
 * next first under the current prediction (pred.probs), each with that
 * probability. Writes at most max to out and returns how many read it in all
 * (0: none); -1 with err if typed is not a syllable or there is no table. */
int app_pinyin_rank(const AppState *s, const char *typed, PinyinCandidate *out, int max,
                    TsErr *err);
/* Index into g.text of chars[i], or -1 if the model does not read it. */
long app_char_text_index(const AppState *s, size_t i);
/* 1 if chars[i] is inside the window the model reads now. */
int app_char_in_window(const AppState *s, size_t i);
/* The causal mask of the last pass of the model, the one the current logits
 * came from: `rows` (its T) new positions after `start` cached ones, `total`
 * = start + rows keys; query row i (position start + i) may attend key k when
 * k <= start + i: ones(T, total).tril(diagonal = total - T). All 0 when the
 * model has not read the text yet. */
typedef struct {
    int rows, start, total;
} AppMask;
AppMask app_mask(const AppState *s);
/* The token at cache position k (the window's k-th character), or -1. */
int app_mask_token(const AppState *s, int k);

/* How strongly the next-character prediction attends to g.text[text_index]
 * in one layer and head: returns 1 with the weight (0..1) in *weight, or 0
 * (and *weight 0) if that character is outside what the model read for it. */
int app_attention(const AppState *s, int layer, int head, long text_index, float *weight);
/* Index into g.text of the first character the model reads (the window, by
 * the generator's context policy: gen_window_start). */
size_t app_window_start(const AppState *s);
/* The rank of token id by the model's probability (1 = the most probable;
 * ties go to the smaller id, as the bars order them). */
int app_rank(const AppState *s, int id);
/* KV cache memory now and at the full context, in bytes. */
size_t app_cache_bytes_now(const AppState *s);
size_t app_cache_bytes_full(const AppState *s);

#endif
