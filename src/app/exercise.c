/* exercise.c - the exercises' reference cases, written from the definitions
 * (see exercise.h), and the judge of an answer. */
#include "app/exercise.h"

#include <string.h>

static const char *const NAMES[EXERCISE_COUNT] = {"top-p", "jueju"};

int exercise_parse(const char *name)
{
    for (int k = 0; k < EXERCISE_COUNT; k++)
        if (strcmp(name, NAMES[k]) == 0)
            return k;
    return -1;
}

const char *exercise_name(ExerciseKind kind) { return NAMES[kind]; }

const char *exercise_stage_split(const char *text, ExerciseKind *kind)
{
    const char *t = text + strspn(text, " \t");
    size_t w = strcspn(t, " \t");
    *kind = EXERCISE_TOP_P;
    for (int k = 0; k < EXERCISE_COUNT; k++) {
        if (w == strlen(NAMES[k]) && strncmp(t, NAMES[k], w) == 0) {
            *kind = (ExerciseKind)k;
            t += w;
            return t + strspn(t, " \t");
        }
    }
    return t;
}

/* Each case lists its candidates in id order, so a program has to sort. The
 * sums are chosen so that no case stands on a rounding: where p is reached
 * exactly, the numbers are powers of two (exact in binary). */
static const ExerciseCase TOP_P[] = {
    {.title = "the course's numbers: temperature 1.5, p = 0.9 (.40 .25 .15 .12 reach .92)",
     .top_p = 0.9f, .temperature = 1.5f, .n = 6,
     .ids = {3, 17, 25, 40, 52, 61},
     .chars = {"明", "月", "光", "前", "床", "霜"},
     .p = {0.12, 0.40, 0.25, 0.15, 0.05, 0.03},
     .want = "月光前明"},
    {.title = "p reached exactly: .5 + .25 = .75 = p, so two are enough",
     .top_p = 0.75f, .temperature = 1.0f, .n = 5,
     .ids = {2, 9, 14, 21, 30},
     .chars = {"山", "水", "云", "花", "鸟"},
     .p = {0.0625, 0.5, 0.125, 0.25, 0.0625},
     .want = "水花"},
    {.title = "p = 1 keeps every candidate",
     .top_p = 1.0f, .temperature = 1.0f, .n = 5,
     .ids = {1, 4, 8, 12, 20},
     .chars = {"春", "夏", "秋", "冬", "雪"},
     .p = {0.25, 0.25, 0.25, 0.125, 0.125},
     .want = "春夏秋冬雪"},
    {.title = "p = 0 keeps the most probable alone (top-p keeps at least one)",
     .top_p = 0.0f, .temperature = 1.0f, .n = 3,
     .ids = {5, 6, 11},
     .chars = {"江", "河", "湖"},
     .p = {0.2, 0.5, 0.3},
     .want = "河"},
    {.title = "one dominant candidate (.96) with p = 0.9",
     .top_p = 0.9f, .temperature = 1.0f, .n = 4,
     .ids = {10, 15, 23, 33},
     .chars = {"人", "不", "无", "有"},
     .p = {0.01, 0.96, 0.02, 0.01},
     .want = "不"},
    {.title = "a flat distribution: eight at 1/8, p = 0.5 keeps four",
     .top_p = 0.5f, .temperature = 1.0f, .n = 8,
     .ids = {100, 101, 102, 103, 104, 105, 106, 107},
     .chars = {"一", "二", "三", "四", "五", "六", "七", "八"},
     .p = {0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125, 0.125},
     .want = "一二三四"},
    {.title = "a tie at the boundary: .4, then three at .2; p = 0.5 keeps two",
     .top_p = 0.5f, .temperature = 1.0f, .n = 4,
     .ids = {7, 13, 19, 26},
     .chars = {"东", "南", "西", "北"},
     .p = {0.2, 0.4, 0.2, 0.2},
     .want = "南东"},
    {.title = "after top-k = 3: p is a share of what top-k kept (renormalised)",
     .top_p = 0.7f, .temperature = 1.0f, .top_k = 3, .n = 3,
     .ids = {44, 310, 2048},
     .chars = {"青", "白", "红"},
     .p = {0.2, 0.5, 0.3},
     .want = "白红"},
    {.title = "a single candidate",
     .top_p = 0.5f, .temperature = 1.0f, .n = 1,
     .ids = {77},
     .chars = {"星"},
     .p = {1.0},
     .want = "星"},
    {.title = "a long tail (temperature 1.5): p = 0.895 reaches into 17 at .01",
     .top_p = 0.895f, .temperature = 1.5f, .n = 25,
     .ids = {201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213,
             214, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225},
     .chars = {"天", "月", "地", "风", "日", "山", "夜", "花", "江", "春", "河", "云", "石",
               "水", "草", "人", "木", "林", "雨", "雷", "电", "霞", "雾", "露", "霜"},
     .p = {0.01, 0.20, 0.01, 0.15, 0.01, 0.12, 0.01, 0.10, 0.01, 0.08, 0.01, 0.07, 0.01,
           0.06, 0.01, 0.05, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01},
     .want = "月风山花春云水人天地日夜江河石"},
};

/* The same ten candidates for every jueju case: the newline, the marks and
 * four Han characters, in id order. Besides the comma ， and the full stop 。
 * they hold 、 (the enumeration comma, 顿号: not the comma, 逗号, the course
 * names), ！ and ？: marks a class's model may know, which a jueju never has. */
#define JUEJU_CANDIDATES                                                                           \
    .n = 10, .ids = {0, 4, 5, 120, 233, 318, 402, 6000, 6001, 6002},                               \
    .chars = {"\n", "、", "。", "春", "风", "月", "山", "，", "！", "？"}

#define L7_1 "朝辞白帝彩云间"
#define L7_2 "千里江陵一日还"
#define L7_3 "两岸猿声啼不住"
#define L7_4 "轻舟已过万重山"
#define HAN "春风月山"
/* after lines 1 to 3: a comma or a full stop, as the course says; the
 * classic ，。，。 (the built-in form's) passes too, with a note */
#define MARK .want = "，。"

static const ExerciseCase JUEJU[] = {
    {.title = "the poem's first character: a Han character (no mark, not 、！？)",
     .line_len = 7, .text = "", JUEJU_CANDIDATES, .want = HAN},
    {.title = "inside line 1: a Han character, no punctuation (、 is no comma)",
     .line_len = 7, .text = "朝辞白", JUEJU_CANDIDATES, .want = HAN},
    {.title = "the 8th character (line 1 has its 7): a comma or a full stop",
     .line_len = 7, .text = L7_1, JUEJU_CANDIDATES, MARK, .also = "，"},
    {.title = "after the comma line 2 begins: a Han character",
     .line_len = 7, .text = L7_1 "，", JUEJU_CANDIDATES, .want = HAN},
    {.title = "the 16th character (line 2 has its 7): a comma or a full stop",
     .line_len = 7, .text = L7_1 "，" L7_2, JUEJU_CANDIDATES, MARK, .also = "。"},
    {.title = "the 24th character (line 3 has its 7): a comma or a full stop",
     .line_len = 7, .text = L7_1 "，" L7_2 "。" L7_3, JUEJU_CANDIDATES, MARK, .also = "，"},
    {.title = "inside line 4: a Han character, no punctuation",
     .line_len = 7, .text = L7_1 "，" L7_2 "。" L7_3 "，轻舟已", JUEJU_CANDIDATES, .want = HAN},
    {.title = "line 4 has its 7: the full stop 。 ends the poem",
     .line_len = 7, .text = L7_1 "，" L7_2 "。" L7_3 "，" L7_4, JUEJU_CANDIDATES, .want = "。"},
    {.title = "four lines written: only the newline ends the poem",
     .line_len = 7, .text = L7_1 "，" L7_2 "。" L7_3 "，" L7_4 "。", JUEJU_CANDIDATES, .want = "\n"},
    {.title = "a mark of either kind before: lines go on (朝辞白帝彩云间。): a Han character",
     .line_len = 7, .text = L7_1 "。千里", JUEJU_CANDIDATES, .want = HAN},
    {.title = "five a line: the 6th character, a comma or a full stop",
     .line_len = 5, .text = "白日依山尽", JUEJU_CANDIDATES, MARK, .also = "，"},
    {.title = "five a line, four lines written: only the newline",
     .line_len = 5, .text = "白日依山尽，黄河入海流。欲穷千里目，更上一层楼。", JUEJU_CANDIDATES,
     .want = "\n"},
};

const ExerciseCase *exercise_cases(ExerciseKind kind, int *n)
{
    if (kind == EXERCISE_TOP_P) {
        *n = (int)(sizeof TOP_P / sizeof TOP_P[0]);
        return TOP_P;
    }
    *n = (int)(sizeof JUEJU / sizeof JUEJU[0]);
    return JUEJU;
}

int exercise_want(const ExerciseCase *c, uint8_t *want)
{
    int count = 0;
    for (int i = 0; i < c->n; i++) {
        want[i] = 0;
        size_t len = strlen(c->chars[i]);
        for (const char *w = c->want; *w;) {
            size_t k = 1;
            while (w[k] && ((unsigned char)w[k] & 0xC0) == 0x80)
                k++;
            if (k == len && memcmp(w, c->chars[i], k) == 0)
                want[i] = 1;
            w += k;
        }
        count += want[i];
    }
    return count;
}

int exercise_request(ByteBuf *r, ExerciseKind kind, const ExerciseCase *c, long step)
{
    if (kind == EXERCISE_TOP_P) {
        SamplerSettings set = sampler_defaults();
        set.temperature = c->temperature;
        set.top_k = c->top_k;
        set.top_p = c->top_p;
        return stagereq_top_p(r, step, &set, c->ids, c->chars, NULL, c->p, c->n);
    }
    return stagereq_jueju(r, step, c->line_len, c->text, c->ids, c->chars, NULL, c->n);
}

/* Is got exactly the set of the characters in `chars`? */
static int same_set(const ExerciseCase *c, const char *chars, const uint8_t *got)
{
    ExerciseCase other = *c;
    other.want = chars;
    uint8_t want[EXERCISE_MAX_CANDIDATES];
    exercise_want(&other, want);
    int same = 1;
    for (int i = 0; i < c->n; i++)
        same &= (got[i] != 0) == (want[i] != 0);
    return same;
}

int exercise_judge(ExerciseKind kind, const ExerciseCase *c, const uint8_t *got, int *tie_note)
{
    uint8_t want[EXERCISE_MAX_CANDIDATES];
    int n_want = exercise_want(c, want), n_got = 0, same = 1;
    *tie_note = 0;
    for (int i = 0; i < c->n; i++) {
        n_got += got[i] != 0;
        same &= (got[i] != 0) == (want[i] != 0);
    }
    if (same)
        return 1;
    if (kind == EXERCISE_JUEJU && c->also && same_set(c, c->also, got)) {
        *tie_note = EXERCISE_NOTE_CLASSIC;
        return 1;
    }
    if (kind != EXERCISE_TOP_P || n_got != n_want)
        return 0;
    /* a tie broken the other way: as many, every candidate above the last
     * one expected, and none below it */
    double last = 2.0;
    for (int i = 0; i < c->n; i++)
        if (want[i] && c->p[i] < last)
            last = c->p[i];
    for (int i = 0; i < c->n; i++) {
        if (c->p[i] > last && !got[i])
            return 0;
        if (got[i] && c->p[i] < last)
            return 0;
    }
    *tie_note = EXERCISE_NOTE_TIE;
    return 1;
}
