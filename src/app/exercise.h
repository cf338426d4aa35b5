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
 *   jueju, as the course states it: four lines of line_len (5 or 7) Han
 *     characters; the character after each of lines 1 to 3 (the 8th, 16th
 *     and 24th of a poem of 7 a line) is a comma or a full stop, ， or 。
 *     (、 is the enumeration comma, not the comma; ！ ？ are neither);
 *     after line 4 the full stop 。 that closes the poem (the course names
 *     no 32nd character: a poem ends on it, as every poem of the training
 *     text does), then only the newline. No punctuation anywhere else:
 *     inside a line only Han characters. The classic pattern ，。，。 (the
 *     built-in form's) keeps one of the two marks: it passes too, noted.
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
/* A --stage or `:stage` value, "top-p PROGRAM", "jueju PROGRAM" or
 * "PROGRAM" (top-p): *kind set, the PROGRAM part returned (within text;
 * "" when there is none). */
const char *exercise_stage_split(const char *text, ExerciseKind *kind);

/* One reference case. */
typedef struct {
    const char *title; /* what the case is about, one line (po/ translates it) */
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
    const char *also;           /* jueju: another answer that passes, noted (the classic
                                 * mark where the course allows either); NULL: none */
} ExerciseCase;

/* What exercise_judge notes about an answer that passed. */
enum { EXERCISE_NOTE_NONE, EXERCISE_NOTE_TIE, EXERCISE_NOTE_CLASSIC };

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
