#ifndef ROADTRIP_CNCURSESW_SHIM_H
#define ROADTRIP_CNCURSESW_SHIM_H

// The only C in roadtrip: what Swift cannot import from curses.h by itself.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Swift 6 refuses mutable C globals under strict concurrency; read them through functions.
static inline WINDOW *rt_stdscr(void) { return stdscr; }
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

#endif
