/* labels.c - the explorer's words: looked up in the texts of po/ (po.h),
 * and the numbers and quotes around them in the language's way (see labels.h). */
#include "app/labels.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "app/po.h"
#include "engine/probfmt.h"

/* A word of the engine's tables by its context in the PO files: "setting
 * top-p", "setting-help top-p", "stage top_p"; "?" for a name the template
 * lacks (test_labels names it), so the screen never crashes on one. */
static const char *table_word(AppLang lang, const char *kind, const char *name)
{
    char ctx[96];
    snprintf(ctx, sizeof ctx, "%s %s", kind, name ? name : "");
    const char *text = po_word(lang, ctx);
    return text ? text : "?";
}

const char *app_setting_word(AppLang lang, SamplerSettingId id)
{
    return table_word(lang, "setting", (unsigned)id < SET_COUNT ? SAMPLER_SETTINGS[id].name : NULL);
}

const char *app_setting_help(AppLang lang, SamplerSettingId id)
{
    return table_word(lang, "setting-help", (unsigned)id < SET_COUNT ? SAMPLER_SETTINGS[id].name : NULL);
}

const char *app_stage_word(AppLang lang, SamplerStage stage)
{
    return table_word(lang, "stage", (unsigned)stage < STAGE_COUNT ? sampler_stage_name(stage) : NULL);
}

/* Each count label and its singular row. */
static const struct {
    LabelId many, one;
} PLURALS[] = {
    {LBL_VOCAB_SIZE, LBL_ONE_VOCAB_SIZE},
    {LBL_EX_STOPPED, LBL_ONE_EX_STOPPED},
    {LBL_EX_SUMMARY, LBL_ONE_EX_SUMMARY},
    {LBL_CORPUS_AFTER, LBL_ONE_CORPUS_AFTER},
    {LBL_NOTE_WINDOW, LBL_ONE_NOTE_WINDOW},
    {LBL_NOTE_SHIFT, LBL_ONE_NOTE_SHIFT},
    {LBL_ST_TOOK_BACK, LBL_ONE_ST_TOOK_BACK},
    {LBL_ST_WROTE, LBL_ONE_ST_WROTE},
    {LBL_ST_STOPPED, LBL_ONE_ST_STOPPED},
    {LBL_ST_COMPARE_STOPPED, LBL_ONE_ST_COMPARE_STOPPED},
    {LBL_ST_CACHE_ON, LBL_ONE_ST_CACHE_ON},
    {LBL_ST_CACHE_OFF, LBL_ONE_ST_CACHE_OFF},
    {LBL_ATT_MORE, LBL_ONE_ATT_MORE},
    {LBL_MODE_JUEJU, LBL_ONE_MODE_JUEJU},
    {LBL_ST_FULL, LBL_ONE_ST_FULL},
    {LBL_ST_UNKNOWN, LBL_ONE_ST_UNKNOWN},
    {LBL_ST_MODE_ACROSTIC, LBL_ONE_ST_MODE_ACROSTIC},
    {LBL_ST_MODE_JUEJU, LBL_ONE_ST_MODE_JUEJU},
    {LBL_ST_MODE_JUEJU_EMPTY, LBL_ONE_ST_MODE_JUEJU_EMPTY},
    {LBL_ST_COMPARING, LBL_ONE_ST_COMPARING},
    {LBL_KV_NOTE_NOW, LBL_ONE_KV_NOTE_NOW},
    {LBL_IME_HEAD, LBL_ONE_IME_HEAD},
    {LBL_IME_NONE, LBL_ONE_IME_NONE},
    {LBL_ST_UNKNOWN_MORE, LBL_ONE_ST_UNKNOWN_MORE},
    {LBL_CLI_LESSON_OK, LBL_ONE_CLI_LESSON_OK},
    {LBL_CLI_WELL_FORMED, LBL_ONE_CLI_WELL_FORMED},
    {LBL_CLI_FOUR_OR_EIGHT, LBL_ONE_CLI_FOUR_OR_EIGHT},
    {LBL_CLI_CORPUS_OCCURS, LBL_ONE_CLI_CORPUS_OCCURS},
    {LBL_CLI_CORPUS_OTHERS, LBL_ONE_CLI_CORPUS_OTHERS},
    {LBL_CLI_AFTER_SAMPLER, LBL_ONE_CLI_AFTER_SAMPLER},
    {LBL_CLI_PINYIN_TOTAL, LBL_ONE_CLI_PINYIN_TOTAL},
    {LBL_CLI_BENCH_SHIFTS, LBL_ONE_CLI_BENCH_SHIFTS},
    {LBL_CLI_EVAL_RESULT, LBL_ONE_CLI_EVAL_RESULT},
    {LBL_CLI_TRAIN_DONE, LBL_ONE_CLI_TRAIN_DONE},
};

const char *app_label_in(AppLang lang, LabelId id)
{
    const char *text = po_label(lang, id);
    return text ? text : "?"; /* check-po fails on a label the template lacks; the screen never crashes on one */
}

LabelId app_corpus_col_label(const AppState *s)
{
    return s->text.corpus_other ? LBL_CORPUS_COL_OTHER : LBL_CORPUS_COL;
}

const char *app_label(const AppState *s, LabelId id) { return app_label_in(s->view.lang, id); }

/* reading it from the back row */
char *app_prob_text(const AppState *s, double p, int decimals, char *out, size_t size)
{
    return probfmt_odds(p, decimals, app_label(s, LBL_ONE_IN), app_num_style(s->view.lang), out,
                        size);
}

LabelId app_label_singular(LabelId id)
{
    for (size_t i = 0; i < sizeof PLURALS / sizeof PLURALS[0]; i++)
        if (PLURALS[i].many == id)
            return PLURALS[i].one;
    return id;
}

/* Does the language put a noun counted n times in the singular? (Chinese
 * has no plural: its singular rows read as the others.) */
static int takes_singular(AppLang lang, long n)
{
    switch (lang_row(lang)->plural) {
    case PLURAL_ZERO_ONE: return n == 0 || n == 1;
    case PLURAL_NONE: return 0;
    case PLURAL_ONE: break;
    }
    return n == 1;
}

const char *app_label_n_in(AppLang lang, LabelId id, long n)
{
    return app_label_in(lang, takes_singular(lang, n) ? app_label_singular(id) : id);
}

const char *app_label_n(const AppState *s, LabelId id, long n)
{
    return app_label_n_in(s->view.lang, id, n);
}

const NumStyle *app_num_style(AppLang lang) { return &lang_row(lang)->num; }

char *app_format_count(AppLang lang, long n, char *out, size_t size)
{
    return probfmt_count(n, app_num_style(lang), out, size);
}

char *app_num(AppLang lang, double x, int decimals, char *out, size_t size)
{
    return probfmt_number(x, decimals, app_num_style(lang), out, size);
}

char *app_num_large(AppLang lang, double x, char *out, size_t size)
{
    const Language *l = lang_row(lang);
    return probfmt_number(x / l->large, l->large_decimals, &l->num, out, size);
}

char *app_num_short(AppLang lang, double x, char *out, size_t size)
{
    int decimals = 0;
    double scale = 1.0;
    while (decimals < 3 && fabs(x * scale - round(x * scale)) > 1e-6 * scale) {
        decimals++;
        scale *= 10.0;
    }
    return app_num(lang, x, decimals, out, size);
}

char *app_num_sci(AppLang lang, double x, int decimals, char *out, size_t size)
{
    char plain[64], mant[48];
    snprintf(plain, sizeof plain, "%.*e", decimals < 0 ? 0 : decimals > 9 ? 9 : decimals, x);
    char *e = strchr(plain, 'e');
    if (!e) /* inf, nan */
        return app_num(lang, x, decimals, out, size);
    *e = 0;
    app_num(lang, strtod(plain, NULL), decimals, mant, sizeof mant);
    snprintf(out, size, "%se%s", mant, e + 1);
    return out;
}

char *app_num_g(AppLang lang, double x, int digits, char *out, size_t size)
{
    return probfmt_general(x, digits, app_num_style(lang), out, size);
}

char *app_share(AppLang lang, double percent, int decimals, char *out, size_t size)
{
    return probfmt_share(percent, decimals, app_num_style(lang), out, size);
}

char *app_blocked_share(AppLang lang, double share, char *out, size_t size)
{
    return probfmt_whole_share(share, app_num_style(lang), out, size);
}

char *app_bytes(AppLang lang, double bytes, char *out, size_t size)
{
    return probfmt_bytes(bytes, app_num_style(lang), out, size);
}

const char *app_line_len(AppLang lang, int n)
{
    return app_label_in(lang, n == 5 ? LBL_LEN_FIVE : LBL_LEN_SEVEN);
}

const char *app_colon(AppLang lang) { return lang_row(lang)->colon; }

const char *app_semicolon(AppLang lang) { return lang_row(lang)->semicolon; }

char *app_quoted(AppLang lang, const char *text, char *out, size_t size)
{
    const Language *l = lang_row(lang);
    snprintf(out, size, "%s%s%s", l->quote_open, text, l->quote_close);
    return out;
}
