/* exercise.h - the course's programming exercises and their reference cases.
 *
 * Exercise 1 is top-p, exercise 2 the jueju constraint; a student writes
 * each as a program (stageprog.h speaks to it). `tangscope exercise check`
 * runs the program on the cases below and says for each whether it gave
 * what the definition asks.
 *
 * The expected answers are written by hand from the definitions, not
 * computed by tangscope's own sampler or form (test_exercise checks that
 * those agree with the cases, as a second opinion):
 *
 *   top-p: sort the candidates by probability, most probable first (equal
 *     probabilities: the lower id first); keep the shortest run from the top
 *     whose probabilities add up to p or more; at least one candidate, so
 *     p = 0 keeps the most probable alone and p = 1 keeps them all. The
 *     candidates' probabilities add up to 1 (after top-k they are
 *     renormalised over what top-k kept).
 *   jueju: four lines of line_len (5 or 7) Han characters; after line 1 and
 *     line 3 comes ，, after line 2 and line 4 comes 。; after the last 。
 *     only the newline that ends the poem. Inside a line only Han characters.
 */
#ifndef TS_EXERCISE_H
#define TS_EXERCISE_H

#include <stddef.h>
#include <stdint.h>

#include "app/stageprog.h"

#define EXERCISE_MAX_CANDIDATES 32

typedef enum { EXERCISE_TOP_P, EXERCISE_JUEJU, EXERCISE_COUNT } ExerciseKind;

/* "top-p" or "jueju" -> the kind; -1 for anything else. */
int exercise_parse(const char *name);
const char *exercise_name(ExerciseKind kind);

/* One reference case. */
typedef struct {
    const char *title[LANG_COUNT]; /* what the case is about, one line, by AppLang */
    /* top-p: the settings and the candidates in id order, with p */
    float top_p, temperature;
    int top_k;
    /* jueju: the line length and the poem so far */
    int line_len;
    const char *text;
    int n;                      /* candidates */
    int ids[EXERCISE_MAX_CANDIDATES];   /* ascending */
    const char *chars[EXERCISE_MAX_CANDIDATES];
    double p[EXERCISE_MAX_CANDIDATES];  /* top-p only */
    const char *want;           /* the characters to keep, as one string ("月光") */
} ExerciseCase;

/* The cases of an exercise: *n set, the table returned. */
const ExerciseCase *exercise_cases(ExerciseKind kind, int *n);

/* want[i] = 1 for each candidate the case expects kept (from c->want).
 * Returns how many. */
int exercise_want(const ExerciseCase *c, uint8_t *want);

/* The request the program gets for case c as step `step` (stageprog.h). */
int exercise_request(ByteBuf *r, ExerciseKind kind, const ExerciseCase *c, long step);

/* Does the answer got[] (the candidates kept) pass case c? For top-p an
 * answer that breaks a tie otherwise than by the lower id passes too: it
 * keeps as many, all of the more probable ones, and only candidates as
 * probable as the last one expected. *tie_note is set then. */
int exercise_judge(ExerciseKind kind, const ExerciseCase *c, const uint8_t *got, int *tie_note);

#endif
