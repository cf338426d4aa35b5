/* script.h - the explorer's command language: one line, one command.
 *
 * `set top-k 20`, `prompt 白日依山尽，黄河入海`, `write`, `expect top1 。`: the
 * words a lesson (lesson.h), the explorer's command line (`:`) and the tests
 * use to say what a key can say and more. Every verb is one row of a table
 * (script_verbs): its name, its argument, the range of that argument and the
 * function that carries it out. The parser, `tangscope lesson --check`, the
 * help text and the tests all read that one table, and every verb ends in
 * app_apply with the Commands of commands.h, as a key does.
 *
 * Messages are one line in English that name the verb and the argument:
 * "unknown verb 'sett'", "set temperature: 3 is out of range 0..2",
 * "pick: 9 is not a candidate (1..8)", "characters not in the model: 𠀀".
 * A caller that knows where the line came from puts FILE:LINE before them.
 */
#ifndef TS_SCRIPT_H
#define TS_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

#include "app/app.h"

#define SCRIPT_MSG_MAX 320
#define SCRIPT_TEXT_MAX (4 * APP_MAX_CHARS + 1) /* the longest text argument, in bytes */
#define SCRIPT_CONV_MAX 8 /* the changes of one line a ScriptCmd lists */

/* What a verb takes after its name. */
typedef enum {
    ARG_NONE,    /* nothing */
    ARG_NUMBER,  /* a number in a range */
    ARG_INTEGER, /* a whole number in a range */
    ARG_COUNT,   /* a whole number in a range, 1 when left out */
    ARG_TEXT,    /* the rest of the line, characters the model knows */
    ARG_FREE,    /* the rest of the line, any text (a question) */
    ARG_CHAR,    /* one character the model knows */
    ARG_WORD,    /* one word of the verb's list */
    ARG_FORM,    /* free | acrostic [5|7] | jueju [5|7] */
    ARG_CLAIM    /* what `expect` checks (see lessons/README.md) */
} ScriptArg;

/* What `expect` checks. */
typedef enum {
    CLAIM_TOP1, CLAIM_TOP8, CLAIM_RANK, CLAIM_PROB, CLAIM_IDENTICAL, CLAIM_CORPUS,
    CLAIM_LINES,   /* the text's verse lines (ended by ， 。 ！ ？ ； or a newline): OP N */
    CLAIM_GROWS,   /* C gets more after the sampler than the model gives it */
    CLAIM_SHRINKS, /* ... less: "the others shrink" */
    /* the weights' precision (set weights): OP X each */
    CLAIM_KL,      /* the bars' divergence from float32's, in bits */
    CLAIM_SIZE,    /* the model file's bytes with the weights as they are now */
    CLAIM_SPEEDUP, /* a cached step's time in float32 over its time now (measured at the
                    * switch, the precisions taking turns) */
    CLAIM_MASK,    /* the last pass: T new positions over TOTAL keys (start = TOTAL - T) */
    /* the sampler's side and what was written */
    CLAIM_SAMPLER, /* the sampler's probability of C, in percent: C OP X */
    CLAIM_KEPT,    /* how many characters the sampler keeps: OP N */
    CLAIM_REMOVED, /* the model's probability the sampler removes, in percent: OP X */
    CLAIM_ENTROPY, /* the entropy view's figure: the bits of the draw behind the last
                    * character the model wrote (AppChar.bits): OP X */
    CLAIM_TEXT,    /* the whole text is TEXT (⏎ for a newline) */
    CLAIM_CONTAINS,/* the text holds TEXT somewhere */
    CLAIM_COUNT    /* C stands N times in the text: C OP N */
} ClaimKind;

typedef struct ScriptVerb ScriptVerb;

/* One parsed line. */
typedef struct {
    const ScriptVerb *verb;
    double x;                    /* ARG_NUMBER, ARG_INTEGER, ARG_COUNT; a claim's N or X; mask: T */
    double y;                    /* CLAIM_MASK: TOTAL; CLAIM_PROB, CLAIM_SAMPLER, CLAIM_REMOVED,
                                  * CLAIM_ENTROPY: the decimals
                                  * X is written with (-1: with an exponent) */
    int choice;                  /* ARG_WORD: index into the verb's words; ARG_FORM: a FormKind */
    int line_len;                /* ARG_FORM: 5 or 7 */
    uint32_t cp;                 /* ARG_CHAR; a claim's character */
    char text[SCRIPT_TEXT_MAX];  /* ARG_TEXT, ARG_FREE; CLAIM_CORPUS: the context */
    ClaimKind claim;
    char op[3];                  /* CLAIM_RANK, CLAIM_PROB, ...: > >= < <= = */
    ConvertPair conv[SCRIPT_CONV_MAX]; /* what the characters were read as (convert.h:
                                  * 風 as 风, ? as 。), each change once; the text,
                                  * cp and context above hold what they became */
    int n_conv;
} ScriptCmd;

/* How a verb is carried out, and what came of it. */
typedef struct {
    const char *lesson_path;     /* in: the lesson file the line is from, NULL for the command
                                    line: a lesson's `stage` may name only a program of the
                                    exercises folder beside it, and only asks for it */
    int sync_jobs;               /* in: 1 runs `write` and `compare` to their end (a lesson,
                                    a test); 0 leaves them running, as Enter and b do */
    unsigned redraw;             /* out: the REDRAW_ flags of everything it changed */
    char msg[SCRIPT_MSG_MAX];    /* out: why it failed */
} ScriptOut;

typedef int (*ScriptRunFn)(AppState *s, const ScriptCmd *c, ScriptOut *out);

struct ScriptVerb {
    const char *name;            /* one word, or two for `set NAME` */
    const char *usage;           /* the argument as the docs show it: "X", "[N]", "on|off" */
    ScriptArg arg;
    int slider;                  /* a SliderId whose range bounds the number, or -1 */
    double min, max;             /* the range otherwise */
    const char *range_fmt;       /* what an argument out of range is not: "candidate"
                                  * (the label "is not a candidate (1..8)"), or NULL:
                                  * "is out of range 0..7311" (labels.h LBL_SC_*) */
    const char *const *words;    /* ARG_WORD: the words, NULL-terminated */
    int lesson;                  /* 1: meant for lessons (quiz, point, expect) */
    int needs;                   /* ARG_FREE: what an empty argument lacks, a LabelId
                                  * ("answer: needs the text the reveal shows") */
    ScriptRunFn run;
    const SamplerSetting *setting; /* `set NAME`: its row of the settings table, else NULL */
};

/* The results. SCRIPT_UNCHECKED: an `expect` that cannot be checked here (its
 * training-text count while the text is not loaded); a lesson check treats
 * it as a problem, the explorer passes over it. SCRIPT_SKIPPED: an `expect`
 * that this machine or build cannot decide (a speed timed under a sanitizer,
 * with a clock too coarse, or in rounds that disagree: timing.h), neither
 * held nor failed; out->msg says why, and a lesson check tells it without
 * counting it as a problem. */
enum { SCRIPT_FAILED = -1, SCRIPT_OK = 0, SCRIPT_UNCHECKED = 1, SCRIPT_SKIPPED = 2 };

/* The table, in the order the docs list it. */
const ScriptVerb *script_verbs(int *count);
/* What a verb does, in lang: for `set NAME`, made from the settings table
 * (the sentence of its label, its range and off value); for the others,
 * its line in po/ ("verb NAME"). */
void script_setting_help(AppLang lang, const ScriptVerb *v, char *out, size_t size);
/* "set temperature T" */
void script_verb_usage(const ScriptVerb *v, char *out, size_t size);

/* A blank line or a comment (`# ...`): nothing to do. */
int script_is_blank(const char *line);

/* Parse one line against the table: the verb, its argument, the argument's
 * range and characters (which need the model, hence s). Returns SCRIPT_OK,
 * or SCRIPT_FAILED with msg. A blank line is an error here (check first). */
int script_parse(const AppState *s, const char *line, ScriptCmd *c, char *msg, size_t size);

/* Carry out a parsed command: through app_apply, or for `expect` a check of
 * the state. What the state alone decides (is there a candidate 8? is the
 * text long enough to take 5 back?) is checked here. Returns SCRIPT_OK,
 * SCRIPT_FAILED or SCRIPT_UNCHECKED, with out->msg. */
int script_exec(AppState *s, const ScriptCmd *c, ScriptOut *out);

/* Both in one: a blank line or a comment does nothing and returns SCRIPT_OK. */
int script_run(AppState *s, const char *line, ScriptOut *out);

/* The text's verse lines, as `expect lines` counts them: stretches of
 * characters ended by ， 。 ！ ？ ； or a newline (a last one without its mark
 * counts too); 白日依山尽，黄河入海流。 is two. */
int script_text_lines(const AppState *s);

/* The verb a line starts with, or NULL (for callers that only need to know,
 * e.g. whether a step runs `compare`). */
const ScriptVerb *script_verb_of(const char *line);

/* 1 if the line is an `expect` about the model's figures or its training
 * text (all but `expect identical`, which holds for any model): what a
 * lesson marked `model bundled` claims about the bundled model alone. */
int script_claim_about_model(const char *line);

#endif
