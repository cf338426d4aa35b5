/* apptest.c - the helpers of apptest.h. */
#include "apptest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/commands.h"
#include "app/errtext.h"

void apptest_start(AppState *s, const Model *m)
{
    TsErr err;
    if (app_init(s, m, &err) != 0) {
        fprintf(stderr, "app_init: %s\n", err.msg);
        exit(2);
    }
    /* the messages speak the new state's language, as a run's do from its
     * start (an earlier state's `lang zh` left the translator Chinese) */
    errtext_use(s->view.lang);
}

void apptest_text(const AppState *s, char *out, size_t size)
{
    size_t len = 0;
    for (size_t i = 0; i < s->text.n_chars && len + 5 < size; i++)
        len += (size_t)utf8_encode(s->text.chars[i].cp, out + len);
    out[len] = 0;
}

int apptest_text_is(const AppState *s, const char *want)
{
    char got[4096];
    apptest_text(s, got, sizeof got);
    return strcmp(got, want) == 0;
}

void apptest_type(AppState *s, const char *utf8)
{
    size_t len = strlen(utf8), pos = 0;
    uint32_t cp;
    while (pos < len && utf8_decode(utf8, len, &pos, &cp) == 0)
        app_apply(s, CMD_TYPE, cmd_arg((long)cp));
}

void apptest_run_job(AppState *s)
{
    for (int i = 0; i < 100000 && s->job.kind != JOB_NONE; i++)
        app_apply(s, CMD_TICK, cmd_arg(0));
}
