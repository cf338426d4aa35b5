/* view_compare.c - the compare model (--compare-model, `compare-model`):
 * the explorer's model (A) and the compare model (B) after the same text,
 * each one's top 8 side by side, each character with its rank in the other
 * model (or that the other lacks it), and KL(A||B) in bits as the entropy
 * view writes it. In the bars' place at 80x24, below them where the rows
 * allow (layout.c). When the vocabularies differ, the lines under the lists
 * say over how many characters the divergence is taken and what probability
 * each model puts on characters the other lacks (modelcmp.h).
 */
#include <math.h>
#include <stdio.h>

#include "app/labels.h"
#include "engine/probfmt.h"
#include "tui/views.h"

enum {
    SEP_COLS = 3,  /* " | " between the two lists */
    HALF_MAX = 26, /* a list's columns, at most */
    RANK_COLS = 6  /* the rank in the other model, or "absent" */
};

/* One candidate of one list, in hw columns from x; A's are the bars'
 * candidates (is_a), named so for a lesson's check (screencheck.c). */
static void draw_cell(const AppState *s, const ModelCmpCand *c, int k, int y, int x, int hw,
                      int is_a)
{
    char num[32];
    snprintf(num, sizeof num, "%d", k + 1);
    draw_text_right(y, x + 1, 2, ROLE_DIM, num);
    draw_item(is_a ? ITEM_BARS : ITEM_NONE, k);
    draw_cp(y, x + 3, 2, ROLE_NORMAL, vocab_shown_cp(c->cp));
    int pct_end = x + hw - RANK_COLS - 2;
    probfmt_percent_in((double)c->p, 1, app_num_style(s->view.lang), num, sizeof num);
    draw_text_right(y, pct_end, pct_end - (x + 5), ROLE_NORMAL, num);
    draw_item(ITEM_NONE, 0);
    if (c->other_id < 0) {
        draw_text_right(y, x + hw - 1, RANK_COLS, ROLE_DIM, app_label(s, LBL_CMP_LACKS));
        return;
    }
    app_format_count(s->view.lang, c->rank_other, num, sizeof num);
    draw_text_right(y, x + hw - 1, RANK_COLS, c->rank_other == k + 1 ? ROLE_DIM : ROLE_CACHED, num);
}

/* A list's heading: "top 8 of A" and, over the ranks, "in B". */
static void draw_heads(const AppState *s, int y, int x, int hw, const char *own, const char *other)
{
    char text[64];
    snprintf(text, sizeof text, app_label(s, LBL_CMP_TOP), own);
    draw_text(y, x, hw - RANK_COLS - 1, ROLE_HEADER, text);
    snprintf(text, sizeof text, app_label(s, LBL_CMP_IN), other);
    draw_text_right(y, x + hw - 1, RANK_COLS, ROLE_HEADER, text);
}

/* Under the lists, as the rows allow: the characters the divergence is
 * taken over and what each model gives to the characters the other lacks
 * (only when the vocabularies differ). */
static void draw_notes(const AppState *s, Rect r, int y)
{
    const AppCompareModel *c = s->text.cm;
    const ModelCmp *m = &c->cmp;
    if (m->shared == s->text.m->cfg.vocab_size && m->shared == c->m->cfg.vocab_size)
        return;
    char num[32];
    LabelId line[3] = {LBL_CMP_SHARED, LBL_CMP_A_ONLY, LBL_CMP_B_ONLY};
    for (int i = 0; i < 3 && y < r.y + r.h; i++, y++) {
        if (i == 0)
            app_format_count(s->view.lang, m->shared, num, sizeof num);
        else
            app_share(s->view.lang, 100.0 * (i == 1 ? m->a_only : m->b_only), 2, num, sizeof num);
        draw_textf(y, r.x, r.w, ROLE_DIM, app_label(s, line[i]), num);
    }
}

void view_compare_draw(const AppState *s, Rect r)
{
    const AppCompareModel *c = s->text.cm;
    if (!c || r.h < 1)
        return;
    char kl[32] = "inf";
    if (isfinite(c->cmp.kl))
        app_num(s->view.lang, c->cmp.kl / log(2.0), 5, kl, sizeof kl);
    int y = r.y;
    if (c->ok) /* no divergence while B cannot read the text: the names head the panel */
        draw_textf(y++, r.x, r.w, ROLE_HEADER, app_label(s, LBL_CMP_HEADER), kl);
    if (r.h >= 3 + MODELCMP_TOP || !c->ok) { /* which file is which */
        char named[96];
        app_compare_name_a(s, named, sizeof named);
        draw_textf(y++, r.x, r.w, c->ok ? ROLE_DIM : ROLE_HEADER, app_label(s, LBL_CMP_NAMES),
                   named, c->name);
    }
    if (!c->ok) { /* B cannot read the text: why */
        draw_wrapped((Rect){y, r.x, r.y + r.h - y, r.w}, ROLE_ERROR, c->error);
        return;
    }
    int hw = (r.w - SEP_COLS) / 2;
    hw = hw > HALF_MAX ? HALF_MAX : hw;
    int xb = r.x + hw + SEP_COLS;
    if (r.h >= 2 + MODELCMP_TOP) {
        draw_heads(s, y, r.x, hw, "A", "B");
        draw_heads(s, y, xb, hw, "B", "A");
        y++;
    }
    for (int k = 0; k < MODELCMP_TOP && y < r.y + r.h; k++, y++) {
        if (k < c->cmp.n_a)
            draw_cell(s, &c->cmp.a[k], k, y, r.x, hw, 1);
        draw_text(y, r.x + hw + 1, 1, ROLE_DIM, "|");
        if (k < c->cmp.n_b)
            draw_cell(s, &c->cmp.b[k], k, y, xb, hw, 0);
    }
    draw_notes(s, r, y);
}
