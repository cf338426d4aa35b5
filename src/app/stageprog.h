/* stageprog.h - a student's sampler stage or verse constraint, run as a program.
 *
 * The course's exercises (implement top-p; write the jueju constraint) are
 * done as programs in any language. tangscope starts the program once and
 * talks to it over its standard input and output, one JSON object a line
 * each way (docs/exercises.md has the protocol with a complete example):
 *
 *   tangscope -> program  {"exercise": "top-p", "step": 1, "settings": {...},
 *                          "candidates": [{"id": 12, "char": "月", "p": 0.41}, ...]}
 *   program -> tangscope  {"keep": [12, 40]}
 *
 * The runner is made to be handed to a class: a program that does not
 * start, ends, crashes, answers late (a time limit per step), writes
 * something that is not one JSON object on one line, keeps ids that were
 * not offered, or writes megabytes is stopped, and the message (one line,
 * "step N: what was wrong") says so. The program never outlives tangscope:
 * it runs under a supervising child (reaper.h) that kills it and all it
 * started (setsid and double forks included, on Linux) when the runner
 * stops, when a step fails, when the program ends and when tangscope itself
 * dies, a crash, Ctrl-C or SIGKILL included; its private temporary folder
 * (TMPDIR) goes with it.
 *
 * The command line is split into words without a shell: words are separated
 * by spaces or tabs; a word in "double" or 'single' quotes may hold spaces
 * (the quotes are removed; there are no escapes). The first word is looked
 * up on PATH as a shell would.
 */
#ifndef TS_STAGEPROG_H
#define TS_STAGEPROG_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "app/lang.h"
#include "app/reaper.h"
#include "engine/bytebuf.h"
#include "engine/common.h"
#include "engine/generate.h"
#include "engine/sampler.h"
#include "engine/vocab.h"

#define STAGEPROG_TIMEOUT 1.0              /* seconds a step may take, by default */
#define STAGEPROG_FIRST_STEP 10            /* the first step of a started program may take
                                            * this many times the limit: it includes the
                                            * program's start (python3 alone can take
                                            * seconds on a busy machine) */
#define STAGEPROG_WAIT_SAY 0.2           /* seconds of waiting before on_wait is called */
#define STAGEPROG_MAX_LINE (1024 * 1024)   /* bytes an answer may have */
#define STAGEPROG_MAX_WORDS 64             /* words of a command line */

/* How a step ended. The first ones stop the program (it is killed and
 * reaped: `running` becomes 0); the last ones are answers that were read
 * but are wrong, and the program goes on. */
typedef enum {
    STAGEPROG_OK,
    STAGEPROG_NOT_STARTED, /* it could not be started (or was stopped before) */
    STAGEPROG_ENDED,       /* it exited or crashed before answering */
    STAGEPROG_LATE,        /* no whole line within the time limit */
    STAGEPROG_TOO_LONG,    /* more than STAGEPROG_MAX_LINE bytes without a newline */
    STAGEPROG_EXTRA,       /* a second line for one request */
    STAGEPROG_NOT_JSON,    /* the line is not one JSON value */
    /* answers that were read: the program goes on */
    STAGEPROG_NO_KEEP,     /* a JSON object, but no "keep" list of integers */
    STAGEPROG_UNKNOWN_ID,  /* "keep" names an id that was not offered */
    STAGEPROG_TWICE,       /* "keep" names an id twice */
} StageProgStatus;

/* A running program. Every field is the runner's; read `running` and
 * `cmd`, read or set `steps`, set `timeout` after starting. */
typedef struct {
    Reaper sup;           /* the supervisor the program runs under (reaper.h) */
    int fd;               /* our end of the socket the program reads and writes */
    int running;
    long steps;           /* requests sent so far (the next is step steps + 1, and the
                           * message names it); a caller may set it to count otherwise */
    double timeout;       /* seconds per step (STAGEPROG_TIMEOUT) */
    long answered;        /* answers read since the program started */
    char cmd[160];        /* the command as given, quoted for messages */
    AppLang lang;         /* the language of its messages */
    char *buf;            /* [STAGEPROG_MAX_LINE + 1] what the program wrote, not yet read */
    size_t len;
    const char *timeout_option; /* the option that sets timeout, named when a step is late
                                 * ("--stage-timeout" unless the caller sets another) */
    char errlog[640];     /* quiet_stderr: the file its standard error goes to, in the
                           * user's cache folder; "" when none (it goes to /dev/null) */
    /* set by the caller: called once in a step that has waited STAGEPROG_WAIT_SAY
     * seconds for its answer, with the step's limit in seconds (the explorer
     * says that it waits); NULL for none */
    void (*on_wait)(void *ctx, const char *cmd, double limit);
    void *wait_ctx;
} StageProg;

/* Split cmdline into argv (at most STAGEPROG_MAX_WORDS words; *argv and its
 * strings are one allocation: free(*argv)). Fails on an empty line, an
 * unclosed quote or too many words. */
int stageprog_split(const char *cmdline, AppLang lang, char ***argv, int *argc, TsErr *err);

/* Start the program. quiet_stderr (the explorer's screen): its standard
 * error goes to a file of its own in the user's cache folder,
 * ~/.cache/tangscope/stage-PID-N.stderr (ts_cache_dir; p->errlog names it;
 * /dev/null when there is no cache folder), and a step that stops the
 * program says where it is and its last lines ("a traceback is in FILE:
 * ..."); the file stays for the student to read. Otherwise it is
 * tangscope's own (a student's debug output reaches the terminal). Fails with "cannot start 'X': why" when the
 * command is empty or the program cannot be run. p is overwritten: a
 * StageProg that ran before must have had stageprog_stop first (a step
 * that failed stops the program but keeps its buffer until then). */
int stageprog_start(StageProg *p, const char *cmdline, int quiet_stderr, AppLang lang, TsErr *err);

/* Stop the program: its input is closed, it has a moment to exit, then it
 * is killed; either way it is reaped. Safe on a program that is not running
 * and on a zeroed StageProg. Messages come in lang. */
void stageprog_stop(StageProg *p);

/* One step: send the request (one line, ending in '\n') and read one line
 * back within the time limit. On STAGEPROG_OK *line is the answer without
 * its newline, NUL-terminated, valid until the next call. Anything else
 * stops the program and err says "step N: ..." in one line. */
StageProgStatus stageprog_exchange(StageProg *p, const char *req, size_t n, const char **line,
                                   TsErr *err);

/* Read an answer {"keep": [ids]} against the candidates offered (ids[0..n),
 * ascending): kept[i] = 1 for each candidate kept. The whole line must be
 * one JSON value. Returns STAGEPROG_OK, STAGEPROG_NOT_JSON, STAGEPROG_NO_KEEP,
 * STAGEPROG_UNKNOWN_ID or STAGEPROG_TWICE; err names the step. Does not stop
 * the program (the caller does, for NOT_JSON: stageprog_ask). */
StageProgStatus stageprog_parse_keep(const StageProg *p, const char *line, const int *ids, int n,
                                     uint8_t *kept, TsErr *err);

/* exchange, then parse_keep: one whole step. A line that is not JSON stops
 * the program too. */
StageProgStatus stageprog_ask(StageProg *p, const char *req, size_t n, const int *ids, int n_ids,
                              uint8_t *kept, TsErr *err);

/* ---- the requests ---- */

/* A request is built in a ByteBuf (engine/bytebuf.h), emptied first: its
 * text is r->p, r->len bytes. */

/* The top-p request for one step: candidates ids[0..n) (ascending), each
 * with its character (vocabulary v, or chars[i] as UTF-8 when v is NULL) and
 * its probability p[i] (renormalised over the candidates by the caller);
 * the settings as they stand. Returns 0, or -1 when memory ran out. */
int stagereq_top_p(ByteBuf *r, long step, const SamplerSettings *set, const int *ids,
                   const char *const *chars, const Vocab *v, const double *p, int n);

/* The jueju request: the poem written so far (UTF-8), the line length (5 or
 * 7) and the candidates (ids ascending, with their characters as above). */
int stagereq_jueju(ByteBuf *r, long step, int line_len, const char *text, const int *ids,
                   const char *const *chars, const Vocab *v, int n);

/* ---- the student's top-p in the sampler (sampler.h SamplerTopPHook) ---- */

/* What the hook needs: the program, the vocabulary for the characters, and
 * the failure of the last step (the sampler then stops with err). With
 * fallback (the explorer) the built-in top-p runs beside it on the same
 * input (builtin[], to compare) and a step that fails does not stop the
 * sampler: the built-in's result is used, failed is set and failure keeps
 * the first message; the program is asked nothing more. */
typedef struct {
    StageProg prog;
    const Vocab *vocab;
    int V;
    int *ids;        /* [V] work space */
    double *p;       /* [V] */
    uint8_t *kept;   /* [V] */
    ByteBuf req;
    int fallback;
    float *builtin;  /* [V] fallback: the built-in top-p of the last call */
    int *scratch;    /* [2V] its work space */
    int failed;
    TsErr failure;
} StageTopP;

/* Start the program for vocabulary v; stagetopp_free stops it and frees. */
int stagetopp_init(StageTopP *t, const char *cmdline, int quiet_stderr, int fallback,
                   AppLang lang, const Vocab *v, TsErr *err);
void stagetopp_free(StageTopP *t);
/* The hook: set s->top_p_hook = stagetopp_hook, s->top_p_ctx = t. */
int stagetopp_hook(void *ctx, float *out, const float *in, int V, const SamplerSettings *set,
                   TsErr *err);

/* ---- the student's jueju constraint in the form's place (generate.h GenMaskHook) ----
 * For a jueju the program is asked, every vocabulary character a candidate,
 * and what it allows is the mask; for the other forms the form's own mask
 * stays. The form's own mask of the last call is kept in builtin[] (to
 * compare). With fallback (the explorer) a step that fails leaves the
 * form's own mask and the writing goes on: failed is set, failure keeps the
 * first message and the program is asked nothing more; without (generate,
 * jueju) the hook fails with the message. quiet_stderr: the program's
 * standard error does not reach the terminal (stageprog_start). */
typedef struct {
    StageProg prog;
    const Vocab *vocab;
    int V;
    int *ids;         /* [V] 0..V-1: every character is a candidate */
    uint8_t *kept;    /* [V] */
    uint8_t *builtin; /* [V] the form's own mask of the last call */
    ByteBuf req;
    int fallback;
    int failed;
    TsErr failure;
} StageJueju;

int stagejueju_init(StageJueju *t, const char *cmdline, int quiet_stderr, int fallback,
                    AppLang lang, const Vocab *v, TsErr *err);
void stagejueju_free(StageJueju *t);
/* The hook: set g->mask_hook = stagejueju_hook, g->mask_ctx = t. */
int stagejueju_hook(void *ctx, const Form *form, const Generator *g, uint8_t *allowed, TsErr *err);

#endif
