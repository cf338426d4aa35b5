/* test_convert.c - forgiving input: traditional to simplified with OpenCC, the
 * punctuation rule, and what happens without OpenCC's data.
 *
 * The pairs are the standard simplifications (風 风, 國 国, 龍 龙, 後 后),
 * known to any reader; the vocabulary is made here from a short text. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "testutil.h"
#include "engine/convert.h"

/* A vocabulary of the characters of text (plus the newline). */
/* Convert text for v and compare with want; returns the Converted (free it). */
static Converted run(Converter *c, const Vocab *v, const char *text, const char *want)
{
    Converted out;
    TsErr err;
    int rc = convert_text(c, v, text, strlen(text), &out, &err);
    CHECK(rc == 0, "%s", err.msg);
    CHECK(rc != 0 || strcmp(out.text, want) == 0, "'%s' became '%s', want '%s'", text, out.text,
          want);
    CHECK(rc != 0 || out.len == strlen(want), "len %zu, want %zu", out.len, strlen(want));
    return out;
}

static int has_pair(const Converted *o, const char *from, const char *to)
{
    size_t a = 0, b = 0;
    uint32_t f, t;
    utf8_decode(from, strlen(from), &a, &f);
    utf8_decode(to, strlen(to), &b, &t);
    for (int i = 0; i < o->n_pairs; i++)
        if (o->pairs[i].from == f && o->pairs[i].to == t)
            return 1;
    return 0;
}

static void test_traditional_to_simplified(void)
{
    if (!convert_has_opencc()) {
        SKIP("a build without OpenCC (make OPENCC=0; test_build_without_opencc checks it)");
        return;
    }
    Converter c;
    convert_init(&c, NULL);
    Vocab v;
    testutil_vocab(&v, "春风国龙后，。");
    Converted o = run(&c, &v, "風", "风");
    CHECK(o.changed == 1 && o.n_pairs == 1 && has_pair(&o, "風", "风"), "風 → 风 is reported");
    CHECK(!o.no_opencc, "OpenCC's t2s is installed here (%s)", c.why);
    converted_free(&o);
    o = run(&c, &v, "國", "国");
    CHECK(has_pair(&o, "國", "国"), "國 → 国");
    converted_free(&o);
    o = run(&c, &v, "龍", "龙");
    CHECK(has_pair(&o, "龍", "龙"), "龍 → 龙");
    converted_free(&o);
    /* a whole text: each different change once, in order, all counted */
    o = run(&c, &v, "春風風國後", "春风风国后");
    CHECK(o.changed == 4 && o.n_pairs == 3, "changed %d, pairs %d; want 4 and 3", o.changed,
          o.n_pairs);
    CHECK(o.n_pairs == 3 && has_pair(&o, "風", "风") && o.pairs[0].from == 0x98A8 &&
              o.pairs[2].from == 0x5F8C,
          "pairs in the order of the text");
    converted_free(&o);
    /* simplified text is left alone and nothing is reported */
    o = run(&c, &v, "春风", "春风");
    CHECK(o.changed == 0 && o.n_pairs == 0, "春风 reported %d changes", o.changed);
    converted_free(&o);
    vocab_free(&v);
    convert_close(&c);
}

static void test_punctuation(void)
{
    Converter c;
    convert_init(&c, NULL);
    Vocab v;
    testutil_vocab(&v, "春风，。");
    Converted o = run(&c, &v, "春风,", "春风，");
    CHECK(o.changed == 1 && has_pair(&o, ",", "，"), ", → ，");
    converted_free(&o);
    /* the model knows ， and 。 only: a question or an exclamation ends a line */
    o = run(&c, &v, "?", "。");
    converted_free(&o);
    o = run(&c, &v, "春.风!春？风！", "春。风。春。风。");
    CHECK(o.changed == 4 && o.n_pairs == 4, "four different marks: %d", o.n_pairs);
    converted_free(&o);
    o = run(&c, &v, "春、风､春．风｡", "春，风，春。风。");
    converted_free(&o);
    o = run(&c, &v, "春风，。", "春风，。"); /* already the model's */
    CHECK(o.changed == 0, "，。 changed");
    converted_free(&o);
    /* with a vocabulary that knows the ASCII comma, it stays */
    Vocab ascii;
    testutil_vocab(&ascii, "春,");
    o = run(&c, &ascii, "春,", "春,");
    converted_free(&o);
    vocab_free(&ascii);
    vocab_free(&v);
    convert_close(&c);
}

static void test_known_characters_kept(void)
{
    if (!convert_has_opencc()) {
        SKIP("a build without OpenCC (make OPENCC=0; test_build_without_opencc checks it)");
        return;
    }
    Converter c;
    convert_init(&c, NULL);
    /* t2s turns 乾 alone into 干; with no vocabulary that is what happens */
    Converted o = run(&c, NULL, "乾", "干");
    converted_free(&o);
    /* a model that knows 乾 (as the training text has it, in 乾坤) keeps it */
    Vocab v;
    testutil_vocab(&v, "乾坤风");
    o = run(&c, &v, "乾風", "乾风");
    CHECK(o.changed == 1, "only 風 changes: %d", o.changed);
    converted_free(&o);
    /* 後 would be 后, which this model does not know: kept as typed */
    o = run(&c, &v, "後", "後");
    CHECK(o.changed == 0, "後 changed into an unknown character");
    converted_free(&o);
    /* and a model without 。 keeps a ? */
    o = run(&c, &v, "?", "?");
    converted_free(&o);
    /* unknown and not convertible: kept, for the encoder to name */
    o = run(&c, &v, "猫z", "猫z");
    CHECK(o.changed == 0 && !o.no_opencc, "猫 and z");
    converted_free(&o);
    /* malformed UTF-8 is copied as it is */
    o = run(&c, &v, "\xe9\xa2", "\xe9\xa2");
    converted_free(&o);
    vocab_free(&v);
    convert_close(&c);
}

static void test_many_changes(void)
{
    if (!convert_has_opencc()) {
        SKIP("a build without OpenCC (make OPENCC=0; test_build_without_opencc checks it)");
        return;
    }
    Converter c;
    convert_init(&c, NULL);
    /* more different changes than the list holds: the first are listed */
    const char *trad = "風國龍後東車馬門見長鳥魚書雲電話語";
    Converted o;
    TsErr err;
    CHECK(convert_text(&c, NULL, trad, strlen(trad), &o, &err) == 0, "%s", err.msg);
    CHECK(o.changed == 17 && o.n_pairs == CONVERT_MAX_PAIRS && o.more_pairs == 1,
          "changed %d, listed %d, more %d", o.changed, o.n_pairs, o.more_pairs);
    CHECK(strcmp(o.text, "风国龙后东车马门见长鸟鱼书云电话语") == 0, "got %s", o.text);
    converted_free(&o);
    convert_close(&c);
}

static void test_without_opencc_data(void)
{
    Converter c;
    convert_init(&c, "/nonexistent/t2s.json");
    Vocab v;
    testutil_vocab(&v, "春风，");
    /* known characters and punctuation never need OpenCC: no complaint */
    Converted o = run(&c, &v, "春风,", "春风，");
    CHECK(!o.no_opencc && !c.tried, "OpenCC was opened for a text that did not need it");
    converted_free(&o);
    /* 風 needs it: left as it is, and the converter says why */
    o = run(&c, &v, "春風,", "春風，");
    CHECK(o.no_opencc, "no_opencc is not set");
    const char *why = convert_has_opencc() ? "/nonexistent/t2s.json could not be loaded"
                                           : "install OpenCC";
    CHECK(strstr(c.why, why) != NULL, "why: '%s'", c.why);
    converted_free(&o);
    vocab_free(&v);
    convert_close(&c);
}

/* A build without OpenCC (make OPENCC=0): a traditional character stays as
 * typed, punctuation is still converted, and why names what to install. */
static void test_build_without_opencc(void)
{
    if (convert_has_opencc()) {
        SKIP("this build has OpenCC (make OPENCC=0 builds one without)");
        return;
    }
    Converter c;
    convert_init(&c, NULL);
    Vocab v;
    testutil_vocab(&v, "春风，。");
    Converted o = run(&c, &v, "春風?", "春風。");
    CHECK(o.no_opencc && o.changed == 1, "no_opencc %d, changed %d: want 1 and 1 (the ?)",
          o.no_opencc, o.changed);
    CHECK(strstr(o.why, "install OpenCC") && strstr(o.why, "libopencc-dev") &&
              strstr(o.why, "OPENCC=0"),
          "why names what to install: '%s'", o.why);
    converted_free(&o);
    vocab_free(&v);
    convert_close(&c);
}

int main(void)
{
    RUN(test_traditional_to_simplified);
    RUN(test_punctuation);
    RUN(test_known_characters_kept);
    RUN(test_many_changes);
    RUN(test_without_opencc_data);
    RUN(test_build_without_opencc);
    return test_summary();
}
