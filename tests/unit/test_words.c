/* test_words.c - a text reads by words (assets/words.tsv over
 * assets/pinyin.tsv): the reading under each character is the one the poem
 * needs.
 *
 * The expected readings are written out by hand as any annotated edition of
 * these poems gives them (静夜思, 登鹳雀楼, 使至塞上, 回乡偶书, 泊船瓜洲;
 * 76 famous lines in tests/data/tang-readings.tsv), one syllable per
 * character, tone marks as in pinyin; none is computed. The meanings are
 * checked by a word of CC-CEDICT's English for that reading (还 huán
 * "return", not hái's "still"). */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "testutil.h"
#include "engine/pinyin.h"

static Pinyin table;
static int loaded;

static int load(void)
{
    if (loaded)
        return 1;
    TsErr err;
    int rc = pinyin_load(&table, "assets/pinyin.tsv", &err);
    CHECK(rc == 0, "%s", err.msg);
    if (rc == 0) {
        rc = pinyin_words_load(&table, "assets/words.tsv", &err);
        CHECK(rc == 0, "%s", err.msg);
    }
    loaded = rc == 0;
    return loaded;
}

/* text reads `want`: its readings in order, one per Han character, spaces
 * between; punctuation has none and is skipped in want. */
static void check_text(const char *text, const char *want)
{
    uint32_t cps[128];
    int reading[128];
    int n = (int)testutil_cps(text, cps, 128);
    pinyin_read_text(&table, cps, n, reading);
    char got[1024] = "";
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        if (reading[i] < 0)
            continue;
        char r[32];
        pinyin_reading(pinyin_find(&table, cps[i]), reading[i], r, sizeof r);
        len += (size_t)snprintf(got + len, sizeof got - len, "%s%s", len ? " " : "", r);
    }
    CHECK(strcmp(got, want) == 0, "%s reads\n    %s\n  want\n    %s", text, got, want);
}

static void test_words(void)
{
    if (!load())
        return;
    check_text("地上", "dì shàng");   /* 地 alone in modern prose: de */
    check_text("长河", "cháng hé");   /* not zhǎng */
    check_text("音乐", "yīn yuè");
    check_text("快乐", "kuài lè");
    check_text("长安", "cháng ān");
    check_text("长大", "zhǎng dà");   /* the word keeps its own reading */
    check_text("日景", "rì yǐng");    /* 景 as 影, the sun's shadow (Hanyu Da Zidian's yǐng) */
    check_text("景色", "jǐng sè");    /* and as scenery elsewhere */
    check_text("法国", "fǎ guó");
}

static void test_poems(void)
{
    if (!load())
        return;
    check_text("床前明月光，疑是地上霜。举头望明月，低头思故乡。",
               "chuáng qián míng yuè guāng yí shì dì shàng shuāng "
               "jǔ tóu wàng míng yuè dī tóu sī gù xiāng");
    check_text("白日依山尽，黄河入海流。欲穷千里目，更上一层楼。",
               "bái rì yī shān jìn huáng hé rù hǎi liú yù qióng qiān lǐ mù gèng shàng yī céng lóu");
    check_text("大漠孤烟直，长河落日圆。", "dà mò gū yān zhí cháng hé luò rì yuán");
    check_text("少小离家老大回，乡音无改鬓毛衰。",
               "shào xiǎo lí jiā lǎo dà huí xiāng yīn wú gǎi bìn máo shuāi");
    check_text("春风又绿江南岸，明月何时照我还。",
               "chūn fēng yòu lǜ jiāng nán àn míng yuè hé shí zhào wǒ huán");
}

static void test_alone(void)
{
    if (!load())
        return;
    /* a character alone: its reading in verse, not in modern prose */
    check_text("地", "dì");
    check_text("长", "cháng");
    check_text("还", "huán");
    check_text("更", "gèng");
    check_text("春", "chūn");
}

/* Every line of tests/data/tang-readings.tsv reads as written there. */
static void test_famous_lines(void)
{
    if (!load())
        return;
    FILE *f = fopen("tests/data/tang-readings.tsv", "r");
    CHECK(f != NULL, "cannot open tests/data/tang-readings.tsv");
    if (!f)
        return;
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        char *tab = strchr(line, '\t');
        if (line[0] == '#' || !tab)
            continue;
        *tab = 0;
        check_text(line, tab + 1);
        n++;
    }
    fclose(f);
    CHECK(n >= 50, "only %d lines read", n);
}

/* Character `at` (0-based) of text means something containing `want`. */
static void check_gloss(const char *text, int at, const char *want)
{
    uint32_t cps[64];
    int reading[64], start[64];
    const char *gloss[64];
    int n = (int)testutil_cps(text, cps, 64);
    pinyin_read_glosses(&table, cps, n, reading, gloss, start);
    CHECK(at < n && strstr(gloss[at], want), "%s: character %d means \"%s\", want \"%s\"", text, at,
          at < n ? gloss[at] : "", want);
}

static void test_meanings(void)
{
    if (!load())
        return;
    check_gloss("重阳还家", 2, "return");    /* huán, not hái "still" */
    check_gloss("重阳还家", 0, "Double Ninth");
    check_gloss("万重山", 1, "repeat");       /* chóng, not zhòng "heavy" */
    check_gloss("后来", 0, "afterwards");
    check_gloss("白发", 1, "hair");
    check_gloss("一行白鹭上青天", 1, "line");  /* háng, a line of egrets */
    check_gloss("银行", 1, "bank");
    check_gloss("离", 0, "leave");           /* not Unihan's "rare beast" */
    check_gloss("将进酒", 0, "drink");
    check_gloss("尽日景", 2, "shadow");       /* 日景 rì yǐng */
    check_gloss("法国", 0, "France");        /* a class's own word (an acrostic's heads) */
    check_gloss("德国", 1, "Germany");
    /* a character the word list gives no senses for keeps the table's gloss */
    const PinyinEntry *e = pinyin_find(&table, 0x6625); /* 春 */
    CHECK(e && strstr(pinyin_gloss(&table, e, 0), "spring"), "春 means %s", e ? pinyin_gloss(&table, e, 0) : "?");
    /* senses for more readings than the character has are refused */
    TsErr err;
    const char *bad = "春\tchūn\tspring\tsummer\n";
    CHECK(pinyin_words_parse(&table, bad, strlen(bad), "w.tsv", &err) != 0 &&
              strstr(err.msg, "more senses than the character has readings"),
          "%s", err.msg);
    check_gloss("离", 0, "leave"); /* and leave the loaded list as it was */
}

static void test_damaged_list(void)
{
    if (!load())
        return;
    static const struct {
        const char *text, *msg;
    } BAD[] = {
        {"地上\tdì\n", "line 1: a reading missing"},
        {"地上\tdì shàng shàng\n", "line 1: not one reading per character"},
        {"地上\tdì xià\n", "line 1: a reading missing, or not one the pinyin table gives"},
        {"长安\tcháng ān\n地上\tdì shàng\n", "line 2: not in increasing byte order"},
        {"地上 dì shàng\n", "line 1: not two tab-separated fields"},
        {"a上\ta shàng\n", "line 1: a character the pinyin table lacks"},
        {"地上\tdì shàng\ton the ground\tagain\n", "line 1: more than three fields for a word"},
        {"长\tcháng\tchief\tlong\tthird\n", "line 1: more senses than the character has readings"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        TsErr err;
        int rc = pinyin_words_parse(&table, BAD[i].text, strlen(BAD[i].text), "w.tsv", &err);
        CHECK(rc != 0, "%s loads", BAD[i].text);
        CHECK(rc == 0 || strstr(err.msg, BAD[i].msg), "%s: %s", BAD[i].text, err.msg);
    }
    /* a failure leaves the list loaded before as it was */
    check_text("疑是地上霜", "yí shì dì shàng shuāng");
    check_text("长", "cháng");
}

int main(void)
{
    RUN(test_words);
    RUN(test_poems);
    RUN(test_alone);
    RUN(test_famous_lines);
    RUN(test_meanings);
    RUN(test_damaged_list);
    if (loaded)
        pinyin_free(&table);
    return test_summary();
}
