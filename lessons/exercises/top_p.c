/* Exercise 1: top-p (nucleus) sampling, written as a stage that tangscope runs.
 *
 *   cc -O2 -o top_p top_p.c
 *   tangscope exercise check top-p ./top_p
 *   tangscope probs 春风 --temperature 1.5 --top-p 0.9 --stage ./top_p
 *
 * tangscope sends one line of JSON per step (docs/exercises.md):
 *   {"exercise": "top-p", "step": 1, "settings": {..., "top_p": 0.9, ...},
 *    "candidates": [{"id": 12, "char": "月", "p": 0.41}, ...]}
 * and reads one line back: {"keep": [12, 40]}. The reading and writing are
 * done below; write the body of top_p(). Debug output goes to stderr.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int id;
    double p;
} Candidate;

/* Keep the most probable candidates, most probable first, until their
 * probabilities add up to p or more; at least one. Equal probabilities: the
 * lower id first. c[0..n) comes in the order of the ids, and the p add up
 * to 1. Write the ids to keep into keep[] and return how many. */
static int top_p(Candidate *c, int n, double p, int *keep)
{
    (void)p;
    /* TODO: your code. This keeps every candidate, right only for p = 1. */
    for (int i = 0; i < n; i++)
        keep[i] = c[i].id;
    return n;
}

/* ---- the protocol: nothing to change below ---- */

/* The number after "key": in s (0 if there is none). */
static double number_after(const char *s, const char *key)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(s, pattern);
    return at ? strtod(at + strlen(pattern), NULL) : 0.0;
}

/* The candidates: each object {"id": N, "char": "...", "p": X} of the list. */
static int read_candidates(const char *s, Candidate **out)
{
    const char *at = strstr(s, "\"candidates\":");
    int n = 0, cap = 0;
    *out = NULL;
    while (at && (at = strstr(at, "{\"id\":")) != NULL) {
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            *out = realloc(*out, (size_t)cap * sizeof **out);
            if (!*out)
                exit(1);
        }
        Candidate *c = &(*out)[n++];
        c->id = (int)strtol(at + 6, NULL, 10);
        /* skip the character's string, escapes included */
        const char *q = strstr(at, "\"char\":");
        q = strchr(q + 7, '"') + 1;
        while (*q && *q != '"')
            q += *q == '\\' ? 2 : 1;
        c->p = number_after(q, "p");
        at = q;
    }
    return n;
}

int main(void)
{
    char *line = NULL;
    size_t size = 0;
    while (getline(&line, &size, stdin) > 0) {
        Candidate *c;
        int n = read_candidates(line, &c);
        int *keep = malloc((size_t)(n > 0 ? n : 1) * sizeof *keep);
        if (!keep)
            return 1;
        int k = top_p(c, n, number_after(line, "top_p"), keep);
        fputs("{\"keep\": [", stdout);
        for (int i = 0; i < k; i++)
            printf("%s%d", i ? ", " : "", keep[i]);
        puts("]}");
        fflush(stdout);
        free(keep);
        free(c);
    }
    free(line);
    return 0;
}
