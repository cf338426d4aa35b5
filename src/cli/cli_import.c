/* cli_import.c - `tangscope import`: a nanoGPT checkpoint as a tangscope model.
 *
 * The work is tools/import-nanogpt.py's (Python and numpy read the
 * checkpoint's zip and pickle; PyTorch is not needed): this command finds
 * the script where the bundled files are and runs it with python3, so a
 * class types one command. Its exit status and messages are the script's.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"

static const char IMPORT_HELP[] =
    "usage: tangscope import CKPT --meta META.pkl --out FILE.bin [--n-head N]\n"
    "                        [--gelu erf|tanh] [--ln-eps X]\n"
    "\n"
    "Turn a nanoGPT-style checkpoint (what nanoGPT's train.py saves, or a bare\n"
    "state_dict; with or without torch.compile's _orig_mod. prefix; bias true or\n"
    "false) and its meta.pkl (stoi, itos: one character per token) into a\n"
    "tangscope model file, which then works wherever --model FILE does.\n"
    "\n"
    "It runs tools/import-nanogpt.py with python3, which needs numpy (Debian,\n"
    "Ubuntu: apt-get install python3-numpy) but not PyTorch; nothing in the\n"
    "checkpoint is run. What cannot be mapped (another architecture, rotary\n"
    "positions, a vocabulary of words or bytes, shapes that disagree) is refused\n"
    "in one line with exit status 2. docs/course-model.md tells the whole way.\n"
    "\n"
    "  --meta META.pkl  the vocabulary nanoGPT's prepare.py wrote\n"
    "  --out FILE.bin   the tangscope model to write\n"
    "  --n-head N       the heads, for a bare state_dict (no model_args)\n"
    "  --gelu erf|tanh  the MLP's GELU: erf is nanoGPT's nn.GELU() (the default),\n"
    "                   tanh for nn.GELU(approximate='tanh')\n"
    "  --ln-eps X       the LayerNorm epsilon (default 1e-5, nanoGPT's)\n"
    "\n"
    "TANGSCOPE_PYTHON names the Python to use (default: python3, or\n"
    "/usr/bin/python3 when only that one has numpy). The reverse:\n"
    "tools/export-nanogpt.py FILE.bin --out ckpt.pt --meta meta.pkl.\n";

/* Does `python -c "import numpy"` succeed? (Quietly: its errors are not ours.)
 * Asked from /, never from the current folder: `-c` puts the current folder
 * first on Python's path, and a numpy.py there would run. */
static int has_numpy(const char *python)
{
    pid_t pid = fork();
    if (pid < 0)
        return 0;
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, STDOUT_FILENO);
            dup2(null, STDERR_FILENO);
        }
        if (chdir("/") != 0)
            _exit(127);
        execlp(python, python, "-c", "import numpy", (char *)NULL);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return 0;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* TANGSCOPE_PYTHON, else the first of python3 and /usr/bin/python3 that has
 * numpy (a python3 of its own, first on PATH, may lack what the system's
 * has), else python3, whose script then says what is missing. */
static const char *find_python(void)
{
    const char *python = getenv("TANGSCOPE_PYTHON");
    if (python && *python)
        return python;
    static const char *const CANDIDATES[] = {"python3", "/usr/bin/python3"};
    for (size_t i = 0; i < sizeof CANDIDATES / sizeof CANDIDATES[0]; i++)
        if (has_numpy(CANDIDATES[i]))
            return CANDIDATES[i];
    return "python3";
}

int cmd_import(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            cli_print_help(stdout, cli_help_text("import", IMPORT_HELP));
            return 0;
        } else if (strcmp(argv[i], "--list-options") == 0) {
            /* the tool's options (tools/import-nanogpt.py), as cli_parse lists a command's */
            puts("--meta\n--out\n--n-head\n--gelu\n--ln-eps\n--lang\n--help");
            return 0;
        }
    if (argc < 2)
        return cli_error("import", EXIT_USAGE, "give a checkpoint, --meta META.pkl and --out "
                                               "FILE.bin (tangscope import --help)");
    const char *tool = cli_tool("import-nanogpt.py");
    if (access(tool, R_OK) != 0)
        return cli_error("import", EXIT_USAGE, "%s not found (it comes with tangscope's "
                                               "source and its make install)", tool);
    const char *python = find_python();
    char **args = calloc((size_t)argc + 2, sizeof *args);
    if (!args)
        return cli_error("import", 1, "out of memory");
    args[0] = (char *)python;
    args[1] = (char *)tool;
    int n = 2;
    for (int i = 1; i < argc; i++) { /* --lang is tangscope's (its messages), not the tool's */
        if (strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
            i++;
        else if (strncmp(argv[i], "--lang=", 7) != 0)
            args[n++] = argv[i];
    }
    fflush(stdout);
    execvp(python, args);
    int e = errno;
    free(args);
    return cli_error("import", EXIT_USAGE, "cannot run %s (%s): the import needs Python 3 "
                                           "with numpy (Debian, Ubuntu: apt-get install "
                                           "python3-numpy)", python, ts_strerror(e));
}
