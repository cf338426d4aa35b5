/* test_exercise.c - the exercises' reference cases, written by hand from the
 * definitions, against a second opinion: tangscope's own top-p
 * (sampler_top_p) and jueju mask (form_allowed) give the same answers. And
 * the judge: a tie broken the other way passes, a wrong count does not. */
#include <stdlib.h>
#include <string.h>

#include "app/exercise.h"
#include "check.h"
#include "engine/form.h"
#include "engine/sampler.h"
#include "testutil.h"

static void test_top_p_cases_agree_with_the_sampler(void)
{
    int n;
    const ExerciseCase *cases = exercise_cases(EXERCISE_TOP_P, &n);
    CHECK(n >= 10, "only %d cases", n);
    for (int k = 0; k < n; k++) {
        const ExerciseCase *c = &cases[k];
        int V = c->ids[c->n - 1] + 1;
        float *in = calloc((size_t)V, sizeof *in), *out = calloc((size_t)V, sizeof *out);
        int *scratch = calloc(2 * (size_t)V, sizeof *scratch);
        double sum = 0.0;
        for (int i = 0; i < c->n; i++) {
            in[c->ids[i]] = (float)c->p[i];
            sum += c->p[i];
        }
        CHECK(sum > 0.999999 && sum < 1.000001, "case %d: p adds up to %.9g", k + 1, sum);
        /* the sampler takes p in (0, 1]; p = 0 behaves as the smallest p */
        sampler_top_p(out, in, V, c->top_p > 0.0f ? c->top_p : 1e-9f, scratch);
        uint8_t want[EXERCISE_MAX_CANDIDATES], got[EXERCISE_MAX_CANDIDATES];
        exercise_want(c, want);
        for (int i = 0; i < c->n; i++)
            got[i] = out[c->ids[i]] > 0.0f;
        for (int i = 0; i < c->n; i++)
            CHECK(got[i] == want[i], "case %d (%s): %s is %s by the sampler", k + 1, c->title,
                  c->chars[i], got[i] ? "kept" : "left out");
        for (int i = 1; i < c->n; i++)
            CHECK(c->ids[i] > c->ids[i - 1], "case %d: ids not ascending", k + 1);
        free(in);
        free(out);
        free(scratch);
    }
}

static void test_jueju_cases_agree_with_the_form(void)
{
    int n;
    const ExerciseCase *cases = exercise_cases(EXERCISE_JUEJU, &n);
    /* a vocabulary of every character the cases use */
    size_t cap = 16;
    for (int k = 0; k < n; k++)
        cap += strlen(cases[k].text);
    char *all = calloc(cap + 64, 1);
    strcpy(all, "\n，。春风月山、！？");
    for (int k = 0; k < n; k++)
        strcat(all, cases[k].text);
    Vocab v;
    testutil_vocab(&v, all);
    uint8_t *allowed = malloc((size_t)v.size);
    for (int k = 0; k < n; k++) {
        const ExerciseCase *c = &cases[k];
        Form f;
        TsErr err;
        int *ids = NULL;
        size_t n_ids = 0;
        CHECK(form_init_jueju(&f, &v, c->line_len, &err) == 0, "%s", err.msg);
        CHECK(vocab_encode(&v, c->text, strlen(c->text), "text", &ids, &n_ids, &err) == 0, "%s",
              err.msg);
        /* the built-in form writes the classic ，。，。: a text with 。 after
         * line 1 (the course allows it) is not one it follows */
        const char *stop = strstr(c->text, "。"), *comma = strstr(c->text, "，");
        int classic = !stop || (comma && comma < stop);
        if (!classic) {
            CHECK(form_follow(&f, &v, ids, n_ids, &err) != 0, "case %d: the form follows %s",
                  k + 1, c->text);
            free(ids);
            continue;
        }
        CHECK(form_follow(&f, &v, ids, n_ids, &err) == 0, "case %d: %s", k + 1, err.msg);
        form_allowed(&f, &v, allowed);
        uint8_t got[EXERCISE_MAX_CANDIDATES];
        for (int i = 0; i < c->n; i++) {
            int id = testutil_id(&v, c->chars[i]);
            CHECK(id >= 0, "case %d: no id for '%s'", k + 1, c->chars[i]);
            got[i] = id >= 0 && allowed[id];
        }
        /* the form's mask, as a program's answer: the course's answer, or the
         * classic mark noted */
        int note;
        CHECK(exercise_judge(EXERCISE_JUEJU, c, got, &note) &&
                  (note == EXERCISE_NOTE_NONE || (c->also && note == EXERCISE_NOTE_CLASSIC)),
              "case %d (%s): the built-in form's mask does not pass", k + 1, c->title);
        free(ids);
    }
    free(allowed);
    free(all);
    vocab_free(&v);
}

static void test_judge(void)
{
    int n;
    const ExerciseCase *cases = exercise_cases(EXERCISE_TOP_P, &n);
    const ExerciseCase *tie = NULL;
    for (int k = 0; k < n; k++)
        if (strstr(cases[k].title, "tie at the boundary"))
            tie = &cases[k];
    CHECK(tie != NULL, "no tie case");
    if (!tie)
        return;
    /* 东 .2, 南 .4, 西 .2, 北 .2 with p = 0.5: 南 and any one of the others */
    uint8_t got[4] = {0, 1, 1, 0};
    int note;
    CHECK(exercise_judge(EXERCISE_TOP_P, tie, got, &note) && note, "南西 should pass as a tie");
    uint8_t exact[4] = {1, 1, 0, 0};
    CHECK(exercise_judge(EXERCISE_TOP_P, tie, exact, &note) && !note, "南东 should pass");
    uint8_t three[4] = {1, 1, 1, 0};
    CHECK(!exercise_judge(EXERCISE_TOP_P, tie, three, &note), "three kept should fail");
    uint8_t no_top[4] = {1, 0, 1, 0};
    CHECK(!exercise_judge(EXERCISE_TOP_P, tie, no_top, &note), "without 南 should fail");
    CHECK(exercise_parse("top-p") == EXERCISE_TOP_P && exercise_parse("jueju") == EXERCISE_JUEJU &&
              exercise_parse("topp") < 0,
          "names");
}

int main(void)
{
    RUN(test_top_p_cases_agree_with_the_sampler);
    RUN(test_jueju_cases_agree_with_the_form);
    RUN(test_judge);
    return test_summary();
}
