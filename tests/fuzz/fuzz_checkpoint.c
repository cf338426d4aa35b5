/* fuzz_checkpoint.c - the training checkpoint loader (checkpoint_load), on any
 * bytes.
 *
 * checkpoint_load reads a path, so each input is put in an anonymous memory
 * file (fuzz_file: no file on any disk).
 * Each input is read twice: as it is, and with its checksums recomputed (the
 * model image's inside it, then the checkpoint's own over its payload, as
 * train.c writes them), so that damage to a setting, the step or a moment
 * reaches the checks behind the checksum.
 */
#define _GNU_SOURCE /* fuzz_file */
#include <string.h>

#include "engine/fileio.h"
#include "fuzz.h"
#include "engine/checkpoint.h"
#include "engine/train.h"

enum { HEADER = 32, MODEL_HEADER = 64 };

/* Where the model image starts in checkpoint versions 1..3 (in version 4 it
 * follows the remembered paths, so its checksum is left as it is): the
 * header, the settings (60, 68 or 72 bytes), step, best, data checksum,
 * generator state and the image's size. */
static const size_t IMAGE_AT[4] = {0, 148, 156, 160};

static int version_of(const uint8_t *d, size_t size)
{
    if (size < HEADER || memcmp(d, "TSCKPT0", 7) != 0 || d[7] < '1' || d[7] > '4')
        return 0;
    return d[7] - '0';
}

static void load(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = fuzz_file(data, size, path);
    if (fd < 0)
        return;
    Model m;
    Trainer tr;
    TsErr err;
    if (checkpoint_load(&m, &tr, path, -1, &err) == 0) {
        trainer_free(&tr);
        model_free(&m);
    }
    close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_start();
    load(data, size);
    int version = version_of(data, size);
    if (version == 0)
        return 0;
    uint8_t *copy = malloc(size);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    size_t image = version < 4 ? IMAGE_AT[version] : 0; /* version 4: after paths of any length */
    if (image && size >= image + MODEL_HEADER) {
        uint64_t msize = le_get_u64(copy + image - 8);
        if (msize >= MODEL_HEADER && msize <= size - image)
            le_put_u32(copy + image + 36, crc32_update(0, copy + image + MODEL_HEADER,
                                                       (size_t)msize - MODEL_HEADER));
    }
    le_put_u64(copy + 12, size - HEADER);
    if (version >= 4) /* every byte but the checksum's own four */
        le_put_u32(copy + 8, crc32_except(copy, size, 8));
    else
        le_put_u32(copy + 8, crc32_update(0, copy + HEADER, size - HEADER));
    load(copy, size);
    free(copy);
    return 0;
}
