/* session.h - the session to take home: the explorer's state as a session
 * code (sesscode.h) and back, and the session written out as JSON (the
 * export, `x`), whose per-character records `generate --trace` writes too.
 *
 * The code of an explorer session holds its text as a prompt: every known
 * character on screen, however it came (typed, drawn with Space, picked,
 * written by Enter); the acrostic's heads; whether the text starts a poem;
 * the sampler's settings, the seed and the context policy. Opening the code
 * gives that text in that state. One exception keeps codes short: while the
 * text ends with what Enter wrote, to its end (a newline, or the verse form
 * done), the code holds the text before Enter, for Enter (and `tangscope
 * generate --code CODE`) writes the same again from it; the title bar then
 * says "+ Enter" (app_session_code_enter). A longer text still has a code
 * when it came from a prompt of at most SESSION_MAX_CHARS characters by key
 * steps (Space, a digit, Enter, Backspace: SessionStep) at the settings it
 * has now: the code holds that prompt, the steps and the generator's draws
 * before them, and opening it replays the steps. Any other text over
 * SESSION_MAX_CHARS characters has no code, and the title bar says so.
 *
 * The JSON fields are documented in docs/session-json.md.
 */
#ifndef TS_SESSION_H
#define TS_SESSION_H

#include <stdio.h>

#include "app/app.h"
#include "engine/sesscode.h"
#include "engine/trace.h"

/* The code for s's session. Returns 0, or -1 with err (a prompt longer than
 * SESSION_MAX_CHARS characters has no code). */
int app_session_code(const AppState *s, SessionCode *c, TsErr *err);
/* The same as text into out (at least SESSION_CODE_MAX + 1 bytes); "" and -1
 * when there is none. Returns the code's length. */
int app_session_code_text(const AppState *s, char *out, size_t size);
/* 1 when the code holds the text before Enter's run, which Enter writes again. */
int app_session_code_enter(const AppState *s);

/* The key steps, as their handlers report them (commands.c, app_jobs.c):
 * app_recipe_step before the step's key does anything (the recipe starts
 * again from the text as it is if the text or the settings moved since),
 * app_recipe_stepped after it; an Enter's run reports its end, by itself
 * (a newline, the form done, APP_POEM_MAX) or stopped after `written`
 * characters. */
void app_recipe_step(AppState *s, SessionStepKind kind, int n);
void app_recipe_stepped(AppState *s);
void app_recipe_enter_ended(AppState *s, int by_itself, int written);

/* Read a code as a person gives it (session_code_decode), perhaps with
 * the "+ Enter" the title bar shows after it in any of the interface's
 * languages ("+ Entrée", "+Eingabe", ...): *enter says it was there, so
 * Enter's run is to be written after opening. Returns 0, or -1 with err
 * (err's text is English: errtext translates it). */
int app_session_code_read(const char *text, SessionCode *c, int *enter, TsErr *err);

/* Put s in the state c describes (c must fit s's model: session_code_check):
 * the explorer's defaults, then c's form, start, prompt, settings, seed and
 * context policy, then c's key steps replayed. Returns 0, or -1 with err when the prompt does not fit
 * the form the code names. */
int app_session_open(AppState *s, const SessionCode *c, TsErr *err);

/* Remember what the model and the sampler gave chars[s->text.n_chars], about to be
 * appended as `token`: model[V] and sampler[V] are the two distributions. */
void app_session_record(AppState *s, int token, const float *model, const float *sampler);

/* Write the session into a new file tangscope-YYYYMMDD-HHMMSS.json (-2, -3,
 * ... while that name or its .md is taken by anything, a dangling symbolic
 * link included: a name chosen here is created, never followed) in folder
 * dir, atomically, and beside it the same name with .md: a document to hand in, in the interface's language (the poem as
 * verse with pinyin under each line, the glosses, the settings and code, and
 * each written character with the model's top candidates). Returns 0 and the
 * JSON file's name (without dir) in name, or -1 with err (code
 * TS_ERR_OUTPUT_PATH when dir takes no new file). */
int app_export(AppState *s, const char *dir, char *name, size_t size, TsErr *err);

/* ---- the JSON, shared with `generate --trace` ---- */

/* One character's record, {"index": ..., "char": ..., ..., "top": [...]};
 * origin is "model" or "picked"; poem > 0 adds "poem": poem first. No newline. */
void session_json_step(FILE *f, const Vocab *v, const TraceStep *st, const char *origin, int poem);
/* Every sampler setting by its JSON key, in the table's order, then
 * "penalize_punctuation" (no braces): "temperature": 1, "top_k": 0, ... */
void session_json_sampler(FILE *f, const SamplerSettings *set);
/* The same, then "context_policy": ... (no braces). */
void session_json_settings(FILE *f, const SamplerSettings *set, ContextPolicy policy);

#endif
