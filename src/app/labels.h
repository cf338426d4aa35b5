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
 * messages from AppState.prefs.sym, so a terminal without Unicode shows ASCII.
 * Letters with accents and Chinese (its punctuation too) are language and
 * stay; test_labels holds every cell to this.
 */
#ifndef TS_LABELS_H
#define TS_LABELS_H

#include <stddef.h>

#include "app/app.h"

typedef enum {
    /* the seed's slider (the settings' words are "setting NAME" in po/,
     * app_setting_word) */
    LBL_SEED,
    /* the line around a setting's sentence for --help and `set NAME`
     * ("setting-help NAME" in po/, app_setting_help): range, default and off
     * value come from the settings table */
    LBL_SET_HELP_DEFAULT,     /* sentence, range, default */
    LBL_SET_HELP_OFF_DEFAULT, /* sentence, range, off value (the default) */
    LBL_SET_HELP_OFF,         /* sentence, range, off value */
    LBL_SET_HELP_RANGE,       /* `set NAME`'s range: low, high */
    LBL_SET_HELP_VOCAB,       /* ... whose high end is the vocabulary's size */
    /* title bar */
    LBL_VOCAB_SIZE,
    LBL_CONTEXT,
    LBL_MODE_FREE,
    LBL_MODE_ACROSTIC,
    LBL_MODE_JUEJU,
    LBL_LEN_FIVE, /* a line of 5 or 7 characters as the form's name says it: 5, 五 */
    LBL_LEN_SEVEN,
    LBL_CACHE,
    LBL_ON,
    LBL_OFF,
    LBL_FILTER_OFF,
    /* prompt */
    LBL_PROMPT,
    LBL_NOTE_EMPTY,
    LBL_NOTE_EMPTY_NO_NEWLINE,
    LBL_NOTE_UNKNOWN,
    LBL_NOTE_WINDOW,
    LBL_NOTE_FORM_ONLY,
    LBL_NOTE_FORM_HAN,
    LBL_NOTE_FORM_DONE,
    LBL_NOTE_FORM_END, /* every line written, the closing newline to come */
    LBL_NOTE_QUERY,
    LBL_NOTE_KEYS,
    LBL_READ_POEM_START,
    LBL_READ_MID_TEXT,
    /* probabilities */
    LBL_NEXT,
    LBL_MODEL,
    LBL_SAMPLER,
    LBL_CORPUS_COL,
    LBL_CORPUS_COL_OTHER, /* the column's heading when it is not the model's training text */
    LBL_CORPUS_OTHER,     /* ... and the line under the bars that says so */
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
    LBL_QUERY_LINE_SHORT,
    LBL_QUERY_HINT,
    LBL_QUERY_NOT_KNOWN,
    LBL_NOTHING_LEFT,
    /* sliders panel */
    LBL_SLIDERS_HEADER,
    LBL_MODE,
    /* timing */
    LBL_TIMING_HEADER,
    LBL_WRITTEN_SAME,
    LBL_WRITTEN_PART,
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
    LBL_HELP_TAB_BACK,
    LBL_HELP_ARROWS,
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
    LBL_HELP_MESSAGES, /* ? and ! on one line */
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
    LBL_ST_NO_NEWLINE,
    LBL_ST_POEM_START_CMD, /* ... set by a command: switched back by `:mid-text` */
    LBL_ST_MID_TEXT_CMD,
    LBL_ST_CORPUS_FAILED,
    LBL_ST_NONFINITE,
    /* lessons and the command line */
    LBL_ST_VIEWS_CLOSED,
    LBL_ST_QUIZ,
    LBL_ST_REVEALED,
    LBL_ST_QUIZ_ANSWER,
    LBL_ST_QUIT_ASK,
    LBL_ST_ANSWER_NO_QUIZ,
    LBL_LESSON_ANSWER,
    LBL_ST_LINE_PROBLEM,
    LBL_LESSON_SETTINGS,
    LBL_LESSON_WROTE,
    LBL_LESSON_QUIZ,
    LBL_LESSON_STEP,
    LBL_LESSON_INTRO,
    LBL_LESSON_KEYS,
    LBL_LESSON_END,
    LBL_LESSON_BUNDLED_FIGURES, /* under the heading: the mark of the bundled model's figures */
    /* a handout as a worksheet (cli_handout.c) */
    LBL_HANDOUT_QUESTION,
    LBL_HANDOUT_ANSWER,
    LBL_HANDOUT_ANSWERS,
    LBL_HANDOUT_SEE_ANSWER,
    LBL_HANDOUT_RESOLUTION, /* a worksheet's heading for the step that answers a question */
    LBL_HANDOUT_BUNDLED_FIGURES, /* under the title: whose figures the marked ones are */
    LBL_HANDOUT_SAME_STEP,   /* a thing printed once: in which step it stands */
    LBL_HANDOUT_SAME_ANSWER, /* ... in which answer */
    LBL_HANDOUT_MASK_NEW,    /* the mark of a mask's rows computed in this pass */
    LBL_PICKER_TITLE,
    LBL_PICKER_KEYS,
    LBL_CMDLINE_HINT,
    LBL_HELP_COMMAND,
    LBL_HELP_LESSON,
    LBL_ST_CONVERTED,
    LBL_ST_NO_OPENCC,
    LBL_ST_NO_OPENCC_BUILD, /* the same in a build without OpenCC: what to install */
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
    LBL_MD_STAGE_AGREED, /* a student's stage program beside the built-in (session.c) */
    LBL_MD_STAGE_DIFFERED,
    LBL_MD_STAGE_FAILED,
    LBL_MD_STAGE_UNUSED,
    LBL_MD_STEPS,
    LBL_MD_STEPS_HEAD,
    LBL_MD_DRAWN,
    LBL_MD_PICKED,
    LBL_HELP_EXPORT,
    LBL_HELP_KVCACHE,
    LBL_ST_EXPORTED,
    LBL_ST_EXPORT_FAILED,
    LBL_ST_EXPORT_EMPTY_ASK,
    LBL_ST_EXPORT_NOT_SAVED,
    LBL_ST_CODE_OPENED,
    LBL_ST_KVCACHE_ON,
    LBL_ST_WRITTEN_ON,
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
    /* the weights' precision (W, view_weights.c) */
    LBL_HELP_WEIGHTS,
    LBL_ST_WEIGHTS,
    LBL_WT_HEADER,
    LBL_WT_COLS,
    LBL_WT_KL,
    LBL_WT_SAME,
    LBL_WT_TOP,
    /* two models side by side (--compare-model, view_compare.c, probs --compare-model) */
    LBL_CMP_HEADER,
    LBL_CMP_NAMES,
    LBL_CMP_TOP,
    LBL_CMP_IN,
    LBL_CMP_LACKS,
    LBL_CMP_SHARED,
    LBL_CMP_A_ONLY,
    LBL_CMP_B_ONLY,
    LBL_ST_CMP_ON,
    LBL_ST_CMP_OFF,
    /* pinyin: readings beside the bars (y), the input method (i) */
    LBL_ST_PINYIN_ON,
    LBL_ST_PINYIN_OFF,
    LBL_ST_PINYIN_NONE,
    /* the text read (Y, view_reading.c) */
    LBL_ST_READING_ON,
    LBL_ST_READING_OFF,
    LBL_READING_TITLE,
    LBL_READING_HEADS,
    LBL_READING_EMPTY,
    LBL_VIEW_SCROLL,
    LBL_VIEW_CLOSE,
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
    LBL_HELP_READING, /* y and Y on one line */
    LBL_HELP_IME,
    LBL_HELP_UNDO_LETTERS,
    LBL_ST_LETTERS_HINT,
    LBL_ST_LETTERS_UNDONE,
    LBL_ST_LETTERS_NONE,
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
    /* the coin, uncertainty under the text, the sampler's stage columns */
    LBL_COIN,
    LBL_ENTROPY_HEADER,
    LBL_ENTROPY_LOW,
    LBL_ENTROPY_MID,
    LBL_ENTROPY_HIGH,
    LBL_ENTROPY_NONE,
    LBL_ENTROPY_LAST, /* lesson --figures: the entropy view's figure of the model's last character */
    LBL_ST_ENTROPY_ON,
    LBL_ST_ENTROPY_OFF,
    LBL_HELP_ENTROPY,
    LBL_ST_PENALTY,
    LBL_ST_SETTING, /* a setting with no slider set by `set NAME`: its word, its value */
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
    /* the command line (src/cli): what the commands print for a person */
    LBL_CLI_BAD_LANG,
    LBL_CLI_NOT_INTEGER,
    LBL_CLI_NOT_U64,
    LBL_CLI_NOT_NUMBER,
    LBL_CLI_EMPTY_VALUE,
    LBL_CLI_UNKNOWN_OPTION,
    LBL_CLI_NO_VALUE,
    LBL_CLI_NEEDS_VALUE,
    LBL_CLI_UNEXPECTED,
    LBL_CLI_UNKNOWN_COMMAND,
    LBL_CLI_USAGE,
    LBL_CLI_USAGE_EXPLORER,
    LBL_CLI_ABOUT,
    LBL_CLI_COMMANDS,
    LBL_CLI_USAGE_NOTE,
    LBL_CLI_USAGE_LANG,
    LBL_CMD_EXPLORE,
    LBL_CMD_EXERCISE,
    LBL_CLI_USAGE_SESSION,
    LBL_CMD_PROBS,
    LBL_CMD_CORPUS,
    LBL_CMD_GENERATE,
    LBL_CMD_ACROSTIC,
    LBL_CMD_JUEJU,
    LBL_CMD_LESSON,
    LBL_CMD_DEMO,
    LBL_CMD_INFO,
    LBL_CMD_IMPORT,
    LBL_CMD_EXPORT,
    LBL_CMD_KVCACHE,
    LBL_CMD_TRAIN,
    LBL_CMD_EVAL,
    LBL_CMD_QUANTIZE,
    LBL_CMD_BENCH,
    LBL_CLI_WELL_FORMED,
    LBL_ONE_CLI_WELL_FORMED,
    LBL_CLI_FOUR_OR_EIGHT,
    LBL_ONE_CLI_FOUR_OR_EIGHT,
    LBL_CLI_CORPUS_ALL,
    LBL_CLI_CORPUS_NONE,
    LBL_CLI_CORPUS_OCCURS,
    LBL_ONE_CLI_CORPUS_OCCURS,
    LBL_CLI_CORPUS_OTHERS,
    LBL_ONE_CLI_CORPUS_OTHERS,
    LBL_CLI_CORPUS_AT_END,
    LBL_CLI_PROBS_HEAD,
    LBL_CLI_NEXT_CHAR,
    LBL_CLI_AT_POEM_START,
    LBL_CLI_AS_MID_TEXT,
    LBL_CLI_SAMPLED_COLUMNS,
    LBL_CLI_RANK,
    LBL_CLI_STAGE_BY_STAGE,
    LBL_CLI_KEPT,
    LBL_CLI_REMOVES,
    LBL_CLI_ENTROPY,
    LBL_CLI_AFTER_SAMPLER,
    LBL_ONE_CLI_AFTER_SAMPLER,
    LBL_CLI_PINYIN_WHAT,
    LBL_CLI_PINYIN_NONE,
    LBL_CLI_PINYIN_TOTAL,
    LBL_ONE_CLI_PINYIN_TOTAL,
    LBL_CLI_PINYIN_MORE,
    /* --pinyin SYLLABLES (cli_pinyin.c): the choices on stderr, and what is wrong */
    LBL_CLI_PINYIN_CHOICES,
    LBL_CLI_PINYIN_THEN,
    LBL_CLI_PINYIN_READERS,
    LBL_CLI_PINYIN_READ_AS,
    LBL_CLI_PINYIN_NEEDS,
    LBL_CLI_PINYIN_TWICE,
    LBL_CLI_PINYIN_AT_MOST,
    LBL_CLI_PINYIN_RUN_TOGETHER,
    LBL_CLI_PINYIN_NO_READER,
    LBL_CLI_PINYIN_EMPTY,
    LBL_CLI_PINYIN_GLOSSES, /* probs --pinyin: whose meanings the last column gives */
    /* generate --export: where the poem went */
    LBL_CLI_EXPORTED,
    /* eval: the loss on a text, in nats per character (cli_eval.c) */
    LBL_CLI_EVAL_RESULT,
    LBL_ONE_CLI_EVAL_RESULT,
    LBL_CLI_BENCH_HEAD,
    LBL_CLI_BENCH_RUN,
    LBL_CLI_LOGITS_DIFFER,
    LBL_CLI_BENCH_SHIFTS,
    LBL_ONE_CLI_BENCH_SHIFTS,
    LBL_CLI_BENCH_CACHED,
    LBL_CLI_BENCH_PREFILL,
    LBL_CLI_BENCH_CACHE,
    LBL_CLI_BENCH_KEY,
    LBL_CLI_BENCH_KEY_NONE,
    /* bench --weights, quantize: the weights in three precisions */
    LBL_CLI_BENCH_WEIGHTS,
    LBL_CLI_BENCH_WEIGHTS_COLS,
    LBL_CLI_BENCH_WRITTEN, /* under the table: each precision writing, model and sampler */
    LBL_CLI_QUANTIZED,
    /* export: what was written, the GELU's form, how nanoGPT samples it */
    LBL_CLI_NANO_EXPORTED,
    LBL_CLI_EXPORTED_TANH,
    LBL_CLI_EXPORTED_SAMPLE,
    LBL_CLI_BENCH_SAMPLER,
    /* bench --train: the speed of a training step (cli_bench.c) */
    LBL_CLI_BENCH_TRAIN_HEAD,
    LBL_CLI_BENCH_TRAIN_MODEL,
    LBL_CLI_BENCH_TRAIN_BATCH,
    LBL_CLI_BENCH_TRAIN_KERNEL,
    LBL_CLI_BENCH_TRAIN_MACS,
    LBL_CLI_BENCH_TRAIN_PEAK,
    LBL_CLI_BENCH_TRAIN_BF16,
    LBL_CLI_SETTING,
    LBL_CLI_SAMPLER_COL,
    LBL_CLI_SHARE,
    LBL_CLI_FILTERS_OFF,
    LBL_CLI_COMMA,
    /* the explorer's command line and the lessons' verbs (script.c): what is wrong with a line */
    LBL_SC_EMPTY,
    LBL_SC_UNKNOWN_VERB,
    LBL_SC_UNKNOWN_VERB_HINT,
    LBL_SC_WHICH_SETTING,
    LBL_SC_UNKNOWN_SETTING,
    LBL_SC_NOT_NUMBER,
    LBL_SC_NOT_WHOLE,
    LBL_SC_OUT_OF_RANGE,
    LBL_SC_NOT_CANDIDATE,
    LBL_SC_NEEDS,
    LBL_SC_A_NUMBER,
    LBL_SC_A_WHOLE,
    LBL_SC_A_TEXT,
    LBL_SC_A_QUESTION,
    LBL_SC_AN_ANSWER,
    LBL_SC_A_CODE,
    LBL_SC_A_PROGRAM,
    LBL_SC_SECOND_QUIZ,
    LBL_SC_NOT_HELD,
    LBL_SC_NARRATION_TALL,
    LBL_SC_A_CHAR,
    LBL_SC_ONE_OF,
    LBL_SC_ONE_ARG,
    LBL_SC_NOT_ONE_OF,
    LBL_SC_TOO_MANY,
    LBL_SC_NO_ARG,
    LBL_SC_LONGER,
    LBL_SC_NOT_UTF8,
    LBL_SC_NOT_IN_MODEL,
    LBL_SC_ONE_CHAR,
    LBL_SC_FORM_LEN,
    LBL_SC_FORM_FREE_LEN,
    /* the students' stages: stageprog.c's messages, exercise check, the explorer's column */
    LBL_SP_EMPTY,
    LBL_SP_TOO_MANY_WORDS,
    LBL_SP_UNCLOSED,
    LBL_SP_CANNOT_START,
    LBL_SP_NOT_ON_PATH,
    LBL_SP_NO_TMPDIR,
    LBL_SP_STEP,
    LBL_SP_NOT_RUNNING,
    LBL_SP_EXTRA_BEFORE,
    LBL_SP_EARLY,
    LBL_SP_EXTRA_AFTER,
    LBL_SP_TOO_LONG,
    LBL_SP_LATE_PART,
    LBL_SP_LATE,
    LBL_SP_POLL,
    LBL_SP_ENDED_BEFORE,
    LBL_SP_ENDED_MIDDLE,
    LBL_SP_EXIT_STATUS,
    LBL_SP_SIGNAL,
    LBL_SP_CRASH,
    LBL_SP_CLOSED,
    LBL_SP_STDERR_TAIL,
    LBL_SP_MORE_TIME,
    LBL_SP_SLOW_START,
    LBL_SP_STDERR_EMPTY,
    LBL_SP_NOT_EXECUTABLE,
    LBL_SP_HERE_NOT_PATH,
    LBL_SP_INTERPRETER_ALONE,
    LBL_SP_NOT_JSON,
    LBL_SP_NO_KEEP,
    LBL_SP_NOT_ID,
    LBL_SP_UNKNOWN_ID,
    LBL_SP_TWICE,
    LBL_SP_KEEPS_NONE,
    LBL_SP_ALLOWS_NONE,
    LBL_EX_HEAD,
    LBL_EX_PASSED,
    LBL_EX_FAILED,
    LBL_EX_TIE,
    LBL_EX_CLASSIC,
    LBL_EX_JUEJU_RULE,
    LBL_EX_WITH_P,
    LBL_EX_AFTER_TOP_K,
    LBL_EX_EXPECTED,
    LBL_EX_GOT,
    LBL_EX_IDS,
    LBL_EX_NONE,
    LBL_EX_STOPPED,
    LBL_ONE_EX_STOPPED,
    LBL_EX_SUMMARY,
    LBL_ONE_EX_SUMMARY,
    LBL_EX_SAY_WHAT,
    LBL_EX_UNKNOWN_ACTION,
    LBL_EX_NEEDS,
    LBL_EX_UNKNOWN,
    LBL_STAGE_YOURS,
    LBL_STAGE_TOPP_LINE,
    LBL_STAGE_JUEJU_LINE,
    LBL_STAGE_TOPP_COUNT,  /* the line's counts alone, where the line does not fit */
    LBL_STAGE_JUEJU_COUNT,
    LBL_ST_STAGE_ON,
    LBL_ST_STAGE_OFF,
    LBL_ST_STAGE_FAILED,
    LBL_ST_STAGE_WAITING,
    /* the messages (!, view_reading.c) */
    LBL_ST_MESSAGES_ON,
    LBL_ST_MESSAGES_OFF,
    LBL_MESSAGES_TITLE,
    LBL_MESSAGES_NONE,
    LBL_ST_STAGE_ASK,
    LBL_ST_STAGE_DECLINED,
    LBL_ST_STAGE_NO_SCREEN,
    LBL_SC_STAGE_NEEDS,
    LBL_SC_STAGE_TIMEOUT,
    LBL_SC_STAGE_OUTSIDE,
    LBL_SC_STAGE_SHELL,
    LBL_CLI_LESSON_STAGE,
    LBL_CLI_KV_HEAD,
    LBL_CLI_KV_ROW,
    LBL_CLI_KV_CUSTOM,
    LBL_CLI_KV_CUSTOM_LATENT,
    /* info: what is inside a model file (cli_info.c) */
    LBL_CLI_INFO_HEAD,
    LBL_CLI_INFO_SIZES,
    LBL_CLI_INFO_FLOATS,
    LBL_CLI_INFO_PARAMS,
    LBL_CLI_INFO_FILE,
    LBL_CLI_INFO_GELU,
    LBL_CLI_INFO_GELU_ERF,
    LBL_CLI_INFO_GELU_TANH,
    LBL_CLI_INFO_CACHE,
    LBL_CLI_INFO_CACHE_WHY,
    /* train: how the run starts and goes (cli_train.c, train_loop.c); the
     * losses a person reads are in bits per character (TRAIN_BITS) */
    LBL_CLI_TRAIN_NEW,
    LBL_CLI_TRAIN_RESUMING,
    LBL_CLI_THREADS_PREC, /* also bench --train */
    LBL_CLI_PREC_BF16,
    LBL_CLI_PREC_FP32,
    LBL_CLI_TRAIN_NO_VAL,
    LBL_CLI_TRAIN_NOTHING,
    LBL_CLI_TRAIN_PROGRESS, /* a log line: cropped to the terminal when redrawn in place */
    LBL_CLI_TRAIN_MEASURING,
    /* demo: between two lessons (cli_demo.c) */
    LBL_CLI_DEMO_NEXT,
    /* train: the training view (train_view.c) */
    LBL_TV_TITLE,
    LBL_TV_UNIT,
    LBL_TV_LEGEND_TRAIN,
    LBL_TV_LEGEND_VAL,
    LBL_TV_STEPS,
    LBL_TV_STARTS,
    LBL_TV_TRAIN,
    LBL_TV_VAL,
    LBL_TV_SPEED,
    LBL_TV_SAMPLE_ABOUT,
    LBL_TV_SAMPLE_AFTER,
    LBL_TV_SAMPLE_EMPTY,
    LBL_TV_SAMPLE_NONE,
    LBL_TV_SAMPLE_NOT_YET,
    LBL_TV_SAMPLE_SHORT,
    LBL_TV_HINT,
    /* train: how the run ends (train_loop.c) */
    LBL_CLI_TRAIN_IN_ALL,
    LBL_CLI_TRAIN_STOPPED,
    LBL_CLI_TRAIN_CHECKPOINT,
    LBL_CLI_TRAIN_SO_FAR,
    LBL_CLI_TRAIN_DONE,
    LBL_ONE_CLI_TRAIN_DONE,
    LBL_CLI_TRAIN_VAL_BEST,
    LBL_CLI_TRAIN_VAL_LAST,
    LBL_CLI_TRAIN_FINAL, /* after DONE, without a validation text */
    LBL_CLI_WATCH_GONE,
    LBL_CLI_LESSON_OK,
    LBL_CLI_LESSON_README, /* --check: a folder's README.md among the files, left out */
    LBL_CLI_LESSON_BUNDLED, /* an expect line about the bundled model, on another model */
    LBL_CLI_LESSON_READ_AS, /* a lesson's command read as the model reads it: 風 as 风 */
    LBL_CLI_LESSON_SKIPPED, /* an expect line the machine cannot decide (a speed): why */
    LBL_ONE_CLI_LESSON_OK,
    LBL_CLI_READ_AS,
    LBL_CLI_X_AS_Y,
    LBL_CLI_AFTER_READING,
    LBL_CLI_NOT_CONVERTED,
    LBL_CLI_NOT_IN_VOCAB,
    LBL_CLI_EITHER,
    LBL_CLI_GIVE_HEADS,
    LBL_CLI_NEEDS_TERMINAL,
    LBL_CLI_BENCH_UNUSED,
    LBL_CLI_BENCH_NO_SAMPLER, /* bench --context: why the sampler's table is left out */
    LBL_CLI_BENCH_PLOT,       /* the plot's title: %s the characters of the last length */
    LBL_CLI_BENCH_PLOT_X,     /* its x axis */
    LBL_CLI_BENCH_PLOT_UNCACHED,
    LBL_CLI_BENCH_PLOT_CACHED,
    LBL_CLI_BENCH_RANDOM,     /* bench --context: the model its heading names */
    /* the progress line of a long command (cli/progress.h): done, total,
     * unit, rate, time left; _START before there is a rate; the units */
    LBL_PROGRESS,
    LBL_PROGRESS_START,
    LBL_PROGRESS_CHARS,
    LBL_PROGRESS_POEMS,
    LBL_PROGRESS_STEPS,
    LBL_PROGRESS_RUNS,
    LBL_PROGRESS_FILES,
    LBL_PROGRESS_EVAL, /* what eval does: %s the text's path */
    LBL_PROGRESS_GENERATE,
    LBL_PROGRESS_BENCH_LENGTH, /* %s characters, with and without the cache */
    LBL_PROGRESS_BENCH_WEIGHTS,
    LBL_PROGRESS_BENCH_PREFILL,
    LBL_PROGRESS_BENCH_KEY,
    LBL_PROGRESS_BENCH_SAMPLER,
    LBL_PROGRESS_READING,    /* import, export: %s the file read */
    LBL_PROGRESS_CONVERTING, /* import: the checkpoint mapped to a model */
    LBL_PROGRESS_WRITING,    /* import, export: %s the file written */
    LBL_COUNT
} LabelId;

/* A sampler setting's words in lang, found in po/ by its name in the engine's
 * table (SAMPLER_SETTINGS[id].name): its word, the slider's name
 * ("temperature", msgctxt "setting temperature"), and the sentence that says
 * what it does, for --help and `set NAME` ("setting-help temperature"). A
 * stage's column heading by the stage's name ("stage top_p"). "?" for one
 * the template lacks (test_labels fails naming it). */
const char *app_setting_word(AppLang lang, SamplerSettingId id);
const char *app_setting_help(AppLang lang, SamplerSettingId id);
const char *app_stage_word(AppLang lang, SamplerStage stage);
/* The slider's name: its setting's word, or the seed's (app_sliders.c). */
const char *app_slider_word(AppLang lang, SliderId id);

/* The label in the state's language. */
const char *app_label(const AppState *s, LabelId id);
/* The training-text column's heading: LBL_CORPUS_COL, or LBL_CORPUS_COL_OTHER
 * when the counts are not from the model's training text (corpus_other). */
LabelId app_corpus_col_label(const AppState *s);
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
/* Numbers as the language writes them (lang.c's row, probfmt.h): every
 * number a person reads on the screen, in a handout or from a command goes
 * through one of these; --json and traces keep the C form. */
const NumStyle *app_num_style(AppLang lang);
/* A count: 1,024 (en), 1.024 (de), 1 024 (fr, a no-break space), 1024 (zh). */
char *app_format_count(AppLang lang, long n, char *out, size_t size);
/* x with `decimals` decimals: "0.80", "0,80". Returns out. */
char *app_num(AppLang lang, double x, int decimals, char *out, size_t size);
/* A large count in the unit the language reads it in (Language.large): 5.22
 * (millions: "%s M") in English, 522 (万) in Chinese. Returns out. */
char *app_num_large(AppLang lang, double x, char *out, size_t size);
/* x with as few decimals as it needs, at most 3: "1", "0.5", "0,05" (a setting, seconds). */
char *app_num_short(AppLang lang, double x, char *out, size_t size);
/* x in scientific notation with `decimals` decimals: "1.00e-03", "1,00e-03"
 * (a learning rate). Returns out. */
char *app_num_sci(AppLang lang, double x, int decimals, char *out, size_t size);
/* x with `digits` significant digits as %g writes it, ungrouped as it is
 * typed: "0.05", "0,05", "99999", "1,2e-05" (a range's ends, a tiny
 * difference). Returns out. */
char *app_num_g(AppLang lang, double x, int digits, char *out, size_t size);
/* A share in percent (14.7 for 14.7%): "14.7%", "14,7 %". Returns out. */
char *app_share(AppLang lang, double percent, int decimals, char *out, size_t size);
/* The form's blocked share (0..1) as app_share writes it, with the decimals
 * that keep it from reading 100.0 while a character passes, or 0.0 while one
 * is blocked (one, up to four): the one "blocked" figure wherever it stands. */
char *app_blocked_share(AppLang lang, double share, char *out, size_t size);
/* A size in bytes: "512 KiB", "512 Kio", "7,0 MiB". Returns out. */
char *app_bytes(AppLang lang, double bytes, char *out, size_t size);
/* A line length of a form (5 or 7) as the form's name says it: "7" in
 * "jueju of 7", 七 in 七言绝句. */
const char *app_line_len(AppLang lang, int n);
/* The language's colon and semicolon with their spaces: ": ", " : ", "：". */
const char *app_colon(AppLang lang);
const char *app_semicolon(AppLang lang);
/* text between the language's quotation marks: „春风“, « 春风 », 「春风」. */
char *app_quoted(AppLang lang, const char *text, char *out, size_t size);

#endif
