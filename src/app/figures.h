/* figures.h - the figures a lesson's narration quotes, and whether the screen
 * shows them as quoted (`tangscope lesson --check`).
 *
 * A figure is a percentage ("8.4%", "14,7 %", ">99.9%"), a rank ("rank 23",
 * "23rd", "Rang 23", "Platz 23", "rang 23", "23e", "第 23 名") or a count
 * ("149 times", "149-mal", "149 fois", "149 次"), in digits. A figure quoted
 * from elsewhere is not compared with the screen: one inside a `code` span or
 * a fenced block (a command and what it prints, as typed), and one inside a
 * parenthesis that opens with its source and a colon, "(probs: 8.37%)",
 * "(Kursskript: 14,2 %)", "（讲义：14.2%）", or in a list item that does,
 * "- 讲义：「春风」797 次" (lessons/README.md). A paragraph that opens with a
 * word and a colon ("Nein: ...") is narration like any other.
 *
 * The screen is matched as text: a percentage must stand there in the same
 * form (the same digits, the same decimal sign; the spaces before % aside),
 * a count in the same digits and grouping, a rank as the same number.
 * Plain C, no terminal: the check hands the screen's text in.
 */
#ifndef TS_FIGURES_H
#define TS_FIGURES_H

#include <stddef.h>

#include "app/lang.h"

typedef enum { FIGURE_PERCENT, FIGURE_RANK, FIGURE_COUNT } FigureKind;

typedef struct {
    FigureKind kind;
    char number[32]; /* the number as written, spaces inside it made plain: "8,37", ">99.9", "1.016" */
    char quoted[64]; /* the figure as the narration writes it, for messages: "8,37 %", "rank 23" */
    double value;    /* the number read in the lesson's language (percent for a percentage) */
    int decimals;    /* its digits after the decimal sign */
    int approx;      /* given as an approximation ("about 1%", "≈ 1 %", "约 1%"): the screen
                      * shows a figure that rounds to it */
} Figure;

/* The figures the Markdown narration quotes, in order, at most max of them;
 * returns how many. Figures from elsewhere (above) are left out. */
int figures_find(const char *markdown, AppLang lang, Figure *out, int max);

/* The Markdown narration with mark written after each percentage and rank
 * it quotes, those from elsewhere too ("(fp32: 8.37%)": the same model's
 * figures) but none inside a `code` span or a fenced block (a command as
 * typed stays whole) and no count (a count is the training text's, not the
 * model's). For a lesson about the bundled model run on another: what the
 * narration says of the bundled model, marked. A new string (free it), or
 * NULL when memory runs out; *count: the marks written. */
char *figures_marked(const char *markdown, AppLang lang, const char *mark, int *count);

/* Does the screen's text show f as quoted? 1 if so. Else 0, and shown holds
 * the screen's figure of the same kind that f rounds to, as the screen
 * writes it ("8,4 %"), or "" when the screen has none. */
int figures_shown(const Figure *f, const char *screen, AppLang lang, char *shown, size_t size);

/* The first number of text (a line the program drew, not the narration) that
 * is not written as lang writes numbers: a negative zero ("-0.0%", "-0,0 %",
 * "-0"), or a whole number of four digits or more without the language's
 * thousands separator where it has one ("7311" in English, German, French;
 * never in Chinese, which groups none). Digits that touch a letter (fp32,
 * U+4E00, a file name), follow a decimal sign (0,00002) or stand in a ratio
 * of window columns (80x24) are not whole numbers, nor is a seed after its
 * word ("seed 1046": a name typed back). Returns 1 and the number
 * in bad (with what stands before it), or 0. */
int figures_misnumbered(const char *text, AppLang lang, char *bad, size_t size);

#endif
