/* app.h - what the explorer knows: the AppState.
 *
 * Plain C with no terminal types: the explorer's screen (src/tui) draws an
 * AppState and turns keys into Commands (commands.h); app_apply changes the
 * state. Everything a key can do can therefore be tested without a terminal,
 * and a lesson is just a script of the same Commands.
 *
 * The text. The user's prompt and whatever the model wrote after it form one
 * list of characters, `text.chars`, in the order they came. A character the model
 * does not know stays in that list (shown marked on screen) but is not given
 * to the model. The Generator `text.g` holds the known ones as token ids and keeps
 * the model's KV cache in step with them. Where the text stands follows the
 * one rule of generate.h (PromptStart): by default it starts a poem, after a
 * newline; with `view.mid_text` it is a fragment from inside a text, with nothing
 * before it (an empty text is a newline either way). g.text is always that
 * rule applied to the known characters, however they came.
 *
 * After every change the app recomputes the Prediction: the model's
 * distribution for the next character, what the sampler and the verse form
 * make of it, and how the training text continues the same context. That is
 * the next-character view of nextview.h, which `probs` and `bench` compute
 * the same way; the explorer adds the histogram and the `/` look-up.
 *
 * The state is in rooms, each with its header: the text and its model
 * (`text`, app_text.h), what a lesson step leaves (`view`: the sampler's
 * settings, the verse form, the open views, the status line; app_step.h),
 * the prediction (`pred`, app_predict.h), the session's record (`record`,
 * app_record.h), the lesson and its picker (`course`, app_lesson.h), the
 * students' stage programs (`progs`, app_stage.h), what comes in from the
 * keyboard (`input`, app_input.h) and the screen's preferences (`prefs`,
 * app_prefs.h). A function that changes one room takes that room.
 */
#ifndef TS_APP_H
#define TS_APP_H

#include <stddef.h>
#include <stdint.h>

#include "engine/cachecmp.h"
#include "engine/sampler.h"
#include "engine/timing.h"
#include "app/app_input.h"
#include "app/app_lesson.h"
#include "app/app_predict.h"
#include "app/app_prefs.h"
#include "app/app_record.h"
#include "app/app_stage.h"
#include "app/app_step.h"
#include "app/app_text.h"
#include "app/exercise.h"
#include "app/lang.h"

#define APP_COMPARE_REPEATS 5  /* each position's passes are timed this often, the fastest
                                * counts: a loaded machine's pauses fall on the others */
#define APP_POEM_MAX 200       /* Enter writes at most this many characters */

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

typedef struct {
    double min, max; /* inclusive; top-k's 0 means off, the seed has no bar */
    int has_bar;     /* drawn as a bar the mouse can drag */
} SliderSpec;

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

/* What the explorer knows. */
typedef struct AppState {
    AppText text;            /* the text and its model */
    AppStepView view;        /* what a lesson step leaves: the settings, the verse form,
                              * the comparison, the views, the lesson's question and
                              * the status line */
    Prediction pred;
    AppRecord record;        /* how the text came, for the session code and the hand-in */
    Job job;
    int compare_repeats;     /* each compare position's passes are timed this often, the
                              * fastest counting: APP_COMPARE_REPEATS, or 1 for `lesson
                              * --check`, which shows no time (kept by app_reset) */
    AppCourse course;        /* the lesson on the screen, and the picker that chooses one */
    AppPrograms progs;       /* students' stage programs (app_stage.c) */
    AppInput input;          /* the command line, the questions asked, pinyin input */
    AppPrefs prefs;          /* how the screen looks (kept by app_reset) */
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
 * (s->text.wt). Returns 0, or -1 with the status saying why (out of memory). */
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
/* The explorer's model in precision p: s->text.m for fp32, else its rounded copy
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
 * as s->text.cm (freeing what was loaded) or closes it. */
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
 * went wrong (is_error) is also kept whole for the messages view (!). The
 * same as status_line_say on app_status_line(s), for code that holds the
 * whole state; a handler that changes one room writes its message through
 * commands.c's dispatcher instead (app_status.h). */
AppStatusLine app_status_line(AppState *s);
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
/* The same on the step view alone, for the handlers that change only it
 * (commands.c): the vocabulary's size bounds top-k, and _set and _step
 * return 1 when they seeded view.rng again (the seed), whose draws the
 * record then counts from 0 (record.rng_draws; the forms above do that). */
double app_step_slider_value(const AppStepView *v, SliderId id);
int app_step_slider_quiet(const AppStepView *v, SliderId id);
void app_slider_range_in(int vocab_size, SliderId id, double *lo, double *hi);
int app_step_slider_set(AppStepView *v, int vocab_size, SliderId id, double value);
int app_step_slider_step(AppStepView *v, int vocab_size, SliderId id, int dir);
void app_step_slider_format(const AppStepView *v, SliderId id, char *out, size_t size);

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
/* (Opening and closing them: app_step.h.) */
/* Say in the status line that v is open or closed now, as its key does
 * (VIEW_NONE: that every view is closed; the help says nothing). */
void app_view_say(AppState *s, AppView v);

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
 * its coin (s->view.coin) and the entropy of what it was drawn from (its bits).
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
/* Nothing typed in the input method, nothing ranked (as app_ime_rank with
 * an empty syllable leaves it): `i` switching it on or off. */
void app_ime_clear(AppIme *ime);
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
/* A word of the text read (`show reading`: the reading view, the handout):
 * its characters, their readings (one a character, spaced) and the meaning
 * the word list gives that reading, as the table writes it ("" for none). */
typedef struct {
    char word[PINYIN_WORD_MAX * 4 + 1];
    char readings[PINYIN_WORD_MAX * 8 + 1];
    char meaning[256];
} AppWord;
/* The word of the text that starts at chars[i] and ends before chars[end]
 * (app_pinyin_gloss_at's words): returns the index after it; w->readings
 * is "" for a character with no reading (punctuation, the newline). */
size_t app_reading_word(const AppState *s, size_t i, size_t end, AppWord *w);
/* An acrostic's heads read as a text of their own (法国 fǎ guó France):
 * up to max words into out; returns how many (0 without a table). */
int app_reading_heads(const AppState *s, AppWord *out, int max);

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
