/* fuzz_prompt.c - what a user types, on any bytes: UTF-8 decoding, the
 * forgiving conversion (OpenCC's t2s and the punctuation rule), vocabulary
 * lookup, the text's width on screen, a typed pinyin syllable, and the
 * explorer's paste.
 *
 * The input is the text. It goes the ways a prompt goes: decoded character
 * by character (each decoded character must encode back to the same bytes,
 * and a malformed byte must leave the position alone, as vocab.h promises),
 * converted for the bundled model's vocabulary and for none, encoded into
 * token ids for the bundled model and the test model, measured, cut and
 * wrapped at a width taken from its first byte, read as a pinyin syllable,
 * and pasted into the explorer's state on the test model.
 */
#include <locale.h>
#include <string.h>

#include "engine/convert.h"
#include "fuzz.h"
#include "engine/pinyin.h"
#include "app/textw.h"
#include "engine/vocab.h"

static const Model *bundled_model(void)
{
    static Model m;
    static int loaded;
    if (!loaded) {
        TsErr err;
        fuzz_need(model_load(&m, "assets/tang.bin", &err) == 0, "assets/tang.bin", err.msg);
        loaded = 1;
    }
    return &m;
}

/* What vocab.h promises of utf8_decode and utf8_encode; a broken promise
 * stops the run, as a sanitizer would. */
static void check_utf8(const char *s, size_t n)
{
    size_t pos = 0;
    while (pos < n) {
        size_t at = pos;
        uint32_t cp;
        if (utf8_decode(s, n, &pos, &cp) != 0) {
            if (pos != at)
                abort(); /* a failed decode moved the position */
            pos++;
            continue;
        }
        char back[4];
        int len = utf8_encode(cp, back);
        if (len == 0 || (size_t)len != pos - at || memcmp(back, s + at, (size_t)len) != 0)
            abort(); /* decoded and encoded again, the character changed */
    }
}

static void encode(const Vocab *v, const char *text, size_t len)
{
    int *ids;
    size_t n;
    TsErr err;
    if (vocab_encode(v, text, len, "prompt", &ids, &n, &err) == 0) {
        for (size_t i = 0; i < n; i++)
            if (ids[i] < 0 || ids[i] >= v->size)
                abort(); /* an id the model does not have */
        free(ids);
    }
}

static void convert(Converter *c, const Vocab *v, const char *text, size_t len)
{
    Converted out;
    TsErr err;
    if (convert_text(c, v, text, len, &out, &err) != 0)
        return;
    check_utf8(out.text, out.len);
    encode(v ? v : &fuzz_tiny_model()->vocab, out.text, out.len);
    converted_free(&out);
}

static void measure(const char *s, int cols)
{
    TextSpan lines[16];
    textw_width(s);
    size_t fit = textw_fit(s, cols, NULL);
    size_t tail = textw_fit_tail(s, cols);
    size_t wrap = textw_wrap(s, cols);
    size_t len = strlen(s);
    if (fit > len || tail > len || wrap > len)
        abort(); /* a cut past the end of the text */
    textw_lines(s, cols, lines, 16);
    for (int lang = TEXTW_EN; lang <= TEXTW_FR; lang++) { /* each language's line breaking */
        if (textw_wrap_in(s, cols, (TextwLang)lang) > len)
            abort();
        int n = textw_lines_in(s, cols, (TextwLang)lang, lines, 16);
        for (int i = 0; i < n && i < 16; i++) { /* every line fits, or is one character */
            char line[256];
            if (lines[i].start + lines[i].len > len || lines[i].len >= sizeof line)
                continue;
            memcpy(line, s + lines[i].start, lines[i].len);
            line[lines[i].len] = 0;
            /* textw_wrap at 0 columns: the length of the first character */
            if (textw_width(line) > cols && textw_wrap(line, 0) < lines[i].len)
                abort(); /* a line of several characters wider than the screen */
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    static AppState s;
    if (!ready) {
        setlocale(LC_CTYPE, "C.UTF-8"); /* widths follow the locale, as on the explorer's screen */
        bundled_model();
        fuzz_tiny_model();
        fuzz_tiny_corpus();
        fuzz_converter();
        fuzz_start();
        ready = 1;
    }
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    const Vocab *big = &bundled_model()->vocab;
    check_utf8(text, size);
    convert(fuzz_converter(), big, text, size);
    convert(fuzz_converter(), NULL, text, size);
    encode(big, text, size);
    encode(&fuzz_tiny_model()->vocab, text, size);
    measure(text, size ? data[0] % 100 + 1 : 80);
    PinyinSyllable syl;
    TsErr err;
    pinyin_syllable_parse(text, &syl, &err);
    if (fuzz_app(&s) == 0) {
        app_type_text(&s, text);
        fuzz_app_free(&s);
    }
    free(text);
    return 0;
}
