/* app_predict.h - the next character as the panels show it: the AppState's
 * part `pred`, recomputed after every change (app_predict, app.c).
 */
#ifndef TS_APP_PREDICT_H
#define TS_APP_PREDICT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/nextview.h"
#include "engine/sampler.h"
#include "app/app_text.h"
#include "app/exercise.h"

#define APP_HIST_DRAWS 1000    /* samples behind the histogram */

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

/* Where a character stands in the prediction (the `/` look-up). */
typedef struct {
    uint32_t cp;           /* 0: nothing asked */
    int id;                /* -1 if the model does not know it */
    int rank;              /* 1-based */
    float p, p_sampler;
} AppQuery;

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
    AppQuery query;        /* the `/` look-up ("where does 流 stand?"), when query.cp != 0 */
    /* the histogram (h, VIEW_HISTOGRAM): draws outside the top 8 */
    int hist_other;
    /* the cost of the last prediction that ran the model */
    double predict_ms;
    long predict_rows;     /* positions the model computed for it */
    long model_runs;       /* predictions that ran the model since app_init: one per
                            * edit, however many characters it typed */
    AppStageView stagev[EXERCISE_COUNT]; /* a student's top-p and jueju, where they run */
} Prediction;

#endif
