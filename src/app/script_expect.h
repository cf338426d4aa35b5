/* script_expect.h - inside the command language (script.h): the checker of
 * `expect` and the helpers it shares with the parser. Only src/app/script*.c
 * include it; everyone else goes through script_run / script_exec.
 */
#ifndef TS_SCRIPT_EXPECT_H
#define TS_SCRIPT_EXPECT_H

#include <stddef.h>
#include <stdint.h>

#include "app/app.h"
#include "app/script.h"

/* Check the claim of a parsed `expect` line (c->claim and its arguments)
 * against s: SCRIPT_OK when it holds; SCRIPT_FAILED with o->msg saying the
 * claim and what the explorer shows instead ("expect top1 月: the model's
 * first is 风 (12.0%); 月 has rank 3 (8.0%)"); SCRIPT_UNCHECKED when it
 * cannot be checked here (a corpus claim without the training text);
 * SCRIPT_SKIPPED, with why, when the times cannot decide a speed claim
 * (timing.h). s is only read, but for a speed claim's timing again. */
int script_expect(AppState *s, const ScriptCmd *c, ScriptOut *o);

/* printf into msg[0..size); returns SCRIPT_FAILED, so that a failing path
 * can say `return script_fail(...)`. */
int script_fail(char *msg, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A character as a message shows it: itself, ⏎ for the newline (as an
 * expect line names it), or U+XXXX when it would be invisible (another
 * control, a space). */
void script_char_name(uint32_t cp, char out[16]);

/* The code points of a UTF-8 string into cps[0..max) (those past max are
 * counted, not stored); returns how many, or -1 if it is not valid UTF-8. */
long script_decode(const char *text, uint32_t *cps, size_t max);

#endif
