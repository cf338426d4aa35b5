/* cli.h - what the subcommands share: option parsing, messages, file lookup.
 *
 * Every subcommand is `int cmd_NAME(int argc, char **argv)` returning the
 * process exit status: 0 success, 2 usage or input error (bad flag, unknown
 * character, damaged file), 1 anything else (out of memory, a write failing),
 * 130 interrupted. Errors are one line on stderr: "tangscope CMD: what".
 */
#ifndef TS_CLI_H
#define TS_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "app/app.h"
#include "app/labels.h"
#include "engine/common.h"
#include "engine/corpus.h"
#include "app/lesson.h"
#include "engine/generate.h"
#include "engine/model.h"
#include "engine/convert.h"
#include "engine/vocab.h"

enum { EXIT_USAGE = 2, EXIT_INTERRUPTED = 130 };

/* OPT_FLOAT_OPEN is a number above min (not equal to it) and up to max, such
 * as --top-p in (0, 1]. */
typedef enum { OPT_FLAG, OPT_INT, OPT_FLOAT, OPT_STR, OPT_U64, OPT_FLOAT_OPEN } OptKind;

typedef struct {
    const char *name; /* "--steps" */
    OptKind kind;
    void *dst;        /* int* (FLAG, INT), float* (FLOAT, FLOAT_OPEN), const char ** (STR),
                       * uint64_t* (U64) */
    double min, max;  /* range for INT and FLOAT (inclusive), FLOAT_OPEN (min exclusive) */
} Opt;

/* ---- the interface language of a run ----
 * Every command speaks it: its help, its error lines, what it prints for a
 * person (--json and traces stay English and C-formatted). --lang CODE,
 * which every command takes (cli_parse reads it), or else the first of
 * LC_ALL, LC_MESSAGES and LANG that is set (lang.h), chooses it. */
AppLang cli_lang(void);
/* 1 when --lang chose it (the person asked for that language), 0 when the
 * locale did. */
int cli_lang_given(void);
/* main: take a valid --lang from argv before the command runs, so that even
 * the usage and the first error line speak it. */
void cli_lang_init(int argc, char **argv);
/* Every --lang of argv (up to "--") holds a known code: 0, or the usage
 * error printed (for the commands that read no other option: help). */
int cli_check_lang(const char *cmd, int argc, char **argv);
/* A label in the run's language; _n: the form for the count n (labels.h). */
const char *cli_label(LabelId id);
const char *cli_label_n(LabelId id, long n);
/* text right-aligned (or left, padded after it) in `width` columns,
 * measured as the screen measures them (a Chinese character takes two, a
 * no-break space one). */
void cli_put_right(FILE *out, const char *text, int width);
void cli_put_left(FILE *out, const char *text, int width);
/* Print a help text: @LANGS@ in it stands for the language codes. */
void cli_print_help(FILE *out, const char *help);
/* The help of cmd in the run's language, or English when the language has
 * none (po/: "help CMD"). */
const char *cli_help_text(const char *cmd);

/* Parse argv[1..] (argv[0] is the subcommand name) against opts; plain words
 * land in pos (at most max_pos). `--help`/`-h` prints help (cli_help_text)
 * and returns 1, and so does `--list-options`, which lists the options opts
 * and every command take, one a line;
 * a bad option prints one line and returns 2; success returns 0. Both
 * "--flag VALUE" and "--flag=VALUE" are accepted. A range is written in
 * messages as the help writes it: 1..64 (both ends included), (0, 1] for
 * OPT_FLOAT_OPEN; every echoed argument goes through ts_quote. */
int cli_parse(const char *cmd, int argc, char **argv, const Opt *opts, int n_opts, const char **pos,
              int max_pos, int *n_pos);

/* The sampler's options, one per row of SAMPLER_SETTINGS (sampler.h), in
 * table order, writing into *set: --temperature, --top-k, ... with the
 * table's ranges. with_text 0 leaves out the settings that act on the text
 * written so far (probs writes none). Fills out[0..SET_COUNT) and returns
 * how many. */
int cli_sampler_opts(Opt *out, SamplerSettings *set, int with_text);

/* The help's lines for those options, one a line, in the run's language:
 * "  --top-k K   0..1000000 (0 = off, default): keep the K most probable" --
 * flag, range, default and off value from the table, the sentence from po/'s
 * "setting-help NAME" (labels.h app_setting_help). defaults NULL: no default is named, only
 * the off value (probs applies the sampler only to the flags given). A help
 * text writes @SAMPLER@ (with_text, generate's defaults) or @SAMPLER_PROBS@
 * where these lines go (cli_print_help). */
void cli_sampler_help(char *out, size_t size, int with_text, const SamplerSettings *defaults);

/* Was the option given in argv[1..], as "NAME" or "NAME=VALUE"? (To tell a
 * flag the user gave from its default.) */
int cli_flag_given(int argc, char **argv, const char *name);

/* Print "tangscope CMD: message" on stderr ("tangscope: message" when cmd
 * is "" or NULL; the colon as the language writes it, lang.h), in the run's language when fmt is an English format the
 * messages' table has (app/errtext.h); returns status. Anything in the message that came from
 * the user must have gone through ts_quote (common.h); as a last guard, a
 * control or bidirectional character (ts_cp_unsafe) that reaches this point
 * anyway is printed as a space, so the message stays one line. */
int cli_error(const char *cmd, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A path for a line of output that is not a message (a heading naming the
 * file read): as it is, or through ts_quote into q when it holds a control
 * or bidirectional character or a byte that is not UTF-8. */
const char *cli_shown_path(TsQuoted *q, const char *path);

/* The exit status of an output that could not be written (err as the engine
 * filled it): 2 when its path was refused (TS_ERR_OUTPUT_PATH: a folder, a
 * folder that takes no file, a temporary file in the way...) or its reader
 * went away (EPIPE: the pipe the user gave was closed), as bad input is the
 * user's; 1 for anything else (a full disk). Every writer's refusal goes
 * through it, so all agree. */
int cli_write_status(const TsErr *err);

/* cli_error for an engine message. One about a setting begins with the
 * setting's name (sampler_settings_check, train_config_check): there every
 * setting it names is written as its flag, "lr-min must be 0..0.002 (the
 * peak lr), not 0.5" as "--lr-min must be 0..0.002 (the peak --lr), not
 * 0.5". Any other message is printed as it is. Returns status. */
int cli_settings_error(const char *cmd, int status, const char *msg);

/* Where the program was started as (main's argv[0]): where it finds its own
 * files when /proc/self/exe cannot say (a system other than Linux). Call
 * first, before anything changes the current folder. */
void cli_set_program(const char *argv0);
/* The running program's file, symbolic links resolved: /proc/self/exe on
 * Linux, else argv[0] as cli_set_program found it. 0, or -1 when neither
 * says. (Only readlink and memcpy: usable in a child after fork.) */
int cli_program_path(char *exe, size_t size);

/* Where the bundled files are: assets/NAME under $TANGSCOPE_HOME, beside the
 * program, in the source tree of a program built in a build folder of it,
 * or in PREFIX/share/tangscope for a program in PREFIX/bin; never in the
 * current folder (cli.c find_home_path). Returns a path that stays valid for
 * the whole run (where it was first looked for if nothing exists, so an
 * error names it). */
const char *cli_asset(const char *name);

/* 1 if the model file at model_path is not the bundled model: its bytes are
 * not those of assets/tang.bin (compared by length and a 64-bit FNV-1a hash
 * of the whole file, the bundled file's computed once a run). A class's own
 * model is other even with the bundled vocabulary (trained on the shipped
 * text). 0 for the bundled file itself (model_path NULL or the same bytes,
 * whatever --weights does to them in memory), or when there is no bundled
 * model to compare with. */
int cli_model_other(const char *model_path);
/* 1 if the counts of c are not from m's training text: c is the bundled
 * text (no --corpus: corpus_path NULL) and its characters are not m's
 * vocabulary. A --corpus FILE is taken as the model's own text. */
int cli_corpus_other(const Corpus *c, const Model *m, const char *corpus_path);
/* The pinyin table (assets/pinyin.tsv) with its word list (assets/words.tsv),
 * so a text reads by words (地上 dì shàng). Fails with err as pinyin_load. */
int cli_pinyin_load(Pinyin *p, TsErr *err);

/* --pinyin SYLLABLES (cli_pinyin.c): take it out of argv (argc shrinks by
 * two) into *syllables, NULL when absent. Only an argument in Latin letters is
 * taken; a bare --pinyin is an error when `required`, else left for the
 * command (probs: the readings beside the candidates). Returns 0 or the
 * exit status after printing why. */
int cli_take_pinyin(const char *cmd, int *argc, char **argv, int required, const char **syllables);
/* The syllables ("chun xia qiu dong": spaces, ' or - between them) as
 * characters: each the one reading it that the model ranks first after
 * those before (the text starting as `where` says), said on stderr with the
 * runners-up. *out is malloc'd UTF-8. Returns 0 or the exit status (2 for a
 * malformed syllable or one no character reads) after printing why. */
int cli_pinyin_text(const char *cmd, const Model *m, const char *syllables, PromptStart where,
                    char **out);

/* The folder of the lessons in a language ("de"): lessons/LANG, looked for
 * as cli_asset looks (never in the current folder). */
const char *cli_lessons_dir(const char *lang);

/* The directory for tangscope's caches: $XDG_CACHE_HOME/tangscope, or
 * ~/.cache/tangscope when XDG_CACHE_HOME is unset or not absolute; created
 * (mode 0700) if missing. Returns a static path, or NULL if there is no such
 * place or it cannot be made: then run without a cache. */
const char *cli_cache_dir(void);

/* "bf16" -> 1, "fp32" -> 0 (--precision of train and bench --train); anything
 * else prints a usage error for cmd and returns -1. */
int cli_precision(const char *cmd, const char *name);
/* How a run with bf16 (1 or 0) multiplies, for a summary line. */
const char *cli_precision_name(int bf16);

/* --weights NAME: the model's weight matrices in that precision (fp32, bf16
 * or int8, rounded from the weights m holds; NULL leaves them as the file
 * holds them). Returns 0, or prints why for cmd and returns the exit status. */
int cli_weights(const char *cmd, Model *m, const char *name);
/* Threads for OpenMP and BLAS; 0 means all cores. */
void cli_set_threads(int n);
int cli_threads(void);

/* A time span as M:SS, or H:MM:SS from an hour on (rounded to the second). */
void cli_duration(double seconds, char *out, size_t size);

/* Subcommands. */
int cmd_train(int argc, char **argv);
int cmd_eval(int argc, char **argv);
int cmd_quantize(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_probs(int argc, char **argv);
int cmd_corpus(int argc, char **argv);
int cmd_generate(int argc, char **argv);
int cmd_acrostic(int argc, char **argv);
int cmd_jueju(int argc, char **argv);
int cmd_demo(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_import(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_kvcache(int argc, char **argv);
int cmd_explore(int argc, char **argv);
int cmd_lesson(int argc, char **argv);
int cmd_exercise(int argc, char **argv);

/* `tangscope bench --ui`: time to the explorer's first frame, and from a
 * keystroke to redrawn bars (cli_bench_ui.c). */
int bench_ui(const char *model_path, int json);
/* `bench --lessons`: the slowest step change of every lesson (cli_bench_lessons.c). */
int bench_lessons(const char *model_path);

/* ---- what the user typed (cli_prompt.c) ----
 * Every text a command takes from the user (a prompt, acrostic heads, a
 * corpus context) is read forgivingly for the vocabulary v (convert.h):
 * traditional characters simplified, , . ? ! as ， and 。. */

/* The OpenCC configuration to convert with: $TANGSCOPE_OPENCC_CONFIG if set
 * (a name in OpenCC's data folder, such as tw2s.json, or a path), else NULL
 * for t2s.json. */
const char *cli_opencc_config(void);
/* Convert text into out (free with converted_free); prints nothing unless
 * memory runs out (then returns 1 with the message printed). */
int cli_convert(const char *cmd, const Vocab *v, const char *text, Converted *out);
/* If anything was converted: one line on stderr, "tangscope CMD: read 風 as
 * 风, ',' as ，"; if a character needed OpenCC and its data is missing, a
 * line that says so. Print it once the text is accepted, so an error stays
 * one line. */
/* "風 as 风, ',' as ，" into buf: n changes in lang, an ASCII character
 * quoted (with the language's marks: « , », 「,」) so a comma reads as one;
 * more adds ", ..." for changes not listed. */
void cli_describe_changes(AppLang lang, const ConvertPair *pairs, int n, int more, char *buf,
                          size_t size);
void cli_convert_notice(const char *cmd, const Converted *c);
/* The error line for a text that could not be used: msg, and what was
 * converted before (or that OpenCC's data was missing). Returns status. */
int cli_prompt_error(const char *cmd, int status, const Converted *c, const char *msg);
/* Convert and encode a prompt for v: on success the notice is printed, *ids
 * (free it) and *n set, and out holds the converted text; on failure one
 * error line, nothing to free, and the exit status is returned. */
int cli_read_prompt(const char *cmd, const Vocab *v, const char *text, Converted *out, int **ids,
                    size_t *n);
/* Where the text starts on v: a poem (*mid_text 0) begins after a newline,
 * which a vocabulary without one cannot give, so on such a vocabulary a
 * prompt is read as a fragment from inside a text by itself (*mid_text set
 * to 1, said in one line on stderr); an empty prompt has nothing to read
 * then. 0, or the exit status (2) after one line that says to give a prompt. */
int cli_poem_start_check(const char *cmd, const Vocab *v, int *mid_text, size_t n_prompt);
/* Write `, "converted": [{"from": "風", "to": "风"}, ...]` (empty: []). */
void cli_json_converted(FILE *out, const Converted *c);

/* The explorer on a model (cli_explore.c): opens the terminal, loads the
 * training text once the first frame is up, and runs until the user quits.
 * With a lesson it shows that lesson; with a shelf, the picker of them. The
 * caller has checked the terminal and the locale. Returns the exit status. */
typedef struct {
    const char *model_path;   /* NULL: the bundled model */
    const char *prompt;       /* typed in first, or NULL */
    int mid_text;             /* read it as a fragment from inside a text */
    const char *code;         /* a session code to open (session.h), or NULL */
    int code_enter;           /* then write with Enter, as the session did (--session) */
    int show_pinyin;          /* 1: readings and glosses on (y), as the session had them */
    AppLang lang;             /* of the interface */
    const char *corpus_path;  /* NULL: the bundled training text */
    int no_corpus;
    const Lesson *lesson;     /* not owned */
    AppLang lesson_lang;      /* the language the lesson starts in */
    const Lesson *shelf;      /* [n_shelf], not owned */
    int n_shelf;
    /* reading it from the back row */
    int projector;            /* start in projector mode (--projector) */
    AppTheme theme;           /* --theme dark (the default) or light */
    int ascii;                /* --ascii: ASCII symbols only (TANGSCOPE_ASCII) */
    ContextPolicy policy;     /* past the context (generate.h); 0 is the default, shift */
    const char *stage;        /* --stage: "[top-p|jueju] PROGRAM [ARGS]", a student's
                               * program beside the built-in stage, or NULL */
    double stage_timeout;     /* --stage-timeout: seconds a step may take; 0: the default */
    const char *compare_model; /* --compare-model: a second model beside the first, or NULL */
    /* called on every pass of the explorer's loop (TuiHooks.poll): `lesson
     * --watch` looks at its file; NULL: nothing */
    unsigned (*poll)(AppState *s, void *ctx);
    void *poll_ctx;
} ExploreRun;
int cli_explore_run(const char *cmd, const ExploreRun *run);
/* --theme NAME of explore and lesson: "dark" (also NULL) or "light" into
 * *theme and 0; anything else prints one usage line for cmd and returns 2. */
int cli_theme_parse(const char *cmd, const char *name, AppTheme *theme);

/* ---- lessons (cli_lesson.c, cli_handout.c) ---- */

/* What running a lesson without a terminal needs: the model, the training
 * text for the counts (if it loads) and an AppState. */
typedef struct {
    Model m;
    Corpus corpus;
    int have_model, have_corpus;
    AppState s;
    int have_state;
    int worksheet; /* --worksheet: handouts as worksheets (cli_lesson_handout) */
    Pinyin py;      /* the readings a handout's `show reading` prints (loaded by the first) */
    int have_pinyin, tried_pinyin;
} LessonEnv;

/* Load them; a training text that does not load is a note on stderr, not an
 * error (corpus_path NULL: the bundled one; no_corpus: none). Returns 0, or
 * the exit status after printing why. */
int cli_lesson_env_open(LessonEnv *e, const char *cmd, const char *model_path,
                        const char *corpus_path, int no_corpus);
void cli_lesson_env_close(LessonEnv *e);

/* The lessons of a folder: its files NN-*.md in order of their names. *paths
 * is a new array of new strings (cli_lesson_files_free). Returns how many, or
 * -1 if the folder cannot be read. */
int cli_lesson_files(const char *dir, char ***paths);
void cli_lesson_files_free(char **paths, int n);

/* Print lesson l as a Markdown handout, running it on s from the start with
 * the labels of lang; problems (FILE:LINE) go to problem. Returns their
 * number. worksheet: the questions without their answers, which follow at
 * the end of the lesson (cli_handout.c says what moves there). */
int cli_lesson_handout(FILE *out, AppState *s, const Lesson *l, AppLang lang, int worksheet,
                       LessonProblem problem, void *ctx);

/* Every figure each step of lesson l shows, run on s as the handout is: per
 * step its settings, text, top 8 (the model's and the sampler's
 * probability), what the sampler keeps and removes and the look-up line, as
 * the screen writes them in lang; json: the same as one JSON object (each
 * probability also as a number). Returns the problems, as the handout. */
int cli_lesson_figures(FILE *out, AppState *s, const Lesson *l, AppLang lang, int json,
                       LessonProblem problem, void *ctx);

/* The Markdown handout md[0..len) (cli_lesson_handout's) as one web page
 * that needs nothing beside it (cli_handout_html.c): inline style with an A4
 * print style, bars and the mask and timings as SVG, pinyin from py (or
 * none: NULL) under the verse; lang_code for its lang attribute. Returns 0,
 * or -1 if out failed. */
int cli_handout_html(FILE *out, const char *md, size_t len, const char *lang_code,
                     const Pinyin *py);

#endif
