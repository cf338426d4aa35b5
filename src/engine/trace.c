/* trace.c - a written character's record (see trace.h). */
#include "engine/trace.h"

#include "engine/sampler.h"

static TraceCandidate candidate(const float *model, const float *sampler, int id)
{
    TraceCandidate c = {id, model[id], sampler[id]};
    return c;
}

void trace_step_fill(TraceStep *st, const float *model, const float *sampler, int V, int chosen,
                     int *scratch)
{
    st->chosen = candidate(model, sampler, chosen);
    st->n_top = V < TRACE_TOP ? V : TRACE_TOP;
    /* the same order as the explorer's bars: by probability, ties by id */
    sampler_sort_prefix(scratch, model, V, st->n_top);
    for (int k = 0; k < st->n_top; k++)
        st->top[k] = candidate(model, sampler, scratch[k]);
}
