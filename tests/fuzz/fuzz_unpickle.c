/* fuzz_unpickle.c - the restricted unpickler (unpickle.h), on any bytes, and
 * the vocabulary's map behind it (nanogpt.h).
 *
 * Each input is read as a checkpoint's data.pkl (tensors allowed) and as a
 * meta.pkl (nothing allowed); then the whole import runs with the input as
 * the meta.pkl of the fixtures' bias.pt, so a pickle that reads reaches the
 * vocabulary's checks (itos, stoi, one character per token).
 */
#include "fuzz.h"
#include "engine/nanogpt.h"
#include "engine/unpickle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static unsigned char *ckpt;
    static size_t ckpt_len;
    if (!ckpt) {
        TsErr err;
        fuzz_need(read_file("tests/data/nanogpt/nobias.pt", FILE_CHECKPOINT, &ckpt, &ckpt_len,
                            &err) == 0, "tests/data/nanogpt/nobias.pt", err.msg);
    }
    fuzz_start();
    Pickle p;
    TsErr err;
    if (unpickle(&p, data, size, PK_ALLOW_TENSORS, "data.pkl", &err) == 0)
        pickle_free(&p);
    if (unpickle(&p, data, size, PK_ALLOW_NOTHING, "meta.pkl", &err) == 0)
        pickle_free(&p);
    Model m;
    NanoOptions opt = {0}; /* everything from the checkpoint */
    NanoBlame blame;
    if (nanogpt_import(&m, ckpt, ckpt_len, data, size, &opt, &blame, &err) == 0)
        model_free(&m);
    return 0;
}
