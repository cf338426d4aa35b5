/* app_prefs.h - how the screen looks, as its reader set it: the AppState's
 * part `prefs`. Not part of a lesson step, kept by app_reset.
 */
#ifndef TS_APP_PREFS_H
#define TS_APP_PREFS_H

/* The colour sets (--theme): for a dark background (the default) or a light
 * one, which a projector washes out less. NO_COLOR still means no colour. */
typedef enum { THEME_DARK, THEME_LIGHT } AppTheme;

/* glyphs: the symbols the app writes into its own messages (the status
 * line); the screen's glyph set chooses them (draw.h). */
typedef struct {
    const char *arrow;    /* what a character became: "風 → 风" */
    const char *ellipsis; /* a list or an action not finished */
    const char *newline;  /* the newline, as the text shows it */
} AppSymbols;

typedef struct {
    int show_pinyin;         /* y: readings and glosses beside the bars and under the text */
    /* reading it from the back row */
    int projector;           /* 1: fewer panels, large bars, high contrast (z) */
    AppTheme theme;          /* the colours: for a dark or a light background */
    /* glyphs: the symbols of the app's own messages (the status line), which
     * labels take as arguments (labels.h); the screen sets them from its
     * glyph set, ASCII on a terminal without Unicode */
    AppSymbols sym;
} AppPrefs;

#endif
