/* view_prompt.c - the text: what was typed, what the model wrote, what it
 * cannot read, and where the prompt stands (the start of a poem or inside a
 * text); and a note under it saying what constrains the next character.
 *
 * The whole text is shown as verse, a line of verse to a row (verse.h lays
 * it out), in as many rows as layout.c gives the panel, at any length; when
 * it has more rows than that, the last ones (the newest text, and the
 * cursor) stay in view and an arrow left of the first says there is more
 * above. With pinyin shown (y) each row of verse has its readings on the row
 * under it, each character's cell as wide as its reading. Past the context
 * the count at the right says how much of the text the model reads ("window
 * 100 of 1,024"), the characters outside the window are dim, a mark (▕)
 * stands before the first character the model reads, and a mark (¦) where a
 * context shift moved the window on. Only with the attention view open does
 * the text keep to one row, the last characters that fit, so that the
 * shades stand right under them. */
#include <stdio.h>
#include <string.h>

#include "app/labels.h"
#include "engine/probfmt.h"
#include "app/textw.h"
#include "app/verse.h"
#include "tui/views.h"

#define COUNT_COLS 10 /* " 127/128" at the right end of the line, at least */

/* Where the prompt stands, as the tag left of the count: "poem start" or
 * "mid-text" (n switches). */
static const char *reading_tag(const AppState *s)
{
    return app_label(s, s->view.mid_text ? LBL_READ_MID_TEXT : LBL_READ_POEM_START);
}

/* The count at the right end: characters of the context ("27/128"), or past
 * it the window the model reads of the whole text ("window 100 of 1,024"). */
static void count_text(const AppState *s, char *out, size_t size)
{
    size_t start = app_window_start(s), chars = s->text.g.n - s->text.g.prefix;
    if (start == 0) {
        snprintf(out, size, "%zu/%d", chars, s->text.m->cfg.context);
        return;
    }
    char total[32];
    app_format_count(s->view.lang, (long)chars, total, sizeof total);
    snprintf(out, size, app_label(s, LBL_WINDOW_COUNT), (int)(s->text.g.n - start), total);
}

/* Columns the count takes, with a space before it. */
static int count_cols(const AppState *s)
{
    char count[64];
    count_text(s, count, sizeof count);
    int w = textw_width(count) + 1;
    return w > COUNT_COLS ? w : COUNT_COLS;
}

int view_prompt_text_width(const AppState *s, Rect r)
{
    return r.w - PROMPT_LABEL_COLS - count_cols(s) - textw_width(reading_tag(s)) - 1;
}

/* Is there a context shift before text[t] (one made for the prediction of
 * it, with t characters of text)? */
static int shift_before(const AppState *s, long t)
{
    size_t n = gen_shift_count(&s->text.g);
    for (size_t i = 0; i < n; i++)
        if ((long)gen_shift(&s->text.g, i).at == t)
            return 1;
    return 0;
}

static const char *shift_glyph(void) { return tui_glyphs()->shift; }

/* The last characters that fit in `width` columns, left to right. A poem's
 * starting newline comes first when the whole text fits. */
int view_prompt_cells(const AppState *s, int width, PromptCell *cells, int max)
{
    int used = 0, n = 0, mark_w = textw_width(shift_glyph());
    long i = (long)s->text.n_chars - 1;
    /* a shift for the prediction still to come: its mark ends the text */
    if (shift_before(s, (long)s->text.g.n) && mark_w <= width && n < max) {
        cells[n++] = (PromptCell){0, mark_w, -1, -1, 1, 0};
        used += mark_w;
    }
    for (; i >= 0 && n < max; i--) {
        int w = draw_cp_width(s->text.chars[i].cp);
        if (s->prefs.show_pinyin) { /* room for its reading under it, and a space */
            int rw = view_pinyin_reading_cols(s, (size_t)i);
            w = rw && rw + 1 > w ? rw + 1 : w;
        }
        if (used + w > width)
            break;
        used += w;
        long t = app_char_text_index(s, (size_t)i);
        cells[n++] = (PromptCell){0, w, t, i, 0, 0};
        if (t >= 0 && shift_before(s, t) && used + mark_w <= width && n < max) {
            cells[n++] = (PromptCell){0, mark_w, -1, -1, 1, 0}; /* reversed below: before it */
            used += mark_w;
        }
    }
    if (i < 0 && s->text.g.prefix && n < max && used + draw_cp_width(app_start_cp(s)) <= width)
        cells[n++] = (PromptCell){0, draw_cp_width(app_start_cp(s)), 0, -1, 0, 0};
    /* collected from the end: reverse, then give each its column */
    for (int a = 0, b = n - 1; a < b; a++, b--) {
        PromptCell t = cells[a];
        cells[a] = cells[b];
        cells[b] = t;
    }
    for (int k = 0, x = 0; k < n; x += cells[k].w, k++)
        cells[k].x = x;
    return n;
}

static Role char_role(const AppState *s, const PromptCell *c)
{
    if (c->char_index < 0)
        return ROLE_DIM;
    const AppChar *ch = &s->text.chars[c->char_index];
    if (ch->id < 0)
        return ROLE_UNKNOWN;
    if ((size_t)c->text_index < app_window_start(s))
        return ROLE_DIM;
    /* a written character: shaded by how uncertain its draw was */
    return ch->origin == ORIGIN_MODEL ? view_entropy_role(ch->bits) : ROLE_NORMAL;
}

/* What the form allows next and how much of the model's probability it
 * blocks, e.g. "jueju of 7, line 1: only ， may come next; form blocks 53.2%". */
static void form_note(const AppState *s, char *out, size_t size)
{
    const Form *f = &s->view.mode.now;
    char mode[128], only[16] = "", blocked[32];
    app_blocked_share(s->view.lang, s->pred.blocked, blocked,
                      sizeof blocked); /* of the model's probability */
    if (s->view.mode.kind == FORM_JUEJU)
        snprintf(mode, sizeof mode, app_label_n(s, LBL_MODE_JUEJU, s->view.mode.line_len),
                 app_line_len(s->view.lang, s->view.mode.line_len));
    else
        snprintf(mode, sizeof mode, app_label(s, LBL_MODE_ACROSTIC),
                 app_line_len(s->view.lang, s->view.mode.line_len), s->view.mode.heads);
    if (f->done) {
        snprintf(out, size, app_label(s, LBL_NOTE_FORM_DONE), mode);
        return;
    }
    if (s->pred.n_allowed == 1) {
        for (int i = 0; i < s->text.m->vocab.size; i++) {
            uint32_t cp = vocab_cp(&s->text.m->vocab, i);
            if (s->pred.allowed[i] && cp == '\n')
                snprintf(only, sizeof only, "%s", tui_glyphs()->newline);
            else if (s->pred.allowed[i])
                only[utf8_encode(cp, only)] = 0;
        }
        if (f->line >= f->n_lines) /* every line written: only the poem's end is left */
            snprintf(out, size, app_label(s, LBL_NOTE_FORM_END), mode, only);
        else
            snprintf(out, size, app_label(s, LBL_NOTE_FORM_ONLY), mode, f->line + 1, only, blocked);
        return;
    }
    snprintf(out, size, app_label(s, LBL_NOTE_FORM_HAN), mode, f->line + 1, f->col + 1, blocked);
}

/* The note under the text: the most useful thing to know right now. With
 * edge_above the window's edge lies in the rows scrolled out of view, and
 * the note points up at it instead of at its mark. */
static Role note_text(const AppState *s, char *out, size_t size, int cols, int edge_above)
{
    const Glyphs *g = tui_glyphs();
    out[0] = 0;
    if (s->input.query_input && !s->input.ime.typed[0]) {
        snprintf(out, size, "%s", app_label(s, LBL_NOTE_QUERY));
        return ROLE_KEY;
    }
    if (s->input.ime.on) { /* the syllable being typed, or how to type one */
        if (s->input.ime.typed[0])
            snprintf(out, size, app_label(s, LBL_NOTE_IME), s->input.ime.typed, g->sep, g->sep,
                     g->sep, g->sep);
        else
            snprintf(out, size, app_label(s, LBL_NOTE_IME_EMPTY), g->sep, g->sep);
        return ROLE_KEY;
    }
    if (s->text.n_chars && s->text.chars[s->text.n_chars - 1].id < 0) {
        char name[48];
        vocab_describe(s->text.chars[s->text.n_chars - 1].cp, name, sizeof name);
        snprintf(out, size, app_label(s, LBL_NOTE_UNKNOWN), name);
        return ROLE_UNKNOWN;
    }
    if (s->view.mode.kind != FORM_FREE) {
        form_note(s, out, size);
        return ROLE_NORMAL;
    }
    size_t start = app_window_start(s);
    if (start > 0) {
        /* what the model reads: under the shift policy between half a window and a whole one */
        int read = (int)(s->text.g.n - start);
        const char *edge = edge_above ? g->up : g->edge;
        if (gen_shift_count(&s->text.g) > 0) /* the marks as the text draws them */
            snprintf(out, size, app_label_n(s, LBL_NOTE_SHIFT, read), edge, read, g->shift);
        else
            snprintf(out, size, app_label_n(s, LBL_NOTE_WINDOW, read), edge, read);
    }
    else if (s->text.n_chars == 0 && app_can_start_poem(s))
        snprintf(out, size, "%s", app_label(s, LBL_NOTE_EMPTY));
    else if (s->text.n_chars == 0) { /* mid-text by itself: what the empty text reads */
        char first[8] = {0};
        vocab_show(app_start_cp(s), first);
        snprintf(out, size, app_label(s, LBL_NOTE_EMPTY_NO_NEWLINE), first);
    }
    else if (s->prefs.show_pinyin) /* what the newest characters mean */
        view_pinyin_glosses(s, out, size, cols);
    if (!out[0])
        snprintf(out, size, app_label(s, LBL_NOTE_KEYS), g->sep, g->sep, g->sep); /* what to try next */
    return ROLE_DIM;
}

int view_prompt_note_is_hint(const AppState *s, int cols)
{
    char note[512];
    return note_text(s, note, sizeof note, cols, 0) == ROLE_DIM;
}

/* ---- the text as verse (verse.h): every row of it, as many as the panel has ---- */

/* Items the panel lays out: the newline a poem starts on (when the model
 * reads one), every character, and marks: the edge of the window before the
 * first character the model reads (past the context), a context shift's
 * mark before the character it was made for. */
enum { MAX_ITEMS = 2 * (APP_MAX_CHARS + 1) + 2 };
typedef struct {
    int n;
    VerseItem item[MAX_ITEMS];
    PromptCell cell[MAX_ITEMS]; /* what each item is (x is set when drawn) */
    VerseRow row[MAX_ITEMS + 1];
} TextItems;

static void add_item(TextItems *t, uint32_t cp, int cols, PromptCell c)
{
    if (t->n >= MAX_ITEMS)
        return;
    t->item[t->n] = (VerseItem){cp, cols, c.shift || c.edge};
    c.w = cols;
    t->cell[t->n++] = c;
}

/* A character's cell: with pinyin shown (y) wide enough for its reading
 * under it and a space. */
static int char_cols(const AppState *s, size_t i)
{
    int w = draw_cp_width(s->text.chars[i].cp);
    if (s->prefs.show_pinyin) {
        int rw = view_pinyin_reading_cols(s, i);
        w = rw && rw + 1 > w ? rw + 1 : w;
    }
    return w;
}

static void text_items(const AppState *s, TextItems *t)
{
    size_t start = app_window_start(s);
    int mark_w = textw_width(shift_glyph()), edge_w = textw_width(tui_glyphs()->edge);
    int edge_due = start > 0; /* the window's edge is still to be marked */
    long known = 0;
    t->n = 0;
    if (s->text.g.prefix)
        add_item(t, app_start_cp(s), draw_cp_width(app_start_cp(s)), (PromptCell){0, 0, 0, -1, 0, 0});
    for (size_t i = 0; i < s->text.n_chars; i++) {
        long ti = s->text.chars[i].id >= 0 ? (long)s->text.g.prefix + known++ : -1;
        if (ti >= 0 && edge_due && (size_t)ti >= start) {
            add_item(t, 0, edge_w, (PromptCell){0, 0, -1, -1, 0, 1});
            edge_due = 0;
        }
        if (ti >= 0 && shift_before(s, ti))
            add_item(t, 0, mark_w, (PromptCell){0, 0, -1, -1, 1, 0});
        add_item(t, s->text.chars[i].cp, char_cols(s, i), (PromptCell){0, 0, ti, (long)i, 0, 0});
    }
    if (shift_before(s, (long)s->text.g.n)) /* a shift for the prediction still to come */
        add_item(t, 0, mark_w, (PromptCell){0, 0, -1, -1, 1, 0});
}

/* Screen rows to a row of verse: two with the readings under it (pinyin),
 * when the panel has them. */
static int rows_per_line(const AppState *s, int text_rows)
{
    return s->prefs.show_pinyin && text_rows >= 2 ? 2 : 1;
}

/* Lay the text out in rows of the panel's text width, at most `lines` rows
 * of verse; returns the rows. */
static int verse_rows(const AppState *s, Rect r, int lines, TextItems *t)
{
    text_items(s, t);
    return verse_layout_items(t->item, t->n, view_prompt_text_width(s, r), lines, t->row,
                              MAX_ITEMS + 1, NULL);
}

int view_prompt_rows_wanted(const AppState *s, int cols, int max_rows)
{
    if (app_view_is_open(&s->view.views, VIEW_ATTENTION))
        return 1; /* the attention view shades cells under a single row */
    TextItems t;
    int per = rows_per_line(s, max_rows), lines = max_rows / per;
    int total = verse_rows(s, (Rect){0, 0, max_rows + 1, cols}, lines, &t);
    return per * (total < 1 ? 1 : total > lines ? lines : total);
}

/* The rows of the text that the panel's r.h - 1 rows show, drawn (with the
 * readings under each, pinyin), and where the cursor goes (after the last
 * character). Returns 1 if the window's edge is in the rows above them. */
static int draw_verse(const AppState *s, Rect r, int draw, int *cy, int *cx)
{
    TextItems t;
    int text_rows = r.h > 1 ? r.h - 1 : 1, x0 = r.x + PROMPT_LABEL_COLS;
    int per = rows_per_line(s, text_rows), lines = text_rows / per;
    int total = verse_rows(s, r, lines, &t);
    int first = verse_first_shown(total, lines);
    *cy = r.y;
    *cx = x0;
    for (int row = first; row < total; row++) {
        int y = r.y + (row - first) * per, x = x0;
        PromptCell *c = &t.cell[t.row[row].start];
        for (int k = 0; k < t.row[row].len; k++) {
            c[k].x = x - x0;
            if (draw && (c[k].shift || c[k].edge))
                draw_text(y, x, c[k].w, ROLE_KEY, c[k].edge ? tui_glyphs()->edge : shift_glyph());
            else if (draw)
                draw_cp(y, x, c[k].w, char_role(s, &c[k]), t.item[t.row[row].start + k].cp);
            x += c[k].w;
        }
        if (draw && per == 2) /* each character's reading under it */
            view_pinyin_readings(s, y + 1, x0, c, t.row[row].len);
        *cy = y;
        *cx = x;
    }
    if (draw && first > 0) /* rows above, out of view (not grey: a projector shows it) */
        draw_text(r.y, r.x + PROMPT_LABEL_COLS - 1, 1, ROLE_KEY, tui_glyphs()->up);
    /* is the window's edge among the rows above? */
    int above = first > 0 ? t.row[first - 1].start + t.row[first - 1].len : 0;
    for (int k = 0; k < above; k++)
        if (t.cell[k].edge)
            return 1;
    return 0;
}

/* One row, the last characters that fit: the attention view shades the
 * cells under it. */
static void draw_one_row(const AppState *s, Rect r)
{
    PromptCell cells[512];
    int x0 = r.x + PROMPT_LABEL_COLS;
    int n = view_prompt_cells(s, view_prompt_text_width(s, r), cells, 512);
    for (int k = 0; k < n; k++) {
        if (cells[k].shift) {
            draw_text(r.y, x0 + cells[k].x, cells[k].w, ROLE_KEY, shift_glyph());
            continue;
        }
        uint32_t cp =
            cells[k].char_index < 0 ? app_start_cp(s) : s->text.chars[cells[k].char_index].cp;
        draw_cp(r.y, x0 + cells[k].x, cells[k].w, char_role(s, &cells[k]), cp);
    }
}

void view_prompt_draw(const AppState *s, Rect r)
{
    int x0 = r.x + PROMPT_LABEL_COLS, edge_above = 0;
    draw_text(r.y, r.x, PROMPT_LABEL_COLS - 1, ROLE_HEADER, app_label(s, LBL_PROMPT));
    if (app_view_is_open(&s->view.views, VIEW_ATTENTION)) {
        draw_one_row(s, r);
    } else {
        int cy, cx;
        edge_above = draw_verse(s, r, 1, &cy, &cx);
    }
    char count[64];
    count_text(s, count, sizeof count);
    int count_w = count_cols(s);
    draw_text_right(r.y, r.x + r.w, count_w, app_window_start(s) > 0 ? ROLE_KEY : ROLE_DIM, count);
    /* the reading in force, marked when it is not the default */
    const char *tag = reading_tag(s);
    draw_text_right(r.y, r.x + r.w - count_w, textw_width(tag),
                    s->view.mid_text ? ROLE_KEY : ROLE_DIM, tag);
    if (r.h > 1 &&
        !s->view.quiz_hidden) { /* the note (a form's "only 眠 may come next") may answer it */
        char note[512];
        Role role = note_text(s, note, sizeof note, r.w - PROMPT_LABEL_COLS, edge_above);
        if (s->prefs.projector && role == ROLE_DIM) /* no grey hints on a projector */
            return;
        /* many acrostic heads are cut */
        draw_text_cut(r.y + r.h - 1, x0, r.w - PROMPT_LABEL_COLS, role, note);
    }
}

void view_prompt_cursor(const AppState *s, Rect r, int *y, int *x)
{
    if (!app_view_is_open(&s->view.views, VIEW_ATTENTION)) {
        draw_verse(s, r, 0, y, x);
        return;
    }
    PromptCell cells[512];
    int n = view_prompt_cells(s, view_prompt_text_width(s, r), cells, 512);
    *y = r.y;
    *x = r.x + PROMPT_LABEL_COLS + (n ? cells[n - 1].x + cells[n - 1].w : 0);
}
