/* tui.c - the terminal, from start to end (see tui.h).
 *
 * What this file owns and nobody else touches: the locale check, curses'
 * start and end, colours or their monochrome stand-ins, the glyph set, the
 * mouse, the signal handlers and stderr, which is held in a temporary file
 * while curses draws (a message written to the screen would be garbled and
 * then wiped) and shown once the terminal is restored.
 *
 * The state below is the terminal's own, kept in one place because the
 * signal handlers must be able to restore the terminal from anywhere.
 */
#include <curses.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/commands.h"
#include "app/labels.h"
#include "engine/common.h"
#include "tui/input.h"
#include "app/textw.h"
#include "tui/tui.h"
#include "tui/views.h"

static volatile sig_atomic_t quit_signal; /* SIGINT, SIGTERM or SIGHUP from outside */
static int curses_on;                     /* endwin is still owed */
static int mouse_on;                      /* button-motion reporting is still to be turned off */
static int paste_on;                      /* bracketed paste is still to be turned off */
static int held_fd = -1, saved_stderr = -1;
static int role_attr[ROLE_COUNT];
static Glyphs glyphs;

#define MOUSE_DRAG_ON "\033[?1002h" /* xterm: report motion while a button is down */
#define MOUSE_DRAG_OFF "\033[?1002l"
#define PASTE_ON "\033[?2004h" /* xterm: mark pasted text with ESC[200~ ... ESC[201~ */
#define PASTE_OFF "\033[?2004l"

enum { IDLE_MS = 500, BACKGROUND_POLL_MS = 50 };
/* A lesson step that took longer than this to show: the keys typed while the
 * class waited for it are dropped, not carried out on the step it then sees
 * (three presses of n while a step was prepared would skip two). */
enum { TYPEAHEAD_MS = 150 };

int tui_attr(Role role) { return role_attr[role]; }
const Glyphs *tui_glyphs(void) { return &glyphs; }

/* ---- locale ---- */

int tui_locale_utf8(TsErr *err)
{
    /* the character type alone (textw.h): the figures match the CLI's,
     * 14.2%, and the C library's messages stay those the table translates */
    if (textw_locale_utf8() != 0)
        return ts_fail(err, "the locale is not UTF-8 (LANG=%s) and C.UTF-8 is not installed, so "
                            "Chinese cannot be shown; set LANG to a UTF-8 locale, e.g. "
                            "LANG=en_US.UTF-8",
                       getenv("LANG") ? getenv("LANG") : "");
    return 0;
}

/* ---- stderr, held while curses draws ---- */

static void hold_stderr(void)
{
    fflush(stderr);
    FILE *tmp = tmpfile();
    if (!tmp)
        return; /* then messages go to the screen; better than losing them */
    held_fd = dup(fileno(tmp));
    fclose(tmp);
    saved_stderr = dup(STDERR_FILENO);
    if (held_fd < 0 || saved_stderr < 0 || dup2(held_fd, STDERR_FILENO) < 0) {
        close(held_fd);
        close(saved_stderr);
        held_fd = saved_stderr = -1;
    }
}

/* Put stderr back and show what was held. Only async-signal-safe calls: a
 * crash handler runs this too. */
static void release_stderr(void)
{
    if (held_fd < 0)
        return;
    dup2(saved_stderr, STDERR_FILENO);
    close(saved_stderr);
    char buf[4096];
    ssize_t n;
    lseek(held_fd, 0, SEEK_SET);
    while ((n = read(held_fd, buf, sizeof buf)) > 0)
        if (write(STDERR_FILENO, buf, (size_t)n) < 0)
            break;
    close(held_fd);
    held_fd = saved_stderr = -1;
}

/* ---- restoring the terminal, however we leave ---- */

/* Write a control sequence straight to the terminal (also from a signal handler). */
static void send_sequence(const char *seq)
{
    size_t len = strlen(seq);
    if (write(STDOUT_FILENO, seq, len) < 0) {
        /* nothing more to do: the terminal is going away */
    }
}

static void restore_terminal(void)
{
    if (mouse_on)
        send_sequence(MOUSE_DRAG_OFF);
    if (paste_on)
        send_sequence(PASTE_OFF);
    mouse_on = paste_on = 0;
    if (curses_on) {
        if (!tigetstr("rmcup") || tigetstr("rmcup") == (char *)-1) {
            /* no alternate screen to leave (a vt100): leave a clean one */
            clear();
            refresh();
        }
        endwin();
        curses_on = 0;
    }
    release_stderr();
}

static void on_quit_signal(int sig) { quit_signal = sig; }

/* A crash: give the terminal back, then die of the same signal (core dump,
 * exit status and all), as if we had not been here. */
static void on_crash_signal(int sig)
{
    restore_terminal();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_quit_signal; /* no SA_RESTART: a waiting read returns, the loop sees it */
    int quits[] = {SIGINT, SIGTERM, SIGHUP};
    for (int i = 0; i < 3; i++)
        sigaction(quits[i], &sa, NULL);
    sa.sa_handler = on_crash_signal;
    sa.sa_flags = SA_RESETHAND | SA_NODEFER;
    int crashes[] = {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL};
    for (int i = 0; i < 5; i++)
        sigaction(crashes[i], &sa, NULL);
}

/* ---- colours and glyphs ---- */

static const Glyphs UNICODE_GLYPHS = {
    .unicode = 1, .newline = "⏎", .half_top = "▀", .half_bottom = "▄", .full = "█",
    .eighths = {" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"},
    .shades = {" ", "░", "▒", "▓", "█"},
    .marker = "▸", .bar_left = "▕", .bar_right = "▏", .ellipsis = "…", .sep = " · ",
    .coin = "┃",
    .differs = "≠",
    .up = "↑", .down = "↓", .left = "←", .right = "→", .times = "×", .delta = "Δ",
    .shift = "¦", .edge = "▕", .seen = "■", .masked = "·", .cut = "◂", .rule = "│",
    .app = {.arrow = "→", .ellipsis = "…", .newline = "⏎"},
};

static const Glyphs ASCII_GLYPHS = {
    .unicode = 0, .newline = "\\n", .half_top = "-", .half_bottom = "+", .full = "#",
    .eighths = {" ", " ", " ", " ", "#", "#", "#", "#", "#"},
    .shades = {" ", ".", ":", "*", "#"},
    .marker = ">", .bar_left = "[", .bar_right = "]", .ellipsis = "...", .sep = " | ",
    .coin = "|",
    .differs = "!",
    .up = "^", .down = "v", .left = "<", .right = ">", .times = "x", .delta = "d",
    .shift = "|", .edge = "[", .seen = "#", .masked = ".", .cut = "<", .rule = "|",
    .app = {.arrow = "->", .ellipsis = "...", .newline = "\\n"},
};

/* Without colours every role still looks different enough. */
static void theme_monochrome(void)
{
    static const int mono[ROLE_COUNT] = {
        [ROLE_TITLE] = A_REVERSE, [ROLE_HEADER] = A_BOLD, [ROLE_DIM] = A_DIM,
        [ROLE_KEY] = A_BOLD, [ROLE_SELECTED] = A_REVERSE, [ROLE_BLOCKED] = A_DIM,
        [ROLE_UNKNOWN] = A_REVERSE | A_UNDERLINE, [ROLE_WRITTEN] = A_BOLD,
        [ROLE_UNCACHED] = A_BOLD, [ROLE_ERROR] = A_BOLD, [ROLE_POINTED] = A_REVERSE | A_BOLD,
        /* the coin, uncertainty under the text: the more uncertain, the more marked */
        [ROLE_COIN] = A_REVERSE | A_BOLD, [ROLE_ENTROPY_LOW] = A_BOLD,
        [ROLE_ENTROPY_MID] = A_UNDERLINE, [ROLE_ENTROPY_HIGH] = A_BOLD | A_UNDERLINE,
    };
    memcpy(role_attr, mono, sizeof role_attr);
}

static void theme_colour(void)
{
    short grey = COLORS >= 256 ? 244 : COLORS >= 16 ? 8 : COLOR_WHITE;
    struct { Role role; short fg, bg; int extra; } pairs[] = {
        {ROLE_TITLE, COLOR_BLACK, COLOR_CYAN, 0},     {ROLE_HEADER, -1, -1, A_BOLD},
        {ROLE_DIM, grey, -1, 0},                      {ROLE_KEY, COLOR_GREEN, -1, A_BOLD},
        {ROLE_SELECTED, COLOR_MAGENTA, -1, A_BOLD},   {ROLE_BAR_MODEL, COLOR_CYAN, -1, 0},
        {ROLE_BAR_SAMPLER, COLOR_YELLOW, -1, 0},      {ROLE_BAR_BOTH, COLOR_CYAN, COLOR_YELLOW, 0},
        {ROLE_HIST, COLOR_MAGENTA, -1, 0},            {ROLE_BLOCKED, grey, -1, COLORS < 16 ? A_DIM : 0},
        {ROLE_UNKNOWN, COLOR_WHITE, COLOR_RED, A_UNDERLINE}, {ROLE_WRITTEN, COLOR_GREEN, -1, A_BOLD},
        {ROLE_CACHED, COLOR_GREEN, -1, 0},            {ROLE_UNCACHED, COLOR_RED, -1, A_BOLD},
        {ROLE_HEAT, COLOR_YELLOW, -1, 0},             {ROLE_ERROR, COLOR_RED, -1, A_BOLD},
        {ROLE_GOOD, COLOR_GREEN, -1, 0},
        {ROLE_POINTED, COLOR_BLACK, COLOR_YELLOW, A_BOLD},
        /* the coin, uncertainty under the text (high is underlined too, for
         * eyes that do not tell the colours apart) */
        {ROLE_COIN, COLOR_WHITE, COLOR_MAGENTA, A_BOLD},
        {ROLE_ENTROPY_LOW, COLOR_GREEN, -1, A_BOLD},
        {ROLE_ENTROPY_MID, COLOR_YELLOW, -1, A_BOLD},
        {ROLE_ENTROPY_HIGH, COLOR_RED, -1, A_BOLD | A_UNDERLINE},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        short n = (short)(i + 1);
        init_pair(n, pairs[i].fg, pairs[i].bg);
        role_attr[pairs[i].role] = (int)COLOR_PAIR(n) | pairs[i].extra;
    }
}

/* Colours for a light background (--theme light): the screen itself is
 * painted light, since a projector washes out a dark one; dark ink, and the
 * bars in blue and orange instead of cyan and yellow, which vanish on white. */
static void theme_colour_light(void)
{
    int rich = COLORS >= 256, some = COLORS >= 16;
    short ink = rich ? 16 : COLOR_BLACK, paper = rich ? 231 : some ? 15 : COLOR_WHITE;
    short grey = rich ? 242 : COLOR_BLACK, blue = rich ? 25 : COLOR_BLUE;
    short orange = rich ? 166 : COLOR_MAGENTA, green = rich ? 28 : COLOR_GREEN;
    short magenta = rich ? 90 : COLOR_MAGENTA, red = rich ? 160 : COLOR_RED;
    short yellow = rich ? 220 : COLOR_YELLOW;
    struct { Role role; short fg, bg; int extra; } pairs[] = {
        {ROLE_NORMAL, ink, paper, 0},                 {ROLE_TITLE, paper, blue, A_BOLD},
        {ROLE_HEADER, ink, paper, A_BOLD},            {ROLE_DIM, grey, paper, 0},
        {ROLE_KEY, green, paper, A_BOLD},             {ROLE_SELECTED, magenta, paper, A_BOLD},
        {ROLE_BAR_MODEL, blue, paper, 0},             {ROLE_BAR_SAMPLER, orange, paper, 0},
        {ROLE_BAR_BOTH, blue, orange, 0},             {ROLE_HIST, magenta, paper, 0},
        {ROLE_BLOCKED, grey, paper, 0},               {ROLE_UNKNOWN, paper, red, A_UNDERLINE},
        {ROLE_WRITTEN, green, paper, A_BOLD},         {ROLE_CACHED, green, paper, 0},
        {ROLE_UNCACHED, red, paper, A_BOLD},          {ROLE_HEAT, orange, paper, 0},
        {ROLE_ERROR, red, paper, A_BOLD},             {ROLE_GOOD, green, paper, 0},
        {ROLE_POINTED, ink, yellow, A_BOLD},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        short n = (short)(i + 1);
        init_pair(n, pairs[i].fg, pairs[i].bg);
        role_attr[pairs[i].role] = (int)COLOR_PAIR(n) | pairs[i].extra;
    }
}

/* Projector mode: nothing grey or dim, everything bold. */
static void theme_high_contrast(void)
{
    role_attr[ROLE_DIM] = role_attr[ROLE_NORMAL];
    role_attr[ROLE_BLOCKED] = role_attr[ROLE_NORMAL] | A_UNDERLINE;
    for (int r = 0; r < ROLE_COUNT; r++)
        role_attr[r] = (role_attr[r] & ~A_DIM) | A_BOLD;
}

static int colour_on; /* the terminal shows colours, and NO_COLOR is not set */
static int applied_theme = -1, applied_projector = -1; /* the look role_attr holds */

/* Give every role its look for this theme and mode. */
static void theme_apply(int theme, int projector)
{
    memset(role_attr, 0, sizeof role_attr);
    if (colour_on && theme == THEME_LIGHT)
        theme_colour_light();
    else if (colour_on)
        theme_colour();
    else
        theme_monochrome(); /* NO_COLOR wins over any theme */
    if (projector)
        theme_high_contrast();
    /* the light theme paints the whole screen; the dark one keeps the terminal's */
    int paint = colour_on && theme == THEME_LIGHT;
    bkgdset((chtype)' ' | (chtype)(paint ? role_attr[ROLE_NORMAL] & A_COLOR : 0));
    applied_theme = theme;
    applied_projector = projector;
}

int tui_theme_follow(const AppState *s)
{
    if ((int)s->prefs.theme == applied_theme && s->prefs.projector == applied_projector)
        return 0;
    theme_apply(s->prefs.theme, s->prefs.projector);
    return 1;
}

static void theme_init(void)
{
    const char *no_color = getenv("NO_COLOR"); /* no-color.org: set and not empty */
    colour_on = has_colors() && !(no_color && *no_color) && start_color() == OK;
    if (colour_on)
        use_default_colors(); /* -1: the terminal's own background */
    theme_apply(THEME_DARK, 0);
    glyphs = textw_ascii_terminal() ? ASCII_GLYPHS : UNICODE_GLYPHS;
    if (colour_on && glyphs.unicode)
        glyphs.full = "▀"; /* both bars: upper half in the model's colour on the sampler's */
}

/* ---- the mouse ---- */

static void mouse_init(void)
{
    mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON4_PRESSED | BUTTON5_PRESSED |
                  REPORT_MOUSE_POSITION,
              NULL); /* 4 and 5: the wheel, which scrolls a lesson's narration */
    mouseinterval(0); /* presses and releases at once, no waiting for clicks */
    if (has_mouse()) {
        fputs(MOUSE_DRAG_ON, stdout);
        fflush(stdout);
        mouse_on = 1;
    }
}

/* Pastes arrive bracketed, so pasted letters, digits and newlines are text,
 * not commands. Terminals that do not know the mode ignore it. */
static void paste_init(void)
{
    if (!glyphs.unicode)
        return; /* a vt100 and its kin: no such mode */
    define_key("\033[200~", KEY_PASTE_BEGIN);
    define_key("\033[201~", KEY_PASTE_END);
    fputs(PASTE_ON, stdout);
    fflush(stdout);
    paste_on = 1;
}

/* A press on a slider's bar starts a drag; every event of the drag (motion,
 * release) sets the value under the pointer, whatever row it is on. */
static unsigned on_mouse(AppState *s, int *drag)
{
    MEVENT ev;
    if (getmouse(&ev) != OK)
        return REDRAW_NONE;
    Layout l;
    screen_layout(&l, s, LINES, COLS);
    const PanePlace *nar = &l.at[PANE_NARRATION];
    if (nar->shown && (ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) && ev.x >= nar->r.x &&
        ev.y >= nar->r.y && ev.y < nar->r.y + nar->r.h)
        return app_apply(s, CMD_NARRATION_SCROLL, cmd_arg(ev.bstate & BUTTON4_PRESSED ? -3 : 3));
    if (l.too_small || !l.at[PANE_SLIDERS].shown || app_view_is_open(&s->view.views, VIEW_HELP) ||
        s->course.picking)
        return REDRAW_NONE;
    int dragging = *drag >= 0, y = dragging ? l.at[PANE_SLIDERS].r.y + 1 + *drag : ev.y;
    if (ev.bstate & BUTTON1_RELEASED)
        *drag = -1;
    SliderId id;
    double value;
    int on_bar;
    if (!view_sliders_hit(s, l.at[PANE_SLIDERS].r, y, ev.x, &id, &value, &on_bar))
        return REDRAW_NONE;
    if (!dragging && !(ev.bstate & BUTTON1_PRESSED))
        return REDRAW_NONE; /* motion without a press */
    if (!on_bar && !dragging)
        return app_apply(s, CMD_SLIDER_SELECT, cmd_arg(id));
    if (ev.bstate & BUTTON1_PRESSED)
        *drag = (int)id;
    return app_apply(s, CMD_SLIDER_SET, (CmdArg){.n = id, .x = value});
}

/* ---- start and end ---- */

static int screen_open(TsErr *err)
{
    const char *term = getenv("TERM");
    hold_stderr();
    install_signals();
    atexit(restore_terminal); /* also if something calls exit() */
    if (!newterm(NULL, stdout, stdin)) {
        release_stderr();
        return ts_fail(err, "cannot use the terminal type '%s'; try TERM=xterm-256color",
                       term ? term : "");
    }
    curses_on = 1;
    raw(); /* every key reaches us, Ctrl-C too, so quitting is always clean */
    noecho();
    keypad(stdscr, TRUE);
    set_escdelay(25); /* Esc must stop an animation at once */
    theme_init();
    mouse_init();
    paste_init();
    return 0;
}

/* One byte to TANGSCOPE_FRAME_FD once the first frame is on the terminal. */
static void report_first_frame(void)
{
    const char *fd = getenv("TANGSCOPE_FRAME_FD");
    int n = fd ? atoi(fd) : -1;
    if (n > 2) {
        if (write(n, "F", 1) < 0) {
            /* the benchmark will time out and say so */
        }
        close(n);
    }
}

/* ---- the loop ---- */

/* Text typed at once: a bracketed paste, or a burst of characters that were
 * all there without waiting (a paste in a terminal without bracketed paste,
 * or typing faster than the model answers). It becomes one CMD_PASTE, one
 * prediction. Only its last APP_MAX_CHARS characters are kept, as many as
 * the text holds; `dropped` counts those before them. */
typedef struct {
    uint32_t cps[APP_MAX_CHARS]; /* a ring: the oldest at (start), n of them */
    size_t start, n, dropped;
} PasteBuf;

typedef struct {
    double next_tick;   /* when the running job wants its next tick */
    JobKind last_job;
    int drag;           /* the slider being dragged, or -1 */
    int pasting;        /* inside a bracketed paste */
    int background;     /* the background hook wants calling again */
    PasteBuf paste;     /* text gathered for one edit */
    int pending;        /* a key read while gathering a burst, to handle next: */
    int pending_rc;
    wint_t pending_key;
    Layout layout;      /* the panels' places when the screen was last drawn */
} LoopState;

/* Draw what changed; all of it when the panels moved (a comparison that
 * starts takes rows from the bars, and gives them back when it is gone). */
static void draw_changed(AppState *s, LoopState *ls, unsigned redraw)
{
    screen_fit(s, LINES, COLS);
    Layout now;
    screen_layout(&now, s, LINES, COLS);
    if (memcmp(&now, &ls->layout, sizeof now) != 0) /* Rects and flags: ints, no padding */
        redraw = REDRAW_ALL;
    ls->layout = now;
    screen_draw(s, redraw);
}

static int wait_ms(const AppState *s, const LoopState *ls, const TuiHooks *hooks)
{
    int ms = IDLE_MS; /* even idle, wake now and then to notice a signal */
    if (s->job.kind != JOB_NONE) {
        double left = (ls->next_tick - ts_now()) * 1000.0;
        ms = left <= 0 ? 0 : (int)left;
    }
    if (ls->background && ms > BACKGROUND_POLL_MS)
        ms = BACKGROUND_POLL_MS;
    if (hooks && hooks->poll && ms > TUI_POLL_MS)
        ms = TUI_POLL_MS;
    return ms;
}

static void paste_add(PasteBuf *p, uint32_t cp)
{
    if (p->n == APP_MAX_CHARS) { /* full: the oldest goes */
        p->start = (p->start + 1) % APP_MAX_CHARS;
        p->n--;
        p->dropped++;
    }
    p->cps[(p->start + p->n++) % APP_MAX_CHARS] = cp;
}

/* Hand the gathered text over as one edit (one character: as typed). */
static unsigned paste_flush(AppState *s, PasteBuf *p)
{
    unsigned redraw = REDRAW_NONE;
    if (p->n == 1 && p->dropped == 0) {
        redraw = app_apply(s, CMD_TYPE, cmd_arg((long)p->cps[p->start]));
    } else if (p->n > 0) {
        static char text[4 * APP_MAX_CHARS + 1];
        size_t len = 0;
        for (size_t i = 0; i < p->n; i++)
            len += (size_t)utf8_encode(p->cps[(p->start + i) % APP_MAX_CHARS], text + len);
        text[len] = 0;
        redraw = app_apply(s, CMD_PASTE, (CmdArg){(long)p->dropped, 0.0, text});
    }
    p->start = p->n = p->dropped = 0;
    return redraw;
}

/* A character was typed: take every character already waiting with it, up to
 * the first key that is not text, which is handled next. */
static unsigned on_burst(AppState *s, LoopState *ls, uint32_t first)
{
    paste_add(&ls->paste, first);
    wtimeout(stdscr, 0); /* what is there now, no waiting */
    for (;;) {
        wint_t key;
        int rc = wget_wch(stdscr, &key);
        if (rc == ERR)
            break;
        CmdArg arg;
        Command c = rc == KEY_CODE_YES ? CMD_NONE
                                       : input_map(input_mode(s, 0), 0, key, &arg);
        if (c != CMD_TYPE) {
            ls->pending = 1;
            ls->pending_rc = rc;
            ls->pending_key = key;
            break;
        }
        paste_add(&ls->paste, (uint32_t)arg.n);
    }
    return paste_flush(s, &ls->paste);
}

static unsigned on_input(AppState *s, LoopState *ls, int rc, wint_t key)
{
    if (rc == KEY_CODE_YES && key == KEY_RESIZE)
        return REDRAW_ALL;
    if (rc == KEY_CODE_YES && (key == KEY_PASTE_BEGIN || key == KEY_PASTE_END)) {
        ls->pasting = key == KEY_PASTE_BEGIN;
        if (ls->pasting)
            ls->paste.start = ls->paste.n = ls->paste.dropped = 0;
        return REDRAW_NONE; /* what was pasted is handed over at its end (on_paste_end) */
    }
    Layout l;
    screen_layout(&l, s, LINES, COLS);
    CmdArg arg;
    Command c = input_map(input_mode(s, ls->pasting), rc == KEY_CODE_YES, key, &arg);
    if (l.too_small) /* the screen says only how large it must be: keys but quit wait (and
                      * q quits at once: a lesson's question would not show) */
        return c == CMD_QUIT && !ls->pasting ? app_apply(s, c, cmd_arg(0)) : REDRAW_NONE;
    if (rc == KEY_CODE_YES && key == KEY_MOUSE)
        return on_mouse(s, &ls->drag);
    if (ls->pasting) { /* a paste is text: gathered, other keys in it ignored */
        if (c == CMD_TYPE)
            paste_add(&ls->paste, (uint32_t)arg.n);
        return REDRAW_NONE;
    }
    s->input.key_time = ts_now();
    s->input.key_char = rc == KEY_CODE_YES ? 0 : (long)key;
    unsigned redraw = c == CMD_TYPE ? on_burst(s, ls, (uint32_t)arg.n) : app_apply(s, c, arg);
    s->input.key_time = 0; /* what the clock and a paste apply later is no key */
    return redraw;
}

/* The end of a bracketed paste (or of what the terminal sent of one, when
 * its end does not come): one edit. */
static unsigned on_paste_end(AppState *s, LoopState *ls, int rc, wint_t key)
{
    if (rc == KEY_CODE_YES && key == KEY_PASTE_END)
        return paste_flush(s, &ls->paste);
    if (rc == ERR && ls->pasting)
        return paste_flush(s, &ls->paste);
    return REDRAW_NONE;
}

static unsigned on_clock(AppState *s, LoopState *ls, const TuiHooks *hooks)
{
    unsigned redraw = REDRAW_NONE;
    double now = ts_now();
    /* a job just started: its first step now; a lesson's step after the
     * screen has said it is being prepared (its tick may take seconds) */
    if (s->job.kind != JOB_NONE && ls->last_job == JOB_NONE)
        ls->next_tick = s->job.kind == JOB_LESSON ? now + app_job_interval_ms(s) / 1000.0 : 0;
    if (s->job.kind != JOB_NONE && now >= ls->next_tick) {
        redraw |= app_apply(s, CMD_TICK, cmd_arg(0));
        ls->next_tick = now + app_job_interval_ms(s) / 1000.0;
    }
    ls->last_job = s->job.kind;
    if (ls->background)
        redraw |= hooks->background(s, hooks->ctx, &ls->background);
    if (hooks && hooks->poll)
        redraw |= hooks->poll(s, hooks->poll_ctx);
    return redraw;
}

/* AppState.progs.wait: a student's program is slow to answer. The screen
 * says so now, in the status line (the key being applied is not done, so
 * nothing else is drawn); the loop drops the keys typed meanwhile. */
static void say_stage_wait(const AppState *s, const char *cmd, double limit)
{
    if (LINES < SCREEN_MIN_LINES || COLS < SCREEN_MIN_COLS)
        return;
    char secs[32], line[APP_STATUS_MAX];
    snprintf(line, sizeof line, app_label(s, LBL_ST_STAGE_WAITING), cmd,
             app_num_short(s->view.lang, limit, secs, sizeof secs));
    Rect r = {LINES - 1, 0, 1, COLS};
    draw_clear(r);
    draw_text_cut(r.y, r.x, r.w - 1, ROLE_KEY, line);
    wnoutrefresh(stdscr);
    doupdate();
}

static void event_loop(AppState *s, const TuiHooks *hooks)
{
    LoopState ls = {.last_job = JOB_NONE, .drag = -1};
    if (s->progs.waited) /* --stage: its first request kept the start waiting */
        flushinp();
    s->progs.waited = 0;
    draw_changed(s, &ls, REDRAW_ALL);
    report_first_frame();
    if (hooks && hooks->background) /* the slow start comes after the first frame */
        draw_changed(s, &ls, hooks->background(s, hooks->ctx, &ls.background));
    while (!s->input.quit && !quit_signal) {
        wint_t key;
        int rc;
        if (ls.pending) { /* the key that ended a burst */
            rc = ls.pending_rc;
            key = ls.pending_key;
            ls.pending = 0;
        } else {
            wtimeout(stdscr, wait_ms(s, &ls, hooks));
            rc = wget_wch(stdscr, &key);
        }
        int step = s->course.step;
        double t0 = ts_now();
        unsigned redraw = rc == ERR ? REDRAW_NONE : on_input(s, &ls, rc, key);
        redraw |= on_paste_end(s, &ls, rc, key);
        redraw |= on_clock(s, &ls, hooks);
        if (redraw && !s->input.quit)
            draw_changed(s, &ls, redraw);
        if ((s->course.lesson && s->course.step != step &&
             1000.0 * (ts_now() - t0) > TYPEAHEAD_MS) ||
            s->progs.waited) { /* keys typed while a step or a program kept us waiting */
            flushinp();
            ls.pending = 0;
        }
        if (s->progs.waited &&
            !s->input.quit) /* the status line said "waiting": what it says now */
            draw_changed(s, &ls, REDRAW_STATUS);
        s->progs.waited = 0;
    }
}

int tui_run(AppState *s, const TuiHooks *hooks)
{
    TsErr err;
    if (screen_open(&err) != 0) {
        fprintf(stderr, "tangscope: %s\n", err.msg);
        return 1;
    }
    quit_signal = 0;
    s->prefs.sym = glyphs.app; /* the status line's symbols: this terminal's */
    s->progs.wait = say_stage_wait;
    tui_theme_follow(s);
    event_loop(s, hooks);
    s->progs.wait = NULL;
    restore_terminal();
    return quit_signal ? 128 + quit_signal : 0;
}

/* ---- a screen without a terminal, for the benchmark ---- */

static SCREEN *headless;
static FILE *headless_out, *headless_in;

int tui_headless_open(int rows, int cols, TsErr *err)
{
    headless_out = fopen("/dev/null", "w");
    headless_in = fopen("/dev/null", "r");
    if (!headless_out || !headless_in)
        return ts_fail(err, "cannot open /dev/null");
    headless = newterm("xterm-256color", headless_out, headless_in);
    if (!headless)
        return ts_fail(err, "no terminfo entry for xterm-256color (install ncurses-base)");
    set_term(headless);
    resize_term(rows, cols);
    theme_init();
    return 0;
}

void tui_headless_close(void)
{
    if (headless) {
        endwin();
        delscreen(headless);
        headless = NULL;
    }
    if (headless_out)
        fclose(headless_out);
    if (headless_in)
        fclose(headless_in);
    headless_out = headless_in = NULL;
}
