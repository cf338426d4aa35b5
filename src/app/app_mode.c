/* app_mode.c - free continuation, acrostic and jueju: the verse form the text follows.
 *
 * The form is a small state machine (engine/form.h) that says which characters
 * may come next. The app keeps the form as it was at the poem's first
 * character (`start`) and where the text stands now (`now`); taking a
 * character back replays the poem from `start`, which is cheap and cannot
 * drift out of step.
 */
#include <string.h>

#include "app/app.h"
#include "app/labels.h"

void app_mode_follow(AppState *s)
{
    if (s->view.mode.kind != FORM_FREE)
        form_advance(&s->view.mode.now, &s->text.m->vocab, s->text.g.text[s->text.g.n - 1]);
}

void app_mode_replay(AppState *s)
{
    s->view.mode.now = s->view.mode.start;
    if (s->view.mode.kind == FORM_FREE)
        return;
    for (size_t i = s->text.g.prefix; i < s->text.g.n; i++)
        form_advance(&s->view.mode.now, &s->text.m->vocab, s->text.g.text[i]);
}

/* Does the known part of the prompt fit the form from its start? (pred.allowed
 * serves as scratch; the next app_predict fills it again.) */
static int prompt_fits(AppState *s, const Form *f)
{
    Form at = *f;
    for (size_t i = 0; i < s->text.n_chars; i++) {
        int id = s->text.chars[i].id;
        if (id < 0)
            continue;
        form_allowed(&at, &s->text.m->vocab, s->pred.allowed);
        if (!s->pred.allowed[id])
            return 0;
        form_advance(&at, &s->text.m->vocab, id);
    }
    return 1;
}

/* Begin a poem in form f: the prompt if it fits (and keep_prompt), else
 * nothing, read by the explorer's rule (a newline first unless mid-text).
 * Returns 1 if the prompt was kept. */
static int start_poem(AppState *s, FormKind kind, const Form *f, int keep_prompt)
{
    int keep = keep_prompt && prompt_fits(s, f);
    if (!keep)
        s->text.n_chars = 0;
    s->view.mode.kind = kind;
    s->view.mode.start = *f;
    app_reread_text(s); /* also replays the form */
    return keep;
}

/* The prompt's Han characters, as UTF-8 heads for an acrostic. */
static int heads_from_prompt(const AppState *s, char *out, size_t size)
{
    size_t len = 0;
    int n = 0;
    for (size_t i = 0; i < s->text.n_chars && n < FORM_MAX_HEADS && len + 5 < size; i++) {
        if (s->text.chars[i].id >= 0 && is_han(s->text.chars[i].cp)) {
            len += (size_t)utf8_encode(s->text.chars[i].cp, out + len);
            n++;
        }
    }
    out[len] = 0;
    return n;
}

static int set_acrostic(AppState *s, int len)
{
    char heads[sizeof s->view.mode.heads];
    if (s->view.mode.kind == FORM_ACROSTIC) {
        memcpy(heads, s->view.mode.heads, sizeof heads); /* the text is the poem: same heads */
    } else if (heads_from_prompt(s, heads, sizeof heads) == 0) {
        app_status(s, 1, "%s", app_label(s, LBL_ST_NEED_HEADS));
        return -1;
    }
    Form f;
    TsErr err;
    if (form_init_acrostic(&f, &s->text.m->vocab, heads, len, &err) != 0) {
        app_status(s, 1, "%s", err.msg);
        return -1;
    }
    memcpy(s->view.mode.heads, heads, sizeof heads);
    s->view.mode.line_len = len;
    start_poem(s, FORM_ACROSTIC, &f, 0);
    app_status(s, 0, app_label_n(s, LBL_ST_MODE_ACROSTIC, len), heads, len);
    return 0;
}

static int set_jueju(AppState *s, int len)
{
    Form f;
    TsErr err;
    if (form_init_jueju(&f, &s->text.m->vocab, len, &err) != 0) {
        app_status(s, 1, "%s", err.msg);
        return -1;
    }
    s->view.mode.line_len = len;
    int kept = start_poem(s, FORM_JUEJU, &f, 1);
    if (kept)
        app_status(s, 0, app_label_n(s, LBL_ST_MODE_JUEJU, len), len);
    else
        app_status(s, 0, app_label_n(s, LBL_ST_MODE_JUEJU_EMPTY, len),
                   app_line_len(s->view.lang, len));
    return 0;
}

int app_mode_set_length(AppState *s, FormKind kind, int line_len)
{
    if (kind == FORM_ACROSTIC)
        return set_acrostic(s, line_len);
    if (kind == FORM_JUEJU)
        return set_jueju(s, line_len);
    /* free: the text stays as it is, only the constraint goes */
    s->view.mode.kind = FORM_FREE;
    form_init_free(&s->view.mode.start);
    s->view.mode.now = s->view.mode.start;
    app_status(s, 0, "%s", app_label(s, LBL_ST_MODE_FREE));
    return 0;
}

int app_mode_set(AppState *s, FormKind kind)
{
    int len = s->view.mode.line_len;
    if (kind != FORM_FREE && s->view.mode.kind == kind)
        len = len == 7 ? 5 : 7; /* the same key again: the other line length */
    return app_mode_set_length(s, kind, len);
}
