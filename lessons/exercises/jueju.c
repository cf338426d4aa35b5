/* Exercise 2: the jueju form as a constraint, written as a program that
 * tangscope runs.
 *
 *   cc -O2 -o jueju jueju.c
 *   tangscope exercise check jueju ./jueju
 *
 * tangscope sends one line of JSON per step (docs/exercises.md):
 *   {"exercise": "jueju", "step": 1, "line_len": 7, "text": "朝辞白帝彩云间",
 *    "candidates": [{"id": 0, "char": "\n"}, {"id": 5, "char": "。"}, ...]}
 * and reads one line back: the ids allowed next, {"keep": [6000]}.
 *
 * A jueju, as the course states it: four lines of line_len (5 or 7) Han
 * characters; after each of lines 1 to 3 (the 8th, 16th and 24th character
 * in lines of 7) a comma or a full stop, ， or 。 (、 is no comma); after the
 * fourth the full stop 。, then only the newline that ends the poem. No
 * punctuation anywhere else: inside a line only Han characters. Write allowed(); the
 * reading and writing are done below. Debug output goes to stderr.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int id;
    char ch[8]; /* the character as UTF-8: "，" "。" "\n" or a Han character */
} Candidate;

/* text: the poem so far as UTF-8 (a Chinese character is 3 bytes, and so are
 * ， and 。). Write the ids allowed next into keep[] and return how many. */
static int allowed(const char *text, int line_len, const Candidate *c, int n, int *keep)
{
    (void)text;
    (void)line_len;
    /* TODO: your code. This allows everything: no form at all. */
    for (int i = 0; i < n; i++)
        keep[i] = c[i].id;
    return n;
}

/* ---- the protocol: nothing to change below ---- */

/* The JSON string that starts at s (after its opening quote) into out,
 * unescaped (\n and \" \\ are all tangscope writes here); returns where it
 * ends. */
static const char *read_string(const char *s, char *out, size_t size)
{
    size_t k = 0;
    for (; *s && *s != '"'; s++) {
        char ch = *s;
        if (ch == '\\') {
            s++;
            ch = *s == 'n' ? '\n' : *s;
        }
        if (k + 1 < size)
            out[k++] = ch;
    }
    out[k] = 0;
    return s;
}

int main(void)
{
    char *line = NULL;
    size_t size = 0;
    while (getline(&line, &size, stdin) > 0) {
        const char *at = strstr(line, "\"line_len\":");
        int line_len = at ? atoi(at + 11) : 7;
        char *text = malloc(strlen(line) + 1);
        Candidate *c = malloc(strlen(line) * sizeof *c / 8 + sizeof *c);
        int *keep = malloc(strlen(line) * sizeof *keep / 8 + sizeof *keep);
        if (!text || !c || !keep)
            return 1;
        at = strstr(line, "\"text\": \"");
        read_string(at ? at + 9 : "\"", text, strlen(line) + 1);
        int n = 0;
        at = strstr(line, "\"candidates\":");
        while (at && (at = strstr(at, "{\"id\":")) != NULL) {
            c[n].id = (int)strtol(at + 6, NULL, 10);
            at = strstr(at, "\"char\": \"") + 9;
            at = read_string(at, c[n].ch, sizeof c[n].ch);
            n++;
        }
        int k = allowed(text, line_len, c, n, keep);
        fputs("{\"keep\": [", stdout);
        for (int i = 0; i < k; i++)
            printf("%s%d", i ? ", " : "", keep[i]);
        puts("]}");
        fflush(stdout);
        free(text);
        free(c);
        free(keep);
    }
    free(line);
    return 0;
}
