/* po2c.c - the translations in po/ as C tables, and their check.
 *
 * Every text tangscope shows people is written in po/: the English in the
 * template po/tangscope.pot, each other language in po/CODE.po, in GNU
 * gettext's PO format, so a translator opens them in Poedit or Weblate. This
 * program runs at build time on the machine that builds (no gettext, no
 * Python) and writes the C file the program links (build/gen/po_tables.c):
 *
 *     po2c --labels src/app/labels.h --out FILE.c po/tangscope.pot po/de.po ...
 *     po2c --check --labels src/app/labels.h po/tangscope.pot po/de.po ...
 *
 * An entry's context (msgctxt) says what it is:
 *     LBL_NAME      a label of the screen, by its LabelId (labels.h)
 *     help CMD      the --help of a command
 *     verb NAME     what a verb of the lessons does
 *     setting NAME  a sampler setting's word, by its name in the engine's
 *                   table (SAMPLER_SETTINGS); setting-help NAME its sentence
 *                   for --help and `set NAME`; stage NAME a stage column's
 *                   heading, by the stage's name (SAMPLER_STAGES)
 *     libc          the C library's text for an errno
 *     (none)        a message of the program, keyed by its English text
 * The build takes what it finds: a string a language lacks, or whose English
 * has changed since it was translated, falls back to English. `--check`
 * (make check-po) lists every such string and fails, and also when printf
 * conversions or @NAME@ placeholders differ from the English, or when a text
 * is wider than the columns its template entry allows ("#. columns: N").
 */
#define _XOPEN_SOURCE 700

#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

typedef struct {
    char *ctx;   /* NULL: no msgctxt */
    char *id;
    char *str;
    int fuzzy;
    int columns; /* "#. columns: N", 0 when none */
    int line;
} Entry;

typedef struct {
    const char *path;
    char code[16]; /* "de" from po/de.po; "en" for the template */
    Entry *e;
    int n, cap;
} Catalog;

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("po2c: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        die("out of memory");
    return p;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xrealloc(NULL, n), s, n);
}

/* ---- reading a PO file ---- */

/* A growing string. */
typedef struct {
    char *s;
    size_t n, cap;
} Str;

static void str_add(Str *b, char c)
{
    if (b->n + 2 > b->cap) {
        b->cap = b->cap ? b->cap * 2 : 64;
        b->s = xrealloc(b->s, b->cap);
    }
    b->s[b->n++] = c;
    b->s[b->n] = 0;
}

/* Append the quoted string that starts at p ("...") to b, undoing its
 * escapes; the rest of the line may hold nothing but blanks. */
static void read_quoted(const char *path, int line, const char *p, Str *b)
{
    if (*p != '"')
        die("%s:%d: a string in double quotes expected", path, line);
    for (p++; *p != '"'; p++) {
        if (!*p || *p == '\n')
            die("%s:%d: the string does not end on its line", path, line);
        if (*p != '\\') {
            str_add(b, *p);
            continue;
        }
        p++;
        switch (*p) {
        case 'n': str_add(b, '\n'); break;
        case 't': str_add(b, '\t'); break;
        case '"': str_add(b, '"'); break;
        case '\\': str_add(b, '\\'); break;
        default: die("%s:%d: unknown escape \\%c", path, line, *p ? *p : '0');
        }
    }
    for (p++; *p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'; p++)
        ;
    if (*p)
        die("%s:%d: text after the string", path, line);
}

/* Which keyword a line starts with, and where its string begins. */
enum { K_NONE, K_CTX, K_ID, K_STR };

static int keyword(const char *line, const char **rest)
{
    static const struct {
        const char *word;
        int k;
    } WORDS[] = {{"msgctxt ", K_CTX}, {"msgid ", K_ID}, {"msgstr ", K_STR}};
    for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++) {
        size_t n = strlen(WORDS[i].word);
        if (strncmp(line, WORDS[i].word, n) == 0) {
            *rest = line + n;
            return WORDS[i].k;
        }
    }
    if (strncmp(line, "msgid_plural", 12) == 0 || strncmp(line, "msgstr[", 7) == 0)
        return -1;
    return K_NONE;
}

/* The entry being read: its parts as far as they have come. */
typedef struct {
    Str ctx, id, str;
    int has_ctx, has_id, has_str, fuzzy, columns, line;
} Pending;

static void pending_clear(Pending *p)
{
    free(p->ctx.s);
    free(p->id.s);
    free(p->str.s);
    memset(p, 0, sizeof *p);
}

static void catalog_add(Catalog *c, Pending *p)
{
    if (!p->has_id && !p->has_ctx && !p->has_str) {
        pending_clear(p);
        return;
    }
    if (!p->has_id || !p->has_str)
        die("%s:%d: an entry needs both msgid and msgstr", c->path, p->line);
    if (p->id.n == 0) { /* the header: nothing the program shows */
        pending_clear(p);
        return;
    }
    if (c->n == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 256;
        c->e = xrealloc(c->e, (size_t)c->cap * sizeof *c->e);
    }
    c->e[c->n++] = (Entry){.ctx = p->has_ctx ? xstrdup(p->ctx.s ? p->ctx.s : "") : NULL,
                           .id = xstrdup(p->id.s),
                           .str = xstrdup(p->str.s ? p->str.s : ""),
                           .fuzzy = p->fuzzy,
                           .columns = p->columns,
                           .line = p->line};
    pending_clear(p);
}

/* A comment line: "#, fuzzy" marks the entry, "#. columns: N" limits its
 * width, "#~" (an obsolete entry) is skipped whole; the rest is for people. */
static void read_comment(const char *line, Pending *p)
{
    if (strncmp(line, "#,", 2) == 0 && strstr(line, "fuzzy"))
        p->fuzzy = 1;
    const char *cols = strncmp(line, "#.", 2) == 0 ? strstr(line, "columns:") : NULL;
    if (cols)
        p->columns = atoi(cols + 8);
}

static void read_catalog(Catalog *c)
{
    FILE *f = fopen(c->path, "r");
    if (!f)
        die("%s: cannot open", c->path);
    Pending p = {0};
    Str *last = NULL;
    char buf[65536];
    for (int line = 1; fgets(buf, sizeof buf, f); line++) {
        if (!strchr(buf, '\n') && !feof(f))
            die("%s:%d: line longer than %zu bytes", c->path, line, sizeof buf - 1);
        const char *rest = NULL;
        int k = keyword(buf, &rest);
        if (buf[0] == '#') {
            if (p.has_str) /* a comment after msgstr starts the next entry */
                catalog_add(c, &p);
            read_comment(buf, &p);
            last = NULL;
        } else if (buf[0] == '"') {
            if (!last)
                die("%s:%d: a string outside an entry", c->path, line);
            read_quoted(c->path, line, buf, last);
        } else if (k < 0) {
            die("%s:%d: plural forms are not used by tangscope", c->path, line);
        } else if (k != K_NONE) {
            if (k != K_STR && p.has_str) /* msgctxt or msgid after msgstr: the next entry */
                catalog_add(c, &p);
            int *has = k == K_CTX ? &p.has_ctx : k == K_ID ? &p.has_id : &p.has_str;
            if (*has)
                die("%s:%d: the entry already has this keyword", c->path, line);
            *has = 1;
            if (!p.line)
                p.line = line;
            last = k == K_CTX ? &p.ctx : k == K_ID ? &p.id : &p.str;
            str_add(last, 0), last->n--; /* an empty string is still a string */
            read_quoted(c->path, line, rest, last);
        } else if (strspn(buf, " \t\r\n") != strlen(buf)) {
            die("%s:%d: not a line of a PO file", c->path, line);
        } else {
            last = NULL;
        }
    }
    catalog_add(c, &p);
    fclose(f);
}

/* The catalog's language: the file's name without folder and .po. */
static void catalog_code(Catalog *c)
{
    const char *base = strrchr(c->path, '/');
    base = base ? base + 1 : c->path;
    size_t n = strcspn(base, ".");
    if (strstr(base, ".pot"))
        n = 0;
    if (n >= sizeof c->code)
        die("%s: language code too long", c->path);
    memcpy(c->code, n ? base : "en", n ? n : 2);
    c->code[n ? n : 2] = 0;
    for (char *s = c->code; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || *s == '_'))
            die("%s: the file's name must be a language code (de.po, pt_BR.po)", c->path);
}

/* ---- the label names of labels.h ---- */

typedef struct {
    char **name;
    int n;
} Names;

/* The enumerators of `typedef enum { ... } LabelId;` in order, but
 * LBL_COUNT. */
static Names read_label_names(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("%s: cannot open", path);
    Names names = {0};
    char buf[4096];
    int in_enum = 0, in_comment = 0;
    while (fgets(buf, sizeof buf, f)) {
        if (!in_enum) {
            in_enum = strncmp(buf, "typedef enum {", 14) == 0;
            continue;
        }
        if (strncmp(buf, "} LabelId;", 10) == 0)
            break;
        for (char *p = buf; *p; p++) {
            if (in_comment) {
                if (p[0] == '*' && p[1] == '/')
                    in_comment = 0, p++;
            } else if (p[0] == '/' && p[1] == '*') {
                in_comment = 1, p++;
            } else if (strncmp(p, "LBL_", 4) == 0 && (p == buf || p[-1] == ' ')) {
                size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
                if (n != 9 || strncmp(p, "LBL_COUNT", 9) != 0) {
                    names.name = xrealloc(names.name, (size_t)(names.n + 1) * sizeof *names.name);
                    names.name[names.n] = xrealloc(NULL, n + 1);
                    memcpy(names.name[names.n], p, n);
                    names.name[names.n++][n] = 0;
                }
                p += n - 1;
            }
        }
    }
    fclose(f);
    if (names.n == 0)
        die("%s: no LabelId enum found", path);
    return names;
}

static int label_index(const Names *names, const char *ctx)
{
    for (int i = 0; ctx && i < names->n; i++)
        if (strcmp(names->name[i], ctx) == 0)
            return i;
    return -1;
}

/* ---- what an entry is ---- */

enum { KIND_LABEL, KIND_HELP, KIND_VERB, KIND_WORD, KIND_ERROR, KIND_LIBC, KIND_UNKNOWN };

static int entry_kind(const Entry *e)
{
    if (!e->ctx)
        return KIND_ERROR;
    if (strncmp(e->ctx, "LBL_", 4) == 0)
        return KIND_LABEL;
    if (strncmp(e->ctx, "help ", 5) == 0)
        return KIND_HELP;
    if (strncmp(e->ctx, "verb ", 5) == 0)
        return KIND_VERB;
    if (strncmp(e->ctx, "setting ", 8) == 0 || strncmp(e->ctx, "setting-help ", 13) == 0 ||
        strncmp(e->ctx, "stage ", 6) == 0)
        return KIND_WORD;
    if (strcmp(e->ctx, "libc") == 0)
        return KIND_LIBC;
    return KIND_UNKNOWN;
}

static int same_ctx(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* The entry of c with e's context, and for messages (no context) e's
 * English too; NULL when there is none. */
static const Entry *find_entry(const Catalog *c, const Entry *e)
{
    int keyed_by_id = entry_kind(e) == KIND_ERROR || entry_kind(e) == KIND_LIBC;
    for (int i = 0; i < c->n; i++)
        if (same_ctx(c->e[i].ctx, e->ctx) && (!keyed_by_id || strcmp(c->e[i].id, e->id) == 0))
            return &c->e[i];
    return NULL;
}

/* The translation of template entry t in c, or NULL: missing, empty, fuzzy
 * or made from another English. */
static const char *translation(const Catalog *c, const Entry *t)
{
    const Entry *e = find_entry(c, t);
    if (!e || e->fuzzy || !e->str[0] || strcmp(e->id, t->id) != 0)
        return NULL;
    return e->str;
}

/* ---- writing C ---- */

/* A C string literal of s, cut into lines after a newline or every 90
 * columns (never inside a UTF-8 sequence). */
static void emit_literal(FILE *out, const char *s)
{
    fputc('"', out);
    int col = 0;
    for (const char *p = s; *p; p++) {
        unsigned char ch = (unsigned char)*p;
        if (col >= 90 && (ch & 0xc0) != 0x80) {
            fputs("\"\n        \"", out);
            col = 0;
        }
        if (ch == '\\' || ch == '"' || ch == '?')
            col += fprintf(out, "\\%c", ch);
        else if (ch == '\n')
            col = fprintf(out, "\\n") + (col >= 40 ? 90 : col);
        else if (ch < 0x20 || ch == 0x7f)
            col += fprintf(out, "\\%03o", ch);
        else
            fputc(ch, out), col++;
    }
    fputc('"', out);
}

/* A text longer than C compilers must take as one literal (4095 bytes)
 * becomes an array of bytes of its own, named `name`, written before the
 * table that points at it; *long_text says so. */
enum { LONGEST_LITERAL = 4000 };

static void emit_long(FILE *out, const char *name, const char *s)
{
    size_t len = strlen(s);
    fprintf(out, "static const char %s[%zu] = {", name, len + 1);
    for (size_t i = 0; i <= len; i++)
        fprintf(out, "%s%d,", i % 20 == 0 ? "\n    " : "", (int)(signed char)s[i]);
    fputs("\n};\n\n", out);
}

static int cmp_entry_id(const void *a, const void *b)
{
    return strcmp(((const Entry *)a)->id, ((const Entry *)b)->id);
}

/* The pairs of one kind (help, verbs, words, messages) of language c: keyed
 * by the context's second word (help, verbs), the whole context (words), or
 * by the English; sorted for bsearch. */
static int emit_pairs(FILE *out, const Catalog *pot, const Catalog *c, int kind, const char *name)
{
    Entry *rows = xrealloc(NULL, (size_t)pot->n * sizeof *rows);
    int n = 0;
    for (int i = 0; i < pot->n; i++) {
        int k = entry_kind(&pot->e[i]);
        if (k != kind && !(kind == KIND_ERROR && k == KIND_LIBC))
            continue;
        const char *text = c == pot ? pot->e[i].id : translation(c, &pot->e[i]);
        if (!text)
            continue;
        rows[n] = pot->e[i];
        rows[n].id = kind == KIND_ERROR ? pot->e[i].id : kind == KIND_WORD ? pot->e[i].ctx : pot->e[i].ctx + 5;
        rows[n].str = (char *)text;
        rows[n].fuzzy = k == KIND_LIBC;
        n++;
    }
    qsort(rows, (size_t)n, sizeof *rows, cmp_entry_id);
    for (int i = 0; i < n; i++)
        if (strlen(rows[i].str) > LONGEST_LITERAL) {
            char long_name[64];
            snprintf(long_name, sizeof long_name, "%s_%s_%d", name, c->code, i);
            emit_long(out, long_name, rows[i].str);
        }
    fprintf(out, "static const PoPair %s_%s[] = {\n", name, c->code);
    for (int i = 0; i < n; i++) {
        fputs("    {", out);
        emit_literal(out, rows[i].id);
        fputs(",\n        ", out);
        if (strlen(rows[i].str) > LONGEST_LITERAL)
            fprintf(out, "%s_%s_%d", name, c->code, i);
        else
            emit_literal(out, rows[i].str);
        fprintf(out, ", %d},\n", rows[i].fuzzy);
    }
    fprintf(out, "    {NULL, NULL, 0},\n};\n\n");
    free(rows);
    return n;
}

static void emit_catalog(FILE *out, const Catalog *pot, const Catalog *c, int counts[4])
{
    fprintf(out, "static const char *const LABELS_%s[LBL_COUNT] = {\n", c->code);
    for (int i = 0; i < pot->n; i++) {
        if (entry_kind(&pot->e[i]) != KIND_LABEL)
            continue;
        const char *text = c == pot ? pot->e[i].id : translation(c, &pot->e[i]);
        if (!text)
            continue;
        if (strlen(text) > LONGEST_LITERAL)
            die("%s:%d: a label longer than %d bytes", c->path, pot->e[i].line, LONGEST_LITERAL);
        fprintf(out, "    [%s] = ", pot->e[i].ctx);
        emit_literal(out, text);
        fputs(",\n", out);
    }
    fputs("};\n\n", out);
    counts[0] = emit_pairs(out, pot, c, KIND_HELP, "HELP");
    counts[1] = emit_pairs(out, pot, c, KIND_VERB, "VERBS");
    counts[2] = emit_pairs(out, pot, c, KIND_WORD, "WORDS");
    counts[3] = emit_pairs(out, pot, c, KIND_ERROR, "MESSAGES");
}

/* Entries of the template whose context no table takes stop the build. */
static void check_template_kinds(const Catalog *pot, const Names *names)
{
    for (int i = 0; i < pot->n; i++) {
        const Entry *e = &pot->e[i];
        int k = entry_kind(e);
        if (k == KIND_UNKNOWN)
            die("%s:%d: unknown context \"%s\" (LBL_..., help CMD, verb NAME, setting NAME, setting-help NAME, stage NAME or libc)", pot->path,
                e->line, e->ctx);
        if (k == KIND_LABEL && label_index(names, e->ctx) < 0)
            die("%s:%d: %s is not a LabelId of labels.h", pot->path, e->line, e->ctx);
        for (int j = 0; j < i; j++)
            if (same_ctx(pot->e[j].ctx, e->ctx) &&
                ((k != KIND_ERROR && k != KIND_LIBC) || strcmp(pot->e[j].id, e->id) == 0))
                die("%s:%d: the same entry as line %d", pot->path, e->line, pot->e[j].line);
    }
}

static void write_tables(const char *path, Catalog *cats, int n)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *out = fopen(tmp, "w");
    if (!out)
        die("%s: cannot write", tmp);
    fputs("/* Generated by tools/po2c.c from po/: edit the PO files, not this. */\n"
          "#include \"app/po.h\"\n\n",
          out);
    int counts[64][4];
    for (int i = 0; i < n && i < 64; i++)
        emit_catalog(out, &cats[0], &cats[i], counts[i]);
    fputs("const PoCatalog PO_CATALOGS[] = {\n", out);
    for (int i = 0; i < n && i < 64; i++)
        fprintf(out,
                "    {\"%s\", LABELS_%s, HELP_%s, %d, VERBS_%s, %d, WORDS_%s, %d, MESSAGES_%s, %d},\n",
                cats[i].code, cats[i].code, cats[i].code, counts[i][0], cats[i].code, counts[i][1],
                cats[i].code, counts[i][2], cats[i].code, counts[i][3]);
    fprintf(out, "};\n\nconst int PO_N_CATALOGS = %d;\n", n < 64 ? n : 64);
    if (fclose(out) != 0 || rename(tmp, path) != 0)
        die("%s: cannot write", path);
}

/* ---- the check ---- */

static int problems;

static void problem(const Catalog *c, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%d: ", c->path, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    problems++;
}

/* The placeholders of s in order, as one string: each @NAME@ whole, and
 * in a printf format each conversion by its length and letter ("%lld"). */
static void placeholders(const char *s, int printf_format, char *out, size_t size)
{
    size_t n = 0;
    out[0] = 0;
    for (const char *p = s; *p && n + 40 < size; p++) {
        if (*p == '%' && printf_format) {
            p++;
            if (*p == '%')
                continue;
            p += strspn(p, "-+ #0123456789.*");
            size_t len = strspn(p, "hlLqjzt");
            if (!p[len])
                break;
            n += (size_t)snprintf(out + n, size - n, "%%%.*s%c ", (int)len, p, p[len]);
            p += len;
        } else if (*p == '@') {
            size_t len = strspn(p + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_");
            if (len && p[len + 1] == '@') {
                n += (size_t)snprintf(out + n, size - n, "@%.*s@ ", (int)len, p + 1);
                p += len + 1;
            }
        }
    }
}

/* Display columns of s (wcwidth in a UTF-8 locale). */
static int text_columns(const char *s)
{
    mbstate_t st;
    memset(&st, 0, sizeof st);
    int cols = 0;
    size_t left = strlen(s);
    while (left) {
        wchar_t wc;
        size_t k = mbrtowc(&wc, s, left, &st);
        if (k == (size_t)-1 || k == (size_t)-2) {
            memset(&st, 0, sizeof st);
            k = 1, wc = '?';
        }
        int w = wcwidth(wc);
        cols += w < 0 ? 1 : w;
        s += k, left -= k;
    }
    return cols;
}

static void check_text(const Catalog *c, int line, const Entry *t, const char *text)
{
    /* labels and messages are printf formats; help and verbs' lines are
     * printed as they are, with their @NAME@ put in */
    int printf_format = entry_kind(t) != KIND_HELP && entry_kind(t) != KIND_VERB;
    char want[1024], got[1024];
    placeholders(t->id, printf_format, want, sizeof want);
    placeholders(text, printf_format, got, sizeof got);
    if (strcmp(want, got) != 0)
        problem(c, line, "%s: placeholders \"%s\", the English has \"%s\"",
                t->ctx ? t->ctx : "message", got, want);
    if (t->columns && !strchr(t->id, '%') && text_columns(text) > t->columns)
        problem(c, line, "%s: %d columns, at most %d fit: \"%s\"", t->ctx ? t->ctx : "message",
                text_columns(text), t->columns, text);
}

static void check_catalog(const Catalog *pot, const Catalog *c)
{
    for (int i = 0; i < pot->n; i++) {
        const Entry *t = &pot->e[i];
        const Entry *e = find_entry(c, t);
        const char *what = t->ctx ? t->ctx : t->id;
        if (c == pot) {
            check_text(c, t->line, t, t->id);
        } else if (!e || !e->str[0]) {
            problem(c, e ? e->line : 0, "%s: not translated (English: \"%.60s\")", what, t->id);
        } else if (strcmp(e->id, t->id) != 0) {
            problem(c, e->line, "%s: translated from another English; the template now has \"%.60s\"",
                    what, t->id);
        } else if (e->fuzzy) {
            problem(c, e->line, "%s: marked fuzzy", what);
        } else {
            check_text(c, e->line, t, e->str);
        }
    }
    for (int i = 0; c != pot && i < c->n; i++) {
        Entry probe = c->e[i];
        const Entry *first = find_entry(c, &probe);
        if (first != &c->e[i])
            problem(c, c->e[i].line, "%s: the same entry as line %d", probe.ctx ? probe.ctx : probe.id,
                    first->line);
        if (!find_entry(pot, &probe))
            problem(c, c->e[i].line, "%s: not in the template po/tangscope.pot",
                    probe.ctx ? probe.ctx : probe.id);
    }
}

static void check_labels_complete(const Catalog *pot, const Names *names)
{
    for (int i = 0; i < names->n; i++) {
        Entry probe = {.ctx = names->name[i], .id = ""};
        if (!find_entry(pot, &probe))
            problem(pot, 0, "%s: a LabelId with no entry in the template", names->name[i]);
    }
}

/* A setting's word and its sentence come together: "setting NAME" and
 * "setting-help NAME" (whether every row of the engine's table has them,
 * test_labels checks by walking it). */
static void check_settings_paired(const Catalog *pot)
{
    for (int i = 0; i < pot->n; i++) {
        const char *ctx = pot->e[i].ctx;
        if (entry_kind(&pot->e[i]) != KIND_WORD || strncmp(ctx, "stage ", 6) == 0)
            continue;
        int help = strncmp(ctx, "setting-help ", 13) == 0;
        char want[512];
        snprintf(want, sizeof want, "%s %s", help ? "setting" : "setting-help", ctx + (help ? 13 : 8));
        Entry probe = {.ctx = want, .id = ""};
        if (!find_entry(pot, &probe))
            problem(pot, pot->e[i].line, "%s: no \"%s\" beside it", ctx, want);
    }
}

int main(int argc, char **argv)
{
    const char *out = NULL, *labels = NULL;
    int check = 0, first = 1;
    for (; first < argc && argv[first][0] == '-'; first++) {
        if (strcmp(argv[first], "--check") == 0)
            check = 1;
        else if (strcmp(argv[first], "--out") == 0 && first + 1 < argc)
            out = argv[++first];
        else if (strcmp(argv[first], "--labels") == 0 && first + 1 < argc)
            labels = argv[++first];
        else
            die("usage: po2c (--check | --out FILE.c) --labels labels.h TEMPLATE.pot [LANG.po...]");
    }
    if (first >= argc || !labels || (!check && !out))
        die("usage: po2c (--check | --out FILE.c) --labels labels.h TEMPLATE.pot [LANG.po...]");
    if (!setlocale(LC_CTYPE, "C.UTF-8") && !setlocale(LC_CTYPE, "en_US.UTF-8"))
        setlocale(LC_CTYPE, "");
    int n = argc - first;
    Catalog *cats = xrealloc(NULL, (size_t)n * sizeof *cats);
    for (int i = 0; i < n; i++) {
        cats[i] = (Catalog){.path = argv[first + i]};
        catalog_code(&cats[i]);
        read_catalog(&cats[i]);
        if (i > 0 && strcmp(cats[i].code, "en") == 0)
            die("%s: English is the template's", cats[i].path);
    }
    Names names = read_label_names(labels);
    check_template_kinds(&cats[0], &names);
    if (!check) {
        write_tables(out, cats, n);
        return 0;
    }
    check_labels_complete(&cats[0], &names);
    check_settings_paired(&cats[0]);
    for (int i = 0; i < n; i++)
        check_catalog(&cats[0], &cats[i]);
    if (problems)
        fprintf(stderr, "po2c: %d problem%s in the translations\n", problems, problems == 1 ? "" : "s");
    else
        printf("po2c: %d languages, %d texts each, complete\n", n, cats[0].n);
    return problems ? 1 : 0;
}
