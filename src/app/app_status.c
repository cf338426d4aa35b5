/* app_status.c - the status line and the messages kept for the messages
 * view (app_status.h). */
#include "app/app_status.h"

#include <stdio.h>
#include <string.h>

/* Keep a message for the messages view: whole, newest last, the same one
 * said again (a key pressed twice) once. */
static void keep_message(AppMessages *m, const char *msg)
{
    if (m->n > 0) {
        /* the same one again, or again with where it came from ("stage: ...")
         * in front: it takes the place of the first */
        char *last = m->msgs[(m->n - 1) % APP_MSGS_KEPT];
        size_t n = strlen(msg), k = strlen(last);
        if (n >= k && strcmp(msg + n - k, last) == 0) {
            snprintf(last, APP_MSG_MAX, "%s", msg);
            return;
        }
    }
    snprintf(m->msgs[m->n % APP_MSGS_KEPT], APP_MSG_MAX, "%s", msg);
    m->n++;
}

const char *app_messages_get(const AppMessages *m, int k)
{
    int kept = m->n < APP_MSGS_KEPT ? m->n : APP_MSGS_KEPT;
    if (k < 0 || k >= kept)
        return NULL;
    return m->msgs[(m->n - 1 - k) % APP_MSGS_KEPT];
}

void status_line_vsay(const AppStatusLine *st, int is_error, const char *fmt, va_list ap)
{
    char whole[APP_MSG_MAX];
    vsnprintf(whole, sizeof whole, fmt, ap);
    /* the line shows what fits, never half a character */
    size_t n = strlen(whole);
    if (n >= APP_STATUS_MAX) {
        n = APP_STATUS_MAX - 1;
        while (n > 0 && ((unsigned char)whole[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(st->line, whole, n);
    st->line[n] = 0;
    *st->error = is_error;
    if (is_error)
        keep_message(st->kept, whole);
}

void status_line_say(const AppStatusLine *st, int is_error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    status_line_vsay(st, is_error, fmt, ap);
    va_end(ap);
}
