/* cells.c - the screen reader of the end-to-end scripts: a capture of the
 * terminal (tmux capture-pane -p, UTF-8) in on stdin, out one line per screen
 * line, each cell as it is on the terminal: the decimal code point of the
 * character in it, 0 for the second cell of a wide character (a Chinese
 * character, or 空 in 空格, takes two cells, as wcwidth says and as the
 * terminal draws it), separated by single spaces; then a tab and the line as
 * it came (for a script to quote when a check fails). Awk can then read the
 * screen cell by cell with split() and plain numbers, whatever its own idea
 * of characters (mawk has none). A byte that starts no UTF-8 character is
 * one cell, 65533. A blank line stays an empty list.
 *
 * It runs no product code: tests/e2e/help_columns.sh and timing_ramp.sh read
 * the explorer's screen through it (make builds it, tests/run.sh says where
 * in E2E_CELLS).
 *
 * usage: tmux capture-pane -p | build/tests/cells
 */
#define _XOPEN_SOURCE 700
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* one line of the capture, newline removed, as cells on stdout */
static void print_cells(const char *line, size_t len)
{
    mbstate_t st;
    memset(&st, 0, sizeof st);
    const char *sep = "";
    size_t i = 0;
    while (i < len) {
        wchar_t wc;
        size_t n = mbrtowc(&wc, line + i, len - i, &st);
        int w = 1;
        if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
            wc = 0xFFFD;
            n = 1;
            memset(&st, 0, sizeof st);
        } else {
            w = wcwidth(wc);
        }
        printf("%s%ld", sep, (long)wc);
        sep = " ";
        if (w == 2)
            printf(" 0");
        i += n;
    }
    printf("\t%.*s\n", (int)len, line);
}

int main(void)
{
    if (!setlocale(LC_ALL, "C.UTF-8") && !setlocale(LC_ALL, "en_US.UTF-8")) {
        fprintf(stderr, "cells: no UTF-8 locale (C.UTF-8)\n");
        return 2;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, stdin)) >= 0) {
        if (len > 0 && line[len - 1] == '\n')
            len--;
        print_cells(line, (size_t)len);
    }
    free(line);
    return ferror(stdout) ? 1 : 0;
}
