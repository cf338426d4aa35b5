/* view_status.c - the title bar, the status line, and the message shown
 * instead of everything while the terminal is too small. */
#include <stdio.h>
#include <string.h>

#include "app/labels.h"
#include "app/session.h"
#include "app/textw.h"
#include "tui/views.h"

/* " tangscope  tang.bin · 7310 characters · context 128   code TGPZD  KV cache on "
 * The session's code (session.h) comes before the cache's switch, with
 * "+ Enter" when it holds the text before Enter's run, or "no code: text too long
 * (128 max.)" when the text is too long for one; the
 * model's figures, then its name, give way to it on a narrow screen. */
void view_title_draw(const AppState *s, Rect r)
{
    const Glyphs *g = tui_glyphs();
    char line[512], part[160], code[SESSION_CODE_MAX + 1], right[SESSION_CODE_MAX + 200];
    const char *name = s->text.model_name ? strrchr(s->text.model_name, '/') : NULL;
    name = name ? name + 1 : s->text.model_name ? s->text.model_name : "";
    /* where the line may end: after the name, the vocabulary, the context */
    size_t ends[3];
    size_t n = ends[0] = (size_t)snprintf(line, sizeof line, " tangscope  %s", name);
    n += (size_t)snprintf(line + n, sizeof line - n, "%s", g->sep);
    char size[32];
    app_format_count(s->view.lang, s->text.m->vocab.size, size, sizeof size);
    n += (size_t)snprintf(line + n, sizeof line - n,
                          app_label_n(s, LBL_VOCAB_SIZE, s->text.m->vocab.size), size);
    ends[1] = n;
    n += (size_t)snprintf(line + n, sizeof line - n, "%s", g->sep);
    char ctx[32];
    snprintf(line + n, sizeof line - n, app_label(s, LBL_CONTEXT),
             app_format_count(s->view.lang, s->text.m->cfg.context, ctx, sizeof ctx));
    snprintf(part, sizeof part, "%s %s ", app_label(s, LBL_CACHE),
             app_label(s, s->text.g.use_cache ? LBL_ON : LBL_OFF));
    char none[128];
    int code_len = app_session_code_text(s, code, sizeof code);
    if (code_len > 0) {
        snprintf(right, sizeof right, "%s %s%s%s  %s", app_label(s, LBL_CODE), code,
                 app_session_code_enter(s) ? " " : "",
                 app_session_code_enter(s) ? app_label(s, LBL_CODE_ENTER) : "", part);
        /* a code too long for the line keeps its start and an ellipsis, so the
         * cache's state still shows; the help (?) and the export (x) hold it whole */
        int over = textw_width(right) - (r.w - textw_width(" tangscope") - 2);
        int keep = code_len - over - textw_width(g->ellipsis); /* the code is ASCII */
        if (over > 0 && keep >= 4) {
            snprintf(code + keep, sizeof code - (size_t)keep, "%s", g->ellipsis);
            snprintf(right, sizeof right, "%s %s%s%s  %s", app_label(s, LBL_CODE), code,
                     app_session_code_enter(s) ? " " : "",
                     app_session_code_enter(s) ? app_label(s, LBL_CODE_ENTER) : "", part);
        }
    } else { /* never gone without a word: a text too long for a code says so */
        snprintf(none, sizeof none, app_label(s, LBL_CODE_NONE), SESSION_MAX_CHARS);
        snprintf(right, sizeof right, "%s  %s", none, part);
    }
    int right_w = textw_width(right);
    if (s->view.quiz_hidden) /* "how many characters does the model know?" may be the question */
        line[ends[0]] = 0;
    for (int e = 1; e >= 0 && textw_width(line) + 2 + right_w > r.w; e--)
        line[ends[e]] = 0; /* the context goes first, then the vocabulary */
    if (textw_width(line) + 2 + right_w > r.w)
        snprintf(line, sizeof line, " tangscope");
    draw_fill(r, ROLE_TITLE);
    draw_text(r.y, r.x, r.w, ROLE_TITLE, line);
    int room = r.w - textw_width(line) - 2;
    if (right_w > room) { /* a code too long for the screen: its start, then … */
        draw_item(ITEM_ELIDED, 0);
        draw_text_cut(r.y, r.x + r.w - room, room, ROLE_TITLE, right);
        draw_item(ITEM_NONE, 0);
    }
    else
        draw_text_right(r.y, r.x + r.w, right_w, ROLE_TITLE, right);
}

/* The status message, and the help hint at the right when both fit: the
 * message matters more. The last column stays empty (writing the screen's
 * last cell can make it scroll). */
void view_status_draw(const AppState *s, Rect r)
{
    if (s->input.cmdline_open) { /* ":set top-k 20", the end of it if it is long */
        const char *hint = app_label(s, LBL_CMDLINE_HINT);
        int hint_w = textw_width(hint), room = r.w - 2 - hint_w - 2;
        draw_text(r.y, r.x, 1, ROLE_KEY, ":");
        draw_text(r.y, r.x + 1, room, ROLE_NORMAL,
                  s->input.cmdline + textw_fit_tail(s->input.cmdline, room - 1));
        draw_text(r.y, r.x + r.w - 1 - hint_w, hint_w, ROLE_DIM, hint);
        return;
    }
    const char *hint = app_label(s, LBL_HINT);
    /* while a quiz hides the bars, what a command said ("only 眠 possible")
     * may be its answer: the status says what to do instead */
    const char *status =
        s->view.quiz_hidden && !s->view.status_error && !s->input.quit_ask && !s->progs.ask
            ? app_label(s, s->view.quiz_answer[0] ? LBL_ST_QUIZ_ANSWER : LBL_ST_QUIZ)
            : s->view.status;
    int hint_w = textw_width(hint), room = r.w - 1;
    if (textw_width(status) + 2 + hint_w <= room) {
        draw_text(r.y, r.x + room - hint_w, hint_w, ROLE_KEY, hint);
        room -= hint_w + 2;
    }
    draw_text_cut(r.y, r.x, room, s->view.status_error ? ROLE_ERROR : ROLE_NORMAL, status);
}

/* One way to say it: paragraphs, each drawn in its role. */
typedef struct {
    const char *text[2];
    Role role[2];
} TooSmallNote;

/* The lines `note` takes at cols columns (each paragraph wrapped). */
static int note_lines(const TooSmallNote *n, int cols)
{
    int total = 0;
    for (int p = 0; p < 2 && n->text[p]; p++)
        total += textw_lines(n->text[p], cols, NULL, 0);
    return total;
}

/* Draw the note's lines centred from row y; at most `rows` of them, on a
 * screen of `lines` rows. */
static void note_draw(const TooSmallNote *n, int y, int rows, int lines, int cols)
{
    TextSpan span[64];
    for (int p = 0; p < 2 && n->text[p] && rows > 0; p++) {
        int count = textw_lines(n->text[p], cols, span, 64);
        for (int i = 0; i < count && i < 64 && rows > 0; i++, y++, rows--) {
            char line[256];
            snprintf(line, sizeof line, "%.*s", (int)span[i].len, n->text[p] + span[i].start);
            int w = textw_width(line);
            int x = w < cols ? (cols - w) / 2 : 0;
            if (y == lines - 1) /* the last row: its last cell too */
                draw_text_corner(y, x, cols - x, n->role[p], line);
            else
                draw_text(y, x, cols - x, n->role[p], line);
        }
    }
}

void view_too_small_draw(const AppState *s, int lines, int cols)
{
    /* The size it needs is said on any screen: the whole message with its
     * hint, the message alone, "needs 80x24", or "80x24", the first that
     * fits, wrapped onto as many rows as there are (at 2x3 "80", "x2",
     * "4"). A screen of fewer than five cells shows its start (and one
     * column wide, curses cannot write the bottom cell: 1x5 shows "80x2"). */
    char msg[256], need[64], size[32];
    snprintf(msg, sizeof msg, app_label(s, LBL_TOO_SMALL), cols, lines, SCREEN_MIN_COLS,
             SCREEN_MIN_LINES);
    snprintf(need, sizeof need, app_label(s, LBL_TOO_SMALL_SHORT), SCREEN_MIN_COLS,
             SCREEN_MIN_LINES);
    snprintf(size, sizeof size, "%dx%d", SCREEN_MIN_COLS, SCREEN_MIN_LINES);
    const TooSmallNote notes[] = {
        {{msg, app_label(s, LBL_TOO_SMALL_HINT)}, {ROLE_ERROR, ROLE_NORMAL}},
        {{msg, NULL}, {ROLE_ERROR, ROLE_NORMAL}},
        {{need, NULL}, {ROLE_ERROR, ROLE_NORMAL}},
        {{size, NULL}, {ROLE_ERROR, ROLE_NORMAL}},
    };
    int count = (int)(sizeof notes / sizeof notes[0]), pick = count - 1;
    for (int i = 0; i < count; i++) {
        if (note_lines(&notes[i], cols) <= lines) {
            pick = i;
            break;
        }
    }
    int rows = note_lines(&notes[pick], cols);
    int y = rows < lines ? (lines - rows) / 2 : 0;
    note_draw(&notes[pick], y, lines - y, lines, cols);
}
