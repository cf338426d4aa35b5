/* cli_demo.c - `tangscope demo`: the guided lessons (lessons/LANG/) printed
 * one after the other as handouts, the command-line face of `tangscope
 * lesson`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static void print_problem(void *ctx, int line, const char *msg)
{
    fprintf(stderr, "%s:%d: %s\n", (const char *)ctx, line, msg);
}

/* The number a lesson's file name starts with: .../03-top-k.md -> 3. */
static int section_of(const char *path)
{
    const char *name = strrchr(path, '/');
    return atoi(name ? name + 1 : path);
}

/* Wait for Enter (or the end of the input, after which nothing waits). */
static void pause_for_enter(void)
{
    fprintf(stderr, cli_label(LBL_CLI_DEMO_NEXT), app_key_name(cli_lang(), KN_ENTER));
    fflush(stderr);
    int c;
    while ((c = getchar()) != EOF && c != '\n') {
    }
    fputc('\n', stderr);
}

static int run_lessons(LessonEnv *e, char **files, int n, AppLang lang, int section, int pause)
{
    int problems = 0, shown = 0;
    for (int i = 0; i < n; i++) {
        if (section && section_of(files[i]) != section)
            continue;
        if (shown++ > 0) {
            fflush(stdout);
            if (pause)
                pause_for_enter();
            fputs("\n", stdout);
        }
        Lesson l;
        TsErr err;
        int rc = lesson_load(&l, files[i], print_problem, files[i], &err);
        if (rc < 0) {
            (void)cli_error("demo", 0, "%s", err.msg);
            problems++;
            continue;
        }
        problems += rc + cli_lesson_handout(stdout, &e->s, &l, lang, e->worksheet, print_problem, files[i]);
        lesson_free(&l);
    }
    fflush(stdout);
    if (section && !shown)
        return cli_error("demo", EXIT_USAGE, "there is no lesson %d (the lessons are numbered %d to %d)",
                         section, section_of(files[0]), section_of(files[n - 1]));
    return problems ? EXIT_USAGE : 0;
}

int cmd_demo(int argc, char **argv)
{
    const char *model_path = NULL, *corpus_path = NULL;
    int section = 0, pause = 0, no_corpus = 0;
    int worksheet = 0;
    Opt opts[] = {
        {"--section", OPT_INT, &section, 1, 99},
        {"--pause", OPT_FLAG, &pause, 0, 0},       {"--model", OPT_STR, &model_path, 0, 0},
        {"--corpus", OPT_STR, &corpus_path, 0, 0}, {"--no-corpus", OPT_FLAG, &no_corpus, 0, 0},
        {"--worksheet", OPT_FLAG, &worksheet, 0, 0},
    };
    int rc = cli_parse("demo", argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       NULL, 0, NULL);
    if (rc)
        return rc == 1 ? 0 : rc;
    AppLang lang = cli_lang();
    cli_set_threads(1);
    LessonEnv e; /* the model first: a damaged one is the first thing to hear about */
    if ((rc = cli_lesson_env_open(&e, "demo", model_path, corpus_path, no_corpus)) != 0)
        return rc;
    e.worksheet = worksheet;
    const char *dir = cli_lessons_dir(app_lang_code(lang));
    char **files;
    int n = cli_lesson_files(dir, &files);
    if (n <= 0)
        rc = cli_error("demo", EXIT_USAGE,
                       "no lessons in %s (%s; set TANGSCOPE_HOME to the folder that holds "
                       "lessons/, or choose another --lang)",
                       dir, ts_text(n < 0 ? "no such folder" : "no NN-name.md files there"));
    else
        rc = run_lessons(&e, files, n, lang, section, pause);
    cli_lesson_files_free(files, n < 0 ? 0 : n);
    cli_lesson_env_close(&e);
    return rc;
}
