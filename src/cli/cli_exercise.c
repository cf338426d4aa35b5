/* cli_exercise.c - `tangscope exercise check EXERCISE PROGRAM`: a student's
 * program against the reference cases of the course's exercises
 * (app/exercise.h), each case passed or failed with what was expected and
 * what came back. A class can grade with it: the exit status is 0 only when
 * every case passed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/exercise.h"
#include "app/stageprog.h"
#include "cli/cli.h"

static const char EXERCISE_HELP[] =
    "usage: tangscope exercise check EXERCISE PROGRAM [--timeout SECONDS]\n"
    "\n"
    "Run a student's solution of one of the course's exercises against reference\n"
    "cases written from the definitions, and say for each case whether it passed,\n"
    "with what was expected and what came back. The exit status is 0 only when\n"
    "every case passed (1 when one failed, 2 when PROGRAM cannot be run at all).\n"
    "\n"
    "EXERCISE is\n"
    "  top-p   exercise 1: keep the most probable candidates until their\n"
    "          probabilities reach p (ties, p = 0 and 1, one dominant candidate,\n"
    "          a flat distribution, top-k before top-p, the course's numbers)\n"
    "  jueju   exercise 2: the characters allowed next in a jueju, four lines of\n"
    "          5 or 7 Han characters with ，。，。 and then the newline\n"
    "\n"
    "PROGRAM is the command that runs the solution, one argument: \"python3\n"
    "my_top_p.py\". It is split into words at spaces, without a shell; a word in\n"
    "\"double\" or 'single' quotes may hold spaces. tangscope starts it once and\n"
    "talks to it over its standard input and output, one JSON object a line each\n"
    "way (docs/exercises.md; starting points in lessons/exercises/). Its standard\n"
    "error is the terminal's: print debugging output there.\n"
    "\n"
    "A program that crashes, hangs or answers something that is not one JSON\n"
    "line fails the case with a one-line message and is started again for the\n"
    "next; after two such failures in a row the other cases are not run.\n"
    "\n"
    "  --timeout SECONDS   the time a case may take, 0.05..60 (default 1); the\n"
    "                      first after a start may take ten times as long, for\n"
    "                      the program's start (python3 can take seconds)\n"
    "\n"
    "Example: tangscope exercise check top-p \"python3 lessons/exercises/top_p.py\"\n";

/* The candidates marked in `which`, as characters and as ids. */
static void print_set(const char *label, const ExerciseCase *c, const uint8_t *which)
{
    int count = 0;
    for (int i = 0; i < c->n; i++)
        count += which[i] != 0;
    printf("             %-8s %2d:", label, count);
    for (int i = 0; i < c->n; i++)
        if (which[i])
            printf(" %s", strcmp(c->chars[i], "\n") == 0 ? "⏎" : c->chars[i]);
    fputs("   (ids", stdout);
    for (int i = 0; i < c->n; i++)
        if (which[i])
            printf(" %d", c->ids[i]);
    if (count == 0)
        fputs(" none", stdout);
    puts(")");
}

/* Judge case k (0-based) by what the program answered (st, got, err) and
 * say so: passed, or FAILED with why (the program's own fault, or the set it
 * kept beside the one expected). *fatal_in_a_row counts the failures in a
 * row of a program that has ended (running: it has not). Returns 1 when the
 * case passed. */
static int report_case(ExerciseKind kind, const ExerciseCase *c, int k, StageProgStatus st,
                       const uint8_t *got, const TsErr *err, int running, int *fatal_in_a_row)
{
    int tie = 0;
    if (st == STAGEPROG_OK && exercise_judge(kind, c, got, &tie)) {
        *fatal_in_a_row = 0;
        printf("  passed %2d  %s%s\n", k + 1, c->title,
               tie ? " (a tie broken otherwise than by the lower id: fine)" : "");
        return 1;
    }
    printf("  FAILED %2d  %s\n", k + 1, c->title);
    if (st != STAGEPROG_OK) {
        printf("             %s\n", err->msg);
        *fatal_in_a_row = running ? 0 : *fatal_in_a_row + 1;
        return 0;
    }
    *fatal_in_a_row = 0;
    if (kind == EXERCISE_TOP_P)
        printf("             with p = %g%s\n", (double)c->top_p, c->top_k ? " after top-k" : "");
    uint8_t want[EXERCISE_MAX_CANDIDATES];
    exercise_want(c, want);
    print_set("expected", c, want);
    print_set("got", c, got);
    return 0;
}

int cmd_exercise(int argc, char **argv)
{
    float timeout = (float)STAGEPROG_TIMEOUT;
    const char *pos[3];
    int npos = 0;
    Opt opts[] = {{"--timeout", OPT_FLOAT, &timeout, 0.05, 60}};
    int rc = cli_parse("exercise", EXERCISE_HELP, argc, argv, opts,
                       (int)(sizeof opts / sizeof opts[0]), pos, 3, &npos);
    if (rc)
        return rc == 1 ? 0 : rc;
    TsQuoted q;
    if (npos == 0)
        return cli_error("exercise", EXIT_USAGE,
                         "say what to do: exercise check EXERCISE PROGRAM (see --help)");
    if (strcmp(pos[0], "check") != 0)
        return cli_error("exercise", EXIT_USAGE, "unknown action %s: the one there is, is check",
                         ts_quote(&q, pos[0]));
    if (npos < 3)
        return cli_error("exercise", EXIT_USAGE,
                         "check needs the exercise (top-p or jueju) and the program, e.g. "
                         "exercise check top-p \"python3 my_top_p.py\"");
    int kind = exercise_parse(pos[1]);
    if (kind < 0)
        return cli_error("exercise", EXIT_USAGE, "unknown exercise %s: top-p or jueju",
                         ts_quote(&q, pos[1]));

    int n_cases;
    const ExerciseCase *cases = exercise_cases((ExerciseKind)kind, &n_cases);
    StageProg prog;
    TsErr err;
    if (stageprog_start(&prog, pos[2], 0, &err) != 0)
        return cli_error("exercise", EXIT_USAGE, "%s", err.msg);
    prog.timeout = timeout;
    printf("exercise %s: %d cases for %s\n", exercise_name((ExerciseKind)kind), n_cases,
           prog.cmd);
    fflush(stdout);

    StageReq req = {0};
    int passed = 0, fatal_in_a_row = 0, ran = 0;
    for (int k = 0; k < n_cases; k++) {
        const ExerciseCase *c = &cases[k];
        if (!prog.running) {
            if (fatal_in_a_row >= 2)
                break;
            stageprog_stop(&prog); /* what is left of the one that was stopped */
            if (stageprog_start(&prog, pos[2], 0, &err) != 0) {
                printf("  FAILED %2d  %s\n             %s\n", k + 1, c->title, err.msg);
                ran = k + 1;
                break;
            }
            prog.timeout = timeout;
        }
        ran = k + 1;
        if (exercise_request(&req, (ExerciseKind)kind, c, k + 1) != 0) {
            stageprog_stop(&prog);
            stagereq_free(&req);
            return cli_error("exercise", 1, "out of memory");
        }
        uint8_t got[EXERCISE_MAX_CANDIDATES];
        prog.steps = k; /* the message names the case */
        StageProgStatus st = stageprog_ask(&prog, req.s, req.len, c->ids, c->n, got, &err);
        passed += report_case((ExerciseKind)kind, c, k, st, got, &err, prog.running,
                              &fatal_in_a_row);
        fflush(stdout);
    }
    stageprog_stop(&prog);
    stagereq_free(&req);
    if (ran < n_cases)
        printf("  (stopped after two failures in a row: %d case%s not run)\n", n_cases - ran,
               n_cases - ran == 1 ? "" : "s");
    printf("%d of %d cases passed.\n", passed, n_cases);
    return passed == n_cases ? 0 : 1;
}
