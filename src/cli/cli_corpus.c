/* cli_corpus.c - `tangscope corpus`: how often the training text itself
 * continues a context, and with which characters. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "app/json.h"
#include "engine/corpus.h"
#include "engine/vocab.h"

/* Columns a shown character takes, roughly: the corpus is Chinese (two
 * columns) apart from the signs for control characters (vocab_shown_cp: ⏎,
 * ␉ ..., �); ASCII and the like take one. Only used
 * to line up the counts. */
static int columns(uint32_t shown)
{
    return shown < 0x1100 || shown == 0x23CE || (shown >= 0x2400 && shown <= 0x2421) ||
                   shown == 0xFFFD
               ? 1
               : 2;
}

static void put_cp(uint32_t cp)
{
    char b[8];
    vocab_show(cp, b);
    fputs(b, stdout);
}

static void print_json(const uint32_t *ctx, size_t n, const CorpusNext *next, int k,
                       const CorpusTally *t, const Converted *conv)
{
    fputs("{\"context\": ", stdout);
    json_write_cps(stdout, ctx, n);
    cli_json_converted(stdout, conv);
    printf(", \"count\": %zu, \"next\": [", t->total);
    for (int i = 0; i < k; i++) {
        printf("%s{\"char\": ", i ? ", " : "");
        json_write_cps(stdout, &next[i].cp, 1);
        printf(", \"count\": %zu, \"share\": %.4f}", next[i].count,
               (double)next[i].count / (double)t->total);
    }
    puts("]}");
}

static void print_text(const uint32_t *ctx, size_t n, const CorpusNext *next, int k,
                       const CorpusTally *t, const Corpus *c, const char *data_path)
{
    AppLang lang = cli_lang();
    char a[32], b[32], share[32];
    if (n == 0) {
        app_format_count(lang, (long)t->total, a, sizeof a);
        app_format_count(lang, (long)t->distinct, b, sizeof b);
        printf(cli_label(LBL_CLI_CORPUS_ALL), data_path, a, b);
        putchar('\n');
    } else {
        char context[512] = "", quoted[600];
        size_t used = 0;
        for (size_t i = 0; i < n && used + 8 < sizeof context; i++) {
            vocab_show(ctx[i], context + used);
            used += strlen(context + used);
        }
        app_quoted(lang, context, quoted, sizeof quoted);
        if (t->total == 0) {
            app_format_count(lang, (long)c->n, a, sizeof a);
            printf(cli_label(LBL_CLI_CORPUS_NONE), quoted, data_path, a);
            putchar('\n');
            return;
        }
        app_format_count(lang, (long)t->total, a, sizeof a);
        printf(cli_label_n(LBL_CLI_CORPUS_OCCURS, (long)t->total), quoted, a, data_path);
        putchar('\n');
    }
    size_t listed = 0;
    for (int i = 0; i < k; i++) {
        fputs("  ", stdout);
        put_cp(next[i].cp);
        printf("%*s ", 2 - columns(vocab_shown_cp(next[i].cp)), "");
        app_format_count(lang, (long)next[i].count, a, sizeof a);
        cli_put_right(stdout, a, 7);
        fputs("  ", stdout);
        app_share(lang, 100.0 * (double)next[i].count / (double)t->total, 1, share, sizeof share);
        cli_put_right(stdout, share, 6);
        putchar('\n');
        listed += next[i].count;
    }
    size_t others = t->total - t->at_end - listed;
    if ((size_t)k < t->distinct) {
        size_t more = t->distinct - (size_t)k;
        app_format_count(lang, (long)more, a, sizeof a);
        app_format_count(lang, (long)others, b, sizeof b);
        app_share(lang, 100.0 * (double)others / (double)t->total, 1, share, sizeof share);
        fputs("  ", stdout);
        printf(cli_label_n(LBL_CLI_CORPUS_OTHERS, (long)more), a, b, share);
        putchar('\n');
    }
    if (t->at_end)
        printf("  %s\n", cli_label(LBL_CLI_CORPUS_AT_END));
}

/* The characters of the text as a vocabulary: a context is converted for
 * them (convert.h), so a character the text has is kept as typed. */
static int text_vocab(const Corpus *c, Vocab *v, TsErr *err)
{
    enum { CPS = 0x110000 };
    uint8_t *seen = ts_calloc(CPS, 1, err);
    uint32_t *cps = seen ? ts_calloc(CPS, sizeof *cps, err) : NULL;
    if (!cps) {
        free(seen);
        return -1;
    }
    for (size_t i = 0; i < c->n; i++)
        seen[c->text[i]] = 1;
    int n = 0;
    for (uint32_t cp = 0; cp < CPS; cp++)
        if (seen[cp])
            cps[n++] = cp;
    int rc = vocab_from_cps(v, cps, n, err);
    free(cps);
    free(seen);
    return rc;
}

/* What follows the context conv (after the newline that ends a poem, with
 * poem_start) in the text of c: the top characters, printed as text or
 * JSON. 0, or an exit status. */
static int answer(const Corpus *c, const Converted *conv, int poem_start, int top, int json,
                  const char *data_path)
{
    size_t n = 0, at;
    uint32_t *ctx = malloc((conv->len + 2) * sizeof *ctx);
    CorpusNext *next = malloc((size_t)top * sizeof *next);
    int rc = 0;
    if (!ctx || !next)
        rc = cli_error("corpus", 1, "out of memory");
    if (!rc && poem_start)
        ctx[n++] = '\n'; /* a poem starts after the newline that ends the one before */
    for (at = 0; !rc && at < conv->len && utf8_decode(conv->text, conv->len, &at, &ctx[n]) == 0;)
        n++; /* valid UTF-8: checked by the caller, and conversion writes only characters */
    if (!rc) {
        cli_convert_notice("corpus", conv);
        CorpusTally tally;
        int k = corpus_next(c, ctx, n, next, top, &tally);
        if (json)
            print_json(ctx, n, next, k, &tally, conv);
        else
            print_text(ctx, n, next, k, &tally, c, data_path);
    }
    free(next);
    free(ctx);
    return rc;
}

int cmd_corpus(int argc, char **argv)
{
    const char *data_path = NULL, *pos[1];
    int top = 10, json = 0, no_cache = 0, poem_start = 0, npos = 0;
    Opt opts[] = {
        {"--poem-start", OPT_FLAG, &poem_start, 0, 0},
        {"--top", OPT_INT, &top, 1, 1000000},
        {"--data", OPT_STR, &data_path, 0, 0},
        {"--json", OPT_FLAG, &json, 0, 0},
        {"--no-cache", OPT_FLAG, &no_cache, 0, 0},
    };
    int rc = cli_parse("corpus", argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       pos, 1, &npos);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!data_path)
        data_path = cli_asset("tang-train.txt");

    /* malformed input is refused before the text is loaded */
    const char *typed = npos ? pos[0] : "";
    size_t at = 0;
    uint32_t cp;
    while (typed[at])
        if (utf8_decode(typed, strlen(typed), &at, &cp) != 0)
            return cli_error("corpus", EXIT_USAGE,
                             "CONTEXT: invalid UTF-8 at byte %zu; check the terminal's locale", at);

    TsErr err;
    Corpus c;
    if (corpus_load_or_build(&c, data_path, no_cache ? NULL : cli_cache_dir(), &err) != 0)
        return cli_error("corpus", EXIT_USAGE, "%s", err.msg);
    Vocab chars;
    if (text_vocab(&c, &chars, &err) != 0) {
        corpus_free(&c);
        return cli_error("corpus", 1, "%s", err.msg);
    }
    Converted conv;
    rc = cli_convert("corpus", &chars, typed, &conv);
    vocab_free(&chars);
    if (rc) {
        corpus_free(&c);
        return rc;
    }
    TsQuoted shown_path;
    rc = answer(&c, &conv, poem_start, top, json, cli_shown_path(&shown_path, data_path));
    converted_free(&conv);
    corpus_free(&c);
    return rc;
}
