/* app_pinyin.c - pinyin for readers of Latin letters: the readings and
 * glosses the screen shows with `y`, and the model as an input method (`i`).
 *
 * The input method works as real ones do with their language model: the
 * letters typed so far form one syllable, which many characters read; the
 * model's probability for the next character ranks them, so the character
 * that fits the text comes first. While it is on, app_pinyin_key sees each
 * Command before app_apply's own handlers (as the command line's does).
 */
#include <stdio.h>
#include <string.h>

#include "app/commands.h"
#include "app/labels.h"

/* What a change to the text makes stale (as in commands.c). */
#define REDRAW_TEXT (REDRAW_PROMPT | REDRAW_PROBS | REDRAW_TIMING | REDRAW_STATUS)

/* ---- readings and glosses ---- */

/* A word never crosses punctuation or the newline, so the clause around i
 * (at most this many characters each side) decides its reading. */
#define CLAUSE_REACH 32

typedef struct {
    uint32_t cps[2 * CLAUSE_REACH + 2];
    int reading[2 * CLAUSE_REACH + 2];
    const char *gloss[2 * CLAUSE_REACH + 2];
    int start[2 * CLAUSE_REACH + 2];
    size_t a; /* chars[a] is cps[0] */
    int n;
} Clause;

/* Read the clause of chars[i] (i < n_chars), or with i == n_chars the end of
 * the text followed by `next`. Returns i's place in c, or -1 without a table. */
static int read_clause(const AppState *s, size_t i, uint32_t next, Clause *c)
{
    if (!s->text.pinyin)
        return -1;
    size_t a = i, b = i < s->text.n_chars ? i + 1 : i;
    while (a > 0 && i - a < CLAUSE_REACH && pinyin_find(s->text.pinyin, s->text.chars[a - 1].cp))
        a--;
    while (b < s->text.n_chars && b - i <= CLAUSE_REACH &&
           pinyin_find(s->text.pinyin, s->text.chars[b].cp))
        b++;
    c->n = 0;
    c->a = a;
    for (size_t k = a; k < b; k++)
        c->cps[c->n++] = s->text.chars[k].cp;
    if (i == s->text.n_chars)
        c->cps[c->n++] = next;
    pinyin_read_glosses(s->text.pinyin, c->cps, c->n, c->reading, c->gloss, c->start);
    return (int)(i - a);
}

const char *app_pinyin_reading(const AppState *s, uint32_t cp, const PinyinSyllable *q, char *out,
                               size_t size)
{
    out[0] = 0;
    const PinyinEntry *e = s->text.pinyin ? pinyin_find(s->text.pinyin, cp) : NULL;
    if (!e)
        return "";
    Clause c;
    int k = read_clause(s, s->text.n_chars, cp, &c);
    int i = c.reading[k] < 0 ? e->verse : c.reading[k];
    const char *gloss = c.gloss[k];
    int want = q ? pinyin_match_index(s->text.pinyin, e, q) : -1;
    if (want >= 0 && want != i) { /* the syllable typed asks for another reading */
        i = want;
        gloss = pinyin_gloss(s->text.pinyin, e, i);
    }
    pinyin_reading(e, i, out, size);
    return gloss;
}

void app_pinyin_reading_at(const AppState *s, size_t i, char *out, size_t size)
{
    out[0] = 0;
    const PinyinEntry *e = s->text.pinyin && i < s->text.n_chars
                               ? pinyin_find(s->text.pinyin, s->text.chars[i].cp)
                               : NULL;
    if (!e)
        return;
    Clause c;
    int k = read_clause(s, i, 0, &c);
    pinyin_reading(e, c.reading[k] < 0 ? 0 : c.reading[k], out, size);
}

const char *app_pinyin_gloss_at(const AppState *s, size_t i, size_t *start)
{
    if (start)
        *start = i;
    if (!s->text.pinyin || i >= s->text.n_chars ||
        !pinyin_find(s->text.pinyin, s->text.chars[i].cp))
        return "";
    Clause c;
    int k = read_clause(s, i, 0, &c);
    if (start)
        *start = c.a + (size_t)c.start[k];
    return c.gloss[k];
}

const char *app_pinyin_gloss(const AppState *s, uint32_t cp)
{
    const PinyinEntry *e = s->text.pinyin ? pinyin_find(s->text.pinyin, cp) : NULL;
    return e ? e->gloss : "";
}

/* ---- the text read, word by word ---- */

size_t app_reading_word(const AppState *s, size_t i, size_t end, AppWord *w)
{
    size_t first, start, j = i;
    const char *g = app_pinyin_gloss_at(s, i, &first);
    size_t wl = 0, rl = 0;
    w->readings[0] = 0;
    for (;;) {
        char r[32];
        if (wl + 5 < sizeof w->word)
            wl += (size_t)utf8_encode(s->text.chars[j].cp, w->word + wl);
        app_pinyin_reading_at(s, j, r, sizeof r);
        if (r[0] && rl + strlen(r) + 2 < sizeof w->readings)
            rl += (size_t)snprintf(w->readings + rl, sizeof w->readings - rl, "%s%s", rl ? " " : "", r);
        if (++j >= end)
            break;
        app_pinyin_gloss_at(s, j, &start); /* the word goes on while the next one's starts here */
        if (start != first)
            break;
    }
    w->word[wl] = 0;
    snprintf(w->meaning, sizeof w->meaning, "%s", g);
    return j;
}

int app_reading_heads(const AppState *s, AppWord *out, int max)
{
    uint32_t cps[FORM_MAX_HEADS];
    int n = 0;
    size_t len = strlen(s->view.mode.heads), pos = 0;
    uint32_t cp;
    if (!s->text.pinyin)
        return 0;
    while (n < FORM_MAX_HEADS && pos < len && utf8_decode(s->view.mode.heads, len, &pos, &cp) == 0)
        cps[n++] = cp;
    int reading[FORM_MAX_HEADS], start[FORM_MAX_HEADS];
    const char *gloss[FORM_MAX_HEADS];
    pinyin_read_glosses(s->text.pinyin, cps, n, reading, gloss, start);
    int count = 0;
    for (int i = 0; i < n && count < max; i++) {
        AppWord *w = &out[count];
        if (start[i] == i || count == 0) {
            *w = (AppWord){{0}, {0}, {0}};
            snprintf(w->meaning, sizeof w->meaning, "%s", gloss[i]);
            count++;
        } else
            w = &out[count - 1];
        size_t wl = strlen(w->word), rl = strlen(w->readings);
        if (wl + 5 < sizeof w->word) {
            wl += (size_t)utf8_encode(cps[i], w->word + wl);
            w->word[wl] = 0;
        }
        const PinyinEntry *e = pinyin_find(s->text.pinyin, cps[i]);
        char r[32] = "";
        if (e && reading[i] >= 0)
            pinyin_reading(e, reading[i], r, sizeof r);
        snprintf(w->readings + rl, sizeof w->readings - rl, "%s%s", rl ? " " : "", r);
    }
    return count;
}

/* ---- the list of candidates ---- */

void app_ime_rank(AppState *s)
{
    AppIme *ime = &s->input.ime;
    ime->n = 0;
    ime->valid = 0;
    ime->together = 0.0;
    if (!ime->typed[0] || !s->text.pinyin || !ime->cand)
        return;
    TsErr err;
    if (pinyin_syllable_parse(ime->typed, &ime->q, &err) != 0)
        return; /* the panel says it is not a syllable */
    ime->valid = 1;
    ime->n = app_pinyin_rank(s, ime->typed, ime->cand, s->text.m->vocab.size, &err);
    if (ime->n < 0)
        ime->n = 0;
    for (int i = 0; i < ime->n; i++)
        ime->together += (double)ime->cand[i].p;
    int pages = (ime->n + APP_IME_PAGE - 1) / APP_IME_PAGE;
    if (ime->page >= pages)
        ime->page = pages > 0 ? pages - 1 : 0;
}

/* What the typed syllable may hold: letters, then also a digit (a tone, or
 * one the panel then calls no syllable), the colon of u:, a combining mark,
 * or a Latin letter with a mark (chūn, lǜ). */
static int syllable_char(uint32_t cp, size_t len)
{
    if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z'))
        return 1;
    if (len == 0)
        return 0;
    if ((cp >= '0' && cp <= '9') || cp == ':' || (cp >= 0x300 && cp <= 0x36F))
        return 1;
    return (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) || (cp >= 0x1E00 && cp <= 0x1EFF);
}

static void set_typed(AppState *s, const char *typed)
{
    snprintf(s->input.ime.typed, sizeof s->input.ime.typed, "%s", typed);
    s->input.ime.page = 0;
    app_ime_rank(s);
}

/* Choose candidate k (1..9) of the page shown: append it to the text, or
 * look it up when `/` asked for a character. */
static unsigned choose(AppState *s, long k)
{
    AppIme *ime = &s->input.ime;
    long i = (long)ime->page * APP_IME_PAGE + k - 1;
    if (k < 1 || k > APP_IME_PAGE || i >= ime->n) {
        app_status(s, 1, app_label(s, LBL_ST_NO_CANDIDATE), (int)k);
        return REDRAW_STATUS;
    }
    int id = ime->cand[i].id, rank = app_rank(s, id);
    uint32_t cp = vocab_cp(&s->text.m->vocab, id);
    char ch[8] = {0}, reading[32], pct[32];
    utf8_encode(cp, ch);
    app_pinyin_reading(s, cp, &ime->q, reading, sizeof reading);
    app_prob_text(s, (double)ime->cand[i].p, 1, pct, sizeof pct); /* as the bars say it */
    if (s->input.query_input) {
        set_typed(s, "");
        return app_apply(s, CMD_LOOKUP, cmd_arg((long)cp)) | REDRAW_PROBS;
    }
    if (app_push_char(s, cp, ORIGIN_TYPED) != 0) { /* the form refuses it: choose another */
        app_predict(s);
        return REDRAW_TEXT;
    }
    ime->typed[0] = 0;
    ime->page = 0;
    app_predict(s);
    char rank_text[32], size[32];
    app_status(s, 0, app_label(s, LBL_ST_IME_CHOSE), ch, reading, pct,
               app_format_count(s->view.lang, rank, rank_text, sizeof rank_text),
               app_format_count(s->view.lang, s->text.m->vocab.size, size, sizeof size));
    return REDRAW_TEXT;
}

/* Tab: the syllable's tone, any -> 1 -> 2 -> 3 -> 4 -> 5 -> any (dir > 0). */
static unsigned step_tone(AppState *s, long dir)
{
    PinyinSyllable q;
    TsErr err;
    if (pinyin_syllable_parse(s->input.ime.typed, &q, &err) != 0)
        return REDRAW_NONE; /* the panel already says it is no syllable */
    int tone = (int)(((q.tone + (dir < 0 ? -1 : 1)) % 6 + 6) % 6);
    char typed[APP_IME_MAX];
    if (tone)
        snprintf(typed, sizeof typed, "%s%d", q.base, tone);
    else
        snprintf(typed, sizeof typed, "%s", q.base);
    set_typed(s, typed);
    return REDRAW_PROMPT | REDRAW_PROBS;
}

static unsigned page(AppState *s, long dir)
{
    int pages = (s->input.ime.n + APP_IME_PAGE - 1) / APP_IME_PAGE;
    int p = s->input.ime.page + (dir < 0 ? -1 : 1);
    if (p < 0 || p >= pages)
        return REDRAW_NONE;
    s->input.ime.page = p;
    return REDRAW_PROBS;
}

int app_pinyin_key(AppState *s, Command c, CmdArg a, unsigned *redraw)
{
    AppIme *ime = &s->input.ime;
    size_t len = strlen(ime->typed);
    *redraw = REDRAW_PROMPT | REDRAW_PROBS;
    switch (c) {
    case CMD_TYPE:
        if (!syllable_char((uint32_t)a.n, len))
            return 0; /* Chinese, or , . as ， 。: typed as ever */
        if (len + 4 < sizeof ime->typed) {
            len += (size_t)utf8_encode((uint32_t)a.n, ime->typed + len);
            ime->typed[len] = 0;
            ime->page = 0;
            app_ime_rank(s);
        }
        return 1;
    case CMD_BACKSPACE:
        if (len == 0)
            return 0; /* the text's last character goes back */
        ime->typed[utf8_back(ime->typed, len)] = 0;
        ime->page = 0;
        app_ime_rank(s);
        return 1;
    case CMD_CLEAR:
    case CMD_STOP:
        if (len > 0) { /* Esc and Ctrl-U drop the syllable first */
            set_typed(s, "");
            return 1;
        }
        if (c == CMD_CLEAR || s->input.query_input || s->job.kind != JOB_NONE)
            return 0; /* clear the text, leave the look-up, stop writing */
        *redraw = app_apply(s, CMD_PINYIN_INPUT, cmd_arg(0));
        return 1;
    case CMD_PICK:
        if (len == 0)
            return 0; /* no syllable: 1-8 pick among the bars */
        *redraw = choose(s, a.n);
        return 1;
    case CMD_SAMPLE:
    case CMD_WRITE:
        if (len == 0)
            return 0;
        *redraw = choose(s, 1);
        return 1;
    case CMD_PASTE: /* keys that came in a burst are keys here: each one as if typed */
        *redraw = app_apply_keys(s, a.text);
        return 1;
    case CMD_PINYIN_PAGE:
        *redraw = page(s, a.n);
        return 1;
    case CMD_PINYIN_TONE:
        *redraw = len ? step_tone(s, a.n) : REDRAW_NONE;
        return 1;
    default:
        return 0;
    }
}

void app_ime_clear(AppIme *ime)
{
    ime->typed[0] = 0;
    ime->page = 0;
    ime->n = 0; /* nothing typed, nothing that reads it (as app_ime_rank finds) */
    ime->valid = 0;
    ime->together = 0.0;
}
