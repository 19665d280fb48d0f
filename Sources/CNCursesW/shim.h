#ifndef ROADTRIP_CNCURSESW_SHIM_H
#define ROADTRIP_CNCURSESW_SHIM_H

// The only C in roadtrip: what Swift cannot import from curses.h by itself.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <errno.h>
#include <locale.h>
#include <wchar.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Swift 6 refuses mutable C globals under strict concurrency; read them through functions.
static inline WINDOW *rt_stdscr(void) { return stdscr; }
static inline WINDOW *rt_curscr(void) { return curscr; }
static inline int rt_lines(void) { return LINES; }
static inline int rt_cols(void) { return COLS; }
static inline int rt_colors(void) { return COLORS; }
static inline int rt_color_pairs(void) { return COLOR_PAIRS; }

// Attribute macros are not imported.
static inline attr_t rt_a_normal(void) { return A_NORMAL; }
static inline attr_t rt_a_bold(void) { return A_BOLD; }
static inline attr_t rt_a_reverse(void) { return A_REVERSE; }
static inline attr_t rt_a_underline(void) { return A_UNDERLINE; }
static inline attr_t rt_a_dim(void) { return A_DIM; }
static inline attr_t rt_color_pair(int n) { return COLOR_PAIR(n); }

static inline int rt_key_f(int n) { return KEY_F(n); }

// cchar_t building: setcchar takes a wide string of one spacing character plus combining marks.
static inline int rt_mvadd_wstr_attr(int y, int x, const wchar_t *text, attr_t attr, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attr, pair, NULL) != OK) return ERR;
    return mvadd_wch(y, x, &cell);
}

// One cell: a spacing character plus up to four combining marks, drawn on `win`.
static inline int rt_mvwadd_cell(WINDOW *win, int y, int x, const wchar_t *text, attr_t attr, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attr, pair, NULL) != OK) return ERR;
    return mvwadd_wch(win, y, x, &cell);
}

// Whether `term` names a terminal that can run full-screen, checked before anything is written to it.
// Returns 0 when usable; else 1 unknown type, 2 no terminfo database, 3 hardcopy, 4 cannot address the cursor.
static inline int rt_check_terminal(const char *term, int fd) {
    int err = 0;
    if (setupterm(term, fd, &err) != OK) {
        return err == 0 ? 1 : (err == -1 ? 2 : 3);
    }
    char *cup = tigetstr("cup");
    int usable = cup != NULL && cup != (char *)-1;
    del_curterm(cur_term);
    return usable ? 0 : 4;
}

// A terminfo string capability, or NULL when the terminal has none.
static inline const char *rt_tigetstr(const char *name) {
    char *value = tigetstr(name);
    return value == (char *)-1 ? NULL : value;
}

// ---- Signals ----------------------------------------------------------------------------------
// Handlers must be async-signal-safe, so they live here in C and touch only this state.

#define RT_RESET_MAX 256

typedef struct {
    volatile sig_atomic_t terminate;   // the signal that asked the app to end, or 0
    volatile sig_atomic_t resumed;     // set by SIGCONT: the screen must be laid out again
    volatile sig_atomic_t active;      // curses owns the terminal
    int tty_fd;
    int has_termios;
    struct termios saved;              // the user's settings from before curses started
    char reset[RT_RESET_MAX];          // leave the alternate screen, show the cursor, plain attributes
    size_t reset_length;
    struct sigaction previous[NSIG];
    unsigned char installed[NSIG];
} rt_signal_state;

static inline rt_signal_state *rt_signals(void) {
    static rt_signal_state state;
    return &state;
}

static inline void rt_restore_terminal_now(void) {
    rt_signal_state *s = rt_signals();
    if (!s->active) return;
    s->active = 0;
    if (s->reset_length > 0) {
        ssize_t ignored = write(s->tty_fd, s->reset, s->reset_length);
        (void)ignored;
    }
    if (s->has_termios) tcsetattr(s->tty_fd, TCSANOW, &s->saved);
}

static inline void rt_on_terminate(int sig) {
    rt_signals()->terminate = sig;
}

static inline void rt_on_continue(int sig) {
    (void)sig;
    rt_signals()->resumed = 1;
}

// A crash: give the terminal back, then let the signal do what it did before we started
// (the default action or the Swift runtime's backtracer).
static inline void rt_on_crash(int sig, siginfo_t *info, void *context) {
    (void)context;
    rt_signal_state *s = rt_signals();
    rt_restore_terminal_now();
    s->installed[sig] = 0;
    int fault = info != NULL && info->si_code > 0
        && (sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE);
    if (fault) {
        // The faulting instruction runs again on return and the earlier handler sees the real fault.
        sigaction(sig, &s->previous[sig], NULL);
        return;
    }
    int fromHere = info != NULL && info->si_code <= 0 && info->si_pid == getpid();
    if (fromHere) {
        // abort() and the like: the earlier handler reports it; abort() itself kills if that returns.
        sigaction(sig, &s->previous[sig], NULL);
    } else {
        // Sent by another process: there is nothing to report, and a backtracer that returns
        // (expecting a fault to recur) would leave the process running. Die by the signal.
        signal(sig, SIG_DFL);
    }
    raise(sig);
}

static inline int rt_install(int sig, int crash) {
    rt_signal_state *s = rt_signals();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    // No SA_RESTART: a blocking read must return so the run loop sees the request.
    if (crash) {
        action.sa_sigaction = rt_on_crash;
        action.sa_flags = SA_SIGINFO;
    } else {
        action.sa_handler = sig == SIGCONT ? rt_on_continue : rt_on_terminate;
    }
    if (sigaction(sig, &action, &s->previous[sig]) != 0) return -1;
    s->installed[sig] = 1;
    return 0;
}

static inline void rt_uninstall(int sig) {
    rt_signal_state *s = rt_signals();
    if (!s->installed[sig]) return;
    sigaction(sig, &s->previous[sig], NULL);
    s->installed[sig] = 0;
}

static inline void rt_atexit_restore(void) { rt_restore_terminal_now(); }

// Saves the terminal's settings as the user had them, for the crash handler and exit.
static inline void rt_remember_terminal(int fd) {
    rt_signal_state *s = rt_signals();
    static int registered = 0;
    s->tty_fd = fd;
    s->has_termios = tcgetattr(fd, &s->saved) == 0;
    if (!registered) { registered = 1; atexit(rt_atexit_restore); }
}

// Turns the terminal's flow control (XON/XOFF) off on `fd`, so Ctrl-S and Ctrl-Q reach the program
// as keys instead of freezing the screen until Ctrl-Q. curses's program mode is saved after this
// (def_prog_mode), and its shell mode, saved before, still has the user's setting: endwin, suspend
// and the crash handler (which restores `saved`) all give it back.
static inline void rt_flow_control_off(int fd) {
    struct termios t;
    if (tcgetattr(fd, &t) != 0) return;
    t.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
    tcsetattr(fd, TCSANOW, &t);
}

// ---- Modes around a suspend ----------------------------------------------------------------------
// Bracketed paste and mouse reporting are ours, not curses's: its Ctrl-Z handler leaves them on, and
// the shell would then receive mouse reports. This handler turns them off, lets curses's handler
// suspend (it returns once the process is continued) and turns them on again.

#define RT_MODES_MAX 64

typedef struct {
    char off[RT_MODES_MAX], on[RT_MODES_MAX];
    size_t off_length, on_length;
    struct sigaction previous;
    int installed;
} rt_suspend_state;

static inline rt_suspend_state *rt_suspend(void) {
    static rt_suspend_state state;
    return &state;
}

static inline void rt_on_suspend(int sig) {
    rt_suspend_state *m = rt_suspend();
    int fd = rt_signals()->tty_fd;
    int saved = errno;
    ssize_t ignored = write(fd, m->off, m->off_length);
    if (m->previous.sa_handler != SIG_DFL && m->previous.sa_handler != SIG_IGN) {
        m->previous.sa_handler(sig);
    } else {
        kill(getpid(), SIGSTOP);
    }
    ignored = write(fd, m->on, m->on_length);
    (void)ignored;
    errno = saved;
}

// Wraps whatever handles SIGTSTP now (curses's) with writing `off` before and `on` after.
static inline void rt_install_suspend(const char *off, const char *on) {
    rt_suspend_state *m = rt_suspend();
    size_t n = strlen(off), k = strlen(on);
    if (n >= RT_MODES_MAX || k >= RT_MODES_MAX || m->installed) return;
    memcpy(m->off, off, n);
    memcpy(m->on, on, k);
    m->off_length = n;
    m->on_length = k;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = rt_on_suspend;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGTSTP, &action, &m->previous) == 0) m->installed = 1;
}

static inline void rt_uninstall_suspend(void) {
    rt_suspend_state *m = rt_suspend();
    if (!m->installed) return;
    sigaction(SIGTSTP, &m->previous, NULL);
    m->installed = 0;
}

// What to write to undo curses's output when there is no time for endwin.
static inline void rt_remember_reset(const char *reset) {
    rt_signal_state *s = rt_signals();
    size_t n = reset == NULL ? 0 : strlen(reset);
    if (n >= RT_RESET_MAX) n = RT_RESET_MAX - 1;
    if (n > 0) memcpy(s->reset, reset, n);
    s->reset_length = n;
}

static inline void rt_set_active(int active) { rt_signals()->active = active; }
static inline int rt_terminate_signal(void) { return rt_signals()->terminate; }
static inline void rt_request_terminate(int sig) { rt_signals()->terminate = sig; }
static inline int rt_take_resumed(void) {
    rt_signal_state *s = rt_signals();
    int r = s->resumed;
    s->resumed = 0;
    return r;
}

// Whether a handler other than the default is installed for `sig` (ncurses's own SIGTSTP handler, say).
static inline int rt_is_handled(int sig) {
    struct sigaction current;
    if (sigaction(sig, NULL, &current) != 0) return 0;
    return current.sa_handler != SIG_DFL && current.sa_handler != SIG_IGN;
}

static inline void rt_set_default(int sig) { signal(sig, SIG_DFL); }

#endif
