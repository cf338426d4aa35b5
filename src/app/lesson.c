/* lesson.c - reading a lesson's Markdown into steps, and running them (see lesson.h). */
#include "app/lesson.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/commands.h"
#include "app/figures.h"
#include "engine/bytebuf.h"
#include "engine/fileio.h"
#include "app/script.h"

static char *dup_n(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = 0;
    }
    return p;
}

/* ---- reading the Markdown ---- */

typedef struct {
    Lesson *l;
    LessonProblem problem;
    void *ctx;
    int problems;
    int oom;
    ByteBuf narration;       /* of the step being read */
    /* the fenced block we are in, if any */
    int in_fence, fence_line, fence_is_script;
    char fence_char;
    size_t fence_len;
    int code_open;     /* the line a `code` span was left open on, 0: none */
} Reader;

static void problem_at(Reader *r, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void problem_at(Reader *r, int line, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, ts_text(fmt), ap); /* in the messages' language (errtext.h) */
    va_end(ap);
    r->problems++;
    if (r->problem)
        r->problem(r->ctx, line, msg);
}

static LessonStep *current(Reader *r) { return &r->l->steps[r->l->n_steps - 1]; }

/* Close the narration of the step being read: without blank lines at its ends. */
static void finish_step(Reader *r)
{
    if (r->l->n_steps == 0)
        return;
    char *text = bytebuf_take(&r->narration);
    if (!text) {
        r->oom = 1;
        return;
    }
    size_t a = 0, n = strlen(text);
    while (text[a] == '\n' || text[a] == ' ' || text[a] == '\t')
        a++;
    while (n > a && (text[n - 1] == '\n' || text[n - 1] == ' ' || text[n - 1] == '\t'))
        n--;
    /* a tangscope block taken out leaves blank lines on both sides: keep one */
    size_t w = 0;
    for (size_t i = a; i < n; i++) {
        if (text[i] == '\n' && w >= 2 && text[w - 1] == '\n' && text[w - 2] == '\n')
            continue;
        text[w++] = text[i];
    }
    text[w] = 0;
    current(r)->narration = text;
    if ((current(r)->plain = lesson_plain_text(text)) == NULL)
        r->oom = 1;
}

static void start_step(Reader *r, const char *heading, size_t len, int line)
{
    finish_step(r);
    LessonStep *steps = realloc(r->l->steps, (size_t)(r->l->n_steps + 1) * sizeof *steps);
    if (!steps) {
        r->oom = 1;
        return;
    }
    r->l->steps = steps;
    LessonStep *st = &steps[r->l->n_steps++];
    *st = (LessonStep){0};
    st->heading = dup_n(heading, len);
    st->line = line;
    if (!st->heading)
        r->oom = 1;
}

static void add_command(Reader *r, const char *text, size_t len, int line)
{
    LessonStep *st = current(r);
    LessonLine *cmds = realloc(st->cmds, (size_t)(st->n_cmds + 1) * sizeof *cmds);
    if (!cmds) {
        r->oom = 1;
        return;
    }
    st->cmds = cmds;
    cmds[st->n_cmds].line = line;
    cmds[st->n_cmds].text = dup_n(text, len);
    if (!cmds[st->n_cmds++].text)
        r->oom = 1;
}

/* Forget the commands of the step being read that come after line: those
 * of a tangscope block never closed, which are the rest of the file (a step
 * cannot start inside a block), so that the block is reported once, not as
 * each line of narration that is no command. */
static void drop_commands_after(Reader *r, int line)
{
    if (r->l->n_steps == 0)
        return;
    LessonStep *st = current(r);
    while (st->n_cmds > 0 && st->cmds[st->n_cmds - 1].line > line)
        free(st->cmds[--st->n_cmds].text);
}

/* A fence: up to three spaces, then three or more ` or ~. Returns its
 * length (0: not a fence) and where the info string starts. */
static size_t fence_at(const char *s, size_t n, char *ch, size_t *info)
{
    size_t i = 0;
    while (i < n && i < 3 && s[i] == ' ')
        i++;
    if (i >= n || (s[i] != '`' && s[i] != '~'))
        return 0;
    size_t j = i;
    while (j < n && s[j] == s[i])
        j++;
    if (j - i < 3)
        return 0;
    *ch = s[i];
    *info = j;
    return j - i;
}

static int blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t')
            return 0;
    return 1;
}

/* [a, b) of s without white space at its ends. */
static void trim_span(const char *s, size_t n, size_t *a, size_t *b)
{
    *a = 0;
    *b = n;
    while (*a < *b && (s[*a] == ' ' || s[*a] == '\t'))
        (*a)++;
    while (*b > *a && (s[*b - 1] == ' ' || s[*b - 1] == '\t'))
        (*b)--;
}

static void read_fence_line(Reader *r, const char *s, size_t n, int line)
{
    char ch;
    size_t info, len = fence_at(s, n, &ch, &info);
    if (len && ch == r->fence_char && len >= r->fence_len && blank(s + info, n - info)) {
        r->in_fence = 0; /* the closing fence */
        if (!r->fence_is_script) {
            bytebuf_put(&r->narration, s, n);
            bytebuf_str(&r->narration, "\n");
        }
        return;
    }
    if (!r->fence_is_script) {
        bytebuf_put(&r->narration, s, n);
        bytebuf_str(&r->narration, "\n");
        return;
    }
    size_t a, b;
    trim_span(s, n, &a, &b);
    if (a < b && s[a] != '#') /* blank lines and comments do nothing */
        add_command(r, s + a, b - a, line);
}

static void read_line(Reader *r, const char *s, size_t n, int line)
{
    if (r->in_fence) {
        read_fence_line(r, s, n, line);
        return;
    }
    char ch;
    size_t info, len = fence_at(s, n, &ch, &info);
    if (len) {
        size_t a, b;
        trim_span(s + info, n - info, &a, &b);
        size_t word = a;
        while (word < b && s[info + word] != ' ' && s[info + word] != '\t')
            word++;
        r->in_fence = 1;
        r->fence_char = ch;
        r->fence_len = len;
        r->fence_line = line;
        r->fence_is_script = word - a == 9 && strncmp(s + info + a, "tangscope", 9) == 0;
        if (!r->fence_is_script) {
            bytebuf_put(&r->narration, s, n);
            bytebuf_str(&r->narration, "\n");
        }
        return;
    }
    if (n >= 2 && s[0] == '#' && s[1] == '#' && (n == 2 || s[2] == ' ' || s[2] == '\t')) {
        size_t a, b;
        trim_span(s + 2, n - 2, &a, &b);
        if (a == b)
            problem_at(r, line, "a step needs a heading after '## '");
        start_step(r, s + 2 + a, b - a, line);
        return;
    }
    if (n >= 1 && s[0] == '#' && (n == 1 || s[1] == ' ' || s[1] == '\t'))
        problem_at(r, line, "a second title: a step starts with '## ', the title is the first line");
    /* the screen reads a `code` span line by line (lesson_plain_text): one
     * left open would run on to the end of the line and the next line's
     * would open where it was meant to close */
    int ticks = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n)
            i++;
        else
            ticks += s[i] == '`';
    }
    if (blank(s, n))
        r->code_open = 0; /* a paragraph ends: so does any span */
    else if (ticks % 2 && !r->code_open) {
        problem_at(r, line, "a `code` span opens on this line and does not close on it: keep it on one line");
        r->code_open = line;
    } else if (ticks % 2) {
        r->code_open = 0; /* where the span told above closes */
    }
    bytebuf_put(&r->narration, s, n);
    bytebuf_str(&r->narration, "\n");
}

int lesson_parse(Lesson *l, const char *path, const char *text, size_t len, LessonProblem problem,
                 void *ctx, TsErr *err)
{
    memset(l, 0, sizeof *l);
    Reader r = {.l = l, .problem = problem, .ctx = ctx};
    l->path = dup_n(path, strlen(path));
    const char *p = text, *end = text + len;
    int line = 0, have_title = 0;
    while (p < end && !r.oom) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        size_t n = (size_t)(e - p);
        if (n > 0 && p[n - 1] == '\r')
            n--;
        line++;
        if (!have_title && blank(p, n)) {
            p = nl ? nl + 1 : end;
            continue; /* blank lines before the title */
        }
        if (!have_title) {
            have_title = 1;
            size_t a = 0, b = 0;
            if (n >= 2 && p[0] == '#' && (p[1] == ' ' || p[1] == '\t'))
                trim_span(p + 2, n - 2, &a, &b);
            if (b > a) {
                l->title = dup_n(p + 2 + a, b - a);
                start_step(&r, l->title ? l->title : "", l->title ? strlen(l->title) : 0, line);
            } else {
                problem_at(&r, line, "a lesson starts with its title: '# Title'");
                start_step(&r, "", 0, line);
                if (p[0] != '#' || (n > 1 && p[1] == '#'))
                    read_line(&r, p, n, line); /* narration, or the first step */
            }
        } else {
            read_line(&r, p, n, line);
        }
        p = nl ? nl + 1 : end;
    }
    if (!have_title) {
        if (len == 0)
            problem_at(&r, 1, "the file is empty: a lesson starts with its title, '# Title'");
        else
            problem_at(&r, 1, "the lesson has no title: it starts with '# Title'");
        start_step(&r, "", 0, 1);
    }
    if (r.in_fence) {
        problem_at(&r, r.fence_line, "this code block is never closed");
        drop_commands_after(&r, r.fence_line); /* the rest of the file, read as commands */
    }
    finish_step(&r);
    if (!l->title)
        l->title = dup_n("", 0);
    if (l->n_steps < 2 && !r.oom)
        problem_at(&r, 1, "no steps: each step starts with a heading, '## Heading'");
    if (r.oom || !l->path || !l->title) {
        lesson_free(l);
        return ts_fail(err, "out of memory reading %s", path);
    }
    return r.problems;
}

int lesson_load(Lesson *l, const char *path, LessonProblem problem, void *ctx, TsErr *err)
{
    unsigned char *text;
    size_t len;
    memset(l, 0, sizeof *l);
    if (read_file(path, FILE_TEXT, &text, &len, err) != 0)
        return -1;
    int rc = lesson_parse(l, path, (const char *)text, len, problem, ctx, err);
    free(text);
    return rc;
}

void lesson_free(Lesson *l)
{
    for (int i = 0; i < l->n_steps; i++) {
        LessonStep *st = &l->steps[i];
        for (int j = 0; j < st->n_cmds; j++)
            free(st->cmds[j].text);
        free(st->cmds);
        free(st->heading);
        free(st->narration);
        free(st->plain);
    }
    free(l->steps);
    free(l->path);
    free(l->title);
    memset(l, 0, sizeof *l);
}

/* ---- running ---- */

/* lesson_enter, with each `expect` the machine cannot decide told to
 * skipped (when not NULL). */
static int enter(AppState *s, const Lesson *l, int k, int strict, LessonProblem problem,
                 LessonProblem skipped, void *ctx)
{
    if (k < 0 || k >= l->n_steps)
        return 0;
    /* the quiz and the pointer belong to the step that set them */
    if (app_view_is_open(&s->view.views, VIEW_HELP))
        app_apply(s, CMD_VIEW, cmd_arg(VIEW_HELP)); /* closes it */
    if (s->view.quiz[0] || s->view.quiz_hidden)
        app_apply(s, CMD_QUIZ, (CmdArg){.text = NULL});
    if (s->view.point != PANEL_NONE)
        app_apply(s, CMD_POINT, cmd_arg(PANEL_NONE));
    const LessonStep *st = &l->steps[k];
    int problems = 0;
    for (int i = 0; i < st->n_cmds; i++) {
        if (lesson_skips(s, l, st->cmds[i].text))
            continue;
        ScriptOut out = {.sync_jobs = 1, .lesson_path = l->path};
        int rc = script_run(s, st->cmds[i].text, &out);
        if (rc == SCRIPT_FAILED || (rc == SCRIPT_UNCHECKED && strict)) {
            problems++;
            if (problem)
                problem(ctx, st->cmds[i].line, out.msg);
        } else if (rc == SCRIPT_SKIPPED && skipped) {
            skipped(ctx, st->cmds[i].line, out.msg);
        }
    }
    return problems;
}

int lesson_enter(AppState *s, const Lesson *l, int k, int strict, LessonProblem problem, void *ctx)
{
    return enter(s, l, k, strict, problem, NULL, ctx);
}

int lesson_check_step(AppState *s, const Lesson *l, int k, LessonProblem problem,
                      LessonProblem skipped, void *ctx)
{
    return enter(s, l, k, 1, problem, skipped, ctx);
}

int lesson_goto(AppState *s, const Lesson *l, int k, AppLang lang, int strict,
                LessonProblem problem, void *ctx)
{
    s->view.lang = lang; /* first: the welcome comes in it */
    app_reset(s);
    int problems = 0;
    for (int i = 0; i <= k && i < l->n_steps; i++)
        problems += lesson_enter(s, l, i, strict, problem, ctx);
    return problems;
}

int lesson_step_runs(const Lesson *l, int k, const char *verb)
{
    if (k < 0 || k >= l->n_steps)
        return 0;
    for (int i = 0; i < l->steps[k].n_cmds; i++) {
        const ScriptVerb *v = script_verb_of(l->steps[k].cmds[i].text);
        if (v && strcmp(v->name, verb) == 0)
            return 1;
    }
    return 0;
}

int lesson_about_bundled(const Lesson *l)
{
    for (int k = 0; k < l->n_steps; k++)
        if (lesson_step_runs(l, k, "model"))
            return 1;
    return 0;
}

int lesson_skips(const AppState *s, const Lesson *l, const char *line)
{
    return s->text.model_other && script_claim_about_model(line) && lesson_about_bundled(l);
}

int lesson_marks_figures(const AppState *s, const Lesson *l)
{
    return s->text.model_other && lesson_about_bundled(l);
}

char *lesson_narration_marked(const AppState *s, const Lesson *l, int k, int *marks)
{
    const char *md = l->steps[k].narration;
    *marks = 0;
    if (!lesson_marks_figures(s, l)) {
        char *copy = malloc(strlen(md) + 1);
        return copy ? strcpy(copy, md) : NULL;
    }
    return figures_marked(md, s->view.lang, "\\" LESSON_MARK,
                          marks); /* escaped: a mark, not emphasis */
}

char *lesson_plain_marked(const AppState *s, const Lesson *l, int k, int *marks)
{
    char *md = lesson_narration_marked(s, l, k, marks);
    char *plain = md ? lesson_plain_text(md) : NULL;
    free(md);
    return plain;
}

AppLang lesson_lang_of(const char *path, AppLang fallback)
{
    /* the folder the file is in: .../de/02-temperature.md */
    const char *slash = strrchr(path, '/');
    if (!slash)
        return fallback;
    const char *start = slash;
    while (start > path && start[-1] != '/')
        start--;
    char dir[8];
    size_t n = (size_t)(slash - start);
    if (n == 0 || n >= sizeof dir)
        return fallback;
    memcpy(dir, start, n);
    dir[n] = 0;
    int lang = app_lang_parse(dir);
    return lang < 0 ? fallback : (AppLang)lang;
}

/* `lang CODE` among the introduction's commands: the language the lesson
 * names for itself, or -1. Its first word is the verb, its second the code. */
int lesson_own_lang(const Lesson *l)
{
    if (l->n_steps < 1)
        return -1;
    const LessonStep *intro = &l->steps[0];
    for (int i = 0; i < intro->n_cmds; i++) {
        const char *t = intro->cmds[i].text;
        t += strspn(t, " \t");
        if (strncmp(t, "lang", 4) != 0 || (t[4] != ' ' && t[4] != '\t'))
            continue;
        t += 4 + strspn(t + 4, " \t");
        char code[8];
        size_t n = strcspn(t, " \t");
        if (n == 0 || n >= sizeof code || t[n + strspn(t + n, " \t")] != 0)
            continue;
        memcpy(code, t, n);
        code[n] = 0;
        return app_lang_parse(code);
    }
    return -1;
}

AppLang lesson_lang(const Lesson *l, AppLang fallback)
{
    int own = lesson_own_lang(l);
    return own >= 0 ? (AppLang)own : lesson_lang_of(l->path, fallback);
}

/* ---- the narration as plain text ---- */

/* Is the code point wide (CJK and its punctuation)? Lines of such text join
 * without a space; lines of Latin text join with one. */
static int is_wide(uint32_t cp) { return cp >= 0x2E80 && cp < 0xFFEF; }

static uint32_t first_cp(const char *s, size_t n)
{
    size_t pos = 0;
    uint32_t cp = 0;
    utf8_decode(s, n, &pos, &cp);
    return cp;
}

static uint32_t last_cp(const char *s, size_t n)
{
    size_t start = utf8_back(s, n);
    return first_cp(s + start, n - start);
}

/* A list item: "- ", "* ", "+ " or "1. " (after up to three spaces). */
static int is_list_item(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && i < 3 && s[i] == ' ')
        i++;
    if (i + 1 < n && (s[i] == '-' || s[i] == '*' || s[i] == '+') && s[i + 1] == ' ')
        return 1;
    size_t d = i;
    while (d < n && s[d] >= '0' && s[d] <= '9')
        d++;
    return d > i && d + 1 < n && s[d] == '.' && s[d + 1] == ' ';
}

/* Append a line of text without the marks of emphasis and code. The spaces
 * of a `code` span become no-break spaces (U+00A0), so that the screen never
 * breaks a command such as `mid-text on` across two lines (textw.h); the
 * narration pane draws them as plain spaces. */
static void add_inline(ByteBuf *b, const char *s, size_t n, int is_item)
{
    int code = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '`')
            code = !code;
        if (code && s[i] == ' ') {
            bytebuf_str(b, "\xC2\xA0");
            continue;
        }
        if (s[i] == '\\' && i + 1 < n && strchr("\\`*_[]#>-", s[i + 1])) {
            bytebuf_put(b, s + ++i, 1); /* an escaped mark is the mark itself */
            continue;
        }
        int item_mark = is_item && s[i] == '*' && i + 1 < n && s[i + 1] == ' ' && blank(s, i);
        if ((s[i] == '*' || s[i] == '`') && !item_mark)
            continue;
        bytebuf_put(b, s + i, 1);
    }
}

/* Append a line of narration outside a fence: a heading on a line of its
 * own, a list item or a quotation without its mark; a line that goes on a
 * paragraph joins it (with a space between words of Latin text). Returns
 * whether a paragraph is open after it. */
static int add_text_line(ByteBuf *out, const char *p, size_t n, int in_para)
{
    size_t a = 0;
    int item = is_list_item(p, n), heading = p[0] == '#';
    if (heading)
        while (a < n && (p[a] == '#' || p[a] == ' '))
            a++;
    else if (p[0] == '>') /* a quotation: its text */
        for (a = 1; a < n && p[a] == ' '; a++) {
        }
    else if (!item)
        while (a < n && (p[a] == ' ' || p[a] == '\t'))
            a++;
    if (in_para && (item || heading))
        bytebuf_str(out, "\n");
    else if (in_para && out->len) {
        /* the same paragraph: one line, with a space between words of Latin text */
        uint32_t last = last_cp(out->p, out->len), first = first_cp(p + a, n - a);
        if (!is_wide(last) && !is_wide(first))
            bytebuf_str(out, " ");
    }
    add_inline(out, p + a, n - a, item);
    if (heading)
        bytebuf_str(out, "\n");
    return !heading;
}

char *lesson_plain_text(const char *md)
{
    ByteBuf out = {0};
    const char *p = md;
    int in_fence = 0, in_para = 0;
    char fence_char = 0;
    size_t fence_len = 0;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char ch;
        size_t info, len = fence_at(p, n, &ch, &info);
        if (in_fence) {
            if (len && ch == fence_char && len >= fence_len && blank(p + info, n - info))
                in_fence = 0;
            else {
                bytebuf_str(&out, "  ");
                bytebuf_put(&out, p, n);
                bytebuf_str(&out, "\n");
            }
        } else if (len) {
            if (in_para)
                bytebuf_str(&out, "\n");
            in_fence = 1;
            in_para = 0;
            fence_char = ch;
            fence_len = len;
        } else if (blank(p, n)) {
            if (in_para)
                bytebuf_str(&out, "\n");
            if (out.len && (out.len < 2 || strcmp(out.p + out.len - 2, "\n\n") != 0))
                bytebuf_str(&out, "\n");
            in_para = 0;
        } else {
            in_para = add_text_line(&out, p, n, in_para);
        }
        p = nl ? nl + 1 : p + n;
    }
    if (in_para)
        bytebuf_str(&out, "\n");
    return bytebuf_take(&out);
}
