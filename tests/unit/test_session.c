/* test_session.c - the explorer's session to take home, without a terminal:
 * its code opens the same state again, Enter then writes what the engine's
 * own generation loop (gen_start + gen_poem, as `generate` runs it) writes
 * from the code, each written character's record holds the bars the screen
 * showed for it, and the export is a complete file under its final name.
 * The model is tests/data/tiny.bin. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/app.h"
#include "apptest.h"
#include "testutil.h"
#include "check.h"
#include "app/commands.h"
#include "engine/fileio.h"
#include "app/json.h"
#include "app/session.h"
#include "app/script.h"
#include "engine/charrank.h"

static Model model;

static void start(AppState *s) { apptest_start(s, &model); }

static unsigned key(AppState *s, Command c) { return app_apply(s, c, cmd_arg(0)); }


/* A session's code as text. */
static void code_of(const AppState *s, char *out)
{
    int n = app_session_code_text(s, out, SESSION_CODE_MAX + 1);
    CHECK(n > 0, "no code for the session");
}

/* Open code text in a fresh state. */
static int open_code(AppState *s, const char *code)
{
    SessionCode c;
    TsErr err;
    start(s);
    if (session_code_decode(code, strlen(code), &c, &err) != 0 ||
        session_code_check(&c, &model, &err) != 0 || app_session_open(s, &c, &err) != 0) {
        CHECK(0, "code %s: %s", code, err.msg);
        return -1;
    }
    return 0;
}

/* Each form, start and settings: the code opens the same text, form,
 * settings and seed, and makes the same code again. */
static void test_open_again(void)
{
    const char *prompts[] = {"春风", "明月千", "", "春风花月明，"};
    for (int t = 0; t < 4; t++) {
        AppState s, o;
        start(&s);
        if (t == 1)
            app_apply(&s, CMD_MID_TEXT, cmd_arg(1));
        apptest_type(&s, t == 2 ? "春风明月" : prompts[t]);
        if (t == 2) {
            key(&s, CMD_MODE_ACROSTIC); /* heads 春风明月, 7 a line */
            key(&s, CMD_MODE_ACROSTIC); /* 5 */
        }
        if (t == 3)
            app_apply(&s, CMD_MODE_JUEJU, cmd_arg(5)); /* keeps the prompt: it fits */
        app_apply(&s, CMD_SLIDER_UP, cmd_arg(SL_TEMPERATURE));
        for (int k = 0; k < t; k++) {
            app_apply(&s, CMD_SLIDER_UP, cmd_arg(SL_TOP_K));
            key(&s, CMD_NEW_SEED);
        }
        app_apply(&s, CMD_SLIDER_DOWN, cmd_arg(SL_MIN_P));
        char code[SESSION_CODE_MAX + 1], again[SESSION_CODE_MAX + 1];
        code_of(&s, code);
        if (open_code(&o, code) == 0) {
            code_of(&o, again);
            int same = o.text.n_chars == s.text.n_chars && o.view.mode.kind == s.view.mode.kind &&
                       o.view.mode.line_len == s.view.mode.line_len &&
                       o.view.mid_text == s.view.mid_text && o.view.seed == s.view.seed &&
                       o.view.set.temperature == s.view.set.temperature &&
                       o.view.set.top_k == s.view.set.top_k &&
                       o.view.set.min_p == s.view.set.min_p &&
                       strcmp(o.view.mode.heads, s.view.mode.heads) == 0;
            for (size_t i = 0; same && i < s.text.n_chars; i++)
                same = o.text.chars[i].cp == s.text.chars[i].cp;
            CHECK(same && strcmp(code, again) == 0, "session %d: %s opened as %s", t, code, again);
            app_free(&o);
        }
        app_free(&s);
    }
}

/* Enter in a session opened from a code writes what generate's loop writes
 * from the same code: a separate Generator, gen_start and gen_poem. */
static void test_enter_writes_generate(void)
{
    for (int t = 0; t < 3; t++) {
        AppState s;
        start(&s);
        apptest_type(&s, t == 1 ? "明月" : "春风");
        if (t == 2)
            app_apply(&s, CMD_MODE_JUEJU, cmd_arg(5));
        for (int k = 0; k <= t; k++)
            key(&s, CMD_NEW_SEED);
        char code[SESSION_CODE_MAX + 1];
        code_of(&s, code);
        app_free(&s);

        SessionCode c;
        TsErr err;
        CHECK(session_code_decode(code, strlen(code), &c, &err) == 0, "%s", err.msg);
        Generator g;
        Rng rng;
        Form f;
        form_init_free(&f);
        if (c.form == FORM_JUEJU)
            form_init_jueju(&f, &model.vocab, c.line_len, &err);
        rng_seed(&rng, c.seed);
        int ids[SESSION_MAX_CHARS]; /* the code holds characters, generate reads ids */
        for (int i = 0; i < c.n_prompt; i++)
            ids[i] = vocab_id(&model.vocab, c.prompt[i]);
        int ok = gen_init(&g, &model, 1, &err) == 0 &&
                 gen_start(&g, ids, (size_t)c.n_prompt, PROMPT_POEM_START, &err) == 0 &&
                 form_follow(&f, &model.vocab, ids, (size_t)c.n_prompt, &err) == 0 &&
                 gen_poem(&g, &c.set, c.form == FORM_FREE ? NULL : &f, &rng, c.max_chars,
                          &err) >= 0;
        CHECK(ok, "generate's loop: %s", err.msg);
        if (open_code(&s, code) == 0) {
            key(&s, CMD_WRITE);
            apptest_run_job(&s);
            int same = ok && s.text.g.n == g.n;
            for (size_t i = 0; same && i < g.n; i++)
                same = s.text.g.text[i] == g.text[i];
            CHECK(same, "code %s: the explorer wrote %zu tokens, generate %zu", code, s.text.g.n,
                  g.n);
            app_free(&s);
        }
        gen_free(&g);
    }
}

/* What generate writes from a code: a separate Generator, gen_start and
 * gen_poem from the code's prompt, form, settings and seed. */
static int generate_from_code(const char *code, Generator *g)
{
    SessionCode c;
    TsErr err;
    CHECK(session_code_decode(code, strlen(code), &c, &err) == 0, "%s", err.msg);
    Rng rng;
    Form f;
    form_init_free(&f);
    if (c.form == FORM_JUEJU)
        form_init_jueju(&f, &model.vocab, c.line_len, &err);
    rng_seed(&rng, c.seed);
    int ids[SESSION_MAX_CHARS];
    for (int i = 0; i < c.n_prompt; i++)
        ids[i] = vocab_id(&model.vocab, c.prompt[i]);
    int ok = gen_init(g, &model, 1, &err) == 0 &&
             gen_start(g, ids, (size_t)c.n_prompt, PROMPT_POEM_START, &err) == 0 &&
             form_follow(&f, &model.vocab, ids, (size_t)c.n_prompt, &err) == 0 &&
             gen_poem(g, &c.set, c.form == FORM_FREE ? NULL : &f, &rng, c.max_chars, &err) >= 0;
    CHECK(ok, "generate's loop: %s", err.msg);
    return ok;
}

static int same_text(const AppState *s, const Generator *g)
{
    int same = s->text.g.n == g->n;
    for (size_t i = 0; same && i < g->n; i++)
        same = s->text.g.text[i] == g->text[i];
    return same;
}

/* Whatever mix of typing, Space, picks, Backspace and Enter made the text,
 * the code in the title brings it back, however long the text: Enter's run
 * ended by itself is written again by generate --code (and by Enter after
 * opening); any other text opens as it is (a long one by its key steps). */
static void test_code_brings_back_the_screen(void)
{
    /* keys after 春风: S Space, 1-8 a pick, E Enter (to its end), H Enter stopped
     * after three characters, B Backspace */
    const char *runs[] = {"SSSE", "2S1E", "E", "SSSES", "SEP3", "SH", "SSSEE", "EBS", "EESB2",
                          "EEEE", "EEEHB", "SEEBBE"};
    int with_code = 0, long_texts = 0;
    for (size_t t = 0; t < sizeof runs / sizeof runs[0]; t++) {
        AppState s;
        start(&s);
        apptest_type(&s, "春风");
        key(&s, CMD_NEW_SEED);
        for (const char *k = runs[t]; *k; k++) {
            if (*k == 'S')
                key(&s, CMD_SAMPLE);
            else if (*k == 'E') {
                key(&s, CMD_WRITE);
                apptest_run_job(&s);
            } else if (*k == 'H') {
                key(&s, CMD_WRITE);
                for (int i = 0; i < 3; i++)
                    key(&s, CMD_TICK);
                key(&s, CMD_STOP);
            } else if (*k == 'P')
                app_apply(&s, CMD_PICK, cmd_arg(1));
            else if (*k == 'B')
                key(&s, CMD_BACKSPACE);
            else
                app_apply(&s, CMD_PICK, cmd_arg(*k - '0'));
        }
        char code[SESSION_CODE_MAX + 1];
        int enter = app_session_code_enter(&s);
        /* the tiny model writes long poems: a code holds at most 128 characters */
        size_t held = enter ? s.record.write_from : s.text.n_chars;
        with_code++;
        code_of(&s, code);
        long_texts += held > SESSION_MAX_CHARS;
        /* the title says + Enter exactly when the text ends with a whole run
         * from a text short enough to be a code's prompt */
        size_t len = strlen(runs[t]);
        CHECK(enter == (runs[t][len - 1] == 'E' && s.record.write_from <= SESSION_MAX_CHARS),
              "keys %s: + Enter is %d", runs[t], enter);
        Generator g;
        if (enter && generate_from_code(code, &g)) {
            CHECK(same_text(&s, &g), "keys %s, code %s: generate writes another text", runs[t],
                  code);
            gen_free(&g);
        }
        AppState o;
        if (open_code(&o, code) == 0) {
            if (enter) {
                key(&o, CMD_WRITE);
                apptest_run_job(&o);
            }
            int same = o.text.n_chars == s.text.n_chars;
            for (size_t i = 0; same && i < s.text.n_chars; i++)
                same = o.text.chars[i].cp == s.text.chars[i].cp;
            CHECK(same, "keys %s, code %s: opened as %zu characters, not the %zu on screen",
                  runs[t], code, o.text.n_chars, s.text.n_chars);
            app_free(&o);
        }
        app_free(&s);
    }
    CHECK(with_code == (int)(sizeof runs / sizeof runs[0]), "only %d of the sessions had a code",
          with_code);
    CHECK(long_texts >= 2, "only %d texts over %d characters were tried", long_texts,
          SESSION_MAX_CHARS);
    /* over SESSION_MAX_CHARS typed characters there is no code, and no + Enter */
    AppState s;
    start(&s);
    for (int i = 0; i < SESSION_MAX_CHARS + 1; i++)
        apptest_type(&s, "春");
    char code[SESSION_CODE_MAX + 1];
    CHECK(app_session_code_text(&s, code, sizeof code) < 0 && code[0] == 0,
          "a text of %d characters has code %s", SESSION_MAX_CHARS + 1, code);
    app_free(&s);
}

/* A code copied with the "+ Enter" the title shows after it, in each
 * language the title is written in, reads as the code, and says Enter. */
static void test_code_plus_enter(void)
{
    const char *pasted[] = {"6K5CW9DXDNR6XD2 + Enter", "6K5CW9DXDNR6XD2 + Entrée",
                            "6K5CW9DXDNR6XD2 +Eingabe", "6K5CW9DXDNR6XD2 + 回车",
                            "6k5cw9dxdnr6xd2+enter ", "6K5CW9DXDNR6XD2"};
    for (size_t i = 0; i < sizeof pasted / sizeof pasted[0]; i++) {
        SessionCode c;
        TsErr err;
        int enter = -1;
        CHECK(app_session_code_read(pasted[i], &c, &enter, &err) == 0 && c.n_prompt == 6,
              "'%s' was not read: %s", pasted[i], err.msg);
        CHECK(enter == (i + 1 < sizeof pasted / sizeof pasted[0]), "'%s': enter %d", pasted[i],
              enter);
    }
    const char *bad[] = {"6K5CW9DXDNR6XD2 + Entre", "6K5CW9DXDNR6XD2 +", "+ Enter"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        SessionCode c;
        TsErr err;
        int enter;
        CHECK(app_session_code_read(bad[i], &c, &enter, &err) != 0, "'%s' was read", bad[i]);
    }
}

/* `:code CODE` opens a code as --code does, and with "+ Eingabe" after it
 * writes Enter's poem: the same text as Enter after opening. */
static void test_code_command(void)
{
    AppState s, o, p;
    start(&s);
    apptest_type(&s, "春风");
    key(&s, CMD_SAMPLE);
    char code[SESSION_CODE_MAX + 1];
    code_of(&s, code);
    if (open_code(&o, code) != 0) {
        app_free(&s);
        return;
    }
    key(&o, CMD_WRITE);
    apptest_run_job(&o);
    start(&p);
    char line[SESSION_CODE_MAX + 32];
    snprintf(line, sizeof line, "code %s +Eingabe", code);
    ScriptOut out = {.sync_jobs = 1};
    CHECK(script_run(&p, line, &out) == SCRIPT_OK, "%s: %s", line, out.msg);
    int same = p.text.n_chars == o.text.n_chars && p.text.n_chars > s.text.n_chars;
    for (size_t i = 0; same && i < p.text.n_chars; i++)
        same = p.text.chars[i].cp == o.text.chars[i].cp;
    CHECK(same, "%s wrote %zu characters, Enter after --code %zu", line, p.text.n_chars,
          o.text.n_chars);
    ScriptOut bad = {.sync_jobs = 1};
    CHECK(script_run(&p, "code 6K5CW9DXDNR6XD3", &bad) != SCRIPT_OK && strstr(bad.msg, "check"),
          "a mistyped code was opened: %s", bad.msg);
    app_free(&p);
    app_free(&o);
    app_free(&s);
}

/* `:stage --timeout SECONDS`: the seconds are checked and kept for the
 * programs the explorer starts, before or after the kind word. */
static void test_stage_timeout_command(void)
{
    AppState s;
    start(&s);
    ScriptOut out = {.sync_jobs = 1};
    CHECK(script_run(&s, "stage --timeout 0 python3 top_p.py", &out) != SCRIPT_OK &&
              strstr(out.msg, "0.05 to 600"),
          "0 s was taken: %s", out.msg);
    CHECK(script_run(&s, "stage --timeout 30", &out) != SCRIPT_OK && s.progs.timeout == 30.0,
          "no program: %s (timeout %g)", out.msg, s.progs.timeout);
    CHECK(script_run(&s, "stage jueju --timeout 12.5", &out) != SCRIPT_OK &&
              s.progs.timeout == 12.5,
          "after the kind word: %s (timeout %g)", out.msg, s.progs.timeout);
    app_free(&s);
}

/* A sampled and a picked character keep the bars shown before them. */
static void test_records_hold_the_bars(void)
{
    AppState s;
    start(&s);
    apptest_type(&s, "春");
    Candidate shown[APP_TOP];
    memcpy(shown, s.pred.top, sizeof shown);
    int n_shown = s.pred.n_top;
    key(&s, CMD_SAMPLE);
    const TraceStep *st = &s.record.steps[1];
    int same = st->index == 1 && st->n_top == (n_shown < TRACE_TOP ? n_shown : TRACE_TOP) &&
               st->chosen.id == s.text.chars[1].id;
    for (int k = 0; same && k < st->n_top; k++)
        same = st->top[k].id == shown[k].id && st->top[k].p_model == shown[k].p &&
               st->top[k].p_sampler == shown[k].p_sampler;
    CHECK(same, "the sampled character's record is not the bars it was drawn from");
    memcpy(shown, s.pred.top, sizeof shown);
    app_apply(&s, CMD_PICK, cmd_arg(2));
    st = &s.record.steps[2];
    CHECK(st->chosen.id == shown[1].id && st->chosen.p_model == shown[1].p &&
              st->top[0].id == shown[0].id,
          "the picked character's record");
    app_free(&s);
}

/* Count occurrences of needle in hay. */
static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

static void test_export(void)
{
    char dir[] = "/tmp/tangscope-session-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(0, "no temporary folder");
        return;
    }
    AppState s;
    start(&s);
    apptest_type(&s, "春风");
    key(&s, CMD_WRITE);
    apptest_run_job(&s);
    size_t written = s.text.n_chars - 2;
    char name[128], path[512], code[SESSION_CODE_MAX + 1];
    TsErr err;
    CHECK(app_export(&s, dir, name, sizeof name, &err) == 0, "%s", err.msg);
    code_of(&s, code);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    unsigned char *buf = NULL;
    size_t len = 0;
    if (read_file(path, FILE_TEXT, &buf, &len, &err) == 0) {
        const char *j = (const char *)buf;
        char want[SESSION_CODE_MAX + 16];
        snprintf(want, sizeof want, "\"code\": \"%s\"", code);
        CHECK(strstr(j, want) != NULL, "the file names the code %s", code);
        CHECK(count(j, "\"origin\": \"model\"") == (int)written, "%d steps for %zu written",
              count(j, "\"origin\": \"model\""), written);
        /* each step: its own character and 8 rivals, each with both probabilities */
        CHECK(count(j, "\"p_sampler\"") == (int)written * (1 + TRACE_TOP), "top 8 of every step");
        CHECK(strstr(j, "\"prompt\": \"春风\"") && j[len - 1] == '\n' && j[len - 2] == '}',
              "the prompt and a complete object");
        free(buf);
    } else {
        CHECK(0, "%s", err.msg);
    }
    /* a second export in the same second gets its own name */
    char name2[128];
    CHECK(app_export(&s, dir, name2, sizeof name2, &err) == 0 && strcmp(name, name2) != 0,
          "two exports, one name: %s", name2);
    snprintf(path, sizeof path, "%s/%s.tmp", dir, name);
    CHECK(access(path, F_OK) != 0, "a temporary file was left behind");
    snprintf(path, sizeof path, "%s/%s", dir, name);
    remove(path);
    snprintf(path, sizeof path, "%s/%s", dir, name2);
    remove(path);
    rmdir(dir);
    /* a folder that cannot be written: an error, no crash */
    CHECK(app_export(&s, "/nonexistent/folder", name, sizeof name, &err) != 0, "wrote nowhere");
    app_free(&s);
}

/* Every value the explorer's keys step a slider to is one its code holds
 * cheaply (sesscode.h, promise (d)): with the other sliders on their last
 * steps, a seed below 1,000,000, a jueju mid-text and a prompt of nine
 * characters of rank 97 and one of rank 33, each code has at most 33
 * characters (32 and format 3's leading 2); a value between the steps
 * (temperature 0.25) makes it longer. */
static void test_slider_steps(void)
{
    const SliderId ids[] = {SL_TEMPERATURE, SL_TOP_K, SL_TOP_P, SL_MIN_P};
    const int want_steps[] = {21, 34, 20, 29}; /* off included */
    for (int i = 0; i < 4; i++) {
        AppState s;
        start(&s);
        for (int k = 0; k < 300; k++)
            app_apply(&s, CMD_SLIDER_DOWN, cmd_arg(ids[i]));
        int steps = 0, longest = 0;
        for (double last = -1; app_slider_value(&s, ids[i]) != last && steps < 300; steps++) {
            last = app_slider_value(&s, ids[i]);
            SessionCode c;
            TsErr err;
            CHECK(app_session_code(&s, &c, &err) == 0, "%s", err.msg);
            if (ids[i] != SL_TOP_K)
                c.set.top_k = 200;
            if (ids[i] != SL_TOP_P)
                c.set.top_p = 0.95f;
            if (ids[i] != SL_MIN_P)
                c.set.min_p = 1.0f;
            c.form = FORM_JUEJU;
            c.line_len = 7;
            c.mid_text = 1;
            c.seed = 999999;
            c.n_prompt = 10;
            for (int k = 0; k < 10; k++)
                c.prompt[k] = charrank_cp(k ? 97 : 33);
            char out[SESSION_CODE_MAX + 1];
            int n = session_code_encode(&c, out, sizeof out, &err);
            CHECK(n > 0 && n <= 33, "slider %d at %g: a code of %d characters", i, last, n);
            if (i == 0 && steps == 0) {
                c.set.temperature = 0.25f;
                int between = session_code_encode(&c, out, sizeof out, &err);
                CHECK(between > 33, "temperature 0.25: %d characters, as short as a step", between);
            }
            longest = n > longest ? n : longest;
            app_apply(&s, CMD_SLIDER_UP, cmd_arg(ids[i]));
        }
        CHECK(steps == want_steps[i], "slider %d: %d steps, want %d", i, steps, want_steps[i]);
        printf("  slider %d: %d steps, codes of up to %d characters\n", i, steps, longest);
        app_free(&s);
    }
}

/* A stream that writes into *buf (free it after fclose), or NULL after a
 * failed check. */
static FILE *mem_open(char **buf, size_t *len)
{
    *buf = NULL;
    *len = 0;
    FILE *f = open_memstream(buf, len);
    CHECK(f != NULL, "open_memstream");
    return f;
}

/* JSON shown on a terminal acts on nothing: what JSON requires (a quote, a
 * backslash, C0 controls) and DEL, C1 controls (U+0085, U+009B), the
 * bidirectional controls (U+202E, U+2066) and the separators (U+2028,
 * U+2029) are written as escapes (the Unicode standard's lists, as
 * docs/model-format.md gives them); a zero width joiner and a Han character
 * stand as they are; and the escapes read back as the same bytes. */
static void test_json_controls(void)
{
    const char *text = "a\x1b\x7f\xc2\x85\xc2\x9b\xe2\x80\xae\xe2\x81\xa6\xe2\x80\xa8"
                       "\xe2\x80\xa9\xe2\x80\x8d\xe6\x98\xa5\"";
    const char *want = "\"a\\u001b\\u007f\\u0085\\u009b\\u202e\\u2066\\u2028\\u2029"
                       "\xe2\x80\x8d\xe6\x98\xa5\\\"\"";
    char *buf;
    size_t len;
    FILE *f = mem_open(&buf, &len);
    if (!f)
        return;
    json_write_string(f, text);
    fclose(f);
    CHECK(strcmp(buf, want) == 0, "written as %s", buf);
    ByteBuf b = {0};
    json_add_string(&b, text);
    CHECK(b.p && strcmp(b.p, want) == 0, "added as %s", b.p ? b.p : "(null)");
    bytebuf_free(&b);
    char doc[256], out[64];
    snprintf(doc, sizeof doc, "{\"text\": %s}", buf);
    CHECK(json_read_string(doc, "text", out, sizeof out) == (int)strlen(text) &&
              strcmp(out, text) == 0,
          "read back as '%s'", out);
    free(buf);
}

/* What the export writes, --session reads back: a string through
 * json_write_string and json_read_string is the same bytes (escapes, a
 * character outside the BMP); \u escapes and surrogate pairs written by
 * other tools read as UTF-8; a damaged string, a missing key and null are
 * told apart. */
static void test_json_read_back(void)
{
    const char *text = "春风\n\"引号\" \\ \t😀 end";
    char *buf;
    size_t len;
    FILE *f = mem_open(&buf, &len);
    if (!f)
        return;
    fputs("{\"tangscope\": \"session\", \"text\": ", f);
    json_write_string(f, text);
    fputs(", \"code_enter\": true, \"code\": null, \"other\": \"\\u00e9\\ud83d\\ude00\"}", f);
    fclose(f);
    char out[128];
    CHECK(json_read_string(buf, "text", out, sizeof out) == (int)strlen(text) && strcmp(out, text) == 0,
          "read back as '%s'", out);
    CHECK(json_read_string(buf, "other", out, sizeof out) > 0 && strcmp(out, "é😀") == 0,
          "\\u escapes read as '%s'", out);
    CHECK(json_read_bool(buf, "code_enter") == 1, "code_enter is true");
    CHECK(json_read_null(buf, "code") == 1 && json_read_string(buf, "code", out, sizeof out) < 0,
          "code is null, not a string");
    CHECK(json_read_string(buf, "missing", out, sizeof out) < 0 && json_read_null(buf, "missing") == 0,
          "a missing key is neither");
    CHECK(json_read_string("{\"a\": \"abc", "a", out, sizeof out) < 0, "an unclosed string reads");
    CHECK(json_read_string("{\"a\": \"\\ud83d x\"}", "a", out, sizeof out) < 0, "half a pair reads");
    CHECK(json_read_string(buf, "text", out, 5) == 3 && strcmp(out, "春") == 0,
          "a small buffer is cut at a whole character: '%s'", out);
    free(buf);
}

/* The session JSON (and generate --json, which writes the same members)
 * holds every row of the settings table under its JSON key, with the value
 * given, read back with the JSON reader: integers as integers. */
static void test_json_every_setting(void)
{
    SamplerSettings set = sampler_defaults();
    /* a value of its own for each: inside the range, not the default */
    for (int i = 0; i < SET_COUNT; i++) {
        const SamplerSetting *t = &SAMPLER_SETTINGS[i];
        sampler_setting_set(&set, (SamplerSettingId)i, t->integer ? 7 + i : (t->lo + t->hi) / 2 + 0.25);
    }
    char *buf;
    size_t len;
    FILE *f = mem_open(&buf, &len);
    if (!f)
        return;
    fputc('{', f);
    session_json_sampler(f, &set);
    fputc('}', f);
    fclose(f);
    CHECK(json_valid(buf, len), "not JSON: %s", buf);
    for (int i = 0; i < SET_COUNT; i++) {
        const SamplerSetting *t = &SAMPLER_SETTINGS[i];
        size_t at = json_member(buf, len, t->json);
        double v = 0;
        int integer = 0;
        CHECK(at > 0 && json_number(buf, len, &at, &v, &integer) == 0, "no number for %s in %s", t->json, buf);
        CHECK(v == sampler_setting_get(&set, (SamplerSettingId)i) && integer == t->integer,
              "%s: %g (integer %d), want %g", t->json, v, integer, sampler_setting_get(&set, (SamplerSettingId)i));
    }
    CHECK(json_read_bool(buf, "penalize_punctuation") == 0, "penalize_punctuation in %s", buf);
    free(buf);
}

int main(void)
{
    testutil_model(&model);
    RUN(test_open_again);
    RUN(test_enter_writes_generate);
    RUN(test_code_brings_back_the_screen);
    RUN(test_code_plus_enter);
    RUN(test_code_command);
    RUN(test_stage_timeout_command);
    RUN(test_json_read_back);
    RUN(test_json_controls);
    RUN(test_json_every_setting);
    RUN(test_records_hold_the_bars);
    RUN(test_export);
    RUN(test_slider_steps);
    model_free(&model);
    return test_summary();
}
