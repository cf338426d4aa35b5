/* view_reading.c - two views that are read rather than looked at, each
 * scrolled with the arrows while it is open:
 *
 * the text read (Y, `show reading`), in the body: the whole text line by
 * line as verse, and under each line its words, each with its reading and
 * the meaning the word list gives that reading (the meanings line under the
 * text only has room for the last few); an acrostic's heads come first;
 *
 *   the text read: each word's reading and meaning              ↑↓ scroll · Y closes
 *   the acrostic's heads: 春风得意
 *     春风  chūn fēng  spring breeze; pleasant demeanor
 *     得意  dé yì      proud of one's success; pleased with oneself
 *   春风吹柳絮，
 *     春风  chūn fēng  spring breeze; pleasant demeanor
 *     吹    chuī       to blow; to play a wind instrument
 *
 * the messages (!, `show messages`), in the sliders' place: every message
 * that said something went wrong, newest first, whole and wrapped (a
 * student's program that failed: the step, the reason, the file its error
 * output is in and that output's last lines).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/labels.h"
#include "app/textw.h"
#include "app/verse.h"
#include "tui/views.h"

enum { INDENT = 2, WORD_MIN_COLS = 4, GAP = 2, MEANING_MIN_COLS = 20, MAX_WRAP = 32 };

/* Rows written from the top of a scrolled list: row k of the list is drawn
 * at r.y + k - top while it falls inside r; `draw` 0 only counts them. */
typedef struct {
    Rect r;
    int top, k, draw;
} Pen;

static int pen_row(const Pen *p)
{
    int y = p->k - p->top;
    return p->draw && y >= 0 && y < p->r.h ? p->r.y + y : -1;
}

/* One row of text at column x (from the panel's left) in role. */
static void pen_text(Pen *p, int x, Role role, const char *text)
{
    int y = pen_row(p);
    if (y >= 0 && x < p->r.w)
        draw_text(y, p->r.x + x, p->r.w - x, role, text);
}

/* text wrapped from column x, each line a row. */
static void pen_wrapped(Pen *p, int x, Role role, const char *text)
{
    TextSpan span[MAX_WRAP];
    int n = textw_lines(text, p->r.w - x, span, MAX_WRAP);
    for (int i = 0; i < n && i < MAX_WRAP; i++, p->k++) {
        char line[APP_MSG_MAX];
        snprintf(line, sizeof line, "%.*s", (int)span[i].len, text + span[i].start);
        pen_text(p, x, role, line);
    }
}

/* ---- the text read ---- */

/* A meaning as the screen shows it: the table's "…" (a sense cut) as the
 * screen's ellipsis. */
static void meaning_text(const char *g, char *out, size_t size)
{
    static const char CUT[] = "\xe2\x80\xa6";
    size_t len = strlen(g), cut = sizeof CUT - 1;
    if (len >= cut && strcmp(g + len - cut, CUT) == 0)
        snprintf(out, size, "%.*s%s", (int)(len - cut), g, tui_glyphs()->ellipsis);
    else
        snprintf(out, size, "%s", g);
}

/* The columns of the words and readings: as wide as the widest of the text. */
typedef struct {
    int word_w, read_w;
} WordCols;

static void word_cols(const AppWord *w, WordCols *c)
{
    int ww = textw_width(w->word), rw = textw_width(w->readings);
    c->word_w = ww > c->word_w ? ww : c->word_w;
    c->read_w = rw > c->read_w ? rw : c->read_w;
}

/* "  春风  chūn fēng  spring breeze": the meaning wrapped in its column, or
 * under the word when the columns leave it too little. */
static void pen_word(Pen *p, const AppWord *w, const WordCols *c)
{
    if (!w->readings[0])
        return; /* punctuation: no reading, no meaning */
    char meaning[sizeof w->meaning + 8];
    meaning_text(w->meaning, meaning, sizeof meaning);
    int at = INDENT + c->word_w + GAP, mean = at + c->read_w + GAP;
    pen_text(p, INDENT, ROLE_NORMAL, w->word);
    pen_text(p, at, ROLE_NORMAL, w->readings);
    if (!meaning[0]) {
        p->k++;
        return;
    }
    if (p->r.w - mean < MEANING_MIN_COLS) {
        p->k++;
        pen_wrapped(p, INDENT * 2, ROLE_DIM, meaning);
    } else
        pen_wrapped(p, mean, ROLE_DIM, meaning);
}

/* The text's lines as verse (a row after each ，。！？；), one a row. */
static int text_lines(const AppState *s, VerseRow *rows, int cap, uint32_t *cps)
{
    for (size_t i = 0; i < s->text.n_chars; i++)
        cps[i] = s->text.chars[i].cp;
    return verse_layout(cps, (int)s->text.n_chars, 2, 1 << 20, 1 << 20, rows, cap, NULL);
}

/* Every row of the text read, from its first; returns how many there are. */
static int reading_rows(const AppState *s, Pen *p)
{
    AppWord heads[FORM_MAX_HEADS];
    int n_heads = s->view.mode.kind == FORM_ACROSTIC && s->text.pinyin
                      ? app_reading_heads(s, heads, FORM_MAX_HEADS)
                      : 0;
    WordCols c = {WORD_MIN_COLS, 0};
    for (int i = 0; i < n_heads; i++)
        word_cols(&heads[i], &c);
    for (size_t i = 0; i < s->text.n_chars;) {
        AppWord w;
        i = app_reading_word(s, i, s->text.n_chars, &w);
        word_cols(&w, &c);
    }
    if (n_heads > 0) {
        char line[160];
        snprintf(line, sizeof line, app_label(s, LBL_READING_HEADS), s->view.mode.heads);
        pen_text(p, 0, ROLE_HEADER, line);
        p->k++;
        for (int i = 0; i < n_heads; i++)
            pen_word(p, &heads[i], &c);
    }
    uint32_t *cps = malloc((s->text.n_chars + 1) * sizeof *cps);
    VerseRow *rows = malloc((s->text.n_chars + 1) * sizeof *rows);
    int n = cps && rows ? text_lines(s, rows, (int)s->text.n_chars + 1, cps) : 0;
    for (int r = 0; r < n; r++) {
        size_t from = (size_t)rows[r].start, to = from + (size_t)rows[r].len;
        while (from < to && s->text.chars[from].cp == '\n')
            from++; /* the newline a poem starts on: the row is the line */
        if (from >= to)
            continue;
        char line[1024];
        size_t len = 0;
        for (size_t i = from; i < to && len + 5 < sizeof line; i++)
            len += s->text.chars[i].cp == '\n'
                       ? 0
                       : (size_t)utf8_encode(s->text.chars[i].cp, line + len);
        line[len] = 0;
        pen_text(p, 0, ROLE_WRITTEN, line);
        p->k++;
        for (size_t i = from; i < to;) {
            AppWord w;
            i = app_reading_word(s, i, to, &w);
            pen_word(p, &w, &c);
        }
    }
    free(cps);
    free(rows);
    return p->k;
}

/* The heading whole (one too wide for its place is a cut line, which
 * `lesson --check` tells), and on its right, where they fit beside it, how
 * to scroll (when there is more than the rows hold) and which key closes
 * the view: the scrolling first, as it matters more. */
static void heading(const AppState *s, Rect r, LabelId title, const char *key, int more)
{
    const Glyphs *g = tui_glyphs();
    char hint[128], scroll[64], close[64];
    snprintf(scroll, sizeof scroll, app_label(s, LBL_VIEW_SCROLL), g->up, g->down);
    snprintf(close, sizeof close, app_label(s, LBL_VIEW_CLOSE), key);
    snprintf(hint, sizeof hint, "%s%s%s", more ? scroll : "", more ? g->sep : "", close);
    int tw = textw_width(app_label(s, title)), hw = textw_width(hint);
    if (tw + 2 + hw > r.w && more) { /* the scrolling alone */
        snprintf(hint, sizeof hint, "%s", scroll);
        hw = textw_width(hint);
    }
    draw_text(r.y, r.x, r.w, ROLE_HEADER, app_label(s, title));
    if (tw + 2 + hw <= r.w)
        draw_text_right(r.y, r.x + r.w, hw, ROLE_KEY, hint);
}

int view_reading_rows(const AppState *s, Rect r)
{
    Pen p = {.r = r, .draw = 0};
    if (!s->text.pinyin || s->text.n_chars == 0)
        return 1;
    return reading_rows(s, &p);
}

void view_reading_draw(const AppState *s, Rect r)
{
    Rect body = {r.y + 1, r.x, r.h - 1, r.w};
    int total = view_reading_rows(s, body);
    heading(s, r, LBL_READING_TITLE, "Y", total > body.h);
    Pen p = {.r = body, .top = s->view.views.top, .draw = 1};
    if (!s->text.pinyin)
        pen_wrapped(&p, 0, ROLE_DIM, app_label(s, LBL_ST_PINYIN_NONE));
    else if (s->text.n_chars == 0 && !(s->view.mode.kind == FORM_ACROSTIC && s->view.mode.heads[0]))
        pen_wrapped(&p, 0, ROLE_DIM, app_label(s, LBL_READING_EMPTY));
    else
        reading_rows(s, &p);
}

/* ---- the messages ---- */

static int message_rows(const AppState *s, Pen *p)
{
    for (int k = 0; app_message(s, k); k++)
        pen_wrapped(p, 0, k == 0 ? ROLE_ERROR : ROLE_NORMAL, app_message(s, k));
    return p->k;
}

int view_messages_rows(const AppState *s, Rect r)
{
    Pen p = {.r = r, .draw = 0};
    return app_message(s, 0) ? message_rows(s, &p) : 1;
}

void view_messages_draw(const AppState *s, Rect r)
{
    Rect body = {r.y + 1, r.x, r.h - 1, r.w};
    heading(s, r, LBL_MESSAGES_TITLE, "!", view_messages_rows(s, body) > body.h);
    Pen p = {.r = body, .top = s->view.views.top, .draw = 1};
    if (!app_message(s, 0))
        pen_wrapped(&p, 0, ROLE_DIM, app_label(s, LBL_MESSAGES_NONE));
    else
        message_rows(s, &p);
}
