/* fuzz_script.c - the explorer's command language, on any text.
 *
 * The input is a script, one command a line, run in the explorer's state
 * on the test model with its training text. Lines take the two ways in
 * turn: the odd ones as a lesson runs them (script_run, `write` and
 * `compare` carried out to their end), the even ones as typed after `:` on
 * the explorer's command line (each character a CMD_TYPE, Enter runs it,
 * then the clock ticks until its job is done, as the screen would).
 */
#include <string.h>

#include "app/commands.h"
#include "fuzz.h"
#include "app/script.h"
#include "engine/vocab.h"

enum { MAX_TICKS = 1000 };

/* The line as typed: every character a key, a malformed byte as U+FFFD. */
static void type_line(AppState *s, const char *line, size_t len)
{
    app_apply(s, CMD_CMDLINE, cmd_arg(0));
    size_t pos = 0;
    while (pos < len) {
        uint32_t cp;
        if (utf8_decode(line, len, &pos, &cp) != 0) {
            cp = 0xFFFD;
            pos++;
        }
        app_apply(s, CMD_TYPE, cmd_arg((long)cp));
    }
    app_apply(s, CMD_WRITE, cmd_arg(0));
    for (int t = 0; t < MAX_TICKS && app_job_interval_ms(s) >= 0; t++)
        app_apply(s, CMD_TICK, cmd_arg(0));
    app_apply(s, CMD_STOP, cmd_arg(0));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static AppState s;
    static char line[SCRIPT_TEXT_MAX + 64];
    fuzz_tiny_model();
    fuzz_tiny_corpus();
    fuzz_converter();
    fuzz_start();
    if (fuzz_app(&s) != 0)
        return 0;
    const char *p = (const char *)data, *end = p + size;
    for (int n = 1; p < end; n++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p);
        /* a line longer than the buffer is cut, as any caller's would be */
        size_t keep = len < sizeof line - 1 ? len : sizeof line - 1;
        memcpy(line, p, keep);
        line[keep] = 0;
        if (n % 2) {
            ScriptOut out = {.sync_jobs = 1};
            script_run(&s, line, &out);
        } else {
            type_line(&s, line, keep);
        }
        p += len + (nl != NULL);
    }
    fuzz_app_free(&s);
    return 0;
}
