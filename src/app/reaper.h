/* reaper.h - the supervising child between tangscope and a student's program.
 *
 * A student's stage (stageprog.h) runs under a small process forked from
 * tangscope, the supervisor, whose only task is that nothing the program
 * starts outlives it:
 *
 *   tangscope ── supervisor ── the program ── whatever it starts
 *       │            (a subreaper: orphans come back to it)
 *       └── the socket goes straight to the program; a control pipe and a
 *           status pipe to the supervisor
 *
 * The supervisor ends when tangscope closes the control pipe (it is done
 * with the program), when tangscope is gone however it ended (the pipe
 * closes with it; on Linux also the parent-death signal), when it is
 * asked to (SIGTERM, SIGHUP, SIGINT) or when the program ends. It then
 * kills every descendant: the program's process group, then each of its
 * own children, reaping and starting again until none is left (on Linux a
 * child subreaper, so that processes that left the group with setsid or a
 * double fork come back to it as orphans); then it removes the program's
 * private temporary folder (given as TMPDIR) and exits. How the program
 * ended (its wait status) reaches tangscope through the status pipe.
 *
 * Elsewhere (no PR_SET_CHILD_SUBREAPER: macOS, the BSDs) the same holds
 * for the program and its process group; a process that left the group
 * can outlive it.
 */
#ifndef TS_REAPER_H
#define TS_REAPER_H

#include <sys/types.h>

/* A program under its supervisor, as tangscope holds it. */
typedef struct {
    pid_t pid;          /* the supervisor: our child (0 when none runs) */
    int ctl;            /* closing it ends the program and all it started */
    int status_fd;      /* the program's wait status arrives here, then EOF */
    int have_status;    /* 1: status below is how the program ended */
    int status;         /* a wait status (WIFEXITED, WTERMSIG, ...) */
    char tmpdir[512];   /* the program's private temporary folder */
} Reaper;

/* What could not be done when reaper_start fails. */
typedef enum {
    REAPER_SETUP,   /* pipes, fork: *e is the errno */
    REAPER_TMPDIR,  /* the temporary folder (in TMPDIR, else /tmp): *e */
    REAPER_EXEC,    /* the program itself could not be run: *e from execvp */
} ReaperFail;

/* Start argv (argv[0] looked up on PATH) under a supervisor, with sock as
 * its standard input and output and stderr_fd as its standard error (-1:
 * tangscope's own; both stay the caller's to close). Returns 0; or -1 with
 * *fail and *e, and nothing left running or on disk. */
int reaper_start(Reaper *r, char **argv, int sock, int stderr_fd, ReaperFail *fail, int *e);

/* Has the program ended? Waits up to `seconds` for its status: 1 (status
 * and have_status set), or 0 when it still runs or its end is unknown. */
int reaper_ended(Reaper *r, double seconds);

/* End the program and everything it started, wait for the supervisor and
 * make sure the temporary folder is gone. Safe on a Reaper that never
 * started (pid 0). */
void reaper_stop(Reaper *r);

#endif
