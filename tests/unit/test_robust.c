/* test_robust.c - bad input the engine must survive and report: a model whose
 * numbers overflow, a temperature too small to divide by, files too large to
 * read, a writer killed midway, and user input echoed in messages.
 *
 * tests/data/tiny-huge.bin is tests/data/tiny.bin with position 3's
 * embedding set to 3e38 and its checksum recomputed by gzip
 * (tools/make-huge-fixture.sh): positions 0..2 give the same logits as
 * tiny.bin, from position 3 on every score overflows to NaN.
 *
 * ts_expf on NaN used to shift a negative integer made from NaN: undefined
 * behaviour with the same result in an ordinary build, so the NaN check
 * below fails without the fix only under `make asan` (UBSan stops there).
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* mknod, makedev */
#include <dirent.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "testutil.h"
#include "engine/common.h"
#include "engine/fileio.h"
#include "engine/generate.h"
#include "engine/train_pass.h"
#include "engine/infer.h"
#include "engine/model.h"
#include "engine/ops.h"
#include "engine/sampler.h"
#include "engine/train.h"
#include "engine/vocab.h"

static const char *tmpdir; /* testutil_tmpdir, made in main */

static int encode(const Model *m, const char *text, int **ids, size_t *n)
{
    TsErr err;
    if (vocab_encode(&m->vocab, text, strlen(text), "prompt", ids, n, &err) != 0) {
        fprintf(stderr, "  %s\n", err.msg);
        return -1;
    }
    return 0;
}

/* ---- a model whose numbers overflow ---- */

static void test_expf_nan_and_infinities(void)
{
    volatile float nan = NAN; /* volatile: computed at run time, as in the model */
    CHECK(isnan(ts_expf(nan)), "e^NaN gave %g, not NaN", (double)ts_expf(nan));
    CHECK(ts_expf(INFINITY) == ts_expf(88.0f), "e^inf %g is not e^88 %g",
          (double)ts_expf(INFINITY), (double)ts_expf(88.0f));
    CHECK(ts_expf(-INFINITY) == ts_expf(-87.0f), "e^-inf %g is not e^-87 %g",
          (double)ts_expf(-INFINITY), (double)ts_expf(-87.0f));
    CHECK(ts_expf(0.0f) == 1.0f, "e^0 = %g", (double)ts_expf(0.0f));
    CHECK(fabs(ts_expf(1.0f) - 2.718281828) < 1e-6, "e^1 = %.8g", (double)ts_expf(1.0f));
    /* a softmax over a row with NaN must not draw anything from it */
    float row[4] = {1.0f, nan, 2.0f, 0.5f}, p[4];
    sampler_softmax(p, row, 4);
    int any_nan = 0;
    for (int i = 0; i < 4; i++)
        any_nan |= isnan(p[i]);
    CHECK(any_nan, "a NaN score vanished into an ordinary distribution");
    CHECK(sampler_renormalise(p, p, 4) == 0.0f, "a NaN distribution still had mass to draw");
}

static void test_fixture_is_finite_but_huge(void)
{
    /* the file loads (every weight is finite) and differs from tiny.bin in
     * exactly 16 weights of 3e38, the 16 of wpe row 3 */
    Model a, b;
    TsErr err;
    CHECK(model_load(&a, TEST_DATA("tiny.bin"), &err) == 0, "%s", err.msg);
    CHECK(model_load(&b, TEST_DATA("tiny-huge.bin"), &err) == 0, "%s", err.msg);
    if (check_test_failed)
        return;
    int C = a.cfg.n_embd;
    size_t differ = 0, in_row3 = 0;
    for (size_t i = 0; i < a.n_params; i++) {
        if (a.params[i] != b.params[i]) {
            differ++;
            size_t at = (size_t)(b.params + i - b.w.wpe);
            in_row3 += b.params[i] == 3e38f && b.params + i >= b.w.wpe && at >= 3 * (size_t)C &&
                       at < 4 * (size_t)C;
        }
    }
    CHECK(differ == (size_t)C && in_row3 == (size_t)C,
          "%zu weights differ, %zu of them 3e38 in wpe row 3 (want %d and %d)", differ, in_row3,
          C, C);
    model_free(&a);
    model_free(&b);
}

/* The generator stops at the first position whose scores are not finite,
 * says which, and keeps saying it; positions before it are untouched. */
static void test_nonfinite_scores_reported(void)
{
    Model good, huge;
    TsErr err;
    CHECK(model_load(&good, TEST_DATA("tiny.bin"), &err) == 0, "%s", err.msg);
    CHECK(model_load(&huge, TEST_DATA("tiny-huge.bin"), &err) == 0, "%s", err.msg);
    if (check_test_failed)
        return;
    for (int cache = 1; cache >= 0; cache--) {
        Generator g, ref;
        int *ids;
        size_t n;
        if (gen_init(&g, &huge, cache, &err) != 0 || gen_init(&ref, &good, cache, &err) != 0 ||
            encode(&huge, "春风", &ids, &n) != 0) {
            CHECK(0, "setup: %s", err.msg);
            return;
        }
        /* newline 春 风: positions 0, 1, 2, the same scores as the sound model */
        gen_start(&g, ids, n, PROMPT_POEM_START, &err);
        gen_start(&ref, ids, n, PROMPT_POEM_START, &err);
        const float *a = gen_logits(&g, &err), *b = gen_logits(&ref, &err);
        CHECK(a && b && memcmp(a, b, sizeof(float) * (size_t)huge.cfg.vocab_size) == 0,
              "cache %d: position 2 should give tiny.bin's logits", cache);
        /* 花 at position 3 */
        gen_append(&g, vocab_id(&huge.vocab, 0x82B1), &err);
        err.msg[0] = 0;
        CHECK(gen_logits(&g, &err) == NULL, "cache %d: non-finite scores were handed out", cache);
        CHECK(strcmp(err.msg, "the model produced non-finite scores at position 3") == 0,
              "cache %d: message '%s'", cache, err.msg);
        err.msg[0] = 0;
        CHECK(gen_logits(&g, &err) == NULL && strstr(err.msg, "position 3"),
              "cache %d: asked again: '%s'", cache, err.msg);
        /* sampling refuses, and writes nothing */
        SamplerSettings set = sampler_defaults();
        Rng rng;
        rng_seed(&rng, 1);
        size_t before = g.n;
        err.msg[0] = 0;
        CHECK(gen_sample(&g, &set, NULL, &rng, &err) < 0 && g.n == before &&
                  strstr(err.msg, "non-finite scores at position 3"),
              "cache %d: sampled anyway ('%s')", cache, err.msg);
        free(ids);
        gen_free(&g);
        gen_free(&ref);
    }
    model_free(&good);
    model_free(&huge);
}

static void test_nonfinite_eval(void)
{
    Model m;
    TsErr err;
    CHECK(model_load(&m, TEST_DATA("tiny-huge.bin"), &err) == 0, "%s", err.msg);
    if (check_test_failed)
        return;
    /* two windows of 16 and a tail; the first window's position 3 overflows */
    const char *text = "春风花月明人山水白日云天江夜不无一千里秋春风花月明人山水白日云天江夜不无";
    int *ids;
    size_t n;
    GptActs acts;
    if (encode(&m, text, &ids, &n) != 0 || gpt_acts_init(&acts, &m.cfg, 4, 16, 0, &err) != 0) {
        CHECK(0, "setup");
        return;
    }
    double loss = 0.0;
    size_t count = 0;
    err.msg[0] = 0;
    CHECK(gpt_eval_loss(&m, &acts, ids, n, 16, &loss, &count, &err) != 0,
          "evaluation gave loss %g over %zu characters", loss, count);
    CHECK(strstr(err.msg, "the model produced non-finite scores at position 3 (reading "
                          "character 4 of the text)") != NULL,
          "message '%s'", err.msg);
    gpt_acts_free(&acts);
    free(ids);
    model_free(&m);
}

/* ---- the temperature ---- */

static void test_tiny_temperature_is_greedy(void)
{
    const float logits[5] = {1.0f, 3.0f, 2.5f, -1.0f, 3.0f};
    float out[5];
    const float tiny[] = {1e-45f, 1e-30f, 0.0005f, 0.0f};
    for (size_t k = 0; k < sizeof tiny / sizeof tiny[0]; k++) {
        sampler_temperature(out, logits, 5, tiny[k]);
        /* greedy: the first maximum keeps its score, all else is -inf */
        CHECK(out[1] == 3.0f && isinf(out[0]) && out[0] < 0 && isinf(out[2]) && isinf(out[3]) &&
                  isinf(out[4]),
              "temperature %g is not greedy: %g %g %g %g %g", (double)tiny[k], (double)out[0],
              (double)out[1], (double)out[2], (double)out[3], (double)out[4]);
    }
    sampler_temperature(out, logits, 5, SAMPLER_MIN_TEMPERATURE);
    CHECK(fabs(out[2] - 2500.0) < 0.01 && fabs(out[0] - 1000.0) < 0.01,
          "the minimum, 0.001, itself divides: %g %g", (double)out[0], (double)out[2]);
    /* the whole chain: one character, all the probability */
    SamplerState ss;
    TsErr err;
    CHECK(sampler_init(&ss, 5, &err) == 0, "%s", err.msg);
    SamplerSettings set = sampler_defaults();
    set.temperature = 1e-45f;
    CHECK(sampler_settings_check(&set, &err) == 0, "1e-45 is in 0..100: %s", err.msg);
    int tok = sampler_run(&ss, &set, logits, NULL, 0, NULL, 0.999f, &err);
    CHECK(tok == 1 && ss.kept == 1 && ss.final[1] == 1.0f,
          "temperature 1e-45 drew %d with %d characters kept (p %g)", tok, ss.kept,
          (double)ss.final[1]);
    sampler_free(&ss);
}

/* ---- reading files ---- */

static void test_read_limits(void)
{
    TsErr err;
    unsigned char *buf;
    size_t len;
    /* a sparse file one byte over the text limit: refused before reading */
    char path[256];
    snprintf(path, sizeof path, "%s/big.txt", tmpdir);
    FILE *f = fopen(path, "w");
    CHECK(f && ftruncate(fileno(f), (off_t)file_limit(FILE_TEXT) + 1) == 0, "sparse file");
    if (f)
        fclose(f);
    double t0 = ts_now();
    CHECK(read_file(path, FILE_TEXT, &buf, &len, &err) != 0 && buf == NULL,
          "a file over the limit was read");
    CHECK(strstr(err.msg, "too large") && strstr(err.msg, "256 MB") && strstr(err.msg, "big.txt"),
          "message '%s'", err.msg);
    CHECK(ts_now() - t0 < 1.0, "took %.2f s: it read the file", ts_now() - t0);
    /* the limits are what fileio.h and docs/robustness.md say */
    CHECK(file_limit(FILE_TEXT) == 256000000u && file_limit(FILE_MODEL) == 1000000000u &&
              file_limit(FILE_CHECKPOINT) == 4000000000u &&
              file_limit(FILE_CORPUS_INDEX) == 2000000000u,
          "limits changed");
    /* a folder */
    CHECK_REFUSED(read_file(tmpdir, FILE_TEXT, &buf, &len, &err) != 0, err.msg, "folder");
    unlink(path);
}

/* ---- writing files ---- */

static int slurp(const char *path, char *out, size_t size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t n = fread(out, 1, size - 1, f);
    out[n] = 0;
    fclose(f);
    return (int)n;
}

static int write_atomic(const char *path, const char *text, TsErr *err)
{
    AtomicFile af;
    if (atomic_open(&af, path, err) != 0)
        return -1;
    fputs(text, af.f);
    return atomic_commit(&af, err);
}

/* Files in dir other than "." and ".."; names gets them, one per line. */
static int list_dir(const char *dir, char *names, size_t size)
{
    DIR *d = opendir(dir);
    int n = 0;
    names[0] = 0;
    if (!d)
        return -1;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        n++;
        strncat(names, e->d_name, size - strlen(names) - 2);
        strcat(names, "\n");
    }
    closedir(d);
    return n;
}

/* A writer killed with SIGKILL in the middle of a write leaves the old file
 * as it was; the next write takes over what it left, and afterwards nothing
 * but the file itself is in the folder. */
static void test_killed_writer(void)
{
    char dir[256], path[300], got[4096], names[1024];
    snprintf(dir, sizeof dir, "%s/kill", tmpdir);
    mkdir(dir, 0700);
    snprintf(path, sizeof path, "%s/model.bin", dir);
    TsErr err;
    CHECK(write_atomic(path, "old contents\n", &err) == 0, "%s", err.msg);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        AtomicFile af;
        if (atomic_open(&af, path, NULL) != 0)
            _exit(3);
        for (int i = 0; i < 1000; i++)
            fputs("new contents, half written ", af.f);
        fflush(af.f);
        kill(getpid(), SIGKILL); /* in the middle: before atomic_commit */
        _exit(4);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "the writer was not killed (%d)",
          status);
    CHECK(slurp(path, got, sizeof got) > 0 && strcmp(got, "old contents\n") == 0,
          "the old file changed: '%.60s'", got);
    /* the next write succeeds, replaces the half-written temporary file, and
     * leaves nothing else behind */
    CHECK(write_atomic(path, "new contents\n", &err) == 0, "%s", err.msg);
    CHECK(slurp(path, got, sizeof got) > 0 && strcmp(got, "new contents\n") == 0,
          "the new file is '%.60s'", got);
    int n = list_dir(dir, names, sizeof names);
    CHECK(n == 1 && strcmp(names, "model.bin\n") == 0, "the folder holds %d files:\n%s", n,
          names);
}

/* Two writers of one file at once: the second, another process, is refused
 * with a message, never mixed into the first; once the first has finished,
 * it may write. (Another process: POSIX's locks, which a build without
 * Linux's flock takes, do not stop the same process twice.) */
static void test_two_writers(void)
{
    char path[300], got[256];
    snprintf(path, sizeof path, "%s/two.bin", tmpdir);
    TsErr err;
    AtomicFile first;
    CHECK(atomic_open(&first, path, &err) == 0, "%s", err.msg);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) { /* the second writer: exit 0 if refused as promised */
        AtomicFile second;
        TsErr e2;
        e2.msg[0] = 0;
        int refused = atomic_open(&second, path, &e2) != 0 &&
                      strstr(e2.msg, "another process is writing") != NULL;
        _exit(refused ? 0 : 1);
    }
    int status = -1;
    CHECK(child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) &&
              WEXITSTATUS(status) == 0,
          "a second process writing the same file was not refused (status %d)", status);
    fputs("first\n", first.f);
    CHECK(atomic_commit(&first, &err) == 0, "%s", err.msg);
    CHECK(write_atomic(path, "second\n", &err) == 0, "after the first: %s", err.msg);
    CHECK(slurp(path, got, sizeof got) > 0 && strcmp(got, "second\n") == 0, "got '%s'", got);
}

/* Something else at FILE.tmp (here a pipe, which would block an ordinary
 * open for writing until someone reads it): refused at once, with a message,
 * and the real file untouched. */
static void test_tmp_in_the_way(void)
{
    char path[300], tmp[310], got[256];
    snprintf(path, sizeof path, "%s/pipe.bin", tmpdir);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    TsErr err;
    CHECK(write_atomic(path, "kept\n", &err) == 0, "%s", err.msg);
    CHECK(mkfifo(tmp, 0600) == 0, "mkfifo");
    double t0 = ts_now();
    err.msg[0] = 0;
    CHECK_REFUSED(write_atomic(path, "lost\n", &err) != 0, err.msg, "in the way");
    CHECK(ts_now() - t0 < 5.0, "waited %.1f s on the pipe", ts_now() - t0);
    CHECK(slurp(path, got, sizeof got) > 0 && strcmp(got, "kept\n") == 0, "got '%s'", got);
    unlink(tmp);
}


/* ---- outputs that are not plain files (docs/robustness.md, "Where an output goes") ---- */

/* A folder of its own for each test: dir/NAME, emptied of nothing (new). */
static void out_dir(char *dir, size_t size, const char *name)
{
    snprintf(dir, size, "%s/%s", tmpdir, name);
    mkdir(dir, 0755);
}

static int kind_of(const char *path, mode_t kind)
{
    struct stat st;
    return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == kind;
}

/* A character device (a copy of /dev/null's node, never /dev/null itself):
 * written in place, still a device afterwards, and no FILE.tmp beside it.
 * Through output_append (a log) too. */
static void test_output_char_device(void)
{
    char dir[256], dev[300], tmp[310];
    out_dir(dir, sizeof dir, "chr");
    snprintf(dev, sizeof dev, "%s/null", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", dev);
    if (mknod(dev, S_IFCHR | 0666, makedev(1, 3)) != 0) {
        SKIP("cannot make a device node here (needs root and a file system that allows it)");
        return;
    }
    TsErr err;
    CHECK(write_atomic(dev, "into the device\n", &err) == 0, "%s", err.msg);
    CHECK(kind_of(dev, S_IFCHR), "the device node is no longer a character device");
    CHECK(access(tmp, F_OK) != 0, "a temporary file was left beside the device");
    FILE *log = output_append(dev, &err);
    CHECK(log != NULL, "appending: %s", err.msg);
    if (log) {
        fputs("a log line\n", log);
        CHECK(fclose(log) == 0, "closing the log");
    }
    CHECK(kind_of(dev, S_IFCHR), "after the log, no longer a character device");
    unlink(dev);
}

/* A FIFO: opened and written, its reader gets the bytes, still a FIFO. */
static void test_output_fifo(void)
{
    char dir[256], fifo[300], got_path[300], got[256];
    out_dir(dir, sizeof dir, "fifo");
    snprintf(fifo, sizeof fifo, "%s/pipe", dir);
    snprintf(got_path, sizeof got_path, "%s/read", dir);
    CHECK(mkfifo(fifo, 0600) == 0, "mkfifo");
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) { /* the reader: what comes through the pipe, into a file */
        char buf[256];
        FILE *in = fopen(fifo, "rb"), *out = fopen(got_path, "wb");
        size_t n = in ? fread(buf, 1, sizeof buf, in) : 0;
        _exit(out && fwrite(buf, 1, n, out) == n && fclose(out) == 0 ? 0 : 1);
    }
    TsErr err;
    CHECK(write_atomic(fifo, "through the pipe\n", &err) == 0, "%s", err.msg);
    /* a FIFO replaced by a file leaves its reader waiting: 5 s, then it goes */
    int status = 0;
    for (int i = 0; i < 500 && waitpid(pid, &status, WNOHANG) == 0; i++)
        usleep(10000);
    if (waitpid(pid, &status, WNOHANG) == 0) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
    }
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the reader failed (%d)", status);
    CHECK(slurp(got_path, got, sizeof got) > 0 && strcmp(got, "through the pipe\n") == 0,
          "the reader got '%s'", got);
    CHECK(kind_of(fifo, S_IFIFO), "the FIFO is no longer a FIFO");
}

/* A Unix socket: connected to and written. */
static void test_output_socket(void)
{
    char dir[256], sock_path[300], got[256] = {0};
    out_dir(dir, sizeof dir, "sock");
    snprintf(sock_path, sizeof sock_path, "%s/s", dir);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    if (strlen(sock_path) >= sizeof addr.sun_path) {
        SKIP("the temporary folder's path is too long for a socket");
        return;
    }
    memcpy(addr.sun_path, sock_path, strlen(sock_path) + 1);
    int listener = socket(AF_UNIX, SOCK_STREAM, 0);
    CHECK(listener >= 0 && bind(listener, (struct sockaddr *)&addr, sizeof addr) == 0 &&
              listen(listener, 1) == 0,
          "cannot listen on %s", sock_path);
    TsErr err;
    CHECK(write_atomic(sock_path, "over the socket\n", &err) == 0, "%s", err.msg);
    int conn = accept(listener, NULL, NULL);
    ssize_t n = conn >= 0 ? read(conn, got, sizeof got - 1) : -1;
    CHECK(n > 0 && strcmp(got, "over the socket\n") == 0, "read '%s'", got);
    CHECK(kind_of(sock_path, S_IFSOCK), "the socket is no longer a socket");
    if (conn >= 0)
        close(conn);
    close(listener);
}

/* A symbolic link: followed; the target is replaced atomically beside
 * itself, the link stays the same link. A link that leads nowhere yet
 * creates its target. */
static void test_output_symlink(void)
{
    char dir[256], target[300], link[300], dangling[300], made[300], got[256], names[1024];
    out_dir(dir, sizeof dir, "link");
    snprintf(target, sizeof target, "%s/target.bin", dir);
    snprintf(link, sizeof link, "%s/link.bin", dir);
    snprintf(dangling, sizeof dangling, "%s/dangling.bin", dir);
    snprintf(made, sizeof made, "%s/made.bin", dir);
    TsErr err;
    CHECK(write_atomic(target, "old\n", &err) == 0, "%s", err.msg);
    CHECK(symlink("target.bin", link) == 0 && symlink("made.bin", dangling) == 0, "symlink");
    CHECK(write_atomic(link, "new\n", &err) == 0, "%s", err.msg);
    char to[64] = {0};
    CHECK(kind_of(link, S_IFLNK) && readlink(link, to, sizeof to - 1) > 0 &&
              strcmp(to, "target.bin") == 0,
          "the link is no longer the link to target.bin ('%s')", to);
    CHECK(slurp(target, got, sizeof got) > 0 && strcmp(got, "new\n") == 0, "target: '%s'", got);
    CHECK(write_atomic(dangling, "made\n", &err) == 0, "%s", err.msg);
    CHECK(kind_of(dangling, S_IFLNK), "the dangling link was replaced");
    CHECK(slurp(made, got, sizeof got) > 0 && strcmp(got, "made\n") == 0, "made: '%s'", got);
    int n = list_dir(dir, names, sizeof names);
    CHECK(n == 4 && !strstr(names, ".tmp"), "the folder holds %d files:\n%s", n, names);
}

/* A link into a folder where no file can be made (as root, only /proc
 * refuses): refused, naming the link and where it leads; the link stays. */
static void test_output_symlink_read_only(void)
{
    char dir[256], ro[300], link[300], to[320];
    out_dir(dir, sizeof dir, "rolink");
    snprintf(link, sizeof link, "%s/link.bin", dir);
    if (geteuid() == 0) {
        snprintf(to, sizeof to, "/proc/tangscope-test-output.bin");
    } else {
        snprintf(ro, sizeof ro, "%s/ro", dir);
        mkdir(ro, 0555);
        snprintf(to, sizeof to, "%s/x.bin", ro);
    }
    CHECK(symlink(to, link) == 0, "symlink");
    TsErr err = {0};
    CHECK_REFUSED(write_atomic(link, "nowhere\n", &err) != 0, err.msg, "leads to");
    CHECK(strstr(err.msg, "link.bin") && strstr(err.msg, to), "names both: %s", err.msg);
    CHECK(kind_of(link, S_IFLNK), "the link was replaced");
}

/* A folder, or a link to one: refused, for a whole file and for a log. */
static void test_output_folder(void)
{
    char dir[256], sub[300], link[300];
    out_dir(dir, sizeof dir, "folder");
    snprintf(sub, sizeof sub, "%s/sub", dir);
    snprintf(link, sizeof link, "%s/to-sub", dir);
    mkdir(sub, 0755);
    CHECK(symlink("sub", link) == 0, "symlink");
    TsErr err = {0};
    CHECK_REFUSED(write_atomic(sub, "x", &err) != 0, err.msg, "is a folder, not a file");
    err.msg[0] = 0;
    CHECK_REFUSED(write_atomic(link, "x", &err) != 0, err.msg, "is a folder, not a file");
    /* every refused path is marked so, whichever writer (the command exits 2) */
    CHECK(err.code == TS_ERR_OUTPUT_PATH, "a folder's refusal has code %d", err.code);
    err.msg[0] = 0;
    err.code = 0;
    CHECK_REFUSED(output_append(sub, &err) == NULL, err.msg, "is a folder, not a file");
    CHECK(err.code == TS_ERR_OUTPUT_PATH, "output_append's refusal has code %d", err.code);
    CHECK(kind_of(sub, S_IFDIR) && kind_of(link, S_IFLNK), "the folder or its link changed");
}

/* ---- echoing input ---- */

static void test_quote(void)
{
    TsQuoted q;
    const char *got = ts_quote(&q, "a\nb\033[31m'c\\d\te\r");
    CHECK(strcmp(got, "'a\\nb\\e[31m\\'c\\\\d\\te\\r'") == 0, "got %s", got);
    got = ts_quote(&q, "春风 x.bin");
    CHECK(strcmp(got, "'春风 x.bin'") == 0, "UTF-8 should stay as it is: %s", got);
    got = ts_quote(&q, "\xff\xc3(\x7f\x01");
    CHECK(strcmp(got, "'\\xff\\xc3(\\x7f\\x01'") == 0, "bytes that are not UTF-8: %s", got);
    got = ts_quote(&q, "x\xc2\x9b" "2J\xe2\x80\xae");
    CHECK(strcmp(got, "'x\\u009B2J\\u202E'") == 0, "C1 control and bidi override: %s", got);
    got = ts_quote(&q, "a\xe2\x80\xa8" "b\xe2\x80\xa9" "c\xe2\x81\xa6" "d\xe2\x80\x8f");
    CHECK(strcmp(got, "'a\\u2028b\\u2029c\\u2066d\\u200F'") == 0,
          "line and paragraph separators, an isolate, a direction mark: %s", got);
    char named[64];
    vocab_describe(0x202E, named, sizeof named);
    CHECK(!strstr(named, "\xe2\x80\xae") && strstr(named, "U+202E"),
          "a character's name shows a right-to-left override raw: %s", named);
    /* long input: cut, never in the middle of a character, and marked */
    char long_text[3 * 400 + 1] = {0};
    for (int i = 0; i < 400; i++)
        memcpy(long_text + 3 * i, "春", 3);
    got = ts_quote(&q, long_text);
    size_t len = strlen(got), pos = 0;
    uint32_t cp;
    int valid = 1;
    while (pos < len && valid)
        valid = utf8_decode(got, len, &pos, &cp) == 0;
    CHECK(len < TS_QUOTE_MAX && valid && strstr(got, "…'") && got[0] == '\'',
          "%zu bytes, valid UTF-8 %d: %s", len, valid, got);
    /* an error message naming a bad file quotes it */
    TsErr err;
    Model m;
    CHECK(model_load(&m, "/nonexistent/x\ny\033[2J.bin", &err) != 0 &&
              strstr(err.msg, "'/nonexistent/x\\ny\\e[2J.bin': cannot open") &&
              !strchr(err.msg, '\n') && !strchr(err.msg, '\033'),
          "message '%s'", err.msg);
}

int main(void)
{
    tmpdir = testutil_tmpdir("robust");
    RUN(test_expf_nan_and_infinities);
    RUN(test_fixture_is_finite_but_huge);
    RUN(test_nonfinite_scores_reported);
    RUN(test_nonfinite_eval);
    RUN(test_tiny_temperature_is_greedy);
    RUN(test_read_limits);
    RUN(test_killed_writer);
    RUN(test_two_writers);
    RUN(test_tmp_in_the_way);
    RUN(test_output_char_device);
    RUN(test_output_fifo);
    RUN(test_output_socket);
    RUN(test_output_symlink);
    RUN(test_output_symlink_read_only);
    RUN(test_output_folder);
    RUN(test_quote);
    testutil_tmpdir_remove();
    return test_summary();
}
