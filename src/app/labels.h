/* labels.h - every word the explorer shows, in English, Chinese, German and
 * French.
 *
 * A label may be a printf format; every language then takes the same
 * conversions in the same order (test_labels checks this, that no cell is
 * empty, and that each label fits where the screen draws it at 80x24), so a
 * caller can pick any language with one call. `l` cycles through the
 * languages at run time.
 *
 * No label holds a symbol of the screen (an arrow, a block, a bar, a
 * bullet, an ellipsis, a multiplication sign): it takes the symbol as a %s
 * argument from the screen's glyph set (draw.h Glyphs), or for the app's own
 * messages from AppState.sym, so a terminal without Unicode shows ASCII.
 * Letters with accents and Chinese (its punctuation too) are language and
 * stay; test_labels holds every cell to this.
 */
#ifndef TS_LABELS_H
#define TS_LABELS_H

#include <stddef.h>

#include "app/app.h"

typedef enum {
    /* the sliders, in SliderId order */
    LBL_TEMPERATURE,
    LBL_TOP_K,
    LBL_TOP_P,
    LBL_MIN_P,
    LBL_SEED,
    /* title bar */
    LBL_VOCAB_SIZE,
    LBL_CONTEXT,
    LBL_MODE_FREE,
    LBL_MODE_ACROSTIC,
    LBL_MODE_JUEJU,
    LBL_CACHE,
    LBL_ON,
    LBL_OFF,
    /* prompt */
    LBL_PROMPT,
    LBL_NOTE_EMPTY,
    LBL_NOTE_UNKNOWN,
    LBL_NOTE_WINDOW,
    LBL_NOTE_FORM_ONLY,
    LBL_NOTE_FORM_HAN,
    LBL_NOTE_FORM_DONE,
    LBL_NOTE_QUERY,
    LBL_NOTE_KEYS,
    LBL_READ_POEM_START,
    LBL_READ_MID_TEXT,
    /* probabilities */
    LBL_NEXT,
    LBL_MODEL,
    LBL_SAMPLER,
    LBL_CORPUS_COL,
    LBL_CORPUS_AFTER,
    LBL_CORPUS_NOWHERE,
    LBL_CORPUS_LOADING,
    LBL_CORPUS_NONE,
    LBL_HIST,
    LBL_HIST_OTHER,
    LBL_BLOCKED,
    LBL_SUMMARY,
    LBL_SUMMARY_BLOCKED,
    LBL_LESSON_BLOCKED,
    LBL_ENTROPY,
    LBL_STAGES,
    LBL_QUERY_LINE,
    LBL_QUERY_LINE_MODEL,
    LBL_QUERY_HINT,
    LBL_QUERY_NOT_KNOWN,
    LBL_NOTHING_LEFT,
    /* sliders panel */
    LBL_SLIDERS_HEADER,
    LBL_MODE,
    /* timing */
    LBL_TIMING_HEADER,
    LBL_WITH_CACHE,
    LBL_WITHOUT_CACHE,
    LBL_TIMING_TOTALS,
    LBL_IDENTICAL,
    LBL_DIFFERENT,
    LBL_MAX_DIFF,
    LBL_CACHE_MEMORY,
    LBL_CACHE_COST,
    LBL_TIMING_EMPTY,
    LBL_POSITION,
    /* status line, help, special screens */
    LBL_HINT,
    LBL_TOO_SMALL,
    LBL_TOO_SMALL_HINT,
    LBL_ATT_HEADER,
    LBL_ATT_MORE,
    LBL_HELP_TITLE,
    LBL_HELP_TYPE,
    LBL_HELP_BACKSPACE,
    LBL_HELP_CLEAR,
    LBL_HELP_SPACE,
    LBL_HELP_PICK,
    LBL_HELP_ENTER,
    LBL_HELP_ESC,
    LBL_HELP_SLIDERS,
    LBL_HELP_TAB,
    LBL_HELP_ARROWS,
    LBL_HELP_MOUSE,
    LBL_HELP_SEED,
    LBL_HELP_CACHE,
    LBL_HELP_COMPARE,
    LBL_HELP_FREE,
    LBL_HELP_ACROSTIC,
    LBL_HELP_JUEJU,
    LBL_HELP_HIST,
    LBL_HELP_ATTENTION,
    LBL_HELP_QUERY,
    LBL_HELP_MID_TEXT,
    LBL_HELP_LANGUAGE,
    LBL_HELP_HELP,
    LBL_HELP_QUIT,
    LBL_HELP_LEGEND_MODEL,
    LBL_HELP_LEGEND_SAMPLER,
    LBL_HELP_LEGEND_CORPUS,
    LBL_HELP_LEGEND_TIMING,
    LBL_HELP_CLOSE,
    LBL_NEWLINE,
    /* status messages */
    LBL_ST_WELCOME,
    LBL_ST_FULL,
    LBL_ST_FORM_REFUSES,
    LBL_ST_UNKNOWN,
    LBL_ST_NOTHING_BACK,
    LBL_ST_TOOK_BACK_UNKNOWN,
    LBL_ST_TOOK_BACK,
    LBL_ST_TOOK_BACK_NOCACHE,
    LBL_ST_POEM_DONE,
    LBL_ST_NEED_HEADS,
    LBL_ST_MODE_ACROSTIC,
    LBL_ST_MODE_JUEJU,
    LBL_ST_MODE_JUEJU_EMPTY,
    LBL_ST_MODE_FREE,
    LBL_ST_WRITING,
    LBL_ST_PREPARING,
    LBL_ST_WROTE,
    LBL_ST_STOPPED,
    LBL_ST_COMPARING,
    LBL_ST_COMPARED,
    LBL_ST_COMPARE_STOPPED,
    LBL_ST_QUERY_ASK,
    LBL_ST_QUERY_SET,
    LBL_ST_QUERY_UNKNOWN,
    LBL_ST_QUERY_CLEARED,
    LBL_ST_QUERY_CANCELLED,
    LBL_ST_CLEARED,
    LBL_ST_SAMPLED,
    LBL_ST_PICKED,
    LBL_ST_NO_CANDIDATE,
    LBL_ST_CACHE_ON,
    LBL_ST_CACHE_OFF,
    LBL_ST_HIST_ON,
    LBL_ST_HIST_OFF,
    LBL_ST_ATT_ON,
    LBL_ST_ATT_OFF,
    LBL_ST_LANGUAGE,
    LBL_ST_POEM_START,
    LBL_ST_MID_TEXT,
    LBL_ST_CORPUS_FAILED,
    LBL_ST_NONFINITE,
    /* lessons and the command line */
    LBL_ST_VIEWS_CLOSED,
    LBL_ST_QUIZ,
    LBL_ST_REVEALED,
    LBL_ST_QUIZ_ANSWER,
    LBL_ST_ANSWER_NO_QUIZ,
    LBL_LESSON_ANSWER,
    LBL_LESSON_ANSWERS,
    LBL_ST_LINE_PROBLEM,
    LBL_LESSON_SETTINGS,
    LBL_LESSON_WROTE,
    LBL_LESSON_QUIZ,
    LBL_LESSON_STEP,
    LBL_LESSON_INTRO,
    LBL_LESSON_KEYS,
    LBL_LESSON_END,
    LBL_PICKER_TITLE,
    LBL_PICKER_KEYS,
    LBL_CMDLINE_HINT,
    LBL_HELP_COMMAND,
    LBL_HELP_LESSON,
    LBL_ST_CONVERTED,
    LBL_ST_NO_OPENCC,
    LBL_ST_PINYIN_FAILED,
    /* the session to take home (code, export) and the KV cache's cost (r) */
    LBL_CODE,
    LBL_CODE_ENTER,
    LBL_CODE_NONE,
    /* the document x writes beside the JSON, for handing in (session.c) */
    LBL_MD_TITLE,
    LBL_MD_POEM,
    LBL_MD_GLOSSES,
    LBL_MD_SETTINGS,
    LBL_MD_OPEN,
    LBL_MD_STEPS,
    LBL_MD_STEPS_HEAD,
    LBL_MD_DRAWN,
    LBL_MD_PICKED,
    LBL_HELP_EXPORT,
    LBL_HELP_KVCACHE,
    LBL_ST_EXPORTED,
    LBL_ST_EXPORT_FAILED,
    LBL_ST_CODE_OPENED,
    LBL_ST_KVCACHE_ON,
    LBL_ST_KVCACHE_OFF,
    LBL_KV_HEADER,
    LBL_KV_PER_TOKEN,
    LBL_KV_NOW,
    LBL_KV_AT,
    LBL_KV_THIS,
    LBL_KV_PRESET_MHA, /* the presets, in kvcost_presets order */
    LBL_KV_PRESET_GQA,
    LBL_KV_PRESET_MLA,
    LBL_KV_NOTE_NOW,
    LBL_KV_NOTE_FORMULA,
    /* pinyin: readings beside the bars (y), the input method (i) */
    LBL_ST_PINYIN_ON,
    LBL_ST_PINYIN_OFF,
    LBL_ST_PINYIN_NONE,
    LBL_ST_IME_ON,
    LBL_ST_IME_OFF,
    LBL_ST_IME_CHOSE,
    LBL_NOTE_IME_EMPTY,
    LBL_NOTE_IME,
    LBL_IME_HEAD,
    LBL_IME_NONE,
    LBL_IME_BAD,
    LBL_IME_RANK,
    LBL_IME_KEYS,
    LBL_IME_EXPLAIN,
    LBL_HELP_PINYIN,
    LBL_HELP_IME,
    LBL_ST_UNKNOWN_MORE,
    /* the terminal too small: the needed size alone, for narrow ones */
    LBL_TOO_SMALL_SHORT,
    /* a paste as one edit: a paste longer than the text's room */
    LBL_ST_PASTE_KEPT,
    /* reading it from the back row: projector mode, small probabilities */
    LBL_ST_PROJECTOR_ON,
    LBL_ST_PROJECTOR_OFF,
    LBL_HELP_PROJECTOR,
    LBL_ONE_IN,      /* "1 in %s": a probability below 0.01% (probfmt.h) */
    LBL_DIGIT_GROUP, /* between groups of three digits: "34,000", "34 000" */
    /* the coin, uncertainty under the text, the sampler's stage columns */
    LBL_COIN,
    LBL_ENTROPY_HEADER,
    LBL_ENTROPY_LOW,
    LBL_ENTROPY_MID,
    LBL_ENTROPY_HIGH,
    LBL_ENTROPY_NONE,
    LBL_ST_ENTROPY_ON,
    LBL_ST_ENTROPY_OFF,
    LBL_HELP_ENTROPY,
    LBL_STAGE_MODEL, /* the stage columns' headings, in SamplerStage order */
    LBL_STAGE_PENALTY,
    LBL_STAGE_TEMPERATURE,
    LBL_STAGE_TOP_K,
    LBL_STAGE_TOP_P,
    LBL_STAGE_MIN_P,
    LBL_STAGE_MASK,
    LBL_STAGE_FINAL,
    LBL_ST_PENALTY,
    /* the window, the mask view, the timing panel's parts; plural forms */
    LBL_WINDOW_COUNT,
    LBL_NOTE_SHIFT,
    LBL_TIMING_SAMPLER,
    LBL_TIMING_STRIP,
    LBL_ST_COMPARED_SHIFT,
    LBL_ST_COMPARED_SLIDE,
    LBL_MASK_HEADER,
    LBL_MASK_STEP,
    LBL_MASK_PASS,
    LBL_MASK_OFFSET,
    LBL_MASK_AXIS,
    LBL_MASK_LEGEND,
    LBL_MASK_ROWS,
    LBL_MASK_CUT,
    LBL_ST_MASK_ON,
    LBL_ST_MASK_OFF,
    LBL_ATT_MAX,
    LBL_ATT_NOTE,
    /* the singular of a count label (app_label_n): ONE_X is X for one */
    LBL_ONE_VOCAB_SIZE,
    LBL_ONE_CORPUS_AFTER,
    LBL_ONE_NOTE_WINDOW,
    LBL_ONE_NOTE_SHIFT,
    LBL_ONE_ST_TOOK_BACK,
    LBL_ONE_ST_WROTE,
    LBL_ONE_ST_STOPPED,
    LBL_ONE_ST_COMPARE_STOPPED,
    LBL_ONE_ST_CACHE_ON,
    LBL_ONE_ST_CACHE_OFF,
    LBL_ONE_ATT_MORE,
    LBL_ONE_MODE_JUEJU,
    LBL_ONE_ST_FULL,
    LBL_ONE_ST_UNKNOWN,
    LBL_ONE_ST_MODE_ACROSTIC,
    LBL_ONE_ST_MODE_JUEJU,
    LBL_ONE_ST_MODE_JUEJU_EMPTY,
    LBL_ONE_ST_COMPARING,
    LBL_ONE_KV_NOTE_NOW,
    LBL_ONE_IME_HEAD,
    LBL_ONE_IME_NONE,
    LBL_ONE_ST_UNKNOWN_MORE,
    /* glyphs: the help screen's lines made from the key table (w, a lesson's scroll) */
    LBL_HELP_MASK,
    LBL_HELP_SCROLL,
    LBL_COUNT
} LabelId;

/* The label in the state's language. */
const char *app_label(const AppState *s, LabelId id);
/* The label in a given language (for tests and the help screen); "?" for
 * an id out of range. */
const char *app_label_in(AppLang lang, LabelId id);

/* reading it from the back row: a probability in the state's language by the
 * odds form of probfmt.h ("0.042%", "1 in 34,000", "34,000 分之一"), with at
 * least `decimals` decimals. Returns out. */
char *app_prob_text(const AppState *s, double p, int decimals, char *out, size_t size);
/* Plural forms. A label that counts something ("wrote %d characters") has
 * a singular row, LBL_ONE_..., with the same conversions.
 * app_label_n gives the form the language takes for the count n: the
 * singular for 1 in English and German, for 0 and 1 in French, never in
 * Chinese (its row is the same in both); for a label without a singular,
 * the label itself. */
const char *app_label_n(const AppState *s, LabelId id, long n);
const char *app_label_n_in(AppLang lang, LabelId id, long n);
/* The singular row of a count label, or the label itself if it has none. */
LabelId app_label_singular(LabelId id);
/* A count for the screen, grouped as the language writes it: 1,024 (en),
 * 1.024 (de), 1 024 (fr, a narrow no-break space), 1024 (zh). */
void app_format_count(AppLang lang, long n, char *out, size_t size);

#endif
