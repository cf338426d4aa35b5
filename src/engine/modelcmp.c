/* modelcmp.c - two models' next characters side by side (modelcmp.h). */
#include "engine/modelcmp.h"

#include <math.h>

int modelcmp_rank(const float *p, int V, int id)
{
    int rank = 1;
    for (int j = 0; j < V; j++)
        rank += p[j] > p[id] || (p[j] == p[id] && j < id);
    return rank;
}

/* One model's top n, each looked up in the other model. */
static void describe(ModelCmpCand *out, int n, const Vocab *own, const float *p, const int *order,
                     const Vocab *other, const float *p_other)
{
    for (int i = 0; i < n; i++) {
        ModelCmpCand *c = &out[i];
        c->id = order[i];
        c->cp = vocab_cp(own, c->id);
        c->p = p[c->id];
        c->other_id = vocab_id(other, c->cp);
        c->p_other = c->other_id >= 0 ? p_other[c->other_id] : 0.0f;
        c->rank_other = c->other_id >= 0 ? modelcmp_rank(p_other, other->size, c->other_id) : 0;
    }
}

int modelcmp_compute(ModelCmp *c, const Vocab *va, const float *pa, const int *order_a,
                     const Vocab *vb, const float *pb, const int *order_b, int n_top, TsErr *err)
{
    (void)err; /* nothing is allocated: both vocabularies are walked in step */
    *c = (ModelCmp){0};
    int top = n_top < MODELCMP_TOP ? n_top : MODELCMP_TOP;
    c->n_a = top < va->size ? top : va->size;
    c->n_b = top < vb->size ? top : vb->size;
    describe(c->a, c->n_a, va, pa, order_a, vb, pb);
    describe(c->b, c->n_b, vb, pb, order_b, va, pa);
    /* the code points are strictly increasing in both: one merge finds the
     * shared characters and what each lacks */
    double sa = 0.0, sb = 0.0;
    int i = 0, j = 0;
    while (i < va->size || j < vb->size) {
        if (j >= vb->size || (i < va->size && va->cps[i] < vb->cps[j]))
            c->a_only += (double)pa[i++];
        else if (i >= va->size || vb->cps[j] < va->cps[i])
            c->b_only += (double)pb[j++];
        else {
            sa += (double)pa[i++];
            sb += (double)pb[j++];
            c->shared++;
        }
    }
    if (sa <= 0.0 || sb <= 0.0) {
        c->kl = sa <= 0.0 ? 0.0 : HUGE_VAL;
        return 0;
    }
    double kl = 0.0;
    for (i = 0, j = 0; i < va->size && j < vb->size;) {
        if (va->cps[i] < vb->cps[j])
            i++;
        else if (vb->cps[j] < va->cps[i])
            j++;
        else {
            double a = (double)pa[i++] / sa, b = (double)pb[j++] / sb;
            if (a > 0.0)
                kl += b > 0.0 ? a * log(a / b) : HUGE_VAL;
        }
    }
    c->kl = kl > 0.0 ? kl : 0.0; /* rounding can leave a tiny negative sum */
    return 0;
}

int modelcmp_map_text(const Vocab *from, const int *ids, size_t n, const Vocab *to, int *out,
                      const char *who, TsErr *err)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = vocab_cp(from, ids[i]);
        out[i] = vocab_id(to, cp);
        if (out[i] < 0) {
            char name[48];
            TsQuoted q;
            vocab_describe(cp, name, sizeof name);
            return ts_fail(err, "%s: no %s in its vocabulary; it cannot read this text",
                           ts_quote(&q, who), name);
        }
    }
    return 0;
}
