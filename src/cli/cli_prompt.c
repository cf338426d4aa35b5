/* cli_prompt.c - what the user typed on the command line, read forgivingly:
 * the conversion of convert.h, the one-line notice of what it changed, error
 * lines that say it too, and "converted" in --json. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "app/json.h"

void cli_describe_changes(AppLang lang, const ConvertPair *pairs, int n, int more, char *buf,
                          size_t size)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n && len + 1 < size; i++) {
        char from[8] = {0}, to[8] = {0};
        utf8_encode(pairs[i].from, from);
        utf8_encode(pairs[i].to, to);
        int ascii = pairs[i].from < 0x80; /* between the language's marks */
        char quoted[24];
        snprintf(quoted, sizeof quoted, "%s%s%s", ascii ? ts_quote_mark(0) : "", from,
                 ascii ? ts_quote_mark(1) : "");
        int w = snprintf(buf + len, size - len, "%s", i ? app_label_in(lang, LBL_CLI_COMMA) : "");
        if (w >= 0 && (size_t)w < size - len)
            w += snprintf(buf + len + w, size - len - (size_t)w, app_label_in(lang, LBL_CLI_X_AS_Y),
                          quoted, to);
        if (w < 0 || (size_t)w >= size - len)
            break;
        len += (size_t)w;
    }
    if (more && len + 1 < size)
        snprintf(buf + len, size - len, ", ...");
}

/* "風 as 风, ',' as ，" into buf: the changes, in the interface language. */
static void describe_changes(const Converted *c, char *buf, size_t size)
{
    cli_describe_changes(cli_lang(), c->pairs, c->n_pairs, c->more_pairs, buf, size);
}

const char *cli_opencc_config(void)
{
    const char *config = getenv("TANGSCOPE_OPENCC_CONFIG");
    return config && *config ? config : NULL;
}

int cli_convert(const char *cmd, const Vocab *v, const char *text, Converted *out)
{
    Converter cv;
    convert_init(&cv, cli_opencc_config());
    TsErr err;
    int rc = convert_text(&cv, v, text, strlen(text), out, &err);
    convert_close(&cv);
    if (rc != 0)
        return cli_error(cmd, 1, "%s", err.msg);
    return 0;
}

void cli_convert_notice(const char *cmd, const Converted *c)
{
    if (c->no_opencc) /* a corpus context may hold what nothing converted */
        cli_error(cmd, 0, cli_label(LBL_CLI_NOT_CONVERTED), c->why);
    if (c->changed == 0)
        return;
    char changes[512];
    describe_changes(c, changes, sizeof changes);
    cli_error(cmd, 0, cli_label(LBL_CLI_READ_AS), changes);
}

int cli_prompt_error(const char *cmd, int status, const Converted *c, const char *msg)
{
    char changes[512];
    describe_changes(c, changes, sizeof changes);
    if (c->no_opencc) {
        char why[512];
        snprintf(why, sizeof why, cli_label(LBL_CLI_NOT_CONVERTED), c->why);
        return cli_error(cmd, status, "%s (%s)", msg, why);
    }
    if (c->changed)
        return cli_error(cmd, status, cli_label(LBL_CLI_AFTER_READING), msg, changes);
    return cli_error(cmd, status, "%s", msg);
}

/* If text holds a character v lacks, msg says which and where (the first),
 * as vocab_encode does, in the interface language; else msg stays. */
static void unknown_char_message(const Vocab *v, const char *text, size_t len, char *msg,
                                 size_t size)
{
    size_t pos = 0, n = 0;
    uint32_t cp;
    while (pos < len && utf8_decode(text, len, &pos, &cp) == 0) {
        n++;
        if (vocab_id(v, cp) >= 0)
            continue;
        char name[48], at[32];
        vocab_describe(cp, name, sizeof name);
        app_format_count(cli_lang(), (long)n, at, sizeof at);
        snprintf(msg, size, cli_label(LBL_CLI_NOT_IN_VOCAB), ts_text("prompt"), name, at);
        return;
    }
}

int cli_read_prompt(const char *cmd, const Vocab *v, const char *text, Converted *out, int **ids,
                    size_t *n)
{
    int rc = cli_convert(cmd, v, text, out);
    if (rc)
        return rc;
    TsErr err;
    if (vocab_encode(v, out->text, out->len, ts_text("prompt"), ids, n, &err) != 0) {
        /* the engine's message names the character; say it in the interface
         * language when that is what went wrong */
        char msg[TS_ERR_MAX];
        snprintf(msg, sizeof msg, "%s", err.msg);
        unknown_char_message(v, out->text, out->len, msg, sizeof msg);
        rc = cli_prompt_error(cmd, EXIT_USAGE, out, msg);
        converted_free(out);
        return rc;
    }
    cli_convert_notice(cmd, out);
    return 0;
}

void cli_json_converted(FILE *out, const Converted *c)
{
    fputs(", \"converted\": [", out);
    for (int i = 0; i < c->n_pairs; i++) {
        char from[8] = {0}, to[8] = {0};
        utf8_encode(c->pairs[i].from, from);
        utf8_encode(c->pairs[i].to, to);
        fputs(i ? ", {\"from\": " : "{\"from\": ", out);
        json_write_string(out, from);
        fputs(", \"to\": ", out);
        json_write_string(out, to);
        fputc('}', out);
    }
    fputc(']', out);
}

int cli_poem_start_check(const char *cmd, const Vocab *v, int *mid_text, size_t n_prompt)
{
    if (vocab_id(v, '\n') >= 0 || (*mid_text && n_prompt > 0))
        return 0;
    if (n_prompt == 0)
        return cli_error(cmd, EXIT_USAGE, "the model's vocabulary has no newline, so it cannot "
                                          "start a poem: give a prompt, read as a fragment from "
                                          "inside a text");
    *mid_text = 1;
    cli_error(cmd, 0, "the model's vocabulary has no newline, so no poem can start: the prompt "
                      "is read as a fragment from inside a text, as with --mid-text");
    return 0;
}
