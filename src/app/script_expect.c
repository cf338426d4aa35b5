/* script_expect.c - `expect`: whether a claim of a lesson holds on the
 * explorer as it stands (the parser, script.c, reads the claim). */
#include "app/script_expect.h"

#include <stdio.h>
#include <string.h>

#include "engine/corpus.h"

static int holds(double got, const char *op, double want)
{
    if (strcmp(op, ">") == 0)
        return got > want;
    if (strcmp(op, ">=") == 0)
        return got >= want;
    if (strcmp(op, "<") == 0)
        return got < want;
    if (strcmp(op, "<=") == 0)
        return got <= want;
    return got == want;
}

/* The claim as written, for messages: "expect rank 流 > 8". */
static void claim_text(const ScriptCmd *c, char *out, size_t size)
{
    char ch[16];
    script_char_name(c->cp, ch);
    switch (c->claim) {
    case CLAIM_TOP1: snprintf(out, size, "expect top1 %s", ch); break;
    case CLAIM_TOP8: snprintf(out, size, "expect top8 %s", ch); break;
    case CLAIM_RANK: snprintf(out, size, "expect rank %s %s %g", ch, c->op, c->x); break;
    case CLAIM_PROB: snprintf(out, size, "expect prob %s %s %g", ch, c->op, c->x); break;
    case CLAIM_IDENTICAL: snprintf(out, size, "expect identical"); break;
    case CLAIM_CORPUS: snprintf(out, size, "expect corpus %.96s %s %g", c->text, ch, c->x); break;
    case CLAIM_LINES: snprintf(out, size, "expect lines %s %g", c->op, c->x); break;
    case CLAIM_GROWS: snprintf(out, size, "expect grows %s", ch); break;
    case CLAIM_SHRINKS: snprintf(out, size, "expect shrinks %s", ch); break;
    case CLAIM_KL: snprintf(out, size, "expect kl %s %g", c->op, c->x); break;
    case CLAIM_SIZE: snprintf(out, size, "expect size %s %g", c->op, c->x); break;
    case CLAIM_SPEEDUP: snprintf(out, size, "expect speedup %s %g", c->op, c->x); break;
    case CLAIM_MASK: snprintf(out, size, "expect mask %g %g", c->x, c->y); break;
    }
}

static int check_corpus(AppState *s, const ScriptCmd *c, ScriptOut *o, const char *claim)
{
    if (!s->corpus) {
        script_fail(o->msg, sizeof o->msg, "%s: the training text is not loaded", claim);
        return SCRIPT_UNCHECKED;
    }
    uint32_t ctx[APP_MAX_CHARS + 1];
    long n = script_decode(c->text, ctx, APP_MAX_CHARS);
    if (n < 0 || n > APP_MAX_CHARS)
        return script_fail(o->msg, sizeof o->msg, "%s: the context is too long", claim);
    ctx[n] = c->cp;
    size_t count = corpus_count(s->corpus, ctx, (size_t)n + 1);
    if ((double)count == c->x)
        return SCRIPT_OK;
    char ch[16];
    script_char_name(c->cp, ch);
    return script_fail(o->msg, sizeof o->msg, "%s: the training text has %s%s %zu time%s", claim,
                c->text, ch, count, count == 1 ? "" : "s");
}

/* The speedup claim c as a TimingClaim. */
static int speedup_holds(const void *ctx, double ratio)
{
    const ScriptCmd *c = ctx;
    return holds(ratio, c->op, c->x);
}

/* `expect speedup`: float32's cached step over the weights' now. A speed is
 * measured on a machine that may be busy: a claim the rounds do not all
 * hold is timed again, fresh rounds each time, before its verdict. Times
 * that cannot decide it (timing.h) make it SCRIPT_SKIPPED, with why. */
static int check_speedup(AppState *s, const ScriptCmd *c, ScriptOut *o, const char *claim)
{
    enum { RETRIES = 4 };
    if (s->wt.tick_s <= 0.0) /* set by the first timing */
        return script_fail(o->msg, sizeof o->msg,
                           "%s: no precision set yet (set weights times them)", claim);
    TimingJudgement j = app_weights_speedup(s, speedup_holds, c);
    for (int again = 0; again < RETRIES && (j.verdict == TIMING_FAILS || j.verdict == TIMING_SPREAD);
         again++) {
        app_weights_retime(s);
        j = app_weights_speedup(s, speedup_holds, c);
    }
    const char *prec = wprec_name(s->weights);
    switch (j.verdict) {
    case TIMING_HOLDS: return SCRIPT_OK;
    case TIMING_SANITIZER:
        snprintf(o->msg, sizeof o->msg, "%s: not decided in a build under a sanitizer, which "
                 "slows every precision alike", claim);
        return SCRIPT_SKIPPED;
    case TIMING_COARSE:
        snprintf(o->msg, sizeof o->msg, "%s: not decided: the clock ticks every %.3g us, too "
                 "coarse for a step of %.3g us", claim, 1e6 * j.tick_s, 1e6 * j.shortest_s);
        return SCRIPT_SKIPPED;
    case TIMING_SPREAD:
        snprintf(o->msg, sizeof o->msg, "%s: not decided: fp32 / %s measured from %.2f to %.2f "
                 "in rounds of the same timing, %d times", claim, prec, j.lo, j.hi, 1 + RETRIES);
        return SCRIPT_SKIPPED;
    case TIMING_NONE:
    case TIMING_FAILS: break;
    }
    return script_fail(o->msg, sizeof o->msg, "%s: a cached step in %s took %.3f ms, in fp32 %.3f "
                       "ms (fp32 / %s from %.2f to %.2f in the rounds)", claim, prec,
                       1000 * s->wt.step_s[s->weights], 1000 * s->wt.step_s[WPREC_FP32], prec,
                       j.lo, j.hi);
}

/* The weights' other claims: the figures of the weights panel. */
static int check_weights(AppState *s, const ScriptCmd *c, ScriptOut *o, const char *claim)
{
    if (c->claim == CLAIM_SPEEDUP)
        return check_speedup(s, c, o, claim);
    double x = c->claim == CLAIM_KL ? s->wt.kl_bits : (double)model_file_size(s->g.m);
    if (holds(x, c->op, c->x))
        return SCRIPT_OK;
    if (c->claim == CLAIM_KL)
        return script_fail(o->msg, sizeof o->msg, "%s: the bars in %s are %.6f bits from fp32's", claim,
                    wprec_name(s->weights), x);
    return script_fail(o->msg, sizeof o->msg, "%s: the model in %s is %.0f bytes", claim,
                wprec_name(s->weights), x);
}

int script_expect(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    char claim[SCRIPT_MSG_MAX / 2], ch[16];
    claim_text(c, claim, sizeof claim);
    script_char_name(c->cp, ch);
    if (c->claim == CLAIM_CORPUS)
        return check_corpus(s, c, o, claim);
    if (c->claim == CLAIM_KL || c->claim == CLAIM_SIZE || c->claim == CLAIM_SPEEDUP)
        return check_weights(s, c, o, claim);
    if (c->claim == CLAIM_LINES) {
        int lines = script_text_lines(s);
        if (holds(lines, c->op, c->x))
            return SCRIPT_OK;
        return script_fail(o->msg, sizeof o->msg, "%s: the text has %d line%s", claim, lines,
                    lines == 1 ? "" : "s");
    }
    if (c->claim == CLAIM_MASK) {
        AppMask m = app_mask(s);
        if (m.rows == (int)c->x && m.total == (int)c->y)
            return SCRIPT_OK;
        return script_fail(o->msg, sizeof o->msg, "%s: the last pass computed %d position%s over %d keys "
                    "(start = %d)", claim, m.rows, m.rows == 1 ? "" : "s", m.total, m.start);
    }
    if (c->claim == CLAIM_IDENTICAL) {
        if (!s->cmp.done)
            return script_fail(o->msg, sizeof o->msg, "%s: no compare has run to its end", claim);
        if (!s->cmp.identical)
            return script_fail(o->msg, sizeof o->msg,
                        "%s: the runs with and without the cache wrote different text "
                        "(largest logit difference %.3g)",
                        claim, s->cmp.max_logit_diff);
        return SCRIPT_OK;
    }
    if (!s->pred.model_ok)
        return script_fail(o->msg, sizeof o->msg, "%s: %s", claim, s->status);
    int id = vocab_id(&s->m->vocab, c->cp);
    int rank = app_rank(s, id);
    double pct = 100.0 * (double)s->pred.probs[id];
    double after = s->pred.sampler_ok ? 100.0 * (double)s->pred.ss.final[id] : 0.0;
    int ok = c->claim == CLAIM_TOP1      ? rank == 1
             : c->claim == CLAIM_TOP8    ? rank <= APP_TOP
             : c->claim == CLAIM_RANK    ? holds(rank, c->op, c->x)
             : c->claim == CLAIM_GROWS   ? after > pct
             : c->claim == CLAIM_SHRINKS ? after < pct
                                         : holds(pct, c->op, c->x);
    if (ok)
        return SCRIPT_OK;
    if (c->claim == CLAIM_GROWS || c->claim == CLAIM_SHRINKS)
        return script_fail(o->msg, sizeof o->msg, "%s: the model gives %s %.2f%%, the sampler %.2f%%",
                    claim, ch, pct, after);
    if (c->claim == CLAIM_PROB)
        return script_fail(o->msg, sizeof o->msg, "%s: the model gives %s %.2f%%", claim, ch, pct);
    if (c->claim == CLAIM_TOP1) {
        char first[16];
        script_char_name(vocab_cp(&s->m->vocab, s->pred.order[0]), first);
        return script_fail(o->msg, sizeof o->msg, "%s: the model's first is %s (%.2f%%); %s has rank %d (%.2f%%)",
                    claim, first, 100.0 * (double)s->pred.probs[s->pred.order[0]], ch, rank, pct);
    }
    return script_fail(o->msg, sizeof o->msg, "%s: %s has rank %d (%.2f%%)", claim, ch, rank, pct);
}

int script_text_lines(const AppState *s)
{
    int lines = 0, open = 0;
    for (size_t i = 0; i < s->n_chars; i++) {
        uint32_t cp = s->chars[i].cp;
        int ends = cp == 0xFF0C || cp == 0x3002 || cp == 0xFF01 || cp == 0xFF1F || cp == 0xFF1B ||
                   cp == '\n';
        if (ends) {
            lines += open;
            open = 0;
        } else {
            open = 1;
        }
    }
    return lines + open;
}
