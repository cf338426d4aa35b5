/* fuzz_ptzip.c - a checkpoint's zip archive (ptzip.h) and the whole import
 * behind it (nanogpt.h), on any bytes.
 *
 * Each input is an archive: its directory is read, every entry read (stored
 * or inflated, at most 4 MB each), and then the whole import runs on it
 * with the fixtures' meta.pkl, so an archive that holds a readable data.pkl
 * reaches the map (keys, shapes, storages) too.
 */
#include <string.h>

#include "fuzz.h"
#include "engine/nanogpt.h"
#include "engine/ptzip.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static unsigned char *meta;
    static size_t meta_len;
    if (!meta) {
        TsErr err;
        fuzz_need(read_file("tests/data/nanogpt/meta.pkl", FILE_META, &meta, &meta_len, &err) == 0,
                  "tests/data/nanogpt/meta.pkl", err.msg);
    }
    fuzz_start();
    PtZip z;
    TsErr err;
    if (ptzip_open(&z, data, size, &err) == 0) {
        for (size_t i = 0; i < z.count; i++) {
            const unsigned char *d;
            unsigned char *owned;
            if (ptzip_read(&z, &z.entries[i], 4u << 20, &d, &owned, &err) == 0)
                free(owned);
        }
        ptzip_close(&z);
    }
    Model m;
    NanoOptions opt = {0}; /* everything from the checkpoint */
    NanoBlame blame;
    if (nanogpt_import(&m, data, size, meta, meta_len, &opt, &blame, &err) == 0)
        model_free(&m);
    return 0;
}
