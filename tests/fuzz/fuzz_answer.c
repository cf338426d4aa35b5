/* fuzz_answer.c - a student's answer line (stageprog.h), on any bytes.
 *
 * The input is what a stage program wrote back for one step. The reader must
 * take it or give one line saying what is wrong, never read past it: an
 * answer it takes keeps only ids that were offered, each once. The
 * candidates are 3, 17 and 25 (and, for inputs whose first byte is odd, none
 * at all). The seeds in tests/fuzz/answer/ are good answers, answers with
 * unknown or repeated ids, cut-off JSON, deep nesting and escapes.
 */
#include <string.h>

#include "fuzz.h"
#include "app/stageprog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_start();
    char *line = malloc(size + 1);
    if (!line)
        return 0;
    memcpy(line, data, size);
    line[size] = 0;
    static const int ids[] = {3, 17, 25};
    int n = size && (data[0] & 1) ? 0 : 3;
    uint8_t kept[3] = {9, 9, 9};
    StageProg p = {0};
    p.steps = 1;
    TsErr err;
    err.msg[0] = 0;
    StageProgStatus st = stageprog_parse_keep(&p, line, ids, n, kept, &err);
    if (st == STAGEPROG_OK) {
        for (int i = 0; i < n; i++)
            if (kept[i] > 1)
                abort(); /* taken, but not every candidate said kept or not */
    } else if (strncmp(err.msg, "step 1: ", 8) != 0 || strchr(err.msg, '\n')) {
        abort(); /* refused without its one line */
    }
    free(line);
    return 0;
}
