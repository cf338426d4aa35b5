/* view_pinyin.c - pinyin on the screen: a reading and a gloss beside a
 * candidate (y), the readings under the text, and the input method's panel
 * (i), which takes the bars' place while a syllable is typed:
 *
 *   chun: 12 characters read so, together 0.77%                          model  rank
 *   1 春 chūn   spring            ██████████████████████████▉            0.77%    15
 *   2 唇 chún   lips                                              1 in 120,000  2101
 *   ...                                         (nine to a page)
 *   page 1 of 2 · ← → ) = turn · 1-9 choose · Space: the first · Tab: tone
 *   bar: each one's share · real input methods rank with a language model too
 *
 * The bar is a character's share of the probability all of them have
 * together: what an input method that ranks by the model would expect.
 */
#include <stdio.h>
#include <string.h>

#include "app/labels.h"
#include "app/textw.h"
#include "tui/views.h"

enum { KEY_COLS = 2, CHAR_COLS = 3, PCT_MIN_COLS = 8, RANK_COLS = 6, GLOSS_MAX = 28 };

int view_pinyin_reading_cols(const AppState *s, size_t i)
{
    char r[32];
    app_pinyin_reading_at(s, i, r, sizeof r); /* as the text reads it: by words */
    return textw_width(r);
}

/* A gloss as the screen shows it: a gloss the table cut short ends in "…"
 * (tools/build-pinyin.sh, build-words.sh), which becomes the screen's ellipsis. */
static const char *gloss_text(const char *g, char *out, size_t size)
{
    static const char CUT[] = "\xe2\x80\xa6"; /* U+2026 */
    size_t len = strlen(g), cut = sizeof CUT - 1;
    if (len < cut || strcmp(g + len - cut, CUT) != 0)
        return g;
    snprintf(out, size, "%.*s%s", (int)(len - cut), g, tui_glyphs()->ellipsis);
    return out;
}

void view_pinyin_cell(const AppState *s, int y, int x, int py_w, int gloss_w, Role role, uint32_t cp,
                      const PinyinSyllable *q)
{
    char r[32];
    const char *meaning = app_pinyin_reading(s, cp, q, r, sizeof r); /* both as the text reads cp */
    draw_text(y, x, py_w, role, r); /* py_w holds the longest reading, zhuāng */
    if (gloss_w <= 0)
        return;
    /* a gloss too long for its place keeps the senses that fit ("rise, stand
     * up" of "rise, stand up, go up; begin"), else is cut by columns */
    char buf[256];
    const char *g = gloss_text(meaning, buf, sizeof buf);
    size_t keep = strlen(g);
    if (textw_width(g) > gloss_w) {
        size_t fit = textw_fit(g, gloss_w, NULL);
        keep = fit;
        while (keep > 0 && g[keep] != ',' && g[keep] != ';')
            keep--;
        keep = keep > 0 ? keep : fit;
    }
    char shown[256];
    snprintf(shown, sizeof shown, "%.*s", (int)keep, g);
    draw_text(y, x + py_w, gloss_w, ROLE_DIM, shown);
}

void view_pinyin_readings(const AppState *s, int y, int x0, const PromptCell *cells, int n)
{
    for (int k = 0; k < n; k++) {
        if (cells[k].char_index < 0)
            continue; /* the newline a poem starts on */
        char r[32];
        app_pinyin_reading_at(s, (size_t)cells[k].char_index, r, sizeof r);
        /* the cell was made wide enough for it (view_prompt_cells) */
        draw_text(y, x0 + cells[k].x, cells[k].w, ROLE_DIM, r);
    }
}

void view_pinyin_glosses(const AppState *s, char *out, size_t size, int cols)
{
    /* "重阳 Double Ninth Festival · 还 to pay back; to return": the newest
     * words that fit, each with the meaning the text gives it */
    out[0] = 0;
    const char *sep = tui_glyphs()->sep;
    size_t len = 0;
    char tmp[512], buf[256];
    for (size_t i = s->text.n_chars; i-- > 0;) {
        size_t start;
        const char *gloss = gloss_text(app_pinyin_gloss_at(s, i, &start), buf, sizeof buf);
        if (!gloss[0])
            continue;
        char word[PINYIN_WORD_MAX * 4 + 1];
        size_t wl = 0;
        for (size_t k = start; k <= i && wl + 4 < sizeof word; k++)
            wl += (size_t)utf8_encode(s->text.chars[k].cp, word + wl);
        word[wl] = 0;
        i = start; /* the word's other characters share its meaning */
        int w = snprintf(tmp, sizeof tmp, "%s %s%s%s", word, gloss, len ? sep : "", out);
        if (w < 0 || (size_t)w >= sizeof tmp || (size_t)w >= size || textw_width(tmp) > cols)
            break;
        memcpy(out, tmp, (size_t)w + 1);
        len = (size_t)w;
    }
}

/* One candidate: key, character, its matching reading, gloss, share bar,
 * the model's probability and its rank among all characters. */
static void draw_candidate(const AppState *s, Rect r, int y, int k, int i, int gloss_w, int bar_w,
                           int pct_cols)
{
    const AppIme *ime = &s->input.ime;
    const PinyinCandidate *c = &ime->cand[i];
    uint32_t cp = vocab_cp(&s->text.m->vocab, c->id);
    Role role = s->pred.allowed[c->id] ? ROLE_NORMAL : ROLE_BLOCKED; /* the verse form's mask */
    int x = r.x;
    draw_textf(y, x, KEY_COLS, ROLE_KEY, "%d", k + 1);
    x += KEY_COLS;
    draw_cp(y, x, CHAR_COLS, role, cp);
    x += CHAR_COLS;
    view_pinyin_cell(s, y, x, VIEW_PINYIN_COLS, gloss_w - 1, role, cp, &ime->q); /* a space before the bar */
    x += VIEW_PINYIN_COLS + gloss_w;
    double share = ime->together > 0.0 ? (double)c->p / ime->together : 0.0;
    draw_hbar(y, x, bar_w, share, ROLE_BAR_MODEL);
    char pct[32];
    app_prob_text(s, (double)c->p, 1, pct, sizeof pct); /* the bars' rule: 1 in N below 0.01% */
    draw_text_right(y, r.x + r.w - RANK_COLS, pct_cols, role, pct);
    draw_textf(y, r.x + r.w - RANK_COLS, RANK_COLS, ROLE_DIM, "%*d", RANK_COLS, app_rank(s, c->id));
}

void view_ime_draw(const AppState *s, Rect r)
{
    const Glyphs *g = tui_glyphs();
    const AppIme *ime = &s->input.ime;
    char line[512], pct[32];
    int rows = r.h - 1 < APP_IME_PAGE ? r.h - 1 : APP_IME_PAGE;
    /* the probability column as wide as this page's widest ("1 in 6,400,000,000") */
    int pct_cols = PCT_MIN_COLS, first = ime->page * APP_IME_PAGE;
    for (int k = 0; k < rows && first + k < ime->n; k++) {
        app_prob_text(s, (double)ime->cand[first + k].p, 1, pct, sizeof pct);
        if (textw_width(pct) + 1 > pct_cols)
            pct_cols = textw_width(pct) + 1;
    }
    int avail = r.w - KEY_COLS - CHAR_COLS - VIEW_PINYIN_COLS - pct_cols - RANK_COLS - 1;
    int gloss_w = avail * 2 / 5 > GLOSS_MAX ? GLOSS_MAX : avail * 2 / 5; /* the bar keeps the rest */
    int bar_w = avail - gloss_w;
    app_prob_text(s, ime->together, 1, pct, sizeof pct);
    if (!ime->valid) {
        draw_textf(r.y, r.x, r.w, ROLE_ERROR, app_label(s, LBL_IME_BAD), ime->typed);
        return;
    }
    if (ime->n == 0) {
        char size[32];
        draw_textf(r.y, r.x, r.w, ROLE_ERROR, app_label_n(s, LBL_IME_NONE, s->text.m->vocab.size),
                   app_format_count(s->view.lang, s->text.m->vocab.size, size, sizeof size),
                   ime->typed);
        return;
    }
    snprintf(line, sizeof line, app_label_n(s, LBL_IME_HEAD, ime->n), ime->typed, ime->n, pct);
    draw_text_cut(r.y, r.x, r.w - pct_cols - RANK_COLS, ROLE_HEADER, line); /* beside a lesson */
    draw_text_right(r.y, r.x + r.w - RANK_COLS, pct_cols, ROLE_HEADER, app_label(s, LBL_MODEL));
    draw_text_right(r.y, r.x + r.w, RANK_COLS - 1, ROLE_HEADER, app_label(s, LBL_IME_RANK));
    for (int k = 0; k < rows && first + k < ime->n; k++)
        draw_candidate(s, r, r.y + 1 + k, k, first + k, gloss_w, bar_w, pct_cols);
    int pages = (ime->n + APP_IME_PAGE - 1) / APP_IME_PAGE;
    if (r.h > APP_IME_PAGE + 1)
        draw_textf(r.y + 1 + APP_IME_PAGE, r.x, r.w, ROLE_KEY, app_label(s, LBL_IME_KEYS), ime->page + 1,
                   pages, g->sep, g->left, g->right, g->sep, g->sep, g->sep);
    if (r.h > APP_IME_PAGE + 2)
        draw_textf(r.y + 2 + APP_IME_PAGE, r.x, r.w, ROLE_DIM, app_label(s, LBL_IME_EXPLAIN), g->sep);
}
