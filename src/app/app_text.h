/* app_text.h - the text and its model: the AppState's part `text`.
 *
 * The model the explorer reads with (and that model's weights in another
 * precision, and a second model beside it), the training text it counts in,
 * the readings of its characters, and the text itself: the characters as
 * typed and written (chars) and the same as the model reads them (g, with
 * its KV cache). app.h tells how the two lists keep in step.
 */
#ifndef TS_APP_TEXT_H
#define TS_APP_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/common.h"
#include "engine/convert.h"
#include "engine/corpus.h"
#include "engine/generate.h"
#include "engine/infer.h"
#include "engine/model.h"
#include "engine/modelcmp.h"
#include "engine/nextview.h"
#include "engine/pinyin.h"

#define APP_TOP NEXTVIEW_TOP   /* candidates shown as bars: the view's top */
#define APP_MAX_CHARS 1024     /* the longest text the explorer holds */
#define APP_CMP_PATH_MAX 512  /* bytes of the compare model's file name */

typedef enum { CORPUS_NONE, CORPUS_LOADING, CORPUS_READY } CorpusStatus;

/* Where a character of the text came from. */
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

/* A text a panel describes: its first n tokens as the model read them
 * (g.text), by a hash. The panel is dropped once the text no longer starts
 * with them: cleared, taken back past them, or read by the other rule. */
typedef struct {
    size_t n;              /* 0: nothing marked */
    uint64_t hash;
} TextMark;

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

/* The rounded models and the comparison's buffers (app_free). */
void app_weights_free(AppWeights *wt);

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

/* The text and its model. */
typedef struct {
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

    Converter conv;          /* forgiving input (convert.h); OpenCC is opened on first need */
    const Pinyin *pinyin;    /* readings and glosses (pinyin.h); NULL without; not owned */
    /* the weights' precision (W, `set weights`; app_weights.c) */
    WeightPrec weights;      /* of the model the bars come from: text.g.m */
    AppWeights wt;
    AppCompareModel *cm;     /* the compare model loaded (view.compare_model), or NULL; owned */
} AppText;

#endif
