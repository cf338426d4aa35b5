/* app_record.h - the session's record: the AppState's part `record`, what
 * a session code and the hand-in are made from (session.h).
 */
#ifndef TS_APP_RECORD_H
#define TS_APP_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "engine/rng.h"
#include "engine/sesscode.h"
#include "engine/trace.h"
#include "app/app_status.h"
#include "app/app_text.h"

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

typedef struct {
    /* Enter's last run: the text when it ended by itself, and where it began.
     * While the text is still that one, the session code holds the text
     * before the run, and Enter writes the rest again (session.h). */
    TextMark write_end;
    size_t write_from;
    /* How the text came from a prompt by key steps (Space, digits, Enter,
     * Backspace), for a code when the text itself is too long for one
     * (session.c): recipe.n_prompt known characters, then the steps, made
     * while the state was recipe_from's; valid while the text is still
     * recipe_mark. rng_draws counts view.rng's draws since it was seeded. */
    AppRecipe recipe;
    uint32_t rng_draws;
    TraceStep *steps;        /* [text.cap_chars] what the model and the sampler gave
                              * text.chars[i], for the characters picked or written
                              * (app_session_record) */
    unsigned fingerprint;    /* the model's, for the session code (sesscode.h) */
    /* the messages that said something went wrong (app_status with is_error),
     * whole, newest last: the messages view (!) lists them (app_status.h) */
    AppMessages kept;
} AppRecord;

#endif
