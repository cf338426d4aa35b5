/* cli_pinyin.c - a prompt typed in pinyin on the command line: `--pinyin
 * "chun xia qiu dong"` for probs, generate, acrostic and jueju. Each syllable
 * becomes the character reading it that the model ranks first at that place,
 * after the characters chosen before it, as the explorer's input method
 * ranks them when the same syllables are typed there one by one; stderr says
 * which it chose and the runners-up. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "engine/generate.h"
#include "engine/pinyin.h"
#include "engine/probfmt.h"

enum { RUNNERS_UP = 3, MAX_SYLLABLES = 128 };

/* Letters a syllable may hold, and no Chinese: what --pinyin takes. */
static int looks_like_pinyin(const char *s)
{
    if (s[0] == '-')
        return 0; /* the next option */
    size_t len = strlen(s), pos = 0;
    int letters = 0;
    while (pos < len) {
        uint32_t cp;
        if (utf8_decode(s, len, &pos, &cp) != 0 || cp >= 0x2E80)
            return 0;
        letters += (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
    }
    return letters > 0;
}

int cli_take_pinyin(const char *cmd, int *argc, char **argv, int required, const char **syllables)
{
    *syllables = NULL;
    for (int i = 1; i < *argc; i++) {
        if (strcmp(argv[i], "--pinyin") != 0)
            continue;
        if (i + 1 >= *argc || !looks_like_pinyin(argv[i + 1])) {
            if (!required)
                continue; /* probs: the readings beside the candidates */
            return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_PINYIN_NEEDS), "--pinyin",
                             "--pinyin \"chun xia qiu dong\"");
        }
        if (*syllables)
            return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_PINYIN_TWICE), "--pinyin");
        *syllables = argv[i + 1];
        for (int k = i; k + 2 <= *argc; k++) /* drop both, keep the NULL at the end */
            argv[k] = argv[k + 2];
        *argc -= 2;
        i--;
    }
    return 0;
}

/* "1.1%", or "1 in 30,000" below 0.01%: probfmt's one rule, as the
 * interface language writes it. */
static const char *prob_text(double p, char *out, size_t size)
{
    return probfmt_odds(p, 1, cli_label(LBL_ONE_IN), app_num_style(cli_lang()), out, size);
}

/* The syllables of `syllables`, read and checked: each one a syllable that
 * some character of the model reads. Returns how many, or -1 after printing
 * why (exit status 2). */
static int read_syllables(const char *cmd, const Pinyin *py, const Vocab *v, const char *syllables,
                          PinyinSyllable *qs, char typed[][16])
{
    TsErr err;
    TsQuoted tq;
    int n = 0;
    for (const char *s = syllables; *s;) {
        s += strspn(s, " \t'-,");
        if (!*s)
            break;
        size_t l = strcspn(s, " \t'-,");
        if (n == MAX_SYLLABLES) {
            cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_PINYIN_AT_MOST), "--pinyin", MAX_SYLLABLES);
            return -1;
        }
        if (l >= sizeof typed[n]) { /* several syllables run together */
            char whole[64];
            snprintf(whole, sizeof whole, "%.*s", (int)(l < 63 ? l : 63), s);
            cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_PINYIN_RUN_TOGETHER), "--pinyin",
                      ts_quote(&tq, whole), "chun xia", "chunxia");
            return -1;
        }
        snprintf(typed[n], sizeof typed[n], "%.*s", (int)l, s);
        s += l;
        if (pinyin_syllable_parse(typed[n], &qs[n], &err) != 0) {
            cli_error(cmd, EXIT_USAGE, "--pinyin%s%s", app_colon(cli_lang()), err.msg);
            return -1;
        }
        if (pinyin_count(py, v, &qs[n]) == 0) {
            cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_PINYIN_NO_READER), "--pinyin",
                      ts_quote(&tq, typed[n]));
            return -1;
        }
        n++;
    }
    if (n == 0)
        cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_PINYIN_EMPTY), "--pinyin", ts_quote(&tq, syllables));
    return n ? n : -1;
}

/* s on stderr, then spaces to `cols` columns: a letter with a tone mark
 * (ū) takes two bytes and one column. */
static void pad(const char *s, int cols)
{
    fputs(s, stderr);
    for (const char *c = s; *c; c++)
        cols -= ((unsigned char)*c & 0xC0) != 0x80;
    fprintf(stderr, "%*s", cols > 0 ? cols : 0, "");
}

/* One line on stderr: the syllable, the character chosen, its reading and
 * probability, then the runners-up. */
static void say_choice(const Pinyin *py, const Vocab *v, const char *typed,
                       const PinyinSyllable *q, const PinyinCandidate *c, int total)
{
    char ch[8] = {0}, p[48], reading[32] = "";
    uint32_t cp = vocab_cp(v, c[0].id);
    vocab_show(cp, ch);
    const PinyinEntry *e = pinyin_find(py, cp);
    int ri = pinyin_match_index(py, e, q);
    pinyin_reading(e, ri < 0 ? 0 : ri, reading, sizeof reading);
    fputs("  ", stderr);
    pad(typed, 8);
    fprintf(stderr, "%s ", ch);
    pad(reading, 7);
    fprintf(stderr, " %11s", prob_text((double)c[0].p, p, sizeof p));
    int shown = total < 1 + RUNNERS_UP ? total : 1 + RUNNERS_UP;
    for (int k = 1; k < shown; k++) {
        char other[8];
        vocab_show(vocab_cp(v, c[k].id), other);
        if (k == 1)
            fprintf(stderr, "   %s ", cli_label(LBL_CLI_PINYIN_THEN));
        fprintf(stderr, "%s%s %s", k == 1 ? "" : cli_label(LBL_CLI_COMMA), other,
                prob_text((double)c[k].p, p, sizeof p));
    }
    if (total > shown)
        fprintf(stderr, cli_label(LBL_CLI_PINYIN_READERS), total);
    fputc('\n', stderr);
}

int cli_pinyin_text(const char *cmd, const Model *m, const char *syllables, PromptStart where,
                    char **out)
{
    *out = NULL;
    TsErr err;
    Pinyin py;
    if (cli_pinyin_load(&py, &err) != 0)
        return cli_error(cmd, EXIT_USAGE, "%s", err.msg);
    int V = m->cfg.vocab_size, rc = 0;
    PinyinSyllable qs[MAX_SYLLABLES];
    char typed[MAX_SYLLABLES][16];
    int n = read_syllables(cmd, &py, &m->vocab, syllables, qs, typed);
    if (n < 0) {
        pinyin_free(&py);
        return EXIT_USAGE;
    }
    Generator g;
    int have_g = gen_init(&g, m, 1, &err) == 0;
    int started = have_g && gen_start(&g, NULL, 0, where, &err) == 0;
    float *probs = malloc((size_t)V * sizeof *probs);
    char *text = malloc(4 * MAX_SYLLABLES + 1);
    size_t len = 0;
    if (!started || !probs || !text) {
        rc = cli_error(cmd, 1, "%s", started ? ts_text("out of memory") : err.msg);
        goto done;
    }
    (void)cli_error(cmd, 0, cli_label(LBL_CLI_PINYIN_CHOICES), "--pinyin");
    for (int i = 0; i < n; i++) {
        const float *logits = gen_logits(&g, &err);
        if (!logits) {
            rc = cli_error(cmd, 1, "%s", err.msg);
            goto done;
        }
        sampler_softmax(probs, logits, V);
        PinyinCandidate c[1 + RUNNERS_UP];
        int total = pinyin_rank(&py, &m->vocab, &qs[i], probs, c, 1 + RUNNERS_UP);
        say_choice(&py, &m->vocab, typed[i], &qs[i], c, total); /* total > 0: read_syllables */
        if (gen_append(&g, c[0].id, &err) != 0) {
            rc = cli_error(cmd, EXIT_USAGE, "%s", err.msg);
            goto done;
        }
        len += (size_t)utf8_encode(vocab_cp(&m->vocab, c[0].id), text + len);
    }
    text[len] = 0;
    fputs("  ", stderr);
    fprintf(stderr, cli_label(LBL_CLI_PINYIN_READ_AS), text);
    fputc('\n', stderr);
    *out = text;
    text = NULL;
done:
    free(text);
    free(probs);
    if (have_g)
        gen_free(&g);
    pinyin_free(&py);
    return rc;
}
