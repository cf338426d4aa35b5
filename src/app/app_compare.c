/* app_compare.c - the compare model: a second model beside the explorer's.
 *
 * `tangscope --compare-model FILE`, `:compare-model FILE` and a lesson's
 * `compare-model` set the wish (compare_model, part of a lesson step's
 * state); app_predict has the model it names loaded (or closed) and reads
 * the explorer's text with it: each character through its own vocabulary,
 * its own context under the explorer's context policy. The panel
 * (view_compare.c) shows both top 8 and the divergence (modelcmp.h). The
 * word fp32, bf16 or int8 in place of a file names the explorer's own
 * model in that precision (app_weights_model), so a lesson that must run
 * on a fresh clone can put int8 beside fp32.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"

/* Free one compare model. */
static void cm_free(AppCompareModel *c)
{
    if (!c)
        return;
    nextview_free(&c->view);
    gen_free(&c->g);
    free(c->ids);
    if (c->have_own)
        model_free(&c->own);
    free(c);
}

void app_compare_model_free(AppState *s)
{
    cm_free(s->text.cm);
    s->text.cm = NULL;
}

/* The model path names: a file of its own, or the explorer's in a precision. */
static const Model *open_model(AppState *s, AppCompareModel *c, const char *path, TsErr *err)
{
    WeightPrec p;
    if (wprec_parse(path, &p) == 0)
        return app_weights_model(s, p, err);
    if (model_load(&c->own, path, err) != 0)
        return NULL;
    c->have_own = 1;
    return &c->own;
}

AppCompareModel *app_compare_model_open(AppState *s, const char *path, TsErr *err)
{
    AppCompareModel *c = ts_calloc(1, sizeof *c, err);
    if (!c)
        return NULL;
    snprintf(c->path, sizeof c->path, "%s", path);
    const char *slash = strrchr(path, '/');
    snprintf(c->name, sizeof c->name, "%s", slash && slash[1] ? slash + 1 : path);
    if (!(c->m = open_model(s, c, path, err)) ||
        !(c->ids = ts_calloc(APP_MAX_CHARS + 1, sizeof *c->ids, err)) ||
        gen_init(&c->g, c->m, 1, err) != 0 || nextview_init(&c->view, c->m, &c->g.ss, err) != 0) {
        cm_free(c);
        return NULL;
    }
    return c;
}

void app_compare_model_close(AppCompareModel *c)
{
    cm_free(c);
}

void app_compare_model_adopt(AppState *s, AppCompareModel *c)
{
    app_compare_model_free(s);
    s->text.cm = c;
}

/* Load path as the compare model in place of what is loaded; what is loaded
 * stays when path cannot be. */
static int load(AppState *s, const char *path, TsErr *err)
{
    AppCompareModel *c = app_compare_model_open(s, path, err);
    if (!c)
        return -1;
    app_compare_model_adopt(s, c);
    return 0;
}

int app_compare_model_set(AppState *s, const char *path, TsErr *err)
{
    if (!path || !*path) {
        s->view.compare_model[0] = 0;
        app_compare_model_free(s);
        return 0;
    }
    if (strlen(path) >= sizeof s->view.compare_model)
        return ts_fail(err, "%s: the file's name is too long", "--compare-model");
    if (load(s, path, err) != 0)
        return -1;
    snprintf(s->view.compare_model, sizeof s->view.compare_model, "%s", path);
    return 0;
}

/* B reads the text A reads (without A's newline: B puts its own there, by
 * the same rule); a character B lacks is said in the panel. */
static void read_text(AppState *s, AppCompareModel *c)
{
    TsErr err;
    const Generator *a = &s->text.g;
    size_t n = a->n - a->prefix;
    c->ok = 0;
    if (!s->pred.model_ok) {
        c->error[0] = 0;
        return;
    }
    if (modelcmp_map_text(&s->text.m->vocab, a->text + a->prefix, n, &c->m->vocab, c->ids, c->name,
                          &err) != 0) {
        snprintf(c->error, sizeof c->error, "%s", err.msg);
        return;
    }
    /* the same text as B last read: its logits are current */
    int same = c->g.n > 0 && c->g.where == a->where && c->g.n == n + c->g.prefix && c->g.policy == a->policy &&
               memcmp(c->g.text + c->g.prefix, c->ids, n * sizeof *c->ids) == 0;
    gen_set_policy(&c->g, a->policy);
    SamplerSettings plain = sampler_defaults();
    if ((!same && gen_start(&c->g, c->ids, n, a->where, &err) != 0) ||
        nextview_compute(&c->view, &c->g, &plain, NULL, NULL, &err) != 0) {
        snprintf(c->error, sizeof c->error, "%.63s: %.400s", c->name, err.msg);
        return;
    }
    nextview_sort(&c->view, MODELCMP_TOP);
    if (modelcmp_compute(&c->cmp, &s->text.m->vocab, s->pred.probs, s->pred.order, &c->m->vocab,
                         c->view.probs, c->view.order, MODELCMP_TOP, &err) != 0) {
        snprintf(c->error, sizeof c->error, "%s", err.msg);
        return;
    }
    c->error[0] = 0;
    c->ok = 1;
}

void app_compare_model_update(AppState *s)
{
    const char *loaded = s->text.cm ? s->text.cm->path : "";
    if (strcmp(loaded, s->view.compare_model) != 0) {
        TsErr err;
        if (!s->view.compare_model[0])
            app_compare_model_free(s);
        else if (load(s, s->view.compare_model, &err) != 0) {
            s->view.compare_model[0] = 0;
            app_status(s, 1, "%s", err.msg);
        }
    }
    if (s->text.cm)
        read_text(s, s->text.cm);
}

const char *app_compare_name_a(const AppState *s, char *out, size_t size)
{
    const char *a = s->text.model_name ? s->text.model_name : ""; /* a handout's state has none */
    for (const char *p = a; *p; p++)
        if (*p == '/' && p[1])
            a = p + 1;
    const char *prec = s->text.weights == WPREC_FP32 ? "" : wprec_name(s->text.weights);
    snprintf(out, size, "%s%s%s", a, *a && *prec ? " " : "", *a || *prec ? prec : "-");
    return out;
}
