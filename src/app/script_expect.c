/* script_expect.c - `expect`: whether a claim of a lesson holds on the
 * explorer as it stands (the parser, script.c, reads the claim). */
#include "app/script_expect.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app/labels.h"
#include "engine/corpus.h"
#include "engine/probfmt.h"

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

/* The decimals a probability claim wrote its figure with, to write it so
 * again (an exponent: as many as it needs, up to 6). */
static int figure_decimals(const ScriptCmd *c)
{
    if (c->y >= 0)
        return c->y > 9 ? 9 : (int)c->y;
    int d = 0;
    while (d < 6 && fabs(c->x * pow(10.0, d) - round(c->x * pow(10.0, d))) > 1e-9)
        d++;
    return d;
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
    case CLAIM_PROB:
        snprintf(out, size, "expect prob %s %s %.*f", ch, c->op, figure_decimals(c), c->x);
        break;
    case CLAIM_IDENTICAL: snprintf(out, size, "expect identical"); break;
    case CLAIM_CORPUS: snprintf(out, size, "expect corpus %.96s %s %g", c->text, ch, c->x); break;
    case CLAIM_LINES: snprintf(out, size, "expect lines %s %g", c->op, c->x); break;
    case CLAIM_GROWS: snprintf(out, size, "expect grows %s", ch); break;
    case CLAIM_SHRINKS: snprintf(out, size, "expect shrinks %s", ch); break;
    case CLAIM_KL: snprintf(out, size, "expect kl %s %g", c->op, c->x); break;
    case CLAIM_SIZE: snprintf(out, size, "expect size %s %g", c->op, c->x); break;
    case CLAIM_SPEEDUP: snprintf(out, size, "expect speedup %s %g", c->op, c->x); break;
    case CLAIM_MASK: snprintf(out, size, "expect mask %g %g", c->x, c->y); break;
    case CLAIM_SAMPLER:
        snprintf(out, size, "expect sampler %s %s %.*f", ch, c->op, figure_decimals(c), c->x);
        break;
    case CLAIM_KEPT: snprintf(out, size, "expect kept %s %g", c->op, c->x); break;
    case CLAIM_REMOVED:
        snprintf(out, size, "expect removed %s %.*f", c->op, figure_decimals(c), c->x);
        break;
    case CLAIM_ENTROPY:
        snprintf(out, size, "expect entropy %s %.*f", c->op, figure_decimals(c), c->x);
        break;
    case CLAIM_TEXT: snprintf(out, size, "expect text %.96s", c->text); break;
    case CLAIM_CONTAINS: snprintf(out, size, "expect contains %.96s", c->text); break;
    case CLAIM_COUNT: snprintf(out, size, "expect count %s %s %g", ch, c->op, c->x); break;
    }
}

static int check_corpus(AppState *s, const ScriptCmd *c, ScriptOut *o, const char *claim)
{
    if (!s->text.corpus) {
        script_fail(o->msg, sizeof o->msg, "%s: the training text is not loaded", claim);
        return SCRIPT_UNCHECKED;
    }
    uint32_t ctx[APP_MAX_CHARS + 1];
    long n = script_decode(c->text, ctx, APP_MAX_CHARS);
    if (n < 0 || n > APP_MAX_CHARS)
        return script_fail(o->msg, sizeof o->msg, "%s: the context is too long", claim);
    ctx[n] = c->cp;
    size_t count = corpus_count(s->text.corpus, ctx, (size_t)n + 1);
    if ((double)count == c->x)
        return SCRIPT_OK;
    char ch[16];
    script_char_name(c->cp, ch);
    return count == 1 ? script_fail(o->msg, sizeof o->msg, "%s: the training text has %s%s %zu time",
                                    claim, c->text, ch, count)
                      : script_fail(o->msg, sizeof o->msg, "%s: the training text has %s%s %zu times",
                                    claim, c->text, ch, count);
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
    if (s->text.wt.tick_s <= 0.0) /* set by the first timing */
        return script_fail(o->msg, sizeof o->msg,
                           "%s: no precision set yet (set weights times them)", claim);
    TimingJudgement j = app_weights_speedup(s, speedup_holds, c);
    for (int again = 0; again < RETRIES && (j.verdict == TIMING_FAILS || j.verdict == TIMING_SPREAD);
         again++) {
        app_weights_retime(s);
        j = app_weights_speedup(s, speedup_holds, c);
    }
    const char *prec = wprec_name(s->text.weights);
    switch (j.verdict) {
    case TIMING_HOLDS: return SCRIPT_OK;
    case TIMING_SANITIZER:
        script_fail(o->msg, sizeof o->msg, "%s: not decided in a build under a sanitizer, which "
                    "slows every precision alike", claim);
        return SCRIPT_SKIPPED;
    case TIMING_COARSE:
        script_fail(o->msg, sizeof o->msg, "%s: not decided: the clock ticks every %.3g us, too "
                    "coarse for a step of %.3g us", claim, 1e6 * j.tick_s, 1e6 * j.shortest_s);
        return SCRIPT_SKIPPED;
    case TIMING_SPREAD:
        script_fail(o->msg, sizeof o->msg, "%s: not decided: fp32 / %s measured from %.2f to %.2f "
                    "in rounds of the same timing, %d times", claim, prec, j.lo, j.hi, 1 + RETRIES);
        return SCRIPT_SKIPPED;
    case TIMING_NONE:
    case TIMING_FAILS: break;
    }
    return script_fail(o->msg, sizeof o->msg,
                       "%s: a cached step in %s took %.3f ms, in fp32 %.3f "
                       "ms (fp32 / %s from %.2f to %.2f in the rounds)",
                       claim, prec, 1000 * s->text.wt.step_s[s->text.weights],
                       1000 * s->text.wt.step_s[WPREC_FP32], prec, j.lo, j.hi);
}

/* The weights' other claims: the figures of the weights panel. */
static int check_weights(AppState *s, const ScriptCmd *c, ScriptOut *o, const char *claim)
{
    if (c->claim == CLAIM_SPEEDUP)
        return check_speedup(s, c, o, claim);
    double x = c->claim == CLAIM_KL ? s->text.wt.kl_bits : (double)model_file_size(s->text.g.m);
    if (holds(x, c->op, c->x))
        return SCRIPT_OK;
    if (c->claim == CLAIM_KL)
        return script_fail(o->msg, sizeof o->msg, "%s: the bars in %s are %.6f bits from fp32's", claim,
                    wprec_name(s->text.weights), x);
    return script_fail(o->msg, sizeof o->msg, "%s: the model in %s is %.0f bytes", claim,
                wprec_name(s->text.weights), x);
}

/* p (0..1) as the bars write it in the lesson's language (probfmt.h):
 * "5.6%", "0.17%"; "5,6 %" in German. */
static const char *pct_text(const AppState *s, double p, char out[24])
{
    return probfmt_percent_in(p, 1, app_num_style(s->view.lang), out, 24);
}

/* The same, with the decimals a claim wrote its figure with when it wrote
 * more ("8.37%" for `= 8.37`, as the look-up line prints it). */
static const char *claim_pct_text(const AppState *s, double p, const ScriptCmd *c, char out[24])
{
    int more = (c->claim == CLAIM_PROB || c->claim == CLAIM_SAMPLER) && c->y > 1 && c->y <= 6;
    return probfmt_percent_in(p, more ? (int)c->y : 1, app_num_style(s->view.lang), out, 24);
}

/* The text now as an expect line writes it (⏎ for the newline), cut to
 * size bytes with "…" when it is longer. */
static void text_now(const AppState *s, char *out, size_t size)
{
    size_t len = 0;
    out[0] = 0;
    for (size_t i = 0; i < s->text.n_chars; i++) {
        char ch[16];
        script_char_name(s->text.chars[i].cp, ch);
        size_t n = strlen(ch);
        if (len + n + 4 >= size) {
            snprintf(out + len, size - len, "…");
            return;
        }
        memcpy(out + len, ch, n + 1);
        len += n;
    }
}

/* `expect text`, `contains`, `count`: what the text holds. */
static int check_text(const AppState *s, const ScriptCmd *c, ScriptOut *o, const char *claim)
{
    uint32_t want[APP_MAX_CHARS];
    long n = c->claim == CLAIM_COUNT ? 0 : script_decode(c->text, want, APP_MAX_CHARS);
    if (n < 0 || n > APP_MAX_CHARS)
        return script_fail(o->msg, sizeof o->msg, "%s: the text is too long", claim);
    for (long i = 0; i < n; i++)
        if (want[i] == 0x23CE) /* ⏎: the newline, as the screen shows it */
            want[i] = '\n';
    size_t found = 0, len = (size_t)n;
    for (size_t at = 0; at < s->text.n_chars; at++) {
        if (c->claim == CLAIM_COUNT) {
            found += s->text.chars[at].cp == c->cp;
            continue;
        }
        size_t k = 0;
        while (k < len && at + k < s->text.n_chars && s->text.chars[at + k].cp == want[k])
            k++;
        found += k == len && (c->claim == CLAIM_CONTAINS || (at == 0 && s->text.n_chars == len));
    }
    if (c->claim == CLAIM_COUNT ? holds((double)found, c->op, c->x) : found > 0 || len == 0)
        return SCRIPT_OK;
    char now[SCRIPT_MSG_MAX / 2], ch[16];
    text_now(s, now, sizeof now);
    script_char_name(c->cp, ch);
    if (c->claim == CLAIM_COUNT)
        return found == 1 ? script_fail(o->msg, sizeof o->msg, "%s: the text has %s %zu time: %s", claim,
                                        ch, found, now)
                          : script_fail(o->msg, sizeof o->msg, "%s: the text has %s %zu times: %s", claim,
                                        ch, found, now);
    if (s->text.n_chars == 0)
        return script_fail(o->msg, sizeof o->msg, "%s: the text is empty", claim);
    return script_fail(o->msg, sizeof o->msg, "%s: the text is %s", claim, now);
}

/* A probability claim (in percent). "=" holds when the figure rounds to X
 * at the decimals X is written with: `= 0.17` for 0.1734%, `= 17.8` for
 * 17.81%, `= 41` for 41.15%; X with an exponent is compared exactly. */
static int prob_holds(double pct, const char *op, double x, int decimals)
{
    if (strcmp(op, "=") != 0 || decimals < 0)
        return holds(pct, op, x);
    double scale = pow(10.0, decimals > 9 ? 9 : decimals);
    return llround(pct * scale) == llround(x * scale);
}

/* The claims about one character's rank and probabilities. */
static int check_char(const AppState *s, const ScriptCmd *c, ScriptOut *o, const char *claim)
{
    char ch[16], model[24], sampler[24];
    script_char_name(c->cp, ch);
    int id = vocab_id(&s->text.m->vocab, c->cp);
    int rank = app_rank(s, id);
    double pct = 100.0 * (double)s->pred.probs[id];
    double after = s->pred.sampler_ok ? 100.0 * (double)s->pred.ss.final[id] : 0.0;
    int ok = c->claim == CLAIM_TOP1      ? rank == 1
             : c->claim == CLAIM_TOP8    ? rank <= APP_TOP
             : c->claim == CLAIM_RANK    ? holds(rank, c->op, c->x)
             : c->claim == CLAIM_GROWS   ? after > pct
             : c->claim == CLAIM_SHRINKS ? after < pct
             : c->claim == CLAIM_SAMPLER ? prob_holds(after, c->op, c->x, (int)c->y)
                                         : prob_holds(pct, c->op, c->x, (int)c->y);
    if (ok)
        return SCRIPT_OK;
    claim_pct_text(s, pct / 100.0, c, model);
    claim_pct_text(s, after / 100.0, c, sampler);
    if (c->claim == CLAIM_GROWS || c->claim == CLAIM_SHRINKS || c->claim == CLAIM_SAMPLER)
        return script_fail(o->msg, sizeof o->msg, "%s: the model gives %s %s, the sampler %s",
                           claim, ch, model, sampler);
    if (c->claim == CLAIM_PROB)
        return script_fail(o->msg, sizeof o->msg, "%s: the model gives %s %s", claim, ch, model);
    if (c->claim == CLAIM_TOP1) {
        char first[16], p1[24];
        script_char_name(vocab_cp(&s->text.m->vocab, s->pred.order[0]), first);
        pct_text(s, (double)s->pred.probs[s->pred.order[0]], p1);
        return script_fail(o->msg, sizeof o->msg, "%s: the model's first is %s (%s); %s has rank %d (%s)",
                    claim, first, p1, ch, rank, model);
    }
    return script_fail(o->msg, sizeof o->msg, "%s: %s has rank %d (%s)", claim, ch, rank, model);
}

/* `expect removed`: the share of the line under the bars ("removes 47.8%");
 * `expect entropy`: the entropy view's figure for the last character the
 * model wrote. Compared as `expect prob` compares a percentage (= at the
 * decimals X is written with). */
static int check_figure(const AppState *s, const ScriptCmd *c, ScriptOut *o, const char *claim)
{
    const Prediction *p = &s->pred;
    if (c->claim == CLAIM_REMOVED) {
        double pct = p->sampler_ok ? 100.0 * p->stages.removed_total : 100.0;
        if (prob_holds(pct, c->op, c->x, (int)c->y))
            return SCRIPT_OK;
        char shown[32]; /* as the line writes it, or with the decimals the claim wrote */
        if (c->y > 1 && c->y <= 6)
            app_share(s->view.lang, pct, (int)c->y, shown, sizeof shown);
        else
            probfmt_whole_share(pct / 100.0, app_num_style(s->view.lang), shown, sizeof shown);
        return script_fail(o->msg, sizeof o->msg, "%s: the sampler removes %s", claim, shown);
    }
    size_t last = s->text.n_chars;
    while (last > 0 && s->text.chars[last - 1].origin != ORIGIN_MODEL)
        last--;
    if (last == 0)
        return script_fail(o->msg, sizeof o->msg, "%s: the model has written no character yet", claim);
    const AppChar *ch = &s->text.chars[last - 1];
    if (prob_holds((double)ch->bits, c->op, c->x, (int)c->y))
        return SCRIPT_OK;
    char name[16], bits[32];
    script_char_name(ch->cp, name);
    int d = c->y > 1 && c->y <= 6 ? (int)c->y : 1; /* the view's one decimal, or the claim's */
    return script_fail(o->msg, sizeof o->msg, "%s: the model wrote %s from a draw of %s bits", claim,
                       name, app_num(s->view.lang, (double)ch->bits, d, bits, sizeof bits));
}

int script_expect(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    char claim[SCRIPT_MSG_MAX / 2];
    claim_text(c, claim, sizeof claim);
    if (c->claim == CLAIM_CORPUS)
        return check_corpus(s, c, o, claim);
    if (c->claim == CLAIM_TEXT || c->claim == CLAIM_CONTAINS || c->claim == CLAIM_COUNT)
        return check_text(s, c, o, claim);
    if (c->claim == CLAIM_KL || c->claim == CLAIM_SIZE || c->claim == CLAIM_SPEEDUP)
        return check_weights(s, c, o, claim);
    if (c->claim == CLAIM_LINES) {
        int lines = script_text_lines(s);
        if (holds(lines, c->op, c->x))
            return SCRIPT_OK;
        return lines == 1 ? script_fail(o->msg, sizeof o->msg, "%s: the text has %d line", claim, lines)
                          : script_fail(o->msg, sizeof o->msg, "%s: the text has %d lines", claim, lines);
    }
    if (c->claim == CLAIM_MASK) {
        AppMask m = app_mask(s);
        if (m.rows == (int)c->x && m.total == (int)c->y)
            return SCRIPT_OK;
        return m.rows == 1 ? script_fail(o->msg, sizeof o->msg, "%s: the last pass computed %d position over "
                                         "%d keys (start = %d)", claim, m.rows, m.total, m.start)
                           : script_fail(o->msg, sizeof o->msg, "%s: the last pass computed %d positions over "
                                         "%d keys (start = %d)", claim, m.rows, m.total, m.start);
    }
    if (c->claim == CLAIM_IDENTICAL) {
        if (!s->view.cmp.done)
            return script_fail(o->msg, sizeof o->msg, "%s: no compare has run to its end", claim);
        if (!s->view.cmp.identical)
            return script_fail(o->msg, sizeof o->msg,
                        "%s: the runs with and without the cache wrote different text "
                        "(largest logit difference %.3g)",
                        claim, s->view.cmp.max_logit_diff);
        return SCRIPT_OK;
    }
    if (!s->pred.model_ok)
        return script_fail(o->msg, sizeof o->msg, "%s: %s", claim, s->view.status);
    if (c->claim == CLAIM_KEPT) {
        int kept = s->pred.sampler_ok ? s->pred.ss.kept : 0;
        if (holds(kept, c->op, c->x))
            return SCRIPT_OK;
        return script_fail(o->msg, sizeof o->msg, "%s: the sampler keeps %d", claim, kept);
    }
    if (c->claim == CLAIM_REMOVED || c->claim == CLAIM_ENTROPY)
        return check_figure(s, c, o, claim);
    return check_char(s, c, o, claim);
}

int script_text_lines(const AppState *s)
{
    int lines = 0, open = 0;
    for (size_t i = 0; i < s->text.n_chars; i++) {
        uint32_t cp = s->text.chars[i].cp;
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
