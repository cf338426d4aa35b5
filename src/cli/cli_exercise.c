/* cli_exercise.c - `tangscope exercise check EXERCISE PROGRAM`: a student's
 * program against the reference cases of the course's exercises
 * (app/exercise.h), each case passed or failed with what was expected and
 * what came back. A class can grade with it: the exit status is 0 only when
 * every case passed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/exercise.h"
#include "app/po.h"
#include "app/labels.h"
#include "app/stageprog.h"
#include "app/textw.h"
#include "cli/cli.h"

/* text, then spaces to `cols` display columns */
static void print_padded(const char *text, int cols)
{
    fputs(text, stdout);
    for (int w = textw_width(text); w < cols; w++)
        putchar(' ');
}

/* The candidates marked in `which`, as characters and as ids. */
static void print_set(LabelId label, const ExerciseCase *c, const uint8_t *which)
{
    int count = 0;
    for (int i = 0; i < c->n; i++)
        count += which[i] != 0;
    int cols = textw_width(cli_label(LBL_EX_EXPECTED));
    if (textw_width(cli_label(LBL_EX_GOT)) > cols)
        cols = textw_width(cli_label(LBL_EX_GOT));
    fputs("             ", stdout);
    print_padded(cli_label(label), cols < 8 ? 8 : cols);
    printf(" %2d:", count);
    for (int i = 0; i < c->n; i++)
        if (which[i])
            printf(" %s", strcmp(c->chars[i], "\n") == 0 ? "⏎" : c->chars[i]);
    printf("   (%s", cli_label(LBL_EX_IDS));
    for (int i = 0; i < c->n; i++)
        if (which[i])
            printf(" %d", c->ids[i]);
    if (count == 0)
        printf(" %s", cli_label(LBL_EX_NONE));
    puts(")");
}

/* "  passed  3  title" / "  FAILED  3  title": the verdicts padded to one width */
static void print_verdict(int ok, int number, const char *title)
{
    int cols = textw_width(cli_label(LBL_EX_PASSED));
    if (textw_width(cli_label(LBL_EX_FAILED)) > cols)
        cols = textw_width(cli_label(LBL_EX_FAILED));
    fputs("  ", stdout);
    print_padded(cli_label(ok ? LBL_EX_PASSED : LBL_EX_FAILED), cols);
    printf(" %2d  %s", number, title);
}

/* Case c (number k) on the running program, its verdict printed, and for
 * a failure what was wrong: the message, or what was expected and what came
 * back. Returns 1 when it passed. */
static int run_case(StageProg *prog, const ByteBuf *req, ExerciseKind kind, const ExerciseCase *c,
                    int k)
{
    uint8_t got[EXERCISE_MAX_CANDIDATES], want[EXERCISE_MAX_CANDIDATES];
    exercise_want(c, want);
    TsErr err;
    StageProgStatus st = stageprog_ask(prog, req->p, req->len, c->ids, c->n, got, &err);
    int tie = 0;
    int ok = st == STAGEPROG_OK && exercise_judge(kind, c, got, &tie);
    print_verdict(ok, k, po_text(cli_lang(), c->title));
    printf("%s\n", !ok                            ? ""
                   : tie == EXERCISE_NOTE_TIE     ? cli_label(LBL_EX_TIE)
                   : tie == EXERCISE_NOTE_CLASSIC ? cli_label(LBL_EX_CLASSIC)
                                                  : "");
    if (ok)
        return 1;
    if (st != STAGEPROG_OK) {
        printf("             %s\n", err.msg);
        return 0;
    }
    if (kind == EXERCISE_TOP_P) {
        char p[32];
        app_num_short(cli_lang(), (double)c->top_p, p, sizeof p);
        printf("             ");
        printf(cli_label(LBL_EX_WITH_P), p);
        printf("%s\n", c->top_k ? cli_label(LBL_EX_AFTER_TOP_K) : "");
    } else { /* the rule each jueju case is written from */
        int l = c->line_len + 1;
        printf("             ");
        printf(cli_label(LBL_EX_JUEJU_RULE), l, 2 * l, 3 * l);
        printf("\n");
    }
    print_set(LBL_EX_EXPECTED, c, want);
    print_set(LBL_EX_GOT, c, got);
    return 0;
}

int cmd_exercise(int argc, char **argv)
{
    float timeout = (float)STAGEPROG_TIMEOUT;
    const char *pos[3];
    int npos = 0;
    Opt opts[] = {{"--timeout", OPT_FLOAT, &timeout, 0.05, 60}};
    int rc = cli_parse("exercise", argc, argv, opts,
                       (int)(sizeof opts / sizeof opts[0]), pos, 3, &npos);
    if (rc)
        return rc == 1 ? 0 : rc;
    TsQuoted q;
    if (npos == 0)
        return cli_error("exercise", EXIT_USAGE, "%s", cli_label(LBL_EX_SAY_WHAT));
    if (strcmp(pos[0], "check") != 0)
        return cli_error("exercise", EXIT_USAGE, cli_label(LBL_EX_UNKNOWN_ACTION),
                         ts_quote(&q, pos[0]));
    if (npos < 3)
        return cli_error("exercise", EXIT_USAGE, "%s", cli_label(LBL_EX_NEEDS));
    int kind = exercise_parse(pos[1]);
    if (kind < 0)
        return cli_error("exercise", EXIT_USAGE, cli_label(LBL_EX_UNKNOWN), ts_quote(&q, pos[1]));

    int n_cases;
    const ExerciseCase *cases = exercise_cases((ExerciseKind)kind, &n_cases);
    StageProg prog;
    TsErr err;
    if (stageprog_start(&prog, pos[2], 0, cli_lang(), &err) != 0)
        return cli_error("exercise", EXIT_USAGE, "%s", err.msg);
    prog.timeout = timeout;
    prog.timeout_option = "--timeout";
    printf(cli_label(LBL_EX_HEAD), exercise_name((ExerciseKind)kind), n_cases, prog.cmd);
    putchar('\n');
    fflush(stdout);

    ByteBuf req = {0};
    int passed = 0, fatal_in_a_row = 0, ran = 0;
    for (int k = 0; k < n_cases; k++) {
        const ExerciseCase *c = &cases[k];
        if (!prog.running) {
            if (fatal_in_a_row >= 2)
                break;
            stageprog_stop(&prog); /* what is left of the one that was stopped */
            if (stageprog_start(&prog, pos[2], 0, cli_lang(), &err) != 0) {
                print_verdict(0, k + 1, po_text(cli_lang(), c->title));
                printf("\n             %s\n", err.msg);
                ran = k + 1;
                break;
            }
            prog.timeout = timeout;
            prog.timeout_option = "--timeout";
        }
        ran = k + 1;
        if (exercise_request(&req, (ExerciseKind)kind, c, k + 1) != 0) {
            stageprog_stop(&prog);
            bytebuf_free(&req);
            return cli_error("exercise", 1, "out of memory");
        }
        prog.steps = k; /* the message names the case */
        int ok = run_case(&prog, &req, (ExerciseKind)kind, c, k + 1);
        passed += ok;
        fatal_in_a_row = ok || prog.running ? 0 : fatal_in_a_row + 1;
        fflush(stdout);
    }
    stageprog_stop(&prog);
    bytebuf_free(&req);
    if (ran < n_cases) {
        fputs("  ", stdout);
        printf(cli_label_n(LBL_EX_STOPPED, n_cases - ran), n_cases - ran);
        putchar('\n');
    }
    printf(cli_label_n(LBL_EX_SUMMARY, passed), passed, n_cases);
    putchar('\n');
    return passed == n_cases ? 0 : 1;
}
