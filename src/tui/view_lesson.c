/* view_lesson.c - a lesson on the screen: the narration pane beside the bars,
 * the question a quiz asks in place of the bars, and the picker of lessons.
 *
 * The narration pane: the step ("step 3 of 8") at the top, the keys at the
 * bottom, and between them the step's heading, its narration and its
 * question, wrapped by display columns and scrolled from narration_top.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/labels.h"
#include "app/lesson.h"
#include "app/textw.h"
#include "tui/views.h"

enum { MAX_LINES = 1024 };

/* The parts of the narration, one after the other; gap: a blank line after
 * it (not after the last). */
typedef struct {
    const char *text;
    Role role;
    int gap;
} Part;

/* The narration of the step on the screen: its parts, and the buffers they
 * point into (narration_close frees them). */
typedef struct {
    Part parts[5];
    int n;
    char quiz[APP_QUIZ_MAX + 64];
    char note[256];
    char *marked; /* the narration with the bundled model's figures marked */
} Narration;

/* The heading, a note on whose figures the marked ones are (a lesson about
 * the bundled model on another: lesson_marks_figures) right under it, the
 * narration, and the quiz until the quiz panel shows it. */
static void narration_open(Narration *na, const AppState *s)
{
    const LessonStep *st = &s->course.lesson->steps[s->course.step];
    int marks = 0;
    na->n = 0;
    na->marked = lesson_marks_figures(s, s->course.lesson)
                     ? lesson_plain_marked(s, s->course.lesson, s->course.step, &marks) : NULL;
    na->parts[na->n++] = (Part){st->heading, ROLE_HEADER, 1};
    if (marks > 0) {
        snprintf(na->note, sizeof na->note, app_label(s, LBL_LESSON_BUNDLED_FIGURES), LESSON_MARK);
        na->parts[na->n - 1].gap = 0;
        na->parts[na->n++] = (Part){na->note, ROLE_DIM, 1};
    }
    const char *plain = na->marked ? na->marked : st->plain;
    if (plain[0])
        na->parts[na->n++] = (Part){plain, ROLE_NORMAL, 1};
    if (s->view.quiz[0] && !s->view.quiz_hidden &&
        !s->view.quiz_answer[0]) { /* once: the quiz panel has it */
        snprintf(na->quiz, sizeof na->quiz, "%s%s%s", app_label(s, LBL_LESSON_QUIZ),
                 app_colon(s->view.lang), s->view.quiz);
        na->parts[na->n++] = (Part){na->quiz, ROLE_KEY, 1};
    }
}

static void narration_close(Narration *na) { free(na->marked); }

/* The narration breaks by the rules of the lesson's language (textw.h). */
static TextwLang wrap_lang(const AppState *s) { return lang_row(s->view.lang)->wrap; }

/* bytes [start, start + len) of text as one line to draw: a no-break space
 * (French typography, a `code` span's spaces) is drawn as a plain space, so
 * that a command copied off the screen runs. */
static void line_text(char *out, size_t size, const char *text, TextSpan span)
{
    size_t o = 0;
    for (size_t i = span.start; i < span.start + span.len && o + 1 < size; i++) {
        if ((unsigned char)text[i] == 0xC2 && i + 1 < span.start + span.len &&
            (unsigned char)text[i + 1] == 0xA0) {
            out[o++] = ' ';
            i++;
        } else {
            out[o++] = text[i];
        }
    }
    out[o] = 0;
}

/* `lesson --watch`'s messages: at most half the rows between the step line
 * and the keys, from the bottom up; the rows they take (0 without). */
static int watch_rows(const AppState *s, Rect r, TextSpan *spans, int max, int *count)
{
    *count = 0;
    if (!s->course.watch[0] || r.w < 1)
        return 0;
    int room = (r.h - 2) / 2;
    *count = textw_lines(s->course.watch, r.w, spans, max);
    *count = *count < max ? *count : max;
    return *count < room ? *count : room;
}

/* Rows of the narration between the step line and the keys (and the
 * messages of --watch). */
static int body_rows(const AppState *s, Rect r)
{
    TextSpan spans[16];
    int count, rows = r.h - 2 - watch_rows(s, r, spans, 16, &count);
    return rows > 0 ? rows : 0;
}

/* The messages of --watch above the keys; on their last row, when more
 * than fit, the rest is cut with an ellipsis. */
static void draw_watch(const AppState *s, Rect r)
{
    TextSpan spans[16];
    int count, rows = watch_rows(s, r, spans, 16, &count);
    Role role = s->course.watch_bad ? ROLE_ERROR : ROLE_DIM;
    for (int k = 0; k < rows; k++) {
        char line[APP_WATCH_MAX];
        int last = k == rows - 1 && count > rows;
        snprintf(line, sizeof line, "%.*s",
                 last ? (int)strlen(s->course.watch + spans[k].start) : (int)spans[k].len,
                 s->course.watch + spans[k].start);
        for (char *nl = strchr(line, '\n'); nl; nl = strchr(nl, '\n'))
            *nl = ' '; /* the rest of the messages on one row, cut */
        draw_text_cut(r.y + r.h - 1 - rows + k, r.x, r.w, role, line);
    }
}

int view_lesson_lines(const AppState *s, Rect r, int *rows)
{
    *rows = body_rows(s, r);
    if (!s->course.lesson || r.w < 1)
        return 0;
    Narration na;
    narration_open(&na, s);
    int lines = 0;
    for (int i = 0; i < na.n; i++)
        lines += textw_lines_in(na.parts[i].text, r.w, wrap_lang(s), NULL, 0) +
                 (i + 1 < na.n && na.parts[i].gap); /* a blank line between */
    narration_close(&na);
    return lines;
}

void view_lesson_draw(const AppState *s, Rect r)
{
    const Glyphs *g = tui_glyphs();
    if (!s->course.lesson || r.h < 3)
        return;
    for (int y = r.y; y < r.y + r.h; y++) /* the line between the panels and the narration */
        draw_text(y, r.x - 1, 1, ROLE_DIM, g->rule);
    int last = lesson_last_step(s->course.lesson);
    if (s->course.step == 0)
        draw_text(r.y, r.x, r.w, ROLE_DIM, app_label(s, LBL_LESSON_INTRO));
    else
        draw_textf(r.y, r.x, r.w, ROLE_DIM, app_label(s, LBL_LESSON_STEP), s->course.step, last);
    int keys = r.y + r.h - 1;
    draw_textf(keys, r.x, r.w, ROLE_KEY,
               app_label(s, s->course.step == last ? LBL_LESSON_END : LBL_LESSON_KEYS), g->down,
               g->up);

    Narration na;
    narration_open(&na, s);
    const Part *parts = na.parts;
    draw_watch(s, r);
    int rows = body_rows(s, r), line = 0, top = s->course.narration_top, more = 0;
    for (int i = 0; i < na.n; i++) {
        TextSpan spans[MAX_LINES];
        int count = textw_lines_in(parts[i].text, r.w, wrap_lang(s), spans, MAX_LINES);
        count = count < MAX_LINES ? count : MAX_LINES;
        for (int k = 0; k <= count; k++, line++) {
            if (k == count && (i + 1 == na.n || !parts[i].gap))
                break; /* no blank line after the last part, nor where it keeps close */
            int y = r.y + 1 + line - top;
            if (line < top)
                continue;
            if (y >= r.y + 1 + rows) {
                more = 1;
                break;
            }
            if (k < count) {
                char text[1024];
                line_text(text, sizeof text, parts[i].text, spans[k]);
                draw_text(y, r.x + spans[k].indent, r.w - spans[k].indent, parts[i].role, text);
            }
        }
    }
    narration_close(&na);
    /* there is more above or below: say so at the row's end */
    if (top > 0 && rows > 0)
        draw_text_right(r.y + 1, r.x + r.w, 3, ROLE_DIM, g->ellipsis);
    if (more && rows > 0)
        draw_text_right(r.y + rows, r.x + r.w, 3, ROLE_DIM, g->ellipsis);
}

/* Wrapped text from row y on, at most up to row end; returns the row after it. */
static int draw_paragraph(int y, int end, int x, int w, Role role, const char *text)
{
    TextSpan spans[32];
    int count = textw_lines(text, w, spans, 32);
    for (int k = 0; k < count && k < 32 && y < end; k++, y++) {
        char line[APP_QUIZ_MAX];
        if (y == end - 1 && k + 1 < count) /* more than the rows hold: the last one says so */
            snprintf(line, sizeof line, "%s", text + spans[k].start);
        else
            snprintf(line, sizeof line, "%.*s", (int)spans[k].len, text + spans[k].start);
        draw_text_cut(y, x, w, role, line);
    }
    return y;
}

/* The question under its heading, and after the reveal the answer under
 * its own, each indented by two columns; at 80x24 beside a lesson's
 * narration (43 columns) a long answer needs every row and column. */
void view_quiz_draw(const AppState *s, Rect r)
{
    draw_text(r.y, r.x, r.w, ROLE_HEADER, app_label(s, LBL_LESSON_QUIZ));
    int end = r.y + r.h;
    draw_item(ITEM_QUIZ, 0);
    int y = draw_paragraph(r.y + 1, end - 2, r.x + 2, r.w - 2, ROLE_KEY, s->view.quiz);
    draw_item(ITEM_NONE, 0);
    if (!s->view.quiz_hidden && s->view.quiz_answer[0]) { /* revealed: the answer, highlighted */
        if (y + 1 < end)
            draw_text(y + 1, r.x, r.w, ROLE_HEADER, app_label(s, LBL_LESSON_ANSWER));
        draw_item(ITEM_ANSWER, 0);
        draw_paragraph(y + 2, end, r.x + 2, r.w - 2, ROLE_POINTED, s->view.quiz_answer);
        draw_item(ITEM_NONE, 0);
        return;
    }
    draw_paragraph(y + 1, end, r.x + 2, r.w - 2, ROLE_DIM,
                   app_label(s, s->view.quiz_answer[0] ? LBL_ST_QUIZ_ANSWER : LBL_ST_QUIZ));
}

void view_picker_draw(const AppState *s, Rect r)
{
    const Glyphs *g = tui_glyphs();
    draw_textf(r.y, r.x + 2, r.w - 2, ROLE_HEADER, "%s (%s)", app_label(s, LBL_PICKER_TITLE),
               app_lang_code(s->view.lang));
    int rows = r.h - 4, first = 0;
    if (s->course.shelf_sel >= rows && rows > 0) /* keep the chosen one on the screen */
        first = s->course.shelf_sel - rows + 1;
    for (int i = first; i < s->course.n_shelf && i - first < rows; i++) {
        int y = r.y + 2 + i - first, chosen = i == s->course.shelf_sel;
        Role role = chosen ? ROLE_SELECTED : ROLE_NORMAL;
        if (chosen)
            draw_text(y, r.x + 1, 1, ROLE_SELECTED, g->marker);
        draw_textf(y, r.x + 3, 4, role, "%2d", i + 1);
        draw_text(y, r.x + 7, r.w - 8, role, s->course.shelf[i].title);
    }
    draw_textf(r.y + r.h - 1, r.x + 2, r.w - 2, ROLE_KEY, app_label(s, LBL_PICKER_KEYS), g->up, g->down);
}
