/* cli.c - option parsing, error lines, finding the bundled assets, threads. */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */
#include "cli/cli.h"
#include "cli/progress.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/errtext.h"
#include "app/labels.h"
#include "app/textw.h"
#include "engine/fileio.h"
#include "engine/sgemm.h"
#include "engine/vocab.h"

/* The interface language of this run (cli.h cli_lang). */
static AppLang g_lang;
static int g_lang_known;
static int g_lang_given; /* by --lang, not the locale */

AppLang cli_lang(void)
{
    if (!g_lang_known) {
        g_lang = app_lang_from_env();
        g_lang_known = 1;
    }
    return g_lang;
}

int cli_lang_given(void) { return g_lang_given; }

const char *cli_label(LabelId id) { return app_label_in(cli_lang(), id); }

const char *cli_label_n(LabelId id, long n) { return app_label_n_in(cli_lang(), id, n); }

void cli_lang_init(int argc, char **argv)
{
    /* text is measured in columns (a Chinese character takes two): that
     * needs a UTF-8 LC_CTYPE (textw.h: the one place that sets it); without
     * one, what can be measured is measured, and the explorer refuses */
    textw_locale_utf8();
    cli_lang();
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            break;
        const char *v = strncmp(argv[i], "--lang=", 7) == 0 ? argv[i] + 7
                        : strcmp(argv[i], "--lang") == 0 && i + 1 < argc ? argv[i + 1] : NULL;
        int lang = app_lang_parse(v);
        if (lang >= 0) {
            g_lang = (AppLang)lang;
            g_lang_given = 1;
        }
    }
    errtext_use(g_lang); /* the engine's messages speak it too */
}

/* --lang VALUE, which every command takes: the one place a code is read. */
static int set_lang(const char *cmd, const char *val)
{
    int lang = app_lang_parse(val);
    if (lang < 0) {
        TsQuoted q;
        return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_BAD_LANG), app_lang_codes(", "),
                         ts_quote(&q, val));
    }
    g_lang = (AppLang)lang;
    g_lang_known = 1;
    g_lang_given = 1;
    errtext_use(g_lang);
    return 0;
}

void cli_put_right(FILE *out, const char *text, int width)
{
    for (int w = textw_width(text); w < width; w++)
        fputc(' ', out);
    fputs(text, out);
}

void cli_put_left(FILE *out, const char *text, int width)
{
    fputs(text, out);
    for (int w = textw_width(text); w < width; w++)
        fputc(' ', out);
}

int cli_check_lang(const char *cmd, int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        const char *v = strncmp(argv[i], "--lang=", 7) == 0 ? argv[i] + 7 : NULL;
        if (strcmp(argv[i], "--lang") == 0) {
            if (i + 1 >= argc)
                return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_NEEDS_VALUE), "--lang");
            v = argv[++i];
        }
        int rc = v ? set_lang(cmd, v) : 0;
        if (rc)
            return rc;
    }
    return 0;
}

/* ---- printing a help: 80 columns in every language ----
 * A help is written as lines; a block of them (a paragraph, or an option or
 * a table row with the lines that continue its description) that has a line
 * wider than HELP_COLS is wrapped again, at the column its description
 * starts (the translations write each block as one line and leave the
 * wrapping to this). Blocks that fit are printed as written. */
enum { HELP_COLS = 80 };

typedef struct {
    const char *s;
    size_t len;
} HelpLine;

static int line_indent(HelpLine l)
{
    int n = 0;
    while ((size_t)n < l.len && l.s[n] == ' ')
        n++;
    return n;
}

/* The byte at which an item's description starts: after the first gap of
 * two or more spaces that follows text ("  --top N   how many"), or 0. */
static size_t line_gap(HelpLine l)
{
    size_t i = (size_t)line_indent(l);
    while (i + 1 < l.len) {
        if (l.s[i] == ' ' && l.s[i + 1] == ' ') {
            while (i < l.len && l.s[i] == ' ')
                i++;
            return i < l.len ? i : 0;
        }
        i++;
    }
    return 0;
}

static int line_width(HelpLine l)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%.*s", (int)(l.len < sizeof buf ? l.len : sizeof buf - 1), l.s);
    return textw_width(buf);
}

/* Is the last character of s[0..n) wide, or the first of t? (Chinese lines
 * join without a space.) */
static int wide_at(const char *s, size_t n, int last)
{
    size_t at = 0, pos = 0;
    uint32_t cp = 0;
    if (last)
        for (at = n; at > 0 && ((unsigned char)s[at - 1] & 0xC0) == 0x80; at--)
            ;
    pos = last && at > 0 ? at - 1 : 0;
    return n > 0 && utf8_decode(s, n, &pos, &cp) == 0 && textw_cp_width(cp) == 2;
}

/* Print lines [0, n) as one block: the first's head (head bytes, `hang`
 * columns), then the rest of the text wrapped in the columns after it. */
static void reflow(FILE *out, const HelpLine *l, int n, size_t head, int hang)
{
    size_t cap = 1;
    for (int i = 0; i < n; i++)
        cap += l[i].len + 1;
    char *text = malloc(cap);
    if (!text)
        return;
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        size_t from = i ? (size_t)line_indent(l[i]) : head;
        if (len && l[i].len > from && !(wide_at(text, len, 1) && wide_at(l[i].s + from, l[i].len - from, 0)))
            text[len++] = ' ';
        memcpy(text + len, l[i].s + from, l[i].len - from);
        len += l[i].len - from;
    }
    text[len] = 0;
    int cols = HELP_COLS - hang > 20 ? HELP_COLS - hang : 20;
    fprintf(out, "%.*s", (int)head, l[0].s);
    for (const char *p = text; *p;) {
        size_t k = textw_wrap_in(p, cols, lang_row(cli_lang())->wrap);
        if (k == 0)
            break;
        size_t end = k;
        while (end > 0 && p[end - 1] == ' ')
            end--;
        if (p != text)
            fprintf(out, "%*s", hang, "");
        fprintf(out, "%.*s\n", (int)end, p);
        p += k;
        while (*p == ' ')
            p++;
    }
    free(text);
}

/* Does the line end a sentence (. : 。 ：)? Then the next line of a paragraph
 * starts a paragraph of its own. */
static int ends_sentence(HelpLine l)
{
    size_t n = l.len;
    while (n > 0 && l.s[n - 1] == ' ')
        n--;
    static const char *const ENDS[] = {".", ":", "。", "："};
    for (size_t i = 0; i < sizeof ENDS / sizeof ENDS[0]; i++) {
        size_t e = strlen(ENDS[i]);
        if (n >= e && memcmp(l.s + n - e, ENDS[i], e) == 0)
            return 1;
    }
    return 0;
}

/* How many lines from l[0] make its block, and where its description starts
 * (head bytes, hang columns). */
static int help_block(const HelpLine *l, int n, size_t *head, int *hang)
{
    int ind = line_indent(l[0]);
    size_t gap = line_gap(l[0]);
    int want; /* the indent of the lines that continue it */
    if (l[0].len >= 6 && strncmp(l[0].s, "usage:", 6) == 0) {
        /* "usage: tangscope CMD " and its options */
        size_t at = 0;
        for (int words = 0; at < l[0].len && words < 3; words++) {
            at += strcspn(l[0].s + at, " ");
            at += at < l[0].len;
        }
        *head = at;
        want = n > 1 && line_indent(l[1]) > 0 ? line_indent(l[1]) : (int)at;
    } else if (ind > 0 && gap) {
        *head = gap; /* an option, a row of a table */
        want = line_width((HelpLine){l[0].s, gap});
    } else {
        *head = (size_t)ind; /* a paragraph */
        want = ind;
        if (line_width(l[0]) > HELP_COLS) /* written as one line: a paragraph alone */
            want = -1;
    }
    *hang = line_width((HelpLine){l[0].s, *head});
    int k = 1;
    while (k < n && l[k].len > 0 && line_indent(l[k]) == want &&
           !(want > 0 && l[k].s[want] == '-' && want <= 4) &&
           !(want == 0 && (strncmp(l[k].s, "usage:", 6) == 0 || ends_sentence(l[k - 1]))))
        k++;
    return k;
}

/* The marks a help text may hold, and what each stands for: the codes of
 * the language table, and the sampler's options made from the settings
 * table (cli_sampler_help): the writing commands' with their defaults, and
 * probs' (no setting that reads the text written so far, no defaults). */
enum { MARK_LANGS, MARK_SAMPLER, MARK_SAMPLER_PROBS, MARK_STAGE_KEYS, MARK_COUNT };
static const char *const MARKS[MARK_COUNT] = {
    [MARK_LANGS] = "@LANGS@",
    [MARK_SAMPLER] = "@SAMPLER@",
    [MARK_SAMPLER_PROBS] = "@SAMPLER_PROBS@",
    [MARK_STAGE_KEYS] = "@STAGE_KEYS@", /* probs --json: "model": ..., ..., "final": ... */
};

/* The stages' JSON keys in the chain's order, as probs --json writes them. */
static void stage_keys(char *out, size_t size)
{
    size_t len = 0;
    out[0] = 0;
    for (int k = 0; k < STAGE_COUNT && len < size; k++)
        len += (size_t)snprintf(out + len, size - len, "%s\"%s\": ...", k ? ", " : "",
                                sampler_stage_name((SamplerStage)k));
}

/* help with its marks replaced; NULL when out of memory. Free it. */
static char *expand_marks(const char *help)
{
    static char sampler[2][4096], stages[512];
    const char *what[MARK_COUNT] = {[MARK_LANGS] = app_lang_codes("|")};
    SamplerSettings gen = gen_default_settings();
    cli_sampler_help(sampler[0], sizeof sampler[0], 1, &gen);
    cli_sampler_help(sampler[1], sizeof sampler[1], 1, NULL);
    what[MARK_SAMPLER] = sampler[0];
    what[MARK_SAMPLER_PROBS] = sampler[1];
    stage_keys(stages, sizeof stages);
    what[MARK_STAGE_KEYS] = stages;
    size_t cap = strlen(help) + 1;
    for (int m = 0; m < MARK_COUNT; m++)
        for (const char *p = strstr(help, MARKS[m]); p; p = strstr(p + 1, MARKS[m]))
            cap += strlen(what[m]);
    char *text = malloc(cap);
    size_t len = 0;
    if (text)
        text[0] = 0; /* an empty help stays a string */
    for (const char *p = help; text && *p;) {
        const char *at = NULL;
        int mark = 0;
        for (int m = 0; m < MARK_COUNT; m++) {
            const char *hit = strstr(p, MARKS[m]);
            if (hit && (!at || hit < at))
                at = hit, mark = m;
        }
        size_t n = at ? (size_t)(at - p) : strlen(p);
        len += (size_t)snprintf(text + len, cap - len, "%.*s%s", (int)n, p, at ? what[mark] : "");
        p += n + (at ? strlen(MARKS[mark]) : 0);
    }
    return text;
}

void cli_print_help(FILE *out, const char *help)
{
    char *text = expand_marks(help);
    if (!text) {
        fputs(help, out);
        return;
    }
    size_t len = strlen(text);
    int n = 0;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    HelpLine *lines = malloc((size_t)(n + 1) * sizeof *lines);
    int count = 0;
    for (const char *p = text; lines && *p; count++) {
        size_t l = strcspn(p, "\n");
        lines[count] = (HelpLine){p, l};
        p += l + (p[l] == '\n');
    }
    for (int i = 0; lines && i < count;) {
        size_t head = 0;
        int hang = 0, k = lines[i].len ? help_block(lines + i, count - i, &head, &hang) : 1, wide = 0;
        for (int j = i; j < i + k; j++)
            wide |= line_width(lines[j]) > HELP_COLS;
        if (wide)
            reflow(out, lines + i, k, head, hang);
        else
            for (int j = i; j < i + k; j++)
                fprintf(out, "%.*s\n", (int)lines[j].len, lines[j].s);
        i += k;
    }
    if (!lines)
        fputs(text, out);
    free(lines);
    free(text);
}

int cli_write_status(const TsErr *err)
{
    return err->code == EPIPE || err->code == TS_ERR_OUTPUT_PATH ? EXIT_USAGE : 1;
}

/* msg made one line that acts on no terminal, in place: each control or
 * bidirectional character (ts_cp_unsafe), the newline included, becomes a
 * space (one byte for one to three: the text only shrinks). */
static void one_line(char *msg)
{
    size_t len = strlen(msg), pos = 0, n = 0;
    while (pos < len) {
        uint32_t cp;
        size_t at = pos;
        if (utf8_decode(msg, len, &pos, &cp) != 0) {
            msg[n++] = msg[pos++];
        } else if (ts_cp_unsafe(cp)) {
            msg[n++] = ' ';
        } else {
            while (at < pos)
                msg[n++] = msg[at++];
        }
    }
    msg[n] = 0;
}

const char *cli_shown_path(TsQuoted *q, const char *path)
{
    size_t len = strlen(path), pos = 0;
    while (pos < len) {
        uint32_t cp;
        if (utf8_decode(path, len, &pos, &cp) != 0 || ts_cp_unsafe(cp))
            return ts_quote(q, path);
    }
    return path;
}

int cli_error(const char *cmd, int status, const char *fmt, ...)
{
    char msg[2 * TS_ERR_MAX];
    /* an English format of the command line's own has its row in the
     * messages' table (errtext.c), as the engine's do */
    const char *own = errtext_in(cli_lang(), fmt);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, own ? own : fmt, ap);
    va_end(ap);
    one_line(msg);
    progress_hide_any(); /* a progress line on the terminal goes first */
    errtext_typeset(msg, sizeof msg);
    /* the colon after the command as the language writes one: " : ", "：" */
    fprintf(stderr, "tangscope%s%s%s%s\n", cmd && *cmd ? " " : "", cmd ? cmd : "",
            lang_row(cli_lang())->colon, msg);
    return status;
}

static const Opt *find_opt(const Opt *opts, int n, const char *name, size_t len)
{
    for (int i = 0; i < n; i++)
        if (strlen(opts[i].name) == len && strncmp(opts[i].name, name, len) == 0)
            return &opts[i];
    return NULL;
}

/* A bound as --help writes it, in a form typed back: 1000000, not 1e+06
 * nor 1,000,000; 0.5 with the language's decimal mark (0,5 in German). */
static void format_bound(char *out, size_t size, double v)
{
    if (v == floor(v) && fabs(v) < 1e15)
        snprintf(out, size, "%.0f", v);
    else
        app_num_g(cli_lang(), v, 6, out, size);
}

/* An option's range as --help writes it: 1..64 (both ends included), or
 * (0, 1] for OPT_FLOAT_OPEN. */
static void opt_range(const Opt *o, char *out, size_t size)
{
    char lo[32], hi[32];
    format_bound(lo, sizeof lo, o->min);
    format_bound(hi, sizeof hi, o->max);
    snprintf(out, size, o->kind == OPT_FLOAT_OPEN ? "(%s, %s]" : "%s..%s", lo, hi);
}

static int set_value(const char *cmd, const Opt *o, const char *val)
{
    char *end;
    TsQuoted q;
    errno = 0;
    switch (o->kind) {
    case OPT_INT: {
        long v = strtol(val, &end, 10);
        if (*val == 0 || *end != 0 || errno || v < o->min || v > o->max)
        {
            char range[72];
            opt_range(o, range, sizeof range);
            return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_NOT_INTEGER), o->name, range,
                             ts_quote(&q, val));
        }
        *(int *)o->dst = (int)v;
        return 0;
    }
    case OPT_U64: {
        unsigned long long v = *val == '-' ? 0 : strtoull(val, &end, 10);
        if (*val == 0 || *val == '-' || *end != 0 || errno)
            return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_NOT_U64), o->name, ts_quote(&q, val));
        *(uint64_t *)o->dst = (uint64_t)v;
        return 0;
    }
    case OPT_FLOAT:
    case OPT_FLOAT_OPEN: {
        double v = 0.0; /* 0,5 as well as 0.5 where the language writes so (probfmt.h) */
        int open = o->kind == OPT_FLOAT_OPEN;
        if (probfmt_read(val, app_num_style(cli_lang()), &v) != 0 || v < o->min || v > o->max ||
            (open && v == o->min)) {
            char range[72];
            opt_range(o, range, sizeof range);
            return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_NOT_NUMBER), o->name, range,
                             ts_quote(&q, val));
        }
        *(float *)o->dst = (float)v;
        return 0;
    }
    case OPT_STR:
        if (*val == 0)
            return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_EMPTY_VALUE), o->name);
        *(const char **)o->dst = val;
        return 0;
    case OPT_FLAG:
        break;
    }
    return 0;
}

/* --list-options: every option the parser takes, one a line (for shell
 * completion, and for the test that holds each help to them). */
static void list_options(const Opt *opts, int n_opts)
{
    for (int i = 0; i < n_opts; i++)
        puts(opts[i].name);
    puts("--lang");
    puts("--help");
}

int cli_parse(const char *cmd, int argc, char **argv, const Opt *opts, int n_opts,
              const char **pos, int max_pos, int *n_pos)
{
    int np = 0, only_words = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!only_words && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
            cli_print_help(stdout, cli_help_text(cmd));
            return 1;
        }
        if (!only_words && strcmp(a, "--list-options") == 0) {
            list_options(opts, n_opts);
            return 1;
        }
        if (!only_words && strcmp(a, "--") == 0) {
            only_words = 1;
            continue;
        }
        if (!only_words && a[0] == '-' && a[1] != 0) {
            const char *eq = strchr(a, '=');
            size_t len = eq ? (size_t)(eq - a) : strlen(a);
            const Opt *o = find_opt(opts, n_opts, a, len);
            if (!o && len == 6 && strncmp(a, "--lang", 6) == 0) {
                const char *val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
                if (!val)
                    return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_NEEDS_VALUE), "--lang");
                int rc = set_lang(cmd, val);
                if (rc)
                    return rc;
                continue;
            }
            if (!o) {
                char name[TS_QUOTE_MAX];
                snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1),
                         a);
                TsQuoted q;
                return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_UNKNOWN_OPTION),
                                 ts_quote(&q, name), cmd);
            }
            if (o->kind == OPT_FLAG) {
                if (eq)
                    return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_NO_VALUE), o->name);
                *(int *)o->dst = 1;
                continue;
            }
            const char *val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
            if (!val)
                return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_NEEDS_VALUE), o->name);
            int rc = set_value(cmd, o, val);
            if (rc)
                return rc;
            continue;
        }
        if (np >= max_pos) {
            TsQuoted q;
            return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_UNEXPECTED), ts_quote(&q, a), cmd);
        }
        pos[np++] = a;
    }
    if (n_pos)
        *n_pos = np;
    return 0;
}

/* ---- where tangscope's own files are ----
 * The bundled model, texts, pinyin tables, lessons and tools are found only
 * where the program itself is, never in the current folder: a folder a
 * student downloads (a course bundle, a classmate's repository) with its own
 * tools/ or assets/ would otherwise run its script or replace the bundled
 * model as soon as tangscope is started there. A file from the current
 * folder is used only when named on the command line (--model FILE). */

/* argv[0] as the program was started, resolved to a full path at once (the
 * folder it is relative to is the one the program started in): where the
 * program is when /proc/self/exe cannot say. */
static char program_arg0[PATH_MAX];

/* The program's path found through PATH, as the shell found it: only
 * absolute folders of PATH (an empty or relative entry would be the
 * current folder). 0, or -1. */
static int program_on_path(const char *name, char *exe)
{
    const char *path = getenv("PATH");
    while (path && *path) {
        size_t len = strcspn(path, ":");
        char candidate[PATH_MAX];
        if (path[0] == '/' && len + strlen(name) + 2 < sizeof candidate) {
            snprintf(candidate, sizeof candidate, "%.*s/%s", (int)len, path, name);
            if (access(candidate, X_OK) == 0 && realpath(candidate, exe))
                return 0;
        }
        path += len + (path[len] == ':');
    }
    return -1;
}

void cli_set_program(const char *argv0)
{
    char exe[PATH_MAX];
    if (!argv0 || !*argv0 || readlink("/proc/self/exe", exe, sizeof exe) > 0)
        return; /* Linux says where the program is itself */
    if (strchr(argv0, '/') ? realpath(argv0, exe) != NULL : program_on_path(argv0, exe) == 0)
        snprintf(program_arg0, sizeof program_arg0, "%s", exe);
}

int cli_program_path(char *exe, size_t size)
{
    ssize_t n = size > 1 ? readlink("/proc/self/exe", exe, size - 1) : -1;
    if (n > 0)
        exe[n] = 0;
    else if (program_arg0[0] && strlen(program_arg0) < size)
        memcpy(exe, program_arg0, strlen(program_arg0) + 1);
    else
        return -1;
    return 0;
}

/* The folder the running program is in (symbolic links resolved): from
 * cli_program_path. 0, or -1 when it cannot say. */
static int program_dir(char *dir, size_t size)
{
    char exe[PATH_MAX];
    if (cli_program_path(exe, sizeof exe) != 0)
        return -1;
    char *slash = strrchr(exe, '/');
    if (!slash)
        return -1;
    if (slash == exe) /* a program in / */
        slash++;
    *slash = 0;
    snprintf(dir, size, "%s", exe);
    return 0;
}

/* The source tree of a program built in a build folder of it (make's
 * build-asan/tangscope-bin, build-portable/tangscope-bin): make writes the
 * tree's path into BUILD/source-tree as it links the program there. It is
 * taken only when it names the very folder above the program's (the same
 * folder, not merely the same name), so a build folder copied elsewhere,
 * into /tmp say, trusts nothing around its new place. 0, or -1. */
static int source_tree(const char *dir, char *tree, size_t size)
{
    char marker[PATH_MAX + 16], up[PATH_MAX + 8];
    struct stat st, above;
    snprintf(marker, sizeof marker, "%s/source-tree", dir);
    if (lstat(marker, &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
    FILE *f = fopen(marker, "r");
    if (!f)
        return -1;
    int got = fgets(tree, (int)size, f) != NULL;
    fclose(f);
    if (!got)
        return -1;
    tree[strcspn(tree, "\n")] = 0;
    snprintf(up, sizeof up, "%s/..", dir);
    if (tree[0] != '/' || stat(tree, &st) != 0 || stat(up, &above) != 0 ||
        st.st_dev != above.st_dev || st.st_ino != above.st_ino)
        return -1;
    return 0;
}

/* Fill path with where `rel` (assets/tang.bin, lessons/de) is: the first of
 * $TANGSCOPE_HOME, the program's own folder, the source tree of a program
 * in a build folder (source_tree), and PREFIX/share/tangscope for a program
 * in PREFIX/bin (where `make install` puts it) that holds it. Never the
 * current folder. When none holds it, the path under the first of these
 * (so an error names where it was looked for, and opening it cannot find a
 * file of the current folder). */
static void find_home_path(const char *rel, char *path, size_t size)
{
    enum { PLACES = 4 };
    char places[PLACES][PATH_MAX];
    int n = 0;
    const char *home = getenv("TANGSCOPE_HOME");
    if (home && *home)
        snprintf(places[n++], PATH_MAX, "%s", home);
    char dir[PATH_MAX];
    if (program_dir(dir, sizeof dir) == 0) {
        snprintf(places[n++], PATH_MAX, "%s", dir);
        if (source_tree(dir, places[n], PATH_MAX) == 0)
            n++;
        size_t len = strlen(dir); /* PREFIX/bin -> PREFIX/share/tangscope */
        if (len >= 4 && strcmp(dir + len - 4, "/bin") == 0)
            snprintf(places[n++], PATH_MAX, "%.*s/share/tangscope", (int)(len - 4), dir);
    }
    for (int i = 0; i < n; i++) {
        int w = snprintf(path, size, "%s/%s", places[i], rel);
        if (w > 0 && (size_t)w < size && access(path, R_OK) == 0)
            return;
    }
    /* nowhere to look (no TANGSCOPE_HOME, the program's folder unknown):
     * a path that names the file but never one of the current folder */
    if (n)
        snprintf(path, size, "%s/%s", places[0], rel);
    else
        snprintf(path, size, "/%s", rel);
}

/* One slot per name, so two paths asked for in turn stay valid. */
static const char *home_path(const char *rel)
{
    enum { SLOTS = 12 };
    static char names[SLOTS][64], paths[SLOTS][PATH_MAX + 64];
    int slot = 0;
    while (slot < SLOTS - 1 && names[slot][0] && strcmp(names[slot], rel) != 0)
        slot++;
    if (strcmp(names[slot], rel) != 0) {
        snprintf(names[slot], sizeof names[slot], "%s", rel);
        find_home_path(rel, paths[slot], sizeof paths[slot]);
    }
    return paths[slot];
}

const char *cli_asset(const char *name)
{
    char rel[64];
    snprintf(rel, sizeof rel, "assets/%s", name);
    return home_path(rel);
}

/* The hash of the file at path and its length, or -1 if it cannot be read. */
static int file_hash(const char *path, uint64_t *hash, size_t *len)
{
    unsigned char *buf;
    TsErr err;
    if (read_file(path, FILE_MODEL, &buf, len, &err) != 0)
        return -1;
    *hash = ts_fnv1a(TS_FNV_START, buf, *len);
    free(buf);
    return 0;
}

int cli_model_other(const char *model_path)
{
    const char *bundled = cli_asset("tang.bin");
    if (!model_path || strcmp(model_path, bundled) == 0)
        return 0;
    /* the bundled file's content, not its vocabulary: a class model trained
     * on the shipped text has the same characters and other weights */
    static int have_bundled;
    static uint64_t bundled_hash;
    static size_t bundled_len;
    if (!have_bundled && file_hash(bundled, &bundled_hash, &bundled_len) != 0)
        return 0; /* nothing to compare with */
    have_bundled = 1;
    uint64_t h;
    size_t len;
    if (file_hash(model_path, &h, &len) != 0)
        return 1; /* not readable now: not shown to be the bundled file */
    return len != bundled_len || h != bundled_hash;
}

int cli_corpus_other(const Corpus *c, const Model *m, const char *corpus_path)
{
    return !corpus_path && corpus_has_vocab(c, &m->vocab) == 0;
}

int cli_pinyin_load(Pinyin *p, TsErr *err)
{
    if (pinyin_load(p, cli_asset("pinyin.tsv"), err) != 0)
        return -1;
    if (pinyin_words_load(p, cli_asset("words.tsv"), err) != 0) {
        pinyin_free(p);
        return -1;
    }
    return 0;
}

const char *cli_lessons_dir(const char *lang)
{
    char rel[64];
    snprintf(rel, sizeof rel, "lessons/%s", lang);
    return home_path(rel);
}

const char *cli_cache_dir(void) { return ts_cache_dir(); }

void cli_set_threads(int n)
{
    ts_set_threads(n);
    sgemm_single_threaded(); /* the engine splits BLAS work over its own threads */
}

int cli_threads(void) { return ts_threads(); }

void cli_duration(double seconds, char *out, size_t size)
{
    long t = (long)(seconds + 0.5);
    if (t >= 3600)
        snprintf(out, size, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(out, size, "%ld:%02ld", t / 60, t % 60);
}

int cli_precision(const char *cmd, const char *name)
{
    if (strcmp(name, "bf16") == 0)
        return 1;
    if (strcmp(name, "fp32") == 0)
        return 0;
    TsQuoted q;
    cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_EITHER), "--precision", "bf16", "fp32",
              ts_quote(&q, name));
    return -1;
}

const char *cli_precision_name(int bf16)
{
    return cli_label(bf16 ? LBL_CLI_PREC_BF16 : LBL_CLI_PREC_FP32);
}

int cli_weights(const char *cmd, Model *m, const char *name)
{
    WeightPrec p;
    TsQuoted q;
    TsErr err;
    if (!name)
        return 0;
    if (wprec_parse(name, &p) != 0)
        return cli_error(cmd, EXIT_USAGE, "--weights must be fp32, bf16 or int8, not %s",
                         ts_quote(&q, name));
    if (model_set_precision(m, p, &err) != 0)
        return cli_error(cmd, 1, "%s", err.msg);
    return 0;
}

int cli_sampler_opts(Opt *out, SamplerSettings *set, int with_text)
{
    int n = 0;
    for (int i = 0; i < SET_COUNT; i++) {
        const SamplerSetting *t = &SAMPLER_SETTINGS[i];
        if (t->reads_text && !with_text)
            continue;
        OptKind kind = t->integer ? OPT_INT : t->lo_open ? OPT_FLOAT_OPEN : OPT_FLOAT;
        out[n++] = (Opt){.name = t->flag, .kind = kind, .dst = (char *)set + t->field,
                         .min = t->lo, .max = t->hi};
    }
    return n;
}

void cli_sampler_help(char *out, size_t size, int with_text, const SamplerSettings *defaults)
{
    Opt opts[SET_COUNT];
    SamplerSettings scratch = sampler_defaults();
    int n = cli_sampler_opts(opts, &scratch, with_text);
    size_t len = 0;
    out[0] = 0;
    for (int i = 0, k = 0; i < SET_COUNT && k < n && len < size; i++) {
        const SamplerSetting *t = &SAMPLER_SETTINGS[i];
        if (t->reads_text && !with_text)
            continue; /* cli_sampler_opts left it out too */
        const Opt *o = &opts[k++];
        char flag[64], range[72], value[32];
        snprintf(flag, sizeof flag, "%s %s", t->flag, t->arg);
        opt_range(o, range, sizeof range);
        char *comma = strstr(range, ", ");
        if (comma) { /* (0, 1] stays on one line: a no-break space */
            char rest[72];
            snprintf(rest, sizeof rest, "%s", comma + 2);
            snprintf(comma, sizeof range - (size_t)(comma - range), ",\u00a0%s", rest);
        }
        double v = defaults ? sampler_setting_get(defaults, (SamplerSettingId)i) : t->off;
        int off = v == (double)(float)t->off;
        format_bound(value, sizeof value, v);
        LabelId line = !defaults ? LBL_SET_HELP_OFF : off ? LBL_SET_HELP_OFF_DEFAULT : LBL_SET_HELP_DEFAULT;
        len += (size_t)snprintf(out + len, size - len, "  %-24s ", flag);
        if (len < size)
            len += (size_t)snprintf(out + len, size - len, cli_label(line),
                                    app_setting_help(cli_lang(), (SamplerSettingId)i), range, value);
        if (len < size)
            len += (size_t)snprintf(out + len, size - len, "\n");
    }
}

int cli_flag_given(int argc, char **argv, const char *name)
{
    size_t n = strlen(name);
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], name, n) == 0 && (argv[i][n] == 0 || argv[i][n] == '='))
            return 1;
    return 0;
}

/* The settings the engine names in its messages: the sampler's (its table,
 * sampler.h) and these of training (train.h); the command line's flag for
 * each is "--" and the name. */
static const char *const SETTINGS[] = {
    "batch", "seq", "steps",
    "warmup", "lr", "lr-min", "weight-decay", "clip", "eval-every", "checkpoint-every",
    "short-every", "short-seq", "precision",
};

/* The length of the setting's name at s (a whole word: not inside a longer
 * name or number), or 0. */
static size_t setting_at(const char *s, const char *start)
{
    if (s > start && (isalnum((unsigned char)s[-1]) || s[-1] == '-' || s[-1] == '_'))
        return 0;
    size_t n_train = sizeof SETTINGS / sizeof SETTINGS[0];
    for (size_t i = 0; i < SET_COUNT + n_train; i++) {
        const char *name = i < SET_COUNT ? SAMPLER_SETTINGS[i].name : SETTINGS[i - SET_COUNT];
        size_t n = strlen(name);
        if (strncmp(s, name, n) == 0 && !isalnum((unsigned char)s[n]) && s[n] != '-' && s[n] != '_')
            return n;
    }
    return 0;
}

int cli_settings_error(const char *cmd, int status, const char *msg)
{
    if (!setting_at(msg, msg))
        return cli_error(cmd, status, "%s", msg);
    char out[2 * TS_ERR_MAX];
    size_t at = 0;
    for (const char *p = msg; *p && at + 3 < sizeof out;) {
        size_t n = setting_at(p, msg);
        if (n) {
            out[at++] = '-';
            out[at++] = '-';
        } else {
            n = 1;
        }
        for (size_t i = 0; i < n && at + 1 < sizeof out; i++)
            out[at++] = *p++;
    }
    out[at] = 0;
    return cli_error(cmd, status, "%s", out);
}

