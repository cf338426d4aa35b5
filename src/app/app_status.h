/* app_status.h - the status line, the part every command may write.
 *
 * What it writes lives where it must be kept: the line and whether it says
 * something went wrong are a lesson step's (AppStepView.status and
 * .status_error, put back with the step), the messages kept whole for the
 * messages view (!) are the session's (AppRecord.kept, never put back). An
 * AppStatusLine names those three and the language and symbols its labels
 * are written with; app_status (app.h) is the same for code that holds the
 * whole AppState (app_status_line makes one from it).
 */
#ifndef TS_APP_STATUS_H
#define TS_APP_STATUS_H

#include <stdarg.h>

#include "app/app_prefs.h"
#include "app/lang.h"

#define APP_STATUS_MAX 256 /* bytes of the line: what fits is shown, never half a character */
#define APP_MSG_MAX 768 /* a message kept whole: a program's failure with its error output's end */
#define APP_MSGS_KEPT 12

/* The messages that said something went wrong, whole, newest last. */
typedef struct {
    char msgs[APP_MSGS_KEPT][APP_MSG_MAX];
    int n;                   /* kept so far (the oldest go first past APP_MSGS_KEPT) */
} AppMessages;

typedef struct {
    char *line;              /* [APP_STATUS_MAX] what the line shows */
    int *error;              /* 1: it says something went wrong */
    AppMessages *kept;       /* where such a message is kept whole */
    AppLang lang;            /* the labels' language */
    const AppSymbols *sym;   /* the symbols labels take as arguments */
} AppStatusLine;

/* Printf into the line (what fits). A message that says something went
 * wrong (is_error) is also kept whole; the same one said again (a key
 * pressed twice) is kept once. */
void status_line_say(const AppStatusLine *st, int is_error, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void status_line_vsay(const AppStatusLine *st, int is_error, const char *fmt, va_list ap);
/* The k-th message kept (0: the newest), or NULL past the last one kept. */
const char *app_messages_get(const AppMessages *m, int k);

#endif
