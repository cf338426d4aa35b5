/* fuzz_session.c - the session-code decoder (sesscode.h), on any bytes.
 *
 * The input is what a student types after --code. session_code_decode reads
 * it or says what is wrong; a code it accepts must encode again, and that
 * encoding must decode to the same fields: a code the decoder takes is one
 * an encoder could have written. Each input is also tried with its check
 * digit made right (the last character replaced by each of the 31 digits in
 * turn), so that damage behind the check digit reaches the field checks.
 * The seeds in tests/fuzz/session/ are codes of the bundled model (a poem, an
 * acrostic, top-p, hundredths and -n), cut short, in lower case and with
 * dashes, and noise, in format 2; and in format 3 a poem and two codes of a
 * tangscope with one more setting (typical-p), which this one reads and
 * leaves out.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "engine/sesscode.h"

static void decode(const char *text, size_t len)
{
    SessionCode c, again;
    TsErr err;
    if (session_code_decode(text, len, &c, &err) != 0)
        return;
    char code[SESSION_CODE_MAX + 1];
    if (session_code_encode(&c, code, sizeof code, &err) < 0)
        abort(); /* accepted, but no encoder could have written it */
    if (session_code_decode(code, strlen(code), &again, &err) != 0)
        abort(); /* the encoder's own code refused */
    if (again.n_prompt != c.n_prompt || again.seed != c.seed || again.form != c.form ||
        again.n_heads != c.n_heads || memcmp(again.prompt, c.prompt, sizeof c.prompt) != 0 ||
        memcmp(again.heads, c.heads, sizeof c.heads) != 0 ||
        !sampler_settings_same(&again.set, &c.set) || again.n_unknown != 0)
        abort(); /* the round trip changed what the code holds */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_start();
    decode((const char *)data, size);
    if (size == 0 || size > SESSION_CODE_MAX)
        return 0;
    char *copy = malloc(size);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    static const char digits[] = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    for (int d = 0; d < 31; d++) {
        copy[size - 1] = digits[d];
        decode(copy, size);
    }
    free(copy);
    return 0;
}
