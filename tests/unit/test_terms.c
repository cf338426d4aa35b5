/* test_terms.c - one word per idea (po/glossary.tsv): the labels, the error
 * texts, the --help pages and the lessons of each language use the term the
 * glossary gives a thing and none of the variants it rules out, and the
 * sampler's filters and a lesson's steps are two words in every language.
 * It reads the strings through the tables' own lookups (app_label_in,
 * errtext_row, the help tables), so it holds wherever the strings live. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/errtext.h"
#include "app/labels.h"
#include "app/lang.h"
#include "check.h"
#include "app/po.h"
#include "engine/fileio.h"
#include "testutil.h"

/* The glossary's language columns, in its order (en de fr zh), as AppLang. */
static const AppLang COLS[4] = {LANG_EN, LANG_DE, LANG_FR, LANG_ZH};
static const char *const COL_NAMES[4] = {"en", "de", "fr", "zh"};

#define MAX_CONCEPTS 64
typedef struct {
    char *id;
    char *term[LANG_COUNT];   /* "" when the glossary gives none */
    char *forbid[LANG_COUNT]; /* "a|b", "" for none */
    int loose;                /* the English word means other things too: a
                               * string whose English holds it need not say
                               * the term */
} Concept;

static Concept concepts[MAX_CONCEPTS];
static int n_concepts;
static char *glossary_text;

/* Cut line at each tab into at most n fields; returns how many. */
static int split_tabs(char *line, char **field, int n)
{
    int k = 0;
    field[k++] = line;
    for (char *p = line; *p && k < n; p++)
        if (*p == '\t') {
            *p = 0;
            field[k++] = p + 1;
        }
    return k;
}

static int load_glossary(void)
{
    unsigned char *buf;
    size_t n;
    TsErr err;
    if (read_file("po/glossary.tsv", FILE_TEXT, &buf, &n, &err) != 0) {
        CHECK(0, "%s", err.msg);
        return -1;
    }
    glossary_text = (char *)buf;
    int header = 0;
    for (char *line = strtok(glossary_text, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || !line[0])
            continue;
        char *f[9];
        int k = split_tabs(line, f, 9);
        CHECK(k == 9, "glossary line with %d fields: %s", k, f[0]);
        if (k != 9)
            continue;
        if (!header) { /* the column names */
            header = 1;
            CHECK(strcmp(f[1], "en") == 0 && strcmp(f[4], "zh") == 0, "header %s ... %s", f[1], f[4]);
            continue;
        }
        if (n_concepts == MAX_CONCEPTS)
            break;
        Concept *c = &concepts[n_concepts++];
        c->id = f[0];
        for (int i = 0; i < 4; i++) {
            c->term[COLS[i]] = f[1 + i];
            c->forbid[COLS[i]] = f[5 + i];
        }
        /* "~step": English uses the word for other things too */
        c->loose = c->term[LANG_EN][0] == '~';
        c->term[LANG_EN] += c->loose;
    }
    return 0;
}

/* ---- matching words ---- */

static int is_cjk(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 0xE3)
            return 1;
    return 0;
}

/* Is the character that starts at s a letter of a word: an ASCII letter or
 * digit, or one of the two-byte UTF-8 letters (é, ü)? A no-break space,
 * Chinese and its punctuation end a Latin word. */
static int letter_at(const char *s)
{
    unsigned char c = (unsigned char)*s;
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c >= 0xC3 && c <= 0xDF); /* U+00C0 on: U+00A0-U+00BF are a space, « and signs */
}

/* Is the character that ends just before p (text starts at text) a letter? */
static int letter_before(const char *text, const char *p)
{
    if (p == text)
        return 0;
    const char *q = p - 1;
    while (q > text && ((unsigned char)*q & 0xC0) == 0x80)
        q--;
    return letter_at(q);
}

static int same_ascii_ci(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z')
            x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = (char)(y - 'A' + 'a');
        if (x != y)
            return 0;
    }
    return 1;
}

/* Does text hold word as a word of its own: no letter before it, and after
 * it no letter but for a plural s or es (ci: ASCII letters in any case)? A
 * hyphen counts as a letter when hyphen_joins, so "--stage" and "stage-by"
 * hold no "stage". Chinese words are found anywhere. */
static int holds_word(const char *text, const char *word, int ci, int hyphen_joins)
{
    size_t n = strlen(word);
    if (!n)
        return 0;
    if (is_cjk(word))
        return strstr(text, word) != NULL;
    for (const char *p = text; *p; p++) {
        if (!(ci ? same_ascii_ci(p, word, n) : strncmp(p, word, n) == 0))
            continue;
        if (letter_before(text, p) || (hyphen_joins && p > text && p[-1] == '-'))
            continue;
        const char *after = p + n;
        if (*after == 's')
            after++;
        else if (after[0] == 'e' && after[1] == 's')
            after += 2;
        if (letter_at(after) || (hyphen_joins && *after == '-'))
            continue;
        return 1;
    }
    return 0;
}

/* Does text hold term, a word's stem in any inflection ("filtre" in
 * "filtres", "Filter" in "Filtern"; ASCII letters in any case)? */
static int holds_stem(const char *text, const char *term)
{
    size_t n = strlen(term);
    for (const char *p = text; *p; p++)
        if (same_ascii_ci(p, term, n) && (!letter_before(text, p) || is_cjk(term)))
            return 1;
    return 0;
}

/* Does text hold an abbreviation of term: its first four letters or more
 * and a period ("échant." for "échantillonnage"), where a column is narrow? */
static int holds_abbreviation(const char *text, const char *term)
{
    for (size_t n = strlen(term) - 1; n >= 4 && !is_cjk(term); n--) {
        char abbr[64];
        size_t chars = 0;
        for (size_t i = 0; i < n; i++)
            chars += ((unsigned char)term[i] & 0xC0) != 0x80;
        if (n + 2 > sizeof abbr || chars < 4 || ((unsigned char)term[n] & 0xC0) == 0x80)
            continue; /* too short, or inside a character */
        memcpy(abbr, term, n);
        abbr[n] = '.';
        abbr[n + 1] = 0;
        for (const char *p = strstr(text, abbr); p; p = strstr(p + 1, abbr))
            if (!letter_before(text, p))
                return 1;
    }
    return 0;
}

/* Is variant concept c's term in language l (or its plural)? */
static int is_term_of(int c, AppLang l, const char *variant)
{
    return concepts[c].term[l][0] && holds_word(variant, concepts[c].term[l], 0, 1) &&
           strlen(variant) <= strlen(concepts[c].term[l]) + 2;
}

static int is_a_term(AppLang l, const char *variant)
{
    for (int c = 0; c < n_concepts; c++)
        if (is_term_of(c, l, variant))
            return 1;
    return 0;
}

/* Where the English names concept c: it holds the English term. */
static int english_names(const char *english, const Concept *c)
{
    return english && c->term[LANG_EN][0] && holds_word(english, c->term[LANG_EN], 1, 1);
}

/* May text (in l, its English english, NULL for a page or a lesson) hold
 * concept owner's forbidden variant? A variant that is another concept's
 * term (French "étape", a lesson's step, is the sampler's filters' variant)
 * is wrong only where the English names owner and not that concept; in a
 * page or a lesson, which has no English beside it, it is not looked for. */
static int variant_allowed(int owner, AppLang l, const char *english, const char *variant)
{
    if (!is_a_term(l, variant))
        return 0;
    if (!english || !english_names(english, &concepts[owner]))
        return 1;
    for (int c = 0; c < n_concepts; c++)
        if (c != owner && is_term_of(c, l, variant) && english_names(english, &concepts[c]))
            return 1;
    return 0;
}

/* The forbidden variants of every concept in text (in language l): a failed
 * CHECK for each, naming where. */
static int check_variants(AppLang l, const char *english, const char *text, const char *where)
{
    int bad = 0;
    for (int c = 0; c < n_concepts; c++) {
        char list[512];
        snprintf(list, sizeof list, "%s", concepts[c].forbid[l]);
        for (char *v = list, *bar; *v; v = bar ? bar + 1 : v + strlen(v)) {
            bar = strchr(v, '|');
            if (bar)
                *bar = 0;
            if (!*v || variant_allowed(c, l, english, v) || !holds_word(text, v, 0, 0))
                continue;
            bad++;
            CHECK(0, "%s says \"%s\" (%s: %s): \"%.160s\"", where, v, concepts[c].id,
                  concepts[c].term[l], text);
        }
    }
    return bad;
}

/* A string and its English: where the English names a concept, the string
 * holds its term (or the English term as it is: a command's name). */
static void check_string(AppLang l, const char *english, const char *text, const char *where)
{
    if (!text)
        return;
    for (int c = 0; c < n_concepts && l != LANG_EN; c++) {
        const char *term = concepts[c].term[l];
        if (!term[0] || concepts[c].loose || !english_names(english, &concepts[c]))
            continue;
        int ok = holds_stem(text, term) || holds_abbreviation(text, term) ||
                 holds_word(text, concepts[c].term[LANG_EN], 0, 1);
        CHECK(ok, "%s: the English says \"%s\", the %s not \"%s\": \"%.200s\"", where,
              concepts[c].term[LANG_EN], app_lang_code(l), term, text);
    }
    check_variants(l, english, text, where);
}

/* ---- the glossary itself ---- */

static void test_glossary_whole(void)
{
    CHECK(n_concepts >= 8, "%d concepts", n_concepts);
    int filter = -1, step = -1;
    for (int c = 0; c < n_concepts; c++) {
        if (strcmp(concepts[c].id, "sampler-stage") == 0)
            filter = c;
        if (strcmp(concepts[c].id, "lesson-step") == 0)
            step = c;
    }
    CHECK(filter >= 0 && step >= 0, "the sampler's filters and the lesson's steps are concepts");
    for (int i = 0; i < 4 && filter >= 0 && step >= 0; i++) {
        AppLang l = COLS[i];
        CHECK(concepts[filter].term[l][0] && concepts[step].term[l][0], "%s: both named", COL_NAMES[i]);
    }
    /* no two concepts share a term in a language, in the singular or the
     * plural ("étape", "étapes"); a longer term may hold a shorter one
     * ("cached step", "step") */
    for (int i = 0; i < 4; i++)
        for (int a = 0; a < n_concepts; a++)
            for (int b = 0; b < n_concepts; b++) {
                const char *x = concepts[a].term[COLS[i]], *y = concepts[b].term[COLS[i]];
                if (a != b && x[0] && y[0])
                    CHECK(!(holds_word(x, y, 1, 1) && strlen(x) <= strlen(y) + 2), "%s: %s's \"%s\" is %s's \"%s\"", COL_NAMES[i],
                          concepts[a].id, x, concepts[b].id, y);
            }
    /* the checks themselves */
    CHECK(holds_word("the stages t 7", "stage", 1, 1) && !holds_word("--stage x", "stage", 1, 1) &&
              !holds_word("backstage", "stage", 1, 1),
          "holds_word");
    CHECK(holds_stem("les filtres", "filtre") && holds_stem("Filtern", "Filter") &&
              !holds_stem("infiltré", "filtre"),
          "holds_stem");
    CHECK(holds_abbreviation("l’échant. garde", "échantillonnage") &&
              !holds_abbreviation("échantillon", "échantillonnage") &&
              !holds_abbreviation("éch.", "échantillonnage"),
          "holds_abbreviation");
}

/* ---- the tables ---- */

static void test_labels_follow(void)
{
    char where[64];
    for (int id = 0; id < LBL_COUNT; id++)
        for (int l = 0; l < LANG_COUNT; l++) {
            snprintf(where, sizeof where, "label %d (%s)", id, app_lang_code((AppLang)l));
            check_string((AppLang)l, app_label_in(LANG_EN, (LabelId)id),
                         app_label_in((AppLang)l, (LabelId)id), where);
        }
}

static void test_errors_follow(void)
{
    char where[64];
    for (int i = 0; errtext_row(i, LANG_EN); i++)
        for (int l = 0; l < LANG_COUNT; l++) {
            snprintf(where, sizeof where, "error row %d (%s)", i, app_lang_code((AppLang)l));
            check_string((AppLang)l, errtext_row(i, LANG_EN), errtext_row(i, (AppLang)l), where);
        }
}

/* The help pages have no English beside each line: only the variants. */
static void test_help_follows(void)
{
    const PoCatalog *en = &PO_CATALOGS[0];
    for (int l = 0; l < LANG_COUNT; l++) {
        if (l == LANG_EN)
            continue;
        char where[64];
        for (int i = 0; i < en->n_help; i++) {
            snprintf(where, sizeof where, "help %s (%s)", en->help[i].key, app_lang_code((AppLang)l));
            check_variants((AppLang)l, NULL, po_help((AppLang)l, en->help[i].key), where);
        }
        for (int i = 0; i < en->n_verbs; i++) {
            snprintf(where, sizeof where, "verb %s (%s)", en->verbs[i].key, app_lang_code((AppLang)l));
            check_variants((AppLang)l, NULL, po_verb((AppLang)l, en->verbs[i].key), where);
        }
        CHECK(en->n_help >= 10, "%d help pages", en->n_help);
    }
}

/* The lessons of lessons/CODE, each file's text. */
static void test_lessons_follow(void)
{
    for (int i = 0; i < 4; i++) {
        char dir[64];
        snprintf(dir, sizeof dir, "lessons/%s", COL_NAMES[i]);
        DIR *d = opendir(dir);
        CHECK(d != NULL, "%s", dir);
        if (!d)
            continue;
        int files = 0;
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            size_t n = strlen(e->d_name);
            if (e->d_name[0] < '0' || e->d_name[0] > '9' || n < 4 || strcmp(e->d_name + n - 3, ".md"))
                continue;
            char path[512];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unsigned char *buf;
            size_t len;
            TsErr err;
            if (read_file(path, FILE_TEXT, &buf, &len, &err) != 0) {
                CHECK(0, "%s", err.msg);
                continue;
            }
            files++;
            /* line by line, so that a failure names its line */
            int line_no = 1;
            for (char *line = (char *)buf, *nl; line; line = nl ? nl + 1 : NULL, line_no++) {
                nl = strchr(line, '\n');
                if (nl)
                    *nl = 0;
                char where[600];
                snprintf(where, sizeof where, "%s:%d", path, line_no);
                check_variants(COLS[i], NULL, line, where);
            }
            free(buf);
        }
        closedir(d);
        CHECK(files >= 8, "%s: %d lessons", dir, files);
    }
}

/* Chinese ranks in Arabic numerals (GB/T 15835): 第 23 名, not 第二十三名,
 * in the lessons as on the screen. */
static void test_zh_ranks_in_numerals(void)
{
    static const char *const DIGITS[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "百"};
    char dir[] = "lessons/zh";
    DIR *d = opendir(dir);
    CHECK(d != NULL, "%s", dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unsigned char *buf;
        size_t len;
        TsErr err;
        if (read_file(path, FILE_TEXT, &buf, &len, &err) != 0)
            continue;
        for (const char *p = strstr((char *)buf, "第"); p; p = strstr(p + 1, "第")) {
            const char *q = p + strlen("第");
            int digits = 0;
            for (int again = 1; again;) {
                again = 0;
                for (size_t k = 0; k < sizeof DIGITS / sizeof DIGITS[0]; k++)
                    if (strncmp(q, DIGITS[k], strlen(DIGITS[k])) == 0) {
                        q += strlen(DIGITS[k]);
                        digits++;
                        again = 1;
                    }
            }
            /* 第一, 第二: "the first", "the second" are words; 第二十三 is a number */
            CHECK(digits < 2, "%s: \"%.24s\"", path, p);
        }
        free(buf);
    }
    closedir(d);
}

int main(void)
{
    if (load_glossary() != 0)
        return 1;
    RUN(test_glossary_whole);
    RUN(test_labels_follow);
    RUN(test_errors_follow);
    RUN(test_help_follows);
    RUN(test_lessons_follow);
    RUN(test_zh_ranks_in_numerals);
    free(glossary_text);
    return test_summary();
}
