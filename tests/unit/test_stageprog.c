/* test_stageprog.c - a student's stage as a program: the protocol with
 * programs written for the test (tests/unit/stagebot.c: a correct top-p, one
 * off by one at the boundary, one that crashes, hangs, prints garbage, exits
 * at once, floods, keeps an unknown id), each giving the documented result;
 * no child is ever left behind; the student's top-p in the sampler gives the
 * built-in's choices. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/exercise.h"
#include "app/app.h"
#include "app/stageprog.h"
#include "check.h"
#include "engine/sampler.h"
#include "testutil.h"
#include "apptest.h"
#include "app/session.h"
#include "engine/fileio.h"

static char bot[PATH_MAX]; /* the stagebot beside this test */
static char cache_home[PATH_MAX]; /* XDG_CACHE_HOME/tangscope: a private folder */

/* The private cache folder and what the tests left in it. */
static void remove_cache(const char *top)
{
    DIR *d = opendir(cache_home);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char path[PATH_MAX * 2];
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            snprintf(path, sizeof path, "%s/%s", cache_home, e->d_name);
            unlink(path);
        }
    }
    if (d)
        closedir(d);
    rmdir(cache_home);
    rmdir(top);
}

/* "BOT MODE" as a command line. */
static const char *bot_cmd(const char *mode)
{
    static char cmd[PATH_MAX + 64];
    snprintf(cmd, sizeof cmd, "'%s' %s", bot, mode);
    return cmd;
}

/* No child of ours is left, running or unreaped. */
static void check_no_child(void)
{
    errno = 0;
    pid_t r = waitpid(-1, NULL, WNOHANG);
    CHECK(r == -1 && errno == ECHILD, "a child is left behind (waitpid gave %d)", (int)r);
}

/* Run every case of an exercise; returns how many passed, and the first
 * failed case's number in *first_failed (0: none). */
static int run_cases(const char *mode, ExerciseKind kind, int *first_failed)
{
    int n;
    const ExerciseCase *cases = exercise_cases(kind, &n);
    StageProg p;
    TsErr err;
    *first_failed = 0;
    if (stageprog_start(&p, bot_cmd(mode), 0, LANG_EN, &err) != 0) {
        CHECK(0, "%s", err.msg);
        return 0;
    }
    ByteBuf req = {0};
    int passed = 0;
    for (int k = 0; k < n; k++) {
        uint8_t got[EXERCISE_MAX_CANDIDATES];
        int tie;
        CHECK(exercise_request(&req, kind, &cases[k], k + 1) == 0, "request");
        StageProgStatus st = stageprog_ask(&p, req.p, req.len, cases[k].ids, cases[k].n, got, &err);
        CHECK(st == STAGEPROG_OK, "case %d: %s", k + 1, err.msg);
        if (st == STAGEPROG_OK && exercise_judge(kind, &cases[k], got, &tie))
            passed++;
        else if (!*first_failed)
            *first_failed = k + 1;
    }
    bytebuf_free(&req);
    stageprog_stop(&p);
    return passed;
}

/* The request as the program reads it: JSON escapes where JSON needs them
 * (quote, backslash, newline, other control characters), UTF-8 as it is,
 * one line. Written out by hand from the protocol in docs/exercises.md. */
static void test_request_text(void)
{
    ByteBuf req = {0};
    const int ids[] = {3, 9};
    const char *const chars[] = {"\"", "月"};
    int rc = stagereq_jueju(&req, 4, 5, "a\"b\\c\nd\x01", ids, chars, NULL, 2);
    const char *want = "{\"exercise\": \"jueju\", \"step\": 4, \"line_len\": 5, "
                       "\"text\": \"a\\\"b\\\\c\\nd\\u0001\", \"candidates\": "
                       "[{\"id\": 3, \"char\": \"\\\"\"}, {\"id\": 9, \"char\": \"月\"}]}\n";
    CHECK(rc == 0 && req.p && strcmp(req.p, want) == 0, "request:\n%s\nwant:\n%s", req.p, want);
    CHECK(req.len == strlen(want), "len %zu, want %zu", req.len, strlen(want));
    /* the next request replaces the last one; its settings are those that act
     * on the step's distribution, each as the protocol writes it (NULL: not
     * in the request, since it acts on the text before) */
    static const struct {
        const char *name;
        double value;
        const char *json;
    } SETTINGS[] = {
        {"temperature", 0.9, "\"temperature\": 0.9"},
        {"top-k", 40, "\"top_k\": 40"},
        {"top-p", 0.95, "\"top_p\": 0.95"},
        {"min-p", 0, "\"min_p\": 0"},
        {"repetition-penalty", 1.3, NULL},
    };
    SamplerSettings set = sampler_defaults();
    char want2[1024] = "{\"exercise\": \"top-p\", \"step\": 5, \"settings\": {";
    int missing = 0;
    for (int i = 0, shown = 0; i < SET_COUNT; i++) {
        int c = SETTING_CASE(SETTINGS, SAMPLER_SETTINGS[i].name);
        CHECK(c >= 0, "the setting %s has no case in test_request_text (is it in the top-p "
                      "request, and how does docs/exercises.md write it?)", SAMPLER_SETTINGS[i].name);
        missing += c < 0;
        if (c < 0)
            continue;
        sampler_setting_set(&set, (SamplerSettingId)i, SETTINGS[c].value);
        if (SETTINGS[c].json) {
            strcat(want2, shown++ ? ", " : "");
            strcat(want2, SETTINGS[c].json);
        }
    }
    strcat(want2, "}, \"candidates\": "
                  "[{\"id\": 3, \"char\": \"\\\"\", \"p\": 0.25}, "
                  "{\"id\": 9, \"char\": \"月\", \"p\": 0.75}]}\n");
    const double p[] = {0.25, 0.75};
    rc = stagereq_top_p(&req, 5, &set, ids, chars, NULL, p, 2);
    CHECK(rc == 0 && req.p && (missing || strcmp(req.p, want2) == 0), "request:\n%s\nwant:\n%s",
          req.p, want2);
    bytebuf_free(&req);
}

static void test_split(void)
{
    char **argv;
    int argc;
    TsErr err;
    CHECK(stageprog_split("  python3   my top.py  ", LANG_EN, &argv, &argc, &err) == 0, "%s", err.msg);
    CHECK(argc == 3 && strcmp(argv[0], "python3") == 0 && strcmp(argv[2], "top.py") == 0 &&
              argv[3] == NULL,
          "split into %d words", argc);
    free(argv);
    CHECK(stageprog_split("python3 \"my top.py\" 'a b'c", LANG_EN, &argv, &argc, &err) == 0, "%s", err.msg);
    CHECK(argc == 3 && strcmp(argv[1], "my top.py") == 0 && strcmp(argv[2], "a bc") == 0,
          "quotes: %d words, '%s' '%s'", argc, argc > 1 ? argv[1] : "", argc > 2 ? argv[2] : "");
    free(argv);
    CHECK_REFUSED(stageprog_split("   ", LANG_EN, &argv, &argc, &err) != 0, err.msg, "empty");
    CHECK_REFUSED(stageprog_split("python3 \"my.py", LANG_EN, &argv, &argc, &err) != 0, err.msg,
                  "unclosed");
}

/* The correct top-p passes every case; the one with > instead of >= fails
 * the case where p is reached exactly, the first one that shows it. */
static void test_top_p_right_and_wrong(void)
{
    int n, first;
    exercise_cases(EXERCISE_TOP_P, &n);
    CHECK(run_cases("top-p", EXERCISE_TOP_P, &first) == n, "the correct top-p failed case %d",
          first);
    int passed = run_cases("top-p-gt", EXERCISE_TOP_P, &first);
    CHECK(passed < n, "the off-by-one top-p passed everything");
    const ExerciseCase *cases = exercise_cases(EXERCISE_TOP_P, &n);
    CHECK(first >= 1 && strstr(cases[first - 1].title, "reached exactly"),
          "the first case it fails is %d, not the exact boundary", first);
    check_no_child();
}

/* The jueju as the course states it passes every case, and so does the
 * classic ，。，。; one that lets 、 ！ ？ through inside a line fails the
 * first case (the poem's first character), and one that knows only lines
 * of 7 fails a case of 5. */
static void test_jueju_right_and_wrong(void)
{
    int n, first;
    exercise_cases(EXERCISE_JUEJU, &n);
    CHECK(run_cases("jueju-course", EXERCISE_JUEJU, &first) == n,
          "the course's jueju failed case %d", first);
    CHECK(run_cases("jueju", EXERCISE_JUEJU, &first) == n, "the classic jueju failed case %d",
          first);
    const ExerciseCase *all = exercise_cases(EXERCISE_JUEJU, &n);
    int inside = 0; /* the cases that want a Han character: where 、！？ are offered wrongly */
    for (int k = 0; k < n; k++)
        inside += strcmp(all[k].want, "春风月山") == 0;
    int lazy = run_cases("jueju-lazy", EXERCISE_JUEJU, &first);
    CHECK(inside >= 4 && lazy == n - inside && first == 1,
          "the lazy jueju passed %d of %d (%d ask for a Han character), failing first case %d",
          lazy, n, inside, first);
    CHECK(run_cases("jueju-5", EXERCISE_JUEJU, &first) < n, "lines of 7 only passed everything");
    const ExerciseCase *cases = exercise_cases(EXERCISE_JUEJU, &n);
    CHECK(first >= 1 && cases[first - 1].line_len == 5, "it fails case %d, not one of 5", first);
    check_no_child();
}

/* One step with a misbehaving program: the status, the message (one line,
 * naming step 1 and the fault), and whether the program is still running. */
static void one_step(const char *mode, StageProgStatus want, const char *words, int running)
{
    int n;
    const ExerciseCase *c = exercise_cases(EXERCISE_TOP_P, &n);
    StageProg p;
    TsErr err;
    if (stageprog_start(&p, bot_cmd(mode), 1, LANG_EN, &err) != 0) {
        CHECK(0, "%s: %s", mode, err.msg);
        return;
    }
    p.timeout = 0.05; /* the first step may take ten times that: 0.5 s */
    pid_t pid = p.sup.pid; /* the supervisor: gone once the program is */
    ByteBuf req = {0};
    uint8_t got[EXERCISE_MAX_CANDIDATES];
    exercise_request(&req, EXERCISE_TOP_P, &c[0], 1);
    double t0 = ts_now();
    StageProgStatus st = stageprog_ask(&p, req.p, req.len, c[0].ids, c[0].n, got, &err);
    double took = ts_now() - t0;
    CHECK(st == want, "%s: status %d, want %d (%s)", mode, (int)st, (int)want, err.msg);
    CHECK_REFUSED(st != STAGEPROG_OK, err.msg, "step 1: ");
    CHECK_REFUSED(st != STAGEPROG_OK, err.msg, words);
    CHECK(p.running == running, "%s: running %d, want %d", mode, p.running, running);
    CHECK(took < 1.5, "%s: the step took %.2f s with a limit of 0.5", mode, took);
    if (!running)
        CHECK(kill(pid, 0) != 0 && errno == ESRCH, "%s: the program is still there", mode);
    bytebuf_free(&req);
    stageprog_stop(&p);
    check_no_child();
}

static void test_crash(void) { one_step("crash", STAGEPROG_ENDED, "crash", 0); }
static void test_hang(void) { one_step("hang", STAGEPROG_LATE, "no answer within 0.5 s", 0); }
static void test_garbage(void) { one_step("garbage", STAGEPROG_NOT_JSON, "not JSON", 0); }
static void test_exit_at_once(void) { one_step("exit", STAGEPROG_ENDED, "exit status 0", 0); }
static void test_flood(void) { one_step("flood", STAGEPROG_TOO_LONG, "without ending the line", 0); }
static void test_unknown_id(void) { one_step("bad-id", STAGEPROG_UNKNOWN_ID, "id 999999", 1); }
static void test_two_lines(void) { one_step("two-lines", STAGEPROG_EXTRA, "more than one line", 0); }

/* In the explorer (quiet_stderr) a program's traceback is kept in a file in
 * the user's cache folder; the failed step names it and shows its last
 * lines, and the file holds the whole traceback. */
static void test_traceback_kept(void)
{
    int n;
    const ExerciseCase *c = exercise_cases(EXERCISE_TOP_P, &n);
    StageProg p;
    TsErr err;
    if (stageprog_start(&p, bot_cmd("traceback"), 1, LANG_EN, &err) != 0) {
        CHECK(0, "%s", err.msg);
        return;
    }
    char path[sizeof p.errlog];
    snprintf(path, sizeof path, "%s", p.errlog);
    CHECK(strncmp(path, cache_home, strlen(cache_home)) == 0,
          "the error output goes to '%s', not into the cache folder %s", path, cache_home);
    ByteBuf req = {0};
    uint8_t got[EXERCISE_MAX_CANDIDATES];
    exercise_request(&req, EXERCISE_TOP_P, &c[0], 1);
    StageProgStatus st = stageprog_ask(&p, req.p, req.len, c[0].ids, c[0].n, got, &err);
    CHECK(st == STAGEPROG_ENDED, "status %d: %s", (int)st, err.msg);
    CHECK_REFUSED(st != STAGEPROG_OK, err.msg, "exit status 1");
    CHECK_REFUSED(st != STAGEPROG_OK, err.msg, path);
    CHECK_REFUSED(st != STAGEPROG_OK, err.msg,
                  "'    share = p / total | ZeroDivisionError: division by zero'");
    CHECK(!strchr(err.msg, '\n'), "the message is more than one line: %s", err.msg);
    stageprog_stop(&p);
    FILE *f = fopen(path, "r");
    char all[512] = {0};
    size_t len = f ? fread(all, 1, sizeof all - 1, f) : 0;
    if (f)
        fclose(f);
    CHECK(len > 0 && strstr(all, "Traceback (most recent call last):") &&
              strstr(all, "ZeroDivisionError"),
          "the file '%s' does not hold the traceback: '%s'", path, all);
    bytebuf_free(&req);
    /* a program that wrote nothing there leaves no file */
    if (stageprog_start(&p, bot_cmd("top-p"), 1, LANG_EN, &err) == 0) {
        snprintf(path, sizeof path, "%s", p.errlog);
        stageprog_stop(&p);
        CHECK(path[0] && access(path, F_OK) != 0, "an empty '%s' was kept", path);
    }
    check_no_child();
}

/* What a class gets wrong when it starts its program: a file that is not
 * executable, a file of this folder named without python3, and python3
 * without the file (an unquoted --stage python3 top_p.py): each says how to
 * run it. */
static void test_start_hints(void)
{
    StageProg p;
    TsErr err;
    char file[PATH_MAX + 16];
    snprintf(file, sizeof file, "%s/top_p.py", cache_home);
    FILE *f = fopen(file, "w");
    if (f) {
        fputs("import sys\n", f);
        fclose(f);
    }
    CHECK_REFUSED(stageprog_start(&p, file, 0, LANG_EN, &err) != 0, err.msg, "Permission denied");
    CHECK_REFUSED(1, err.msg, "run it with its interpreter, e.g. \"python3 '");
    char old[PATH_MAX];
    if (getcwd(old, sizeof old) && chdir(cache_home) == 0) {
        CHECK_REFUSED(stageprog_start(&p, "top_p.py", 0, LANG_DE, &err) != 0, err.msg,
                      "'top_p.py' liegt in diesem Ordner");
        CHECK_REFUSED(1, err.msg, "\"python3 'top_p.py'\"");
        CHECK(chdir(old) == 0, "back to %s", old);
    }
    CHECK_REFUSED(stageprog_start(&p, "python3", 0, LANG_EN, &err) != 0, err.msg,
                  "'python3' alone has no program to run");
    CHECK_REFUSED(1, err.msg, "--stage \"python3 top_p.py\"");
    unlink(file);
    check_no_child();
}

/* A slow start (the program sleeps 1.5 s before reading, as an `import
 * torch` would): with a limit of 0.1 s a step (1 s for the first) it is
 * late, and the message names the option that gives more time; with 0.2 s
 * (2 s for the first) it answers. */
static void test_stage_timeout(void)
{
    int n;
    const ExerciseCase *c = exercise_cases(EXERCISE_TOP_P, &n);
    ByteBuf req = {0};
    exercise_request(&req, EXERCISE_TOP_P, &c[0], 1);
    const double limits[] = {0.1, 0.2};
    for (int k = 0; k < 2; k++) {
        StageProg p;
        TsErr err;
        if (stageprog_start(&p, bot_cmd("slow-start"), 1, LANG_EN, &err) != 0) {
            CHECK(0, "%s", err.msg);
            break;
        }
        p.timeout = limits[k];
        uint8_t got[EXERCISE_MAX_CANDIDATES];
        StageProgStatus st = stageprog_ask(&p, req.p, req.len, c[0].ids, c[0].n, got, &err);
        if (k == 0) {
            CHECK(st == STAGEPROG_LATE, "status %d with 1 s for a start of 1.5 s", (int)st);
            CHECK_REFUSED(st != STAGEPROG_OK, err.msg,
                          "no answer within 1 s, the program's start included: a slow start "
                          "(import torch) needs more, --stage-timeout SECONDS");
        } else {
            CHECK(st == STAGEPROG_OK, "2 s for a start of 1.5 s: %s", err.msg);
        }
        stageprog_stop(&p);
    }
    bytebuf_free(&req);
    check_no_child();
}

static void test_cannot_start(void)
{
    StageProg p;
    TsErr err;
    CHECK_REFUSED(stageprog_start(&p, "no-such-program-xyz --flag", 0, LANG_EN, &err) != 0, err.msg,
                  "cannot start 'no-such-program-xyz': No such file");
    CHECK_REFUSED(stageprog_start(&p, "/etc/passwd", 0, LANG_EN, &err) != 0, err.msg, "cannot start");
    check_no_child();
    /* stopping what never started is harmless */
    StageProg zero = {0};
    zero.fd = -1;
    stageprog_stop(&zero);
}

/* Answers read against the candidates 3, 17, 25. */
static void test_parse_keep(void)
{
    StageProg p = {0};
    p.steps = 4;
    int ids[] = {3, 17, 25};
    uint8_t kept[3];
    TsErr err;
    CHECK(stageprog_parse_keep(&p, " {\"other\": [1, {\"x\": \"]\"}], \"keep\" : [25,3] } ", ids, 3,
                               kept, &err) == STAGEPROG_OK,
          "%s", err.msg);
    CHECK(kept[0] == 1 && kept[1] == 0 && kept[2] == 1, "kept %d %d %d", kept[0], kept[1], kept[2]);
    CHECK(stageprog_parse_keep(&p, "{\"keep\": []}", ids, 3, kept, &err) == STAGEPROG_OK, "%s",
          err.msg);
    struct {
        const char *line;
        StageProgStatus st;
        const char *words;
    } bad[] = {
        {"{\"keep\": [3, 17]", STAGEPROG_NOT_JSON, "step 4: the answer is not JSON"},
        {"{\"keep\": [3,]}", STAGEPROG_NOT_JSON, "not JSON"},
        {"{\"keep\": [3 17]}", STAGEPROG_NOT_JSON, "not JSON"},
        {"{\"keep\" [3]}", STAGEPROG_NOT_JSON, "not JSON"},
        {"{\"a\": 1 \"keep\": [3]}", STAGEPROG_NOT_JSON, "not JSON"},
        {"{\"keep\": [3], }", STAGEPROG_NOT_JSON, "not JSON"},
        {"{, \"keep\": [3]}", STAGEPROG_NOT_JSON, "not JSON"},
        {"{\"keep\": [3]]}", STAGEPROG_NOT_JSON, "not JSON"},
        {"{\"keep\": -[3]}", STAGEPROG_NOT_JSON, "not JSON"},
        {"keep 3", STAGEPROG_NOT_JSON, "'keep 3'"},
        {"{\"keep\": [3]} x", STAGEPROG_NOT_JSON, "not JSON"},
        {"[3, 17]", STAGEPROG_NO_KEEP, "no \"keep\" list"},
        {"{\"kept\": [3]}", STAGEPROG_NO_KEEP, "no \"keep\" list"},
        {"{\"keep\": 3}", STAGEPROG_NO_KEEP, "no \"keep\" list"},
        {"{\"keep\": [3.5]}", STAGEPROG_NO_KEEP, "'3.5', not an id"},
        {"{\"keep\": [\"月\"]}", STAGEPROG_NO_KEEP, "not an id"},
        {"{\"keep\": [4]}", STAGEPROG_UNKNOWN_ID, "id 4, which is not among the 3"},
        {"{\"keep\": [1e300]}", STAGEPROG_NO_KEEP, "not an id"},
        {"{\"keep\": [17, 3, 17]}", STAGEPROG_TWICE, "id 17 twice"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        StageProgStatus st = stageprog_parse_keep(&p, bad[i].line, ids, 3, kept, &err);
        CHECK(st == bad[i].st, "%s: status %d, want %d (%s)", bad[i].line, (int)st,
              (int)bad[i].st, err.msg);
        CHECK_REFUSED(st != STAGEPROG_OK, err.msg, bad[i].words);
    }
}

/* What the hook tests share: the test vocabulary, the stagebot in `mode`
 * started as the student's top-p (quiet_stderr, fallback as stageprog.h
 * says) and two samplers, a with the built-in top-p and b with the
 * program's. */
typedef struct {
    Vocab v;
    StageTopP t;
    SamplerState a, b;
} HookRig;

/* Returns 0, or -1 after a failed check (nothing is left to free). */
static int hook_rig_init(HookRig *r, const char *mode, int quiet_stderr, int fallback,
                         AppLang lang)
{
    TsErr err;
    testutil_vocab(&r->v, TESTUTIL_VOCAB_TEXT);
    if (stagetopp_init(&r->t, bot_cmd(mode), quiet_stderr, fallback, lang, &r->v, &err) != 0) {
        CHECK(0, "%s", err.msg);
        vocab_free(&r->v);
        return -1;
    }
    if (sampler_init(&r->a, r->v.size, &err) != 0) {
        CHECK(0, "%s", err.msg);
        stagetopp_free(&r->t);
        vocab_free(&r->v);
        return -1;
    }
    if (sampler_init(&r->b, r->v.size, &err) != 0) {
        CHECK(0, "%s", err.msg);
        sampler_free(&r->a);
        stagetopp_free(&r->t);
        vocab_free(&r->v);
        return -1;
    }
    r->b.top_p_hook = stagetopp_hook;
    r->b.top_p_ctx = &r->t;
    return 0;
}

/* Stops the program, frees everything, and checks that no child is left. */
static void hook_rig_free(HookRig *r)
{
    stagetopp_free(&r->t);
    sampler_free(&r->a);
    sampler_free(&r->b);
    vocab_free(&r->v);
    check_no_child();
}

/* The student's top-p in the sampler, as correct as the built-in: the same
 * buffers and the same choices over many distributions (ties excepted: the
 * bot breaks them by the lower id too). */
static void test_hook_matches_builtin(void)
{
    HookRig r;
    if (hook_rig_init(&r, "top-p", 0, 0, LANG_EN) != 0)
        return;
    int V = r.v.size;
    TsErr err;
    float *logits = malloc((size_t)V * sizeof *logits);
    unsigned seed = 7;
    int differ = 0;
    for (int round = 0; round < 40; round++) {
        for (int i = 0; i < V; i++) {
            seed = seed * 1103515245u + 12345u;
            logits[i] = (float)((seed >> 8) % 1000) / 150.0f;
        }
        SamplerSettings set = sampler_defaults();
        set.top_p = 0.3f + 0.0175f * (float)round;
        set.top_k = round % 3 == 0 ? 6 : 0;
        set.temperature = round % 2 ? 1.5f : 0.8f;
        float coin = (float)round / 40.0f;
        int x = sampler_run(&r.a, &set, logits, NULL, 0, NULL, coin, &err);
        int y = sampler_run(&r.b, &set, logits, NULL, 0, NULL, coin, &err);
        CHECK(y >= 0, "round %d: %s", round, err.msg);
        for (int i = 0; i < V; i++)
            differ += (r.a.top_p[i] > 0.0f) != (r.b.top_p[i] > 0.0f);
        CHECK(x == y, "round %d: the built-in picks %d, the program's top-p %d", round, x, y);
    }
    CHECK(differ == 0, "%d kept characters differ", differ);
    CHECK(r.t.prog.steps == 40, "%ld steps asked", r.t.prog.steps);
    /* a program that fails stops the chain with its message */
    StageTopP garbage;
    if (stagetopp_init(&garbage, bot_cmd("garbage"), 1, 0, LANG_EN, &r.v, &err) == 0) {
        r.b.top_p_ctx = &garbage;
        SamplerSettings set = sampler_defaults();
        CHECK_REFUSED(sampler_run(&r.b, &set, logits, NULL, 0, NULL, 0.5f, &err) < 0, err.msg,
                      "step 1: the answer is not JSON");
        stagetopp_free(&garbage);
    }
    free(logits);
    hook_rig_free(&r);
}

/* The explorer's hook (fallback): a program that crashes after two steps
 * has the third done by the built-in top-p, the first message kept, and is
 * asked nothing more; the answers before were the program's. */
static void test_fallback_goes_on(void)
{
    HookRig r;
    if (hook_rig_init(&r, "top-p-crash-2", 1, 1, LANG_DE) != 0)
        return;
    int V = r.v.size;
    TsErr err;
    float *logits = malloc((size_t)V * sizeof *logits);
    for (int i = 0; i < V; i++)
        logits[i] = (float)(i % 7) / 3.0f;
    SamplerSettings set = sampler_defaults();
    set.top_p = 0.6f;
    for (int round = 0; round < 4; round++) {
        int x = sampler_run(&r.a, &set, logits, NULL, 0, NULL, 0.25f, &err);
        int y = sampler_run(&r.b, &set, logits, NULL, 0, NULL, 0.25f, &err);
        CHECK(y == x, "round %d: the chain goes on with the built-in's choice: %d, not %d", round,
              x, y);
        CHECK(r.t.failed == (round >= 2), "round %d: failed is %d", round, r.t.failed);
        for (int i = 0; i < V; i++)
            CHECK(r.b.top_p[i] == r.a.top_p[i], "round %d: top_p[%d] %g, built-in %g", round, i,
                  (double)r.b.top_p[i], (double)r.a.top_p[i]);
    }
    /* the first failure is told, in the program's language, naming its step */
    const char *msg = r.t.failure.msg;
    CHECK(strstr(msg, "Schritt 3: das Programm") && strstr(msg, "Absturz"), "the message: %s", msg);
    CHECK(r.t.prog.steps == 3, "asked %ld times (nothing after the crash)", r.t.prog.steps);
    free(logits);
    hook_rig_free(&r);
}

/* A process is gone: no such pid (it was reaped, so the number is free). */
static int gone(pid_t pid) { return kill(pid, 0) != 0 && errno == ESRCH; }

/* A program that, at its first request, starts what would outlive a plain
 * process-group kill: a sleep that leaves with setsid, one that ignores
 * SIGTERM, SIGHUP and SIGINT, and one whose parent exits at once (a double
 * fork: an orphan); it answers with their pids, then reads on (hold) or
 * exits with status 3 (exit). */
static const char *escapers(const char *then)
{
    static char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "sh -c 'read l; "
             "setsid sleep 3021 </dev/null >/dev/null 2>&1 & a=$!; "
             "sh -c \"trap \\\"\\\" TERM HUP INT; exec sleep 3022\" </dev/null >/dev/null 2>&1 & b=$!; "
             "c=$(sh -c \"sleep 3023 </dev/null >/dev/null 2>&1 & echo \\$!\"); "
             "echo \"{\\\"keep\\\": [], \\\"pids\\\": [$a, $b, $c]}\"; %s'",
             strcmp(then, "exit") == 0 ? "exit 3" : "cat >/dev/null");
    return cmd;
}

/* Start `escapers`, send one request, read the three pids. */
static int start_escapers(StageProg *p, const char *then, pid_t pids[3])
{
    TsErr err;
    const char *line;
    if (stageprog_start(p, escapers(then), 1, LANG_EN, &err) != 0) {
        CHECK(0, "%s", err.msg);
        return -1;
    }
    if (stageprog_exchange(p, "{}\n", 3, &line, &err) != STAGEPROG_OK) {
        CHECK(0, "%s", err.msg);
        stageprog_stop(p);
        return -1;
    }
    const char *at = strstr(line, "\"pids\": [");
    int a, b, c;
    if (!at || sscanf(at, "\"pids\": [%d, %d, %d]", &a, &b, &c) != 3 || a <= 0 || b <= 0 ||
        c <= 0) {
        CHECK(0, "no pids in '%s'", line);
        stageprog_stop(p);
        return -1;
    }
    pids[0] = a, pids[1] = b, pids[2] = c;
    for (int i = 0; i < 3 && strcmp(then, "hold") == 0; i++)
        CHECK(!gone(pids[i]), "process %d is not running before the stop", (int)pids[i]);
    return 0;
}

/* Stopped, or ended by itself: what the program started (setsid, a double
 * fork, signals ignored) goes with it. */
static void test_nothing_escapes(void)
{
#if !defined(__linux__) || defined(TS_POSIX_ONLY)
    SKIP("beyond Linux (or with POSIX alone) only the program's process group is stopped");
    return;
#endif
    StageProg p;
    pid_t pids[3];
    if (start_escapers(&p, "hold", pids) == 0) {
        stageprog_stop(&p);
        for (int i = 0; i < 3; i++)
            CHECK(gone(pids[i]), "after the stop, process %d (sleep %d) still runs", (int)pids[i],
                  3021 + i);
    }
    check_no_child();
    /* it exits after its answer: the next step says how, and the rest is gone */
    if (start_escapers(&p, "exit", pids) == 0) {
        TsErr err;
        const char *line;
        StageProgStatus st = stageprog_exchange(&p, "{}\n", 3, &line, &err);
        CHECK(st == STAGEPROG_ENDED, "status %d (%s)", (int)st, err.msg);
        CHECK_REFUSED(st != STAGEPROG_OK, err.msg, "ended before answering (exit status 3)");
        for (int i = 0; i < 3; i++)
            CHECK(gone(pids[i]), "after its end, process %d (sleep %d) still runs", (int)pids[i],
                  3021 + i);
        stageprog_stop(&p);
    }
    check_no_child();
}

/* The program's TMPDIR is a folder of its own, in ours, and it goes with the
 * program with whatever it put there (a folder it made unreadable too). */
static void test_private_tmpdir(void)
{
    char base[] = "/tmp/ts_stagetmp_XXXXXX";
    CHECK(mkdtemp(base) != NULL, "mkdtemp");
    const char *was = getenv("TMPDIR");
    char saved[512];
    snprintf(saved, sizeof saved, "%s", was ? was : "");
    setenv("TMPDIR", base, 1);
    StageProg p;
    TsErr err;
    const char *line;
    const char *cmd = "sh -c 'read l; mkdir \"$TMPDIR/d\" && echo x >\"$TMPDIR/d/f\" && "
                      "chmod 0 \"$TMPDIR/d\" && mktemp >/dev/null && echo \"$TMPDIR\"; cat >/dev/null'";
    int rc = stageprog_start(&p, cmd, 1, LANG_EN, &err);
    CHECK(rc == 0, "%s", err.msg);
    if (rc == 0) {
        StageProgStatus st = stageprog_exchange(&p, "{}\n", 3, &line, &err);
        CHECK(st == STAGEPROG_OK, "%s", err.msg);
        char dir[512];
        snprintf(dir, sizeof dir, "%s", st == STAGEPROG_OK ? line : "");
        size_t k = strlen(base);
        CHECK(strncmp(dir, base, k) == 0 && strncmp(dir + k, "/tangscope-stage-", 17) == 0,
              "TMPDIR '%s' is not a folder of its own in '%s'", dir, base);
        CHECK(access(dir, F_OK) == 0, "'%s' is not there while the program runs", dir);
        stageprog_stop(&p);
        CHECK(access(dir, F_OK) != 0 && errno == ENOENT, "'%s' stays after the stop", dir);
    }
    if (was)
        setenv("TMPDIR", saved, 1);
    else
        unsetenv("TMPDIR");
    CHECK(rmdir(base) == 0, "'%s' is not empty after the program: %s", base, strerror(errno));
    check_no_child();
}

/* A lesson's program: a file of the exercises folder beside the lesson,
 * without shell signs; anything else is refused with the reason. */
static void test_lesson_program(void)
{
    char dir[] = "/tmp/ts_stage_XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    char path[512], lesson[512], outside[512];
    snprintf(path, sizeof path, "%s/lessons/en", dir);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s' '%s/lessons/exercises' && touch '%s/lessons/exercises/ref.sh' '%s/evil.sh'",
             path, dir, dir, dir);
    CHECK(system(cmd) == 0, "%s", cmd);
    snprintf(lesson, sizeof lesson, "%s/lessons/en/03.md", dir);
    snprintf(outside, sizeof outside, "%s/evil.sh", dir);
    AppState s;
    memset(&s, 0, sizeof s);
    s.view.lang = LANG_EN;
    char got[APP_STAGE_CMD_MAX], msg[256];
    CHECK(app_stage_lesson_program(&s, lesson, "ref.sh 0.9", got, sizeof got, msg, sizeof msg) == 0,
          "ref.sh refused: %s", msg);
    CHECK(strstr(got, "/lessons/exercises/ref.sh 0.9") != NULL, "resolved as '%s'", got);
    struct {
        const char *words, *why;
    } bad[] = {
        {"../../evil.sh", "only a program of its exercises folder"},
        {outside, "only a program of its exercises folder"},
        {"nothere.sh", "only a program of its exercises folder"},
        {"ref.sh; rm -rf x", "without shell signs"},
        {"ref.sh $HOME", "without shell signs"},
        {"ref.sh `id`", "without shell signs"},
        {"'ref.sh'", "without shell signs"},
        {"ref.sh > out", "without shell signs"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = app_stage_lesson_program(&s, lesson, bad[i].words, got, sizeof got, msg, sizeof msg);
        CHECK(rc != 0 && strstr(msg, bad[i].why), "'%s': rc %d, '%s'", bad[i].words, rc, msg);
    }
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0, "%s", cmd);
}

/* The export (x) of a session in which a student's top-p ran, as text:
 * the JSON's into json, the Markdown hand-in's into md (each malloc'd). */
static int export_with(const char *mode, float top_p, char **json, char **md)
{
    Model m;
    TsErr err;
    *json = *md = NULL;
    if (model_load(&m, "tests/data/tiny.bin", &err) != 0) {
        CHECK(0, "%s", err.msg);
        return -1;
    }
    AppState s;
    apptest_start(&s, &m);
    s.view.lang = LANG_EN;
    s.view.set.top_p = top_p;
    char cmdline[PATH_MAX + 32], dir[] = "/tmp/ts_handin_XXXXXX", name[128], path[PATH_MAX];
    snprintf(cmdline, sizeof cmdline, "%s %s", bot, mode);
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    CHECK(app_stage_start(&s, EXERCISE_TOP_P, cmdline) == 0, "%s", s.view.status);
    apptest_type(&s, "春风花");
    int rc = app_export(&s, dir, name, sizeof name, &err);
    CHECK(rc == 0, "%s", err.msg);
    unsigned char *buf;
    size_t len;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (rc == 0 && read_file(path, FILE_TEXT, &buf, &len, &err) == 0)
        *json = (char *)buf;
    unlink(path);
    snprintf(path, sizeof path, "%s/%.*s.md", dir, (int)(strlen(name) - 5), name);
    if (rc == 0 && read_file(path, FILE_TEXT, &buf, &len, &err) == 0)
        *md = (char *)buf;
    unlink(path);
    rmdir(dir);
    app_free(&s);
    model_free(&m);
    return *json && *md ? 0 : -1;
}

/* The hand-in says which program did the student's top-p and how it did
 * beside the built-in: a right one agreed each time, one that forgets to
 * sort kept other characters, one that crashed failed and why. */
static void test_handin_records_program(void)
{
    char *json, *md;
    char want[PATH_MAX + 256];
    if (export_with("top-p", 0.5f, &json, &md) == 0) {
        snprintf(want, sizeof want, "{\"stage\": \"top-p\", \"program\": \"%s top-p\", \"runs\": 4, "
                 "\"differed\": 0, \"failed\": false, \"failure\": null}", bot);
        CHECK(strstr(json, want) != NULL, "the JSON lacks\n    %s", want);
        snprintf(want, sizeof want, "- Your top-p program `%s top-p` agreed with the built-in all 4 times it ran", bot);
        CHECK(strstr(md, want) != NULL, "the hand-in lacks\n    %s\n%s", want, md);
    }
    free(json);
    free(md);
    if (export_with("top-p-unsorted", 0.5f, &json, &md) == 0) {
        CHECK(strstr(json, "\"differed\": 0,") == NULL && strstr(json, "\"failed\": false"),
              "an unsorted top-p agreed: %s", strstr(json, "stage_programs"));
        CHECK(strstr(md, "disagreed with the built-in") && strstr(md, "of the 4 times it ran"),
              "the hand-in does not say it disagreed:\n%s", md);
    }
    free(json);
    free(md);
    if (export_with("top-p-crash-2", 0.5f, &json, &md) == 0) {
        CHECK(strstr(json, "\"runs\": 2, \"differed\": 0, \"failed\": true, \"failure\": \"") != NULL,
              "a crash after 2 requests: %s", strstr(json, "stage_programs"));
        CHECK(strstr(md, "failed, and the built-in took over: ") != NULL, "the hand-in:\n%s", md);
    }
    free(json);
    free(md);
    /* no program: an empty list, no line */
    Model m;
    TsErr err;
    if (model_load(&m, "tests/data/tiny.bin", &err) == 0) {
        AppState s;
        apptest_start(&s, &m);
        CHECK(s.progs.rec[EXERCISE_TOP_P].cmd[0] == 0 && s.progs.rec[EXERCISE_JUEJU].cmd[0] == 0,
              "a record without a program");
        app_free(&s);
        model_free(&m);
    }
}

int main(int argc, char **argv)
{
    (void)argc;
    /* the programs' error output goes to the cache folder: a private one */
    char cache[] = "/tmp/tangscope-stagecache-XXXXXX";
    if (!mkdtemp(cache)) {
        printf("FAIL cache: %s\n", strerror(errno));
        return 1;
    }
    setenv("XDG_CACHE_HOME", cache, 1);
    snprintf(cache_home, sizeof cache_home, "%s/tangscope", cache);
    char self[PATH_MAX];
    snprintf(self, sizeof self, "%s", argv[0]);
    snprintf(bot, sizeof bot, "%s/stagebot", dirname(self));
    if (access(bot, X_OK) != 0) {
        printf("FAIL stagebot: %s is missing (make %s)\n", bot, bot);
        return 1;
    }
    RUN(test_request_text);
    RUN(test_split);
    RUN(test_parse_keep);
    RUN(test_cannot_start);
    RUN(test_top_p_right_and_wrong);
    RUN(test_jueju_right_and_wrong);
    RUN(test_crash);
    RUN(test_hang);
    RUN(test_garbage);
    RUN(test_exit_at_once);
    RUN(test_flood);
    RUN(test_unknown_id);
    RUN(test_two_lines);
    RUN(test_hook_matches_builtin);
    RUN(test_fallback_goes_on);
    RUN(test_lesson_program);
    RUN(test_nothing_escapes);
    RUN(test_private_tmpdir);
    RUN(test_traceback_kept);
    RUN(test_start_hints);
    RUN(test_stage_timeout);
    RUN(test_handin_records_program);
    remove_cache(cache);
    return test_summary();
}
