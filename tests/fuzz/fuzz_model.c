/* fuzz_model.c - the model-file loader (model_parse), on any bytes.
 *
 * Each input is read twice: as it is, and with the checksum of its header
 * recomputed as its version says (docs/model-format.md),
 * so that damage past the checksum (a header field, a vocabulary entry, a
 * weight) reaches the checks behind it instead of stopping at the checksum.
 * A file the loader accepts is then read by the model: one full pass over
 * its first characters, then one cached step, as the explorer starts.
 */
#include <string.h>

#include "engine/fileio.h"
#include "fuzz.h"
#include "engine/infer.h"

enum { HEADER = 64, CRC_AT = 36 };

/* A loaded model must run: whatever configuration passed the loader's checks
 * is one infer_init and infer_forward accept. */
static void run_model(const Model *m)
{
    Infer inf;
    TsErr err;
    if (infer_init(&inf, m, &err) != 0)
        return; /* out of memory: said, not a crash */
    int tokens[3];
    int n = m->cfg.context < 3 ? m->cfg.context : 3;
    for (int i = 0; i < n; i++)
        tokens[i] = i % m->cfg.vocab_size;
    infer_forward(&inf, tokens, n > 1 ? n - 1 : 1);
    if (n > 1)
        infer_forward(&inf, tokens + n - 1, 1);
    infer_check_logits(&inf, &err);
    infer_free(&inf);
}

static void parse(const uint8_t *data, size_t size)
{
    Model m;
    TsErr err;
    if (model_parse(&m, data, size, "fuzz.bin", &err) == 0) {
        run_model(&m);
        model_free(&m);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_start();
    parse(data, size);
    if (size >= HEADER) {
        uint8_t *copy = malloc(size);
        if (!copy)
            return 0;
        memcpy(copy, data, size);
        /* versions 2 and 3 cover every byte but the checksum's own, version 1 the payload */
        uint32_t version = le_get_u32(copy + 8);
        uint32_t crc = version == 2 || version == 3 ? crc32_except(copy, size, CRC_AT)
                                                 : crc32_update(0, copy + HEADER, size - HEADER);
        le_put_u32(copy + CRC_AT, crc);
        parse(copy, size);
        free(copy);
    }
    return 0;
}
