/* stagebot.c - students' stage programs, written for the tests: some right,
 * some wrong in the ways a class gets them wrong (docs/exercises.md).
 *
 * usage: stagebot MODE
 *   top-p        a correct top-p (sorts, ties by lower id, >= p, at least one)
 *   top-p-gt     off by one at the boundary: keeps going until the sum is
 *                *above* p (> instead of >=)
 *   top-p-unsorted  forgets to sort: keeps candidates in id order until p
 *   top-p-crash-N  a correct top-p for N requests, then dies of SIGSEGV (a
 *                crash in the middle of a session)
 *   jueju        the classic jueju constraint: ，。，。, only Han inside a line
 *   jueju-course the jueju as the course states it: after lines 1-3 a comma
 *                or a full stop, after line 4 the full stop, no punctuation
 *                elsewhere
 *   jueju-lazy   the course's marks, but inside a line "anything but ，。 and
 *                the newline": lets 、 ！ ？ through
 *   jueju-5      the classic jueju constraint that only knows lines of 7
 *   crash        reads the request and dies of SIGSEGV
 *   traceback    reads the request, writes a Python-like traceback on its
 *                standard error and exits with status 1
 *   slow-start   sleeps 1.5 s before it reads anything (an `import torch`),
 *                then a correct top-p
 *   hang         reads the request and never answers
 *   garbage      answers a line that is not JSON
 *   exit         exits at once, reading nothing
 *   flood        writes megabytes without a newline
 *   bad-id       keeps an id that was not offered
 *   two-lines    answers each request with two lines
 *
 * It reads the requests with a scanner made for tangscope's own format (the
 * fields in the order docs/exercises.md gives), not a JSON parser: enough
 * for a test, and no library needed.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_LINE (4 * 1024 * 1024)
#define MAX_CAND 20000

typedef struct {
    int id;
    double p;
    char ch[8];
} Cand;

static Cand cands[MAX_CAND];
static int n_cands;

/* The number after "key": in s, or def. */
static double field(const char *s, const char *key, double def)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *at = strstr(s, pat);
    return at ? strtod(at + strlen(pat), NULL) : def;
}

/* The candidates: every {"id": N, "char": "X"[, "p": P]}. */
static void read_cands(const char *s)
{
    n_cands = 0;
    const char *at = strstr(s, "\"candidates\": [");
    while (at && (at = strstr(at, "{\"id\": ")) && n_cands < MAX_CAND) {
        Cand *c = &cands[n_cands++];
        c->id = atoi(at + 7);
        const char *ch = strstr(at, "\"char\": \"") + 9;
        size_t k = 0;
        if (ch[0] == '\\') { /* \n: the only escape a candidate has */
            c->ch[k++] = '\n';
        } else {
            while (ch[k] != '"' && k < 7) {
                c->ch[k] = ch[k];
                k++;
            }
        }
        c->ch[k] = 0;
        const char *end = strchr(at, '}');
        const char *p = strstr(at, "\"p\": ");
        c->p = p && p < end ? strtod(p + 5, NULL) : 0.0;
        at = end;
    }
}

static int by_p(const void *a, const void *b)
{
    const Cand *x = a, *y = b;
    if (x->p != y->p)
        return x->p > y->p ? -1 : 1;
    return x->id - y->id;
}

static void top_p(const char *req, int strict, int sorted)
{
    double p = field(req, "top_p", 1.0);
    read_cands(req);
    if (sorted)
        qsort(cands, (size_t)n_cands, sizeof cands[0], by_p);
    double sum = 0.0;
    int keep = 0;
    while (keep < n_cands) {
        sum += cands[keep++].p;
        if (strict ? sum > p : sum >= p)
            break;
    }
    fputs("{\"keep\": [", stdout);
    for (int i = 0; i < keep; i++)
        printf("%s%d", i ? ", " : "", cands[i].id);
    puts("]}");
}

/* The text so far: how many Han characters (3-byte UTF-8 other than the
 * marks) since the last mark, and how many marks. */
enum { JUEJU_CLASSIC, JUEJU_COURSE, JUEJU_LAZY, JUEJU_ONLY7 };

/* A Han character of the Unified Ideographs (U+4E00..U+9FFF): 3 bytes, the
 * first 0xE4..0xE9. */
static int han(const char *ch)
{
    unsigned char c = (unsigned char)ch[0];
    return c >= 0xE4 && c <= 0xE9 && strlen(ch) == 3;
}

static void jueju(const char *req, int how)
{
    int only7 = how == JUEJU_ONLY7;
    int len = (int)field(req, "line_len", 7);
    if (only7)
        len = 7;
    const char *t = strstr(req, "\"text\": \"") + 9;
    int col = 0, marks = 0;
    for (; *t && *t != '"';) {
        if (strncmp(t, "，", 3) == 0 || strncmp(t, "。", 3) == 0) {
            marks++;
            col = 0;
            t += 3;
        } else {
            unsigned char c = (unsigned char)*t;
            t += c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
            col++;
        }
    }
    read_cands(req);
    fputs("{\"keep\": [", stdout);
    int first = 1;
    for (int i = 0; i < n_cands; i++) {
        const char *ch = cands[i].ch;
        int ok;
        int comma = strcmp(ch, "，") == 0, stop = strcmp(ch, "。") == 0;
        if (marks >= 4)
            ok = strcmp(ch, "\n") == 0;
        else if (col == len && (how == JUEJU_COURSE || how == JUEJU_LAZY))
            ok = marks == 3 ? stop : comma || stop;
        else if (col == len)
            ok = marks % 2 ? stop : comma;
        else if (how == JUEJU_LAZY)
            ok = strcmp(ch, "\n") != 0 && !comma && !stop;
        else
            ok = han(ch);
        if (ok) {
            printf("%s%d", first ? "" : ", ", cands[i].id);
            first = 0;
        }
    }
    puts("]}");
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    if (strcmp(mode, "exit") == 0)
        return 0;
    if (strcmp(mode, "slow-start") == 0)
        nanosleep(&(struct timespec){1, 500000000L}, NULL);
    static char line[MAX_LINE];
    long answered = 0;
    long crash_after = strncmp(mode, "top-p-crash-", 12) == 0 ? strtol(mode + 12, NULL, 10) : -1;
    while (fgets(line, sizeof line, stdin)) {
        if (crash_after >= 0 && answered++ >= crash_after)
            raise(SIGSEGV);
        if (strcmp(mode, "top-p") == 0 || crash_after >= 0)
            top_p(line, 0, 1);
        else if (strcmp(mode, "top-p-gt") == 0)
            top_p(line, 1, 1);
        else if (strcmp(mode, "top-p-unsorted") == 0)
            top_p(line, 0, 0);
        else if (strcmp(mode, "jueju") == 0)
            jueju(line, JUEJU_CLASSIC);
        else if (strcmp(mode, "jueju-course") == 0)
            jueju(line, JUEJU_COURSE);
        else if (strcmp(mode, "jueju-lazy") == 0)
            jueju(line, JUEJU_LAZY);
        else if (strcmp(mode, "jueju-5") == 0)
            jueju(line, JUEJU_ONLY7);
        else if (strcmp(mode, "crash") == 0)
            raise(SIGSEGV);
        else if (strcmp(mode, "traceback") == 0) {
            fputs("Traceback (most recent call last):\n  File \"top_p.py\", line 12, in keep\n"
                  "    share = p / total\nZeroDivisionError: division by zero\n\n",
                  stderr);
            return 1;
        } else if (strcmp(mode, "slow-start") == 0)
            top_p(line, 0, 1);
        else if (strcmp(mode, "hang") == 0)
            for (;;)
                pause();
        else if (strcmp(mode, "garbage") == 0)
            puts("keep the first three, please");
        else if (strcmp(mode, "flood") == 0)
            for (int i = 0; i < 4096; i++)
                fputs("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, "
                      "21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, "
                      "39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, "
                      "57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, "
                      "75, 76, 77, 78, 79, 80]",
                      stdout);
        else if (strcmp(mode, "bad-id") == 0)
            puts("{\"keep\": [999999]}");
        else if (strcmp(mode, "two-lines") == 0)
            puts("{\"keep\": []}\n{\"keep\": []}");
        else
            return 2;
        fflush(stdout);
    }
    return 0;
}
