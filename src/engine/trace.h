/* trace.h - one written character as a record: what the model and the sampler
 * gave it and its most probable rivals, for `generate --trace` and the
 * explorer's export (the JSON is written in src/app/session.c).
 */
#ifndef TS_TRACE_H
#define TS_TRACE_H

#include <stddef.h>

#define TRACE_TOP 8

typedef struct {
    int id;          /* token id */
    float p_model;   /* the model's probability: softmax of the logits, temperature 1 */
    float p_sampler; /* after the penalty, temperature, filters and the form's mask */
} TraceCandidate;

typedef struct {
    long index;      /* the character's place in the text, 0 = its first character */
    TraceCandidate chosen;
    TraceCandidate top[TRACE_TOP]; /* by p_model, most probable first (ties: lower id) */
    int n_top;       /* min(TRACE_TOP, V) */
} TraceStep;

/* Fill st for the character `chosen` from the two distributions over V
 * tokens (model[V], sampler[V]; neither is changed). scratch [V] is work
 * space. st->index is left to the caller. */
void trace_step_fill(TraceStep *st, const float *model, const float *sampler, int V, int chosen,
                     int *scratch);

#endif
