/* view_entropy.c - uncertainty under the text: how open each draw was.
 *
 * Every character the sampler wrote was drawn from a distribution; its
 * entropy in bits (AppChar.bits, kept by the app) says how open the choice
 * was: 0 when one character had it all, 1 for a fair coin between two, 6 as
 * for 64 equally likely ones. The text line shades each written
 * character by it (view_entropy_role), and `e` shows the numbers here: the
 * last characters of the text, each over its entropy, in rows.
 */
#include <stdio.h>

#include "app/labels.h"
#include "tui/views.h"

enum { CELL_COLS = 5 }; /* "12.8 ": the widest entropy, log2 of 7,311, and a space */

Role view_entropy_role(float bits)
{
    switch (app_entropy_level(bits)) {
    case ENTROPY_LOW: return ROLE_ENTROPY_LOW;
    case ENTROPY_MID: return ROLE_ENTROPY_MID;
    case ENTROPY_HIGH: break;
    }
    return ROLE_ENTROPY_HIGH;
}

/* The three levels, each in its own look. */
static void draw_legend(const AppState *s, Rect r, int y)
{
    static const struct {
        LabelId label;
        float bits; /* a value of that level */
    } levels[] = {{LBL_ENTROPY_LOW, 0.0f},
                  {LBL_ENTROPY_MID, APP_ENTROPY_LOW_BITS},
                  {LBL_ENTROPY_HIGH, APP_ENTROPY_HIGH_BITS}};
    int x = r.x;
    for (size_t i = 0; i < sizeof levels / sizeof levels[0] && x < r.x + r.w; i++) {
        if (i)
            x += draw_text(y, x, r.x + r.w - x, ROLE_DIM, tui_glyphs()->sep);
        x += draw_text(y, x, r.x + r.w - x, view_entropy_role(levels[i].bits),
                       app_label(s, levels[i].label));
    }
}

void view_entropy_draw(const AppState *s, Rect r)
{
    if (r.h < 1)
        return;
    draw_text(r.y, r.x, r.w, ROLE_HEADER, app_label(s, LBL_ENTROPY_HEADER));
    if (r.h > 1)
        draw_legend(s, r, r.y + 1);
    int written = 0;
    for (size_t i = 0; i < s->text.n_chars; i++)
        written += s->text.chars[i].origin == ORIGIN_MODEL;
    if (!written) {
        if (r.h > 2)
            draw_text(r.y + 2, r.x, r.w, ROLE_DIM, app_label(s, LBL_ENTROPY_NONE));
        return;
    }
    /* rows of characters, each over its number: the text's end fills them */
    int per_row = r.w / CELL_COLS, rows = (r.h - 2) / 2;
    if (per_row < 1 || rows < 1)
        return;
    size_t room = (size_t)per_row * (size_t)rows;
    size_t first = s->text.n_chars > room ? s->text.n_chars - room : 0;
    for (size_t i = first; i < s->text.n_chars; i++) {
        const AppChar *c = &s->text.chars[i];
        int k = (int)(i - first), y = r.y + 2 + 2 * (k / per_row), x = r.x + CELL_COLS * (k % per_row);
        int model = c->origin == ORIGIN_MODEL;
        Role role = c->id < 0 ? ROLE_UNKNOWN : model ? view_entropy_role(c->bits) : ROLE_DIM;
        draw_cp(y, x, CELL_COLS - 1, role, c->cp);
        if (model) {
            char bits[16];
            draw_text(y + 1, x, CELL_COLS - 1, role,
                      app_num(s->view.lang, (double)c->bits, 1, bits, sizeof bits));
        } else {
            draw_text(y + 1, x, CELL_COLS - 1, ROLE_DIM, "-"); /* typed or picked: no draw */
        }
    }
}
