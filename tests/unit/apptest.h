/* apptest.h - driving the explorer's state without a terminal, for the unit
 * tests that link the app library (test_app, test_session, test_ime, ...):
 * tests/unit/apptest.c is linked into those alone (Makefile, APP_TESTS).
 * Everything goes through app_apply, as the keys do.
 */
#ifndef TS_APPTEST_H
#define TS_APPTEST_H

#include "app/app.h"

/* s becomes a fresh explorer state on model m (app_init), or the test binary
 * exits with status 2 saying why. Free it with app_free. */
void apptest_start(AppState *s, const Model *m);

/* The explorer's text, what the user sees, as UTF-8: at most size - 1 bytes
 * and a NUL into out (whole characters only). */
void apptest_text(const AppState *s, char *out, size_t size);

/* Is the explorer's text the UTF-8 text want? */
int apptest_text_is(const AppState *s, const char *want);

/* Each code point of the UTF-8 text as a typed key (CMD_TYPE). */
void apptest_type(AppState *s, const char *utf8);

/* Ticks (CMD_TICK) until the running job, if any, is done, as the screen's
 * idle loop does; gives up after 100000 ticks. */
void apptest_run_job(AppState *s);

#endif
