/* cli_handout_html.c - a handout as one web page (`tangscope lesson --print
 * --html`): the Markdown handout (cli_handout.c) read back line by line and
 * written as HTML that needs nothing beside it: the style inline, an A4
 * print style with a step to a block that a page break does not cut, the
 * top 8's percentages with bars, the mask triangle and the timings drawn as
 * SVG, and the verse with its pinyin under each character. The page holds
 * the handout's words and figures, no more and no fewer.
 *
 * It reads only what cli_handout.c writes: headings (#, ##, ###), lines of
 * narration, items ("- "), quotes ("> "), tables, fenced blocks (a plain
 * one is a mask), verse (lines indented by six spaces).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "engine/pinyin.h"
#include "engine/vocab.h"

static const char STYLE[] =
    "@page{size:A4;margin:16mm 15mm}"
    "body{font-family:'Noto Sans','Noto Sans CJK SC','Source Han Sans SC',sans-serif;"
    "max-width:46em;margin:1em auto;padding:0 1em;line-height:1.45;color:#111}"
    "h1{font-size:1.6em;border-bottom:2px solid #333}"
    "h2{font-size:1.2em;margin-top:1.4em}"
    "section{break-inside:avoid-page}"
    "h2,h3{break-after:avoid-page}"
    "table{border-collapse:collapse;margin:.5em 0}"
    "td,th{border:1px solid #bbb;padding:.1em .45em}"
    "td.r,th.r{text-align:right}td.c,th.c{text-align:center}"
    "svg{vertical-align:middle}"
    "svg.bar{margin-left:.3em}"
    "pre{background:#f4f4f4;padding:.4em .6em;white-space:pre-wrap}"
    "blockquote{border-left:3px solid #888;margin:.5em 0;padding:0 .8em}"
    ".verse{margin:.4em 0 .4em 2em;font-size:1.15em;line-height:2.3}"
    ".verse .gap{height:.8em}"
    "ruby{ruby-position:under}rt{font-size:.5em;color:#444}"
    "@media print{body{max-width:none;margin:0;padding:0}a{color:inherit}}";

/* Text with & < > escaped, `code`, **strong** and *em* as Markdown means
 * them, and a mark escaped with a backslash as the mark itself ("\*"). */
static void put_inline(FILE *out, const char *t, size_t n)
{
    int code = 0, strong = 0, em = 0;
    for (size_t i = 0; i < n; i++) {
        char c = t[i];
        int escaped = !code && c == '\\' && i + 1 < n && strchr("\\`*_[]#>-", t[i + 1]);
        if (escaped)
            c = t[++i];
        if (escaped && c != '&' && c != '<' && c != '>') {
            fputc(c, out);
        } else if (!escaped && c == '`') {
            fputs(code ? "</code>" : "<code>", out);
            code = !code;
        } else if (!escaped && !code && c == '*' && i + 1 < n && t[i + 1] == '*') {
            fputs(strong ? "</strong>" : "<strong>", out);
            strong = !strong;
            i++;
        } else if (!escaped && !code && c == '*') {
            fputs(em ? "</em>" : "<em>", out);
            em = !em;
        } else if (c == '&') {
            fputs("&amp;", out);
        } else if (c == '<') {
            fputs("&lt;", out);
        } else if (c == '>') {
            fputs("&gt;", out);
        } else {
            fputc(c, out);
        }
    }
    if (code)
        fputs("</code>", out);
    if (strong)
        fputs("</strong>", out);
    if (em)
        fputs("</em>", out);
}

static void put_text(FILE *out, const char *t) { put_inline(out, t, strlen(t)); }

/* A percentage as the handout writes it ("41.1%", "1,6 %", "0,74 %"), or -1. */
static double percent_of(const char *cell)
{
    char num[32];
    size_t n = 0;
    for (const char *c = cell; *c && n + 1 < sizeof num; c++) {
        if (*c >= '0' && *c <= '9')
            num[n++] = *c;
        else if ((*c == '.' || *c == ',') && n > 0)
            num[n++] = '.';
        else if (*c == '%' || (unsigned char)*c == 0xC2) /* the %, or a no-break space before it */
            break;
        else if (*c != ' ')
            return -1;
    }
    num[n] = 0;
    return n > 0 && strchr(cell, '%') ? atof(num) : -1;
}

/* The cells of a table row "| a | b |": up to max, in cells (each a copy). */
static int split_row(const char *line, char cells[][256], int max)
{
    int n = 0;
    const char *p = strchr(line, '|');
    while (p && n < max) {
        const char *q = strchr(p + 1, '|');
        if (!q)
            break;
        const char *a = p + 1, *b = q;
        while (a < b && *a == ' ')
            a++;
        while (b > a && b[-1] == ' ')
            b--;
        snprintf(cells[n++], 256, "%.*s", (int)(b - a), a);
        p = q;
    }
    return n;
}

enum { MAX_COLS = 8, MAX_ROWS = 64 };

typedef struct {
    char cells[MAX_ROWS][MAX_COLS][256];
    char align[MAX_COLS];
    int rows, cols;
} Table;

/* The timings (position | without | with, in ms) as a plot: two lines over
 * the positions, as the explorer's timing panel draws them. */
static void put_timing_plot(FILE *out, const Table *t)
{
    double xs[MAX_ROWS], ys[2][MAX_ROWS], xmax = 1, ymax = 0;
    int n = 0;
    for (int r = 1; r < t->rows; r++, n++) {
        xs[n] = atof(t->cells[r][0]);
        for (int k = 0; k < 2; k++) {
            char v[256];
            snprintf(v, sizeof v, "%s", t->cells[r][1 + k]);
            for (char *c = v; *c; c++)
                if (*c == ',')
                    *c = '.';
            ys[k][n] = atof(v);
            ymax = ys[k][n] > ymax ? ys[k][n] : ymax;
        }
        xmax = xs[n] > xmax ? xs[n] : xmax;
    }
    if (n < 2 || ymax <= 0)
        return;
    const int W = 320, H = 140, L = 10, B = 10;
    fprintf(out, "<svg class=\"plot\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">"
                 "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>"
                 "<line x1=\"%d\" y1=\"0\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>",
            W, H, W, H, L, H - B, W, H - B, L, L, H - B);
    static const char *const colour[2] = {"#c0392b", "#1f6fb2"};
    for (int k = 0; k < 2; k++) {
        fprintf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", colour[k]);
        for (int i = 0; i < n; i++)
            fprintf(out, "%.1f,%.1f ", L + (W - L - 4) * xs[i] / xmax,
                    (H - B) - (H - B - 6) * ys[k][i] / ymax);
        fputs("\"/>", out);
    }
    fputs("</svg>\n", out);
}

/* A table; the top 8's percentages (model, sampler) get a bar, the
 * longest as wide as a bar goes. */
static void put_table(FILE *out, const Table *t)
{
    int top = t->cols == 5, timing = t->cols == 3 && t->rows > 2 && strstr(t->cells[1][1], "ms");
    double most = 0; /* the longest bar takes the bar's width, as on the screen */
    for (int r = 1; top && r < t->rows; r++)
        for (int c = 2; c <= 3; c++)
            most = percent_of(t->cells[r][c]) > most ? percent_of(t->cells[r][c]) : most;
    fputs("<table>\n", out);
    for (int r = 0; r < t->rows; r++) {
        fputs("<tr>", out);
        for (int c = 0; c < t->cols; c++) {
            const char *tag = r == 0 ? "th" : "td";
            const char *cls = t->align[c] == 'r' ? " class=\"r\"" : t->align[c] == 'c' ? " class=\"c\"" : "";
            fprintf(out, "<%s%s>", tag, cls);
            put_text(out, t->cells[r][c]);
            double p = r > 0 && top && (c == 2 || c == 3) ? percent_of(t->cells[r][c]) : -1;
            if (p >= 0 && most > 0)
                fprintf(out, "<svg class=\"bar\" width=\"62\" height=\"9\"><rect width=\"%.1f\" "
                             "height=\"9\" fill=\"%s\"/></svg>",
                        60.0 * p / most, c == 2 ? "#1f6fb2" : "#7f8c8d");
            fprintf(out, "</%s>", tag);
        }
        fputs("</tr>\n", out);
    }
    fputs("</table>\n", out);
    if (timing)
        put_timing_plot(out, t);
}

/* The characters of a line, one by one: cp and its bytes, from *p. */
static uint32_t next_cp(const char **p)
{
    uint32_t cp;
    size_t pos = 0, n = 0;
    while (n < 4 && (*p)[n])
        n++;
    if (utf8_decode(*p, n, &pos, &cp) != 0) {
        (*p)++;
        return 0xFFFD;
    }
    *p += pos;
    return cp;
}

/* A mask's grid (the lines of a plain fenced block: the keys, then the
 * rows) as SVG: a square per key a query may see, dark for the rows of this
 * pass, grey for the cached ones, a white one with the legend's dot for a
 * masked key; the characters and positions as text. */
static void put_mask_svg(FILE *out, char lines[][256], int n)
{
    enum { CELL = 18, LEFT = 60, TOP = 22 };
    int keys = 0;
    const char *p = lines[0];
    uint32_t key_cps[64];
    while (*p && (*p != ' ' || p[1] != ' '))
        p++; /* the axis label */
    while (*p && keys < 64) {
        uint32_t cp = next_cp(&p);
        if (cp != ' ' && cp != 0x25C2)
            key_cps[keys++] = cp;
    }
    int rows = n - 1;
    fprintf(out, "<svg class=\"mask\" width=\"%d\" height=\"%d\">", LEFT + keys * CELL + 4,
            TOP + rows * CELL + 4);
    for (int k = 0; k < keys; k++) {
        char b[8] = {0};
        utf8_encode(key_cps[k], b);
        fprintf(out, "<text x=\"%d\" y=\"15\" font-size=\"13\" text-anchor=\"middle\">%s</text>",
                LEFT + k * CELL + CELL / 2, b);
    }
    for (int r = 0; r < rows; r++) {
        const char *q = lines[1 + r];
        int now = q[0] == '>';
        int pos = atoi(q + 1);
        q += 6; /* the mark and the position */
        uint32_t ch = next_cp(&q);
        char b[8] = {0};
        utf8_encode(ch, b);
        int y = TOP + r * CELL;
        fprintf(out, "<text x=\"2\" y=\"%d\" font-size=\"12\" fill=\"%s\">%d</text>"
                     "<text x=\"34\" y=\"%d\" font-size=\"13\">%s</text>",
                y + 13, now ? "#000" : "#888", pos, y + 13, b);
        int k = 0;
        while (*q && k < keys) {
            uint32_t cp = next_cp(&q);
            if (cp != 0x25A0 && cp != 0xB7)
                continue;
            const char *fill = cp == 0xB7 ? "#fff" : now ? "#1f3b73" : "#a9b4c8";
            fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                         "stroke=\"#999\"/>",
                    LEFT + k * CELL + 1, y + 1, CELL - 2, CELL - 2, fill);
            if (cp == 0xB7) /* masked: the legend's dot, as the screen draws it */
                fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"1.5\" fill=\"#666\"/>",
                        LEFT + k * CELL + CELL / 2, y + CELL / 2);
            k++;
        }
    }
    fputs("</svg>\n", out);
}

/* A line of verse with its pinyin under each character (ruby). */
static void put_verse_line(FILE *out, const char *line, const Pinyin *py)
{
    const char *p = line;
    while (*p == ' ')
        p++;
    fputs("<div>", out);
    while (*p) {
        const char *at = p;
        uint32_t cp = next_cp(&p);
        const PinyinEntry *e = py ? pinyin_find(py, cp) : NULL;
        char reading[64];
        if (e && pinyin_reading(e, 0, reading, sizeof reading) > 0) {
            fprintf(out, "<ruby>%.*s<rt>%s</rt></ruby>", (int)(p - at), at, reading);
        } else {
            put_inline(out, at, (size_t)(p - at));
        }
    }
    fputs("</div>\n", out);
}

/* The state of the page as the lines go: what is open. */
typedef struct {
    FILE *out;
    const Pinyin *py;
    int section, list, quote, verse, para;
    int fence; /* in a fenced block: 1 plain (a mask), 2 with a language (code) */
    char block[MAX_ROWS][256];
    int n_block;
    Table table;
    int in_table;
} Page;

/* Close what is open but sections: a list, a quote, verse, a paragraph, a table. */
static void close_blocks(Page *g)
{
    if (g->list)
        fputs("</ul>\n", g->out);
    if (g->quote)
        fputs("</blockquote>\n", g->out);
    if (g->verse)
        fputs("</div>\n", g->out);
    if (g->para)
        fputs("</p>\n", g->out);
    if (g->in_table)
        put_table(g->out, &g->table);
    g->list = g->quote = g->verse = g->para = g->in_table = 0;
}

static void close_section(Page *g)
{
    close_blocks(g);
    if (g->section)
        fputs("</section>\n", g->out);
    g->section = 0;
}

/* A table's row: the header, the line of alignments, the rows. */
static void table_row(Page *g, const char *line)
{
    Table *t = &g->table;
    char cells[MAX_COLS][256];
    int n = split_row(line, cells, MAX_COLS);
    if (!g->in_table) {
        close_blocks(g);
        g->in_table = 1;
        t->rows = 0;
        t->cols = n;
    }
    if (strstr(line, "---")) { /* the alignments */
        for (int c = 0; c < n && c < MAX_COLS; c++) {
            size_t len = strlen(cells[c]);
            t->align[c] = len && cells[c][len - 1] == ':' ? (cells[c][0] == ':' ? 'c' : 'r') : 'l';
        }
        return;
    }
    if (t->rows >= MAX_ROWS)
        return;
    for (int c = 0; c < t->cols; c++)
        memcpy(t->cells[t->rows][c], c < n ? cells[c] : "", c < n ? 256 : 1);
    t->rows++;
}

/* The end of a fenced block: a mask's grid as SVG, code as code. */
static void fence_end(Page *g)
{
    if (g->fence == 1 && g->n_block >= 2) {
        put_mask_svg(g->out, g->block, g->n_block);
    } else {
        fputs("<pre><code>", g->out);
        for (int i = 0; i < g->n_block; i++) {
            put_inline(g->out, g->block[i], strlen(g->block[i]));
            fputc('\n', g->out);
        }
        fputs("</code></pre>\n", g->out);
    }
    g->fence = 0;
    g->n_block = 0;
}

/* One line of the Markdown handout. */
static void page_line(Page *g, const char *line)
{
    FILE *out = g->out;
    if (g->fence) {
        if (strcmp(line, "```") == 0)
            fence_end(g);
        else if (g->n_block < MAX_ROWS)
            snprintf(g->block[g->n_block++], 256, "%s", line);
        return;
    }
    if (strncmp(line, "```", 3) == 0) {
        close_blocks(g);
        g->fence = line[3] ? 2 : 1;
        return;
    }
    if (line[0] == '|') {
        table_row(g, line);
        return;
    }
    if (strncmp(line, "      ", 6) == 0) { /* verse */
        if (!g->verse) {
            close_blocks(g);
            fputs("<div class=\"verse\">\n", out);
            g->verse = 1;
        }
        put_verse_line(out, line, g->py);
        return;
    }
    if (line[0] == 0) { /* an empty line: a new poem inside verse, else the end of a block */
        if (!g->verse)
            close_blocks(g);
        return;
    }
    if (g->verse) /* the verse ends at the first line that is not */
        close_blocks(g);
    if (strncmp(line, "# ", 2) == 0 || strncmp(line, "## ", 3) == 0) {
        close_section(g);
        int h = line[1] == '#' ? 2 : 1;
        fputs(h == 2 ? "<section>" : "<section class=\"intro\">", out);
        g->section = 1;
        fprintf(out, "<h%d>", h);
        put_text(out, line + h + 1);
        fprintf(out, "</h%d>\n", h);
    } else if (strncmp(line, "### ", 4) == 0) {
        close_blocks(g);
        fputs("<h3>", out);
        put_text(out, line + 4);
        fputs("</h3>\n", out);
    } else if (strncmp(line, "- ", 2) == 0) {
        if (!g->list) {
            close_blocks(g);
            fputs("<ul>\n", out);
            g->list = 1;
        }
        fputs("<li>", out);
        put_text(out, line + 2);
        fputs("</li>\n", out);
    } else if (strncmp(line, "> ", 2) == 0) {
        if (!g->quote) {
            close_blocks(g);
            fputs("<blockquote>\n", out);
            g->quote = 1;
        }
        fputs("<p>", out);
        put_text(out, line + 2);
        fputs("</p>\n", out);
    } else {
        if (!g->para) {
            close_blocks(g);
            fputs("<p>", out);
            g->para = 1;
        } else {
            fputc('\n', out);
        }
        put_text(out, line);
    }
}

int cli_handout_html(FILE *out, const char *md, size_t len, const char *lang_code,
                     const Pinyin *py)
{
    const char *end = md + len, *title = strstr(md, "# ");
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<meta name=\"viewport\" content=\"width=device-width\">\n<title>",
            lang_code);
    if (title == md) {
        const char *nl = memchr(title, '\n', (size_t)(end - title));
        put_inline(out, title + 2, (size_t)((nl ? nl : end) - title - 2));
    }
    fprintf(out, "</title>\n<style>%s</style>\n</head>\n<body>\n", STYLE);
    Page g = {.out = out, .py = py};
    char line[4096];
    for (const char *p = md; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = (size_t)((nl ? nl : end) - p);
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p);
        page_line(&g, line);
        p += n + 1;
    }
    if (g.fence)
        fence_end(&g);
    close_section(&g);
    fputs("</body>\n</html>\n", out);
    return ferror(out) ? -1 : 0;
}
