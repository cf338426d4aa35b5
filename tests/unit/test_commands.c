/* test_commands.c - the table of handlers (commands.c) tells the truth.
 *
 * Every Command has one handler, and the table names the one part of the
 * AppState it changes (app_command_room). The names are checked against
 * commands.h's list of Commands by count, and the rooms against what each
 * command does: a command whose row names one room, sent from a fresh state
 * with several arguments, leaves the other rooms a handler could change
 * (the step view but for its status line, the keyboard's input, the lesson
 * and picker, the screen's preferences) byte for byte as they were: in the
 * explorer alone, with the lesson picker up, and in a lesson. The model is
 * tests/data/tiny.bin, the pinyin table the bundled one, the lessons
 * tests/data/lesson-good.md.
 */
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "apptest.h"
#include "check.h"
#include "testutil.h"
#include "app/commands.h"
#include "app/lesson.h"

static Model model;
static Pinyin table;
static Lesson shelf[2];

/* Where a command is sent from. */
typedef enum { AT_EXPLORER, AT_PICKER, AT_LESSON, AT_COUNT } Where;
static const char *WHERE_NAMES[AT_COUNT] = {"in the explorer", "at the picker", "in a lesson"};

static void start_at(AppState *s, Where w)
{
    apptest_start(s, &model);
    s->text.pinyin = &table;
    if (w == AT_PICKER)
        app_picker_set(s, shelf, 2);
    if (w == AT_LESSON) {
        app_lesson_open(s, &shelf[0], LANG_EN);
        app_lesson_wait(s);
        app_lesson_fit(&s->course, 10, 4); /* a narration longer than its rows: it scrolls */
    }
}

static const char *ROOM_NAMES[CMD_ROOM_COUNT] = {
    [CMD_ROOM_NONE] = "none", [CMD_ROOM_STEP] = "the step view", [CMD_ROOM_INPUT] = "the input",
    [CMD_ROOM_COURSE] = "the course", [CMD_ROOM_PREFS] = "the preferences",
    [CMD_ROOM_WHOLE] = "the whole state",
};

/* Every command between CMD_NONE and CMD_COUNT has a handler in exactly one
 * room, under its own name; a command added to commands.h without a row is
 * named by the one before it. */
static void test_every_command_has_one_handler(void)
{
    int per_room[CMD_ROOM_COUNT] = {0};
    const char *before = "CMD_NONE";
    for (int c = CMD_NONE + 1; c < CMD_COUNT; c++) {
        const char *name = NULL;
        CmdRoom room = app_command_room((Command)c, &name);
        CHECK(room > CMD_ROOM_NONE && room < CMD_ROOM_COUNT && name != NULL,
              "command %d, the one after %s, has no handler in commands.c's table", c, before);
        if (!name)
            continue;
        CHECK(strncmp(name, "CMD_", 4) == 0, "command %d's row is named %s", c, name);
        for (int d = CMD_NONE + 1; d < c; d++) {
            const char *other = NULL;
            app_command_room((Command)d, &other);
            CHECK(!other || strcmp(other, name) != 0, "%s has two rows (%d and %d)", name, d, c);
        }
        per_room[room]++;
        before = name;
    }
    const char *none = NULL;
    CHECK(app_command_room(CMD_NONE, &none) == CMD_ROOM_NONE && none == NULL &&
              app_command_room(CMD_COUNT, NULL) == CMD_ROOM_NONE,
          "CMD_NONE and CMD_COUNT have no handler");
    printf("  handlers by room:");
    for (int r = CMD_ROOM_STEP; r < CMD_ROOM_COUNT; r++)
        printf(" %s %d%s", ROOM_NAMES[r], per_room[r], r + 1 < CMD_ROOM_COUNT ? "," : "\n");
}

/* The rooms a narrowed handler could change, as they were. */
typedef struct {
    AppStepView view;
    AppInput input;
    AppCourse course;
    AppPrefs prefs;
} Rooms;

static void rooms_keep(const AppState *s, Rooms *r)
{
    memcpy(&r->view, &s->view, sizeof r->view);
    memcpy(&r->input, &s->input, sizeof r->input);
    memcpy(&r->course, &s->course, sizeof r->course);
    memcpy(&r->prefs, &s->prefs, sizeof r->prefs);
}

/* Which of the rooms changed since r (the status line, which every command
 * may write, left out), as CmdRoom bits. */
static unsigned rooms_changed(const AppState *s, const Rooms *r)
{
    AppStepView view;
    memcpy(&view, &s->view, sizeof view);
    memcpy(view.status, r->view.status, sizeof view.status);
    view.status_error = r->view.status_error;
    unsigned changed = 0;
    changed |= memcmp(&view, &r->view, sizeof view) ? 1u << CMD_ROOM_STEP : 0;
    changed |= memcmp(&s->input, &r->input, sizeof r->input) ? 1u << CMD_ROOM_INPUT : 0;
    changed |= memcmp(&s->course, &r->course, sizeof r->course) ? 1u << CMD_ROOM_COURSE : 0;
    changed |= memcmp(&s->prefs, &r->prefs, sizeof r->prefs) ? 1u << CMD_ROOM_PREFS : 0;
    return changed;
}

/* A command whose row names one room changes that room alone, whatever its
 * argument; and each such room is changed by some command (the check can
 * see a change). */
static void test_rooms_are_what_the_table_says(void)
{
    const long ns[] = {-1, 0, 1, 2, 5};
    unsigned seen = 0;
    int narrowed = 0;
    for (int c = CMD_NONE + 1; c < CMD_COUNT; c++) {
        const char *name = NULL;
        CmdRoom room = app_command_room((Command)c, &name);
        if (room == CMD_ROOM_NONE || room == CMD_ROOM_WHOLE)
            continue;
        narrowed++;
        for (size_t k = 0; k < AT_COUNT * sizeof ns / sizeof ns[0]; k++) {
            Where w = (Where)(k / (sizeof ns / sizeof ns[0]));
            long n = ns[k % (sizeof ns / sizeof ns[0])];
            AppState s;
            start_at(&s, w);
            Rooms before;
            rooms_keep(&s, &before);
            app_apply(&s, (Command)c, (CmdArg){.n = n, .x = 0.5, .text = "?"});
            unsigned changed = rooms_changed(&s, &before);
            seen |= changed;
            for (int r = CMD_ROOM_STEP; r < CMD_ROOM_WHOLE; r++)
                CHECK(r == (int)room || !(changed & (1u << r)),
                      "%s (n %ld) %s, whose row names %s, changed %s", name, n,
                      WHERE_NAMES[w], ROOM_NAMES[room], ROOM_NAMES[r]);
            app_free(&s);
        }
    }
    CHECK(narrowed > 0, "no command takes a room of its own");
    for (int r = CMD_ROOM_STEP; r < CMD_ROOM_WHOLE; r++)
        CHECK(seen & (1u << r), "no command changed %s: the check sees nothing there", ROOM_NAMES[r]);
}

int main(void)
{
    testutil_model(&model);
    testutil_pinyin(&table);
    TsErr err;
    for (int k = 0; k < 2; k++)
        if (lesson_load(&shelf[k], TEST_DATA("lesson-good.md"), NULL, NULL, &err) != 0) {
            fprintf(stderr, "lesson-good.md: %s\n", err.msg);
            return 2;
        }
    RUN(test_every_command_has_one_handler);
    RUN(test_rooms_are_what_the_table_says);
    lesson_free(&shelf[0]);
    lesson_free(&shelf[1]);
    pinyin_free(&table);
    model_free(&model);
    return test_summary();
}
