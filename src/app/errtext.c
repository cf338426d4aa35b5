/* errtext.c - the engine's messages in zh, de and fr (see errtext.h). */
#include "app/errtext.h"

#include <stdatomic.h>
#include <string.h>

#include "engine/common.h"

#define NB "\xc2\xa0" /* the no-break space French puts before : and ; */

typedef struct {
    const char *text[LANG_COUNT];
    int libc; /* the C library's text for an errno, not the engine's own */
} ErrRow;

#define ROW(en, zh, de, fr) {.text = {[LANG_EN] = en, [LANG_ZH] = zh, [LANG_DE] = de, [LANG_FR] = fr}}
#define LIBC(en, zh, de, fr)                                                                       \
    {.text = {[LANG_EN] = en, [LANG_ZH] = zh, [LANG_DE] = de, [LANG_FR] = fr}, .libc = 1}

static const ErrRow ROWS[] = {
    /* reading and writing files (fileio.c) */
    ROW("%s: cannot open: %s", "%s：无法打开：%s", "%s: lässt sich nicht öffnen: %s",
        "%s" NB ": impossible d’ouvrir" NB ": %s"),
    ROW("%s: is a folder, not a file", "%s：这是文件夹，不是文件", "%s: ist ein Ordner, keine Datei",
        "%s" NB ": c’est un dossier, pas un fichier"),
    ROW("%s: not a plain file; %s is read only from one", "%s：不是普通文件；%s只能从普通文件读取",
        "%s: keine gewöhnliche Datei; %s wird nur aus einer solchen gelesen",
        "%s" NB ": pas un fichier ordinaire" NB "; %s ne se lit que depuis un fichier ordinaire"),
    ROW("%s: too large; %s may hold at most %llu MB", "%s：太大；%s最多 %llu MB",
        "%s: zu groß; %s darf höchstens %llu MB haben",
        "%s" NB ": trop gros" NB "; %s fait au plus %llu Mo"),
    ROW("a text file", "文本文件", "eine Textdatei", "un fichier texte"),
    ROW("a model file", "模型文件", "eine Modelldatei", "un fichier de modèle"),
    ROW("a checkpoint", "检查点文件", "ein Checkpoint", "un point de reprise"),
    ROW("a corpus index", "语料索引", "ein Korpusindex", "un index du corpus"),
    ROW("a pinyin table", "拼音表", "eine Pinyin-Tabelle", "une table de pinyin"),
    ROW("%s: out of memory", "%s：内存不足", "%s: nicht genug Speicher",
        "%s" NB ": mémoire insuffisante"),
    ROW("%s: read error: %s", "%s：读取出错：%s", "%s: Lesefehler: %s",
        "%s" NB ": erreur de lecture" NB ": %s"),
    ROW("%s: cannot look at it: %s", "%s：无法查看：%s", "%s: lässt sich nicht prüfen: %s",
        "%s" NB ": impossible de l’examiner" NB ": %s"),
    ROW("%s: too many symbolic links in a row", "%s：连续的符号链接太多",
        "%s: zu viele symbolische Links hintereinander",
        "%s" NB ": trop de liens symboliques à la suite"),
    ROW("%s: cannot read the symbolic link: %s", "%s：无法读取符号链接：%s",
        "%s: der symbolische Link lässt sich nicht lesen: %s",
        "%s" NB ": impossible de lire le lien symbolique" NB ": %s"),
    ROW("its target is too long", "它指向的路径太长", "sein Ziel ist zu lang", "sa cible est trop longue"),
    ROW("%s: cannot write to it: %s", "%s：无法写入：%s", "%s: lässt sich nicht beschreiben: %s",
        "%s" NB ": impossible d’y écrire" NB ": %s"),
    ROW("an empty name is no file to write", "文件名是空的，无处可写",
        "ein leerer Name ist keine Datei, in die man schreiben kann",
        "un nom vide ne désigne aucun fichier où écrire"),
    ROW(" (where the symbolic link leads)", "（符号链接指向之处）", " (wohin der symbolische Link führt)",
        " (où mène le lien symbolique)"),
    ROW("%s: %s%s is a disk device; tangscope writes files, terminals and pipes",
        "%s：%s%s 是磁盘设备；tangscope 只写文件、终端和管道",
        "%s: %s%s ist ein Laufwerk; tangscope schreibt in Dateien, Terminals und Pipes",
        "%s" NB ": %s%s est un disque" NB "; tangscope écrit dans des fichiers, des terminaux et "
        "des tubes"),
    ROW("%s: its temporary file %s is in the way and is not a plain file; remove it",
        "%s：临时文件 %s 挡在那里，又不是普通文件；请删掉它",
        "%s: die temporäre Datei %s steht im Weg und ist keine gewöhnliche Datei; bitte löschen",
        "%s" NB ": son fichier temporaire %s gêne et n’est pas un fichier ordinaire" NB
        "; supprimez-le"),
    ROW("%s: another process is writing it now (its temporary file is locked); try again when "
        "that has finished",
        "%s：另一个进程正在写它（临时文件已加锁）；等那边写完再试",
        "%s: ein anderer Prozess schreibt gerade hinein (die temporäre Datei ist gesperrt); "
        "später noch einmal versuchen",
        "%s" NB ": un autre processus l’écrit en ce moment (son fichier temporaire est verrouillé)" NB
        "; réessayez quand il aura fini"),
    ROW("%s: leads to %s, and its folder cannot take a new file beside it (%s); give a path in a "
        "folder you can write",
        "%s：指向 %s，而那个文件夹里不能再新建文件（%s）；请给一个你能写入的文件夹里的路径",
        "%s: führt zu %s, und in dessen Ordner lässt sich keine neue Datei anlegen (%s); einen "
        "Pfad in einem Ordner angeben, in den du schreiben darfst",
        "%s" NB ": mène à %s, et son dossier n’accepte pas de nouveau fichier (%s)" NB
        "; donnez un chemin dans un dossier où vous pouvez écrire"),
    ROW("%s: cannot create a file there: %s", "%s：无法在那里新建文件：%s",
        "%s: dort lässt sich keine Datei anlegen: %s",
        "%s" NB ": impossible d’y créer un fichier" NB ": %s"),
    ROW("%s: cannot write there: %s", "%s：无法在那里写入：%s", "%s: dort lässt sich nicht schreiben: %s",
        "%s" NB ": impossible d’écrire là" NB ": %s"),
    ROW("%s: write failed: %s", "%s：写入失败：%s", "%s: Schreiben fehlgeschlagen: %s",
        "%s" NB ": échec de l’écriture" NB ": %s"),
    ROW("%s: its reader went away before the end; the rest was not written",
        "%s：读取它的程序中途离开，其余部分没有写出",
        "%s: der Leser ist vor dem Ende gegangen; der Rest wurde nicht geschrieben",
        "%s" NB ": le lecteur est parti avant la fin" NB "; le reste n’a pas été écrit"),
    ROW("%s: cannot rename the finished file into place: %s", "%s：写好的文件无法改名就位：%s",
        "%s: die fertige Datei lässt sich nicht an ihren Platz umbenennen: %s",
        "%s" NB ": impossible de mettre le fichier terminé à sa place" NB ": %s"),
    ROW("%s: leads to %s, which cannot be opened for appending: %s",
        "%s：指向 %s，它无法以追加方式打开：%s",
        "%s: führt zu %s, das sich nicht zum Anhängen öffnen lässt: %s",
        "%s" NB ": mène à %s, qui ne s’ouvre pas en ajout" NB ": %s"),
    ROW("%s: cannot open it for appending: %s", "%s：无法以追加方式打开：%s",
        "%s: lässt sich nicht zum Anhängen öffnen: %s",
        "%s" NB ": impossible de l’ouvrir en ajout" NB ": %s"),
    /* the model file (model.c) */
    ROW("%s: not a tangscope model (only %zu bytes, a header alone is %d)",
        "%s：不是 tangscope 模型（只有 %zu 字节，光文件头就要 %d）",
        "%s: kein tangscope-Modell (nur %zu Byte, allein der Kopf hat %d)",
        "%s" NB ": pas un modèle tangscope (%zu octets seulement, l’en-tête seul en fait %d)"),
    ROW("%s: not a tangscope model file (wrong magic number)",
        "%s：不是 tangscope 模型文件（文件标识不对）",
        "%s: keine tangscope-Modelldatei (falsche Kennung am Anfang)",
        "%s" NB ": pas un fichier de modèle tangscope (mauvais nombre magique)"),
    ROW("%s: model file version %u, this tangscope reads versions 1 to 3",
        "%s：模型文件版本为 %u，这个 tangscope 只能读版本 1 到 3",
        "%s: Modelldatei der Version %u, dieses tangscope liest die Versionen 1 bis 3",
        "%s" NB ": fichier de modèle en version %u, ce tangscope lit les versions 1 à 3"),
    ROW("%s: unknown GELU kind %u (made by a newer tangscope?)",
        "%s：未知的 GELU 类型 %u（是更新版本的 tangscope 写的吗？）",
        "%s: unbekannte GELU-Art %u (von einem neueren tangscope geschrieben?)",
        "%s" NB ": type de GELU inconnu %u (écrit par un tangscope plus récent" NB "?)"),
    ROW("%s: LayerNorm epsilon %g is not in (0, 0.1]", "%s：LayerNorm 的 epsilon %g 不在 (0, 0.1] 之内",
        "%s: das Epsilon der LayerNorm, %g, liegt nicht in (0, 0.1]",
        "%s" NB ": l’epsilon de LayerNorm, %g, n’est pas dans (0, 0.1]"),
    ROW("%s: unknown weight precision %u at byte %d (damaged file?)",
        "%s：未知的权重精度 %u（第 %d 字节；文件损坏了？）",
        "%s: unbekannte Genauigkeit der Gewichte %u bei Byte %d (Datei beschädigt?)",
        "%s" NB ": précision des poids inconnue %u à l’octet %d (fichier abîmé" NB "?)"),
    ROW("%s: absurd configuration: %s %u", "%s：配置不合理：%s %u", "%s: unsinnige Konfiguration: %s %u",
        "%s" NB ": configuration absurde" NB ": %s %u"),
    ROW("%s: absurd configuration: %s", "%s：配置不合理：%s", "%s: unsinnige Konfiguration: %s",
        "%s" NB ": configuration absurde" NB ": %s"),
    ROW("%s: unknown flags 0x%x (made by a newer tangscope?)",
        "%s：未知标志 0x%x（是更新版本的 tangscope 写的吗？）",
        "%s: unbekannte Flags 0x%x (von einem neueren tangscope geschrieben?)",
        "%s" NB ": drapeaux inconnus 0x%x (écrit par un tangscope plus récent" NB "?)"),
    ROW("%s: reserved header bytes are not zero (damaged file?)",
        "%s：文件头的保留字节不为零（文件损坏了？）",
        "%s: reservierte Bytes im Kopf sind nicht null (Datei beschädigt?)",
        "%s" NB ": des octets réservés de l’en-tête ne sont pas nuls (fichier abîmé" NB "?)"),
    ROW("%s: header says %llu payload bytes but its configuration needs %zu",
        "%s：文件头写着 %llu 字节数据，但按其配置需要 %zu",
        "%s: der Kopf nennt %llu Byte Nutzdaten, die Konfiguration braucht aber %zu",
        "%s" NB ": l’en-tête annonce %llu octets de données, mais sa configuration en demande %zu"),
    ROW("%s: truncated (%zu bytes, expected %zu)", "%s：文件不完整（%zu 字节，应为 %zu）",
        "%s: abgeschnitten (%zu Byte statt %zu)", "%s" NB ": tronqué (%zu octets au lieu de %zu)"),
    ROW("%s: %zu unexpected bytes after the weights", "%s：权重后面多出 %zu 字节",
        "%s: %zu unerwartete Byte nach den Gewichten",
        "%s" NB ": %zu octets inattendus après les poids"),
    ROW("%s: checksum mismatch, the file is corrupted", "%s：校验和不符，文件已损坏",
        "%s: Prüfsumme stimmt nicht, die Datei ist beschädigt",
        "%s" NB ": somme de contrôle fausse, le fichier est corrompu"),
    ROW("%s: vocabulary entry %d (U+%04X) is invalid or out of order",
        "%s：词表第 %d 项（U+%04X）无效或顺序不对",
        "%s: Eintrag %d des Zeichenvorrats (U+%04X) ist ungültig oder steht falsch",
        "%s" NB ": l’entrée %d du vocabulaire (U+%04X) est invalide ou mal placée"),
    ROW("%s: weight %zu is not a finite number", "%s：第 %zu 个权重不是有限数",
        "%s: Gewicht %zu ist keine endliche Zahl", "%s" NB ": le poids %zu n’est pas un nombre fini"),
    ROW("%s: write failed", "%s：写入失败", "%s: Schreiben fehlgeschlagen",
        "%s" NB ": échec de l’écriture"),
    ROW("write failed", "写入失败", "Schreiben fehlgeschlagen", "échec de l’écriture"),
    ROW("layers must be 1..64, not %d", "层数应为 1..64，不是 %d", "Schichten: 1..64, nicht %d",
        "couches" NB ": de 1 à 64, pas %d"),
    ROW("heads must be 1..64, not %d", "注意力头数应为 1..64，不是 %d", "Köpfe: 1..64, nicht %d",
        "têtes" NB ": de 1 à 64, pas %d"),
    ROW("dimensions must be 1..4096, not %d", "维数应为 1..4096，不是 %d",
        "Dimensionen: 1..4096, nicht %d", "dimensions" NB ": de 1 à 4096, pas %d"),
    ROW("dimensions (%d) must be divisible by heads (%d)", "维数（%d）必须能被注意力头数（%d）整除",
        "die Dimensionen (%d) müssen durch die Köpfe (%d) teilbar sein",
        "les dimensions (%d) doivent être divisibles par les têtes (%d)"),
    ROW("context must be 1..8192, not %d", "上下文长度应为 1..8192，不是 %d",
        "Kontext: 1..8192, nicht %d", "contexte" NB ": de 1 à 8192, pas %d"),
    ROW("vocabulary size must be 2..1000000, not %d", "词表大小应为 2..1000000，不是 %d",
        "Zeichenvorrat: 2..1000000, nicht %d", "taille du vocabulaire" NB ": de 2 à 1000000, pas %d"),
    ROW("vocabulary has %d characters but the config says %d", "词表有 %d 个字，配置却写着 %d",
        "der Zeichenvorrat hat %d Zeichen, die Konfiguration sagt %d",
        "le vocabulaire a %d caractères, mais la configuration en annonce %d"),
    /* texts and the training text's index (corpus.c, vocab.c) */
    ROW("%s: invalid UTF-8 at byte %zu", "%s：第 %zu 字节处不是有效的 UTF-8",
        "%s: ungültiges UTF-8 bei Byte %zu", "%s" NB ": UTF-8 invalide à l’octet %zu"),
    ROW("%s: character %s at position %zu is not in the model's vocabulary",
        "%s：%s（第 %zu 个字）不在模型的词表里",
        "%s: das Zeichen %s an Position %zu fehlt im Zeichenvorrat des Modells",
        "%s" NB ": le caractère %s en position %zu n’est pas dans le vocabulaire du modèle"),
    ROW("%s: %zu characters, a corpus holds fewer than %u", "%s：%zu 个字；语料必须少于 %u 个字",
        "%s: %zu Zeichen, ein Korpus fasst weniger als %u",
        "%s" NB ": %zu caractères, un corpus en contient moins de %u"),
    ROW("%s: not a tangscope corpus cache (wrong magic number)",
        "%s：不是 tangscope 的语料缓存（文件标识不对）",
        "%s: kein Korpus-Cache von tangscope (falsche Kennung am Anfang)",
        "%s" NB ": pas un cache de corpus tangscope (mauvais nombre magique)"),
    ROW("%s: corpus cache version %u, this tangscope reads version %u",
        "%s：语料缓存版本为 %u，这个 tangscope 只能读版本 %u",
        "%s: Korpus-Cache der Version %u, dieses tangscope liest Version %u",
        "%s" NB ": cache de corpus en version %u, ce tangscope lit la version %u"),
    ROW("%s: made for another text (CRC %08x, %llu bytes; this text has CRC %08x, %llu bytes)",
        "%s：是为另一个文本建的（CRC %08x，%llu 字节；这个文本 CRC %08x，%llu 字节）",
        "%s: für einen anderen Text erstellt (CRC %08x, %llu Byte; dieser Text: CRC %08x, %llu Byte)",
        "%s" NB ": fait pour un autre texte (CRC %08x, %llu octets" NB "; ce texte" NB ": CRC %08x, "
        "%llu octets)"),
    ROW("%s: %zu bytes, expected %zu (truncated or damaged)", "%s：%zu 字节，应为 %zu（不完整或已损坏）",
        "%s: %zu Byte statt %zu (abgeschnitten oder beschädigt)",
        "%s" NB ": %zu octets au lieu de %zu (tronqué ou abîmé)"),
    ROW("%s: checksum mismatch, the file is damaged", "%s：校验和不符，文件已损坏",
        "%s: Prüfsumme stimmt nicht, die Datei ist beschädigt",
        "%s" NB ": somme de contrôle fausse, le fichier est abîmé"),
    ROW("%s: entry %zu (%u) is out of range or repeated", "%s：第 %zu 项（%u）越界或重复",
        "%s: Eintrag %zu (%u) liegt außerhalb oder kommt doppelt vor",
        "%s" NB ": l’entrée %zu (%u) est hors limites ou répétée"),
    ROW("%s: entry %ld is out of order (written wrong?)", "%s：第 %ld 项顺序不对（写错了？）",
        "%s: Eintrag %ld steht nicht in der Reihenfolge (falsch geschrieben?)",
        "%s" NB ": l’entrée %ld n’est pas à sa place (mal écrite" NB "?)"),
    /* pinyin (pinyin.c) */
    ROW("%s is not a pinyin syllable: one at a time (chun, not chunfeng), letters with at most one "
        "tone, given as a mark (chūn) or, on the command line, a final digit 1-5 (chun1; in the "
        "explorer Tab steps the tone); ü as v or u:",
        "%s 不是一个拼音音节：一次一个（chun，不要 chunfeng），字母加至多一个声调，声调用调号"
        "（chūn）或在命令行里用末尾的数字 1-5（chun1；在探索界面里按 Tab 切换声调）；ü 写作 v 或 u:",
        "%s ist keine Pinyin-Silbe: eine nach der anderen (chun, nicht chunfeng), Buchstaben mit "
        "höchstens einem Ton, als Zeichen (chūn) oder auf der Kommandozeile als Ziffer 1-5 am Ende "
        "(chun1; im Explorer schaltet Tab den Ton weiter); ü als v oder u:",
        "%s n’est pas une syllabe pinyin" NB ": une à la fois (chun, pas chunfeng), des lettres "
        "avec au plus un ton, noté par un accent (chūn) ou, en ligne de commande, par un chiffre "
        "final de 1 à 5 (chun1" NB "; dans l’explorateur, Tab change le ton)" NB "; ü s’écrit v ou u:"),
    /* memory (common.c, convert.c) */
    ROW("out of memory", "内存不足", "nicht genug Speicher", "mémoire insuffisante"),
    ROW("out of memory (wanted %zu bytes)", "内存不足（需要 %zu 字节）",
        "nicht genug Speicher (%zu Byte verlangt)", "mémoire insuffisante (%zu octets demandés)"),
    ROW("out of memory converting a text of %zu bytes", "转换 %zu 字节的文本时内存不足",
        "nicht genug Speicher, um einen Text von %zu Byte umzuwandeln",
        "mémoire insuffisante pour convertir un texte de %zu octets"),
    /* the command line's own (src/cli, through cli_error) */
    ROW("give a PROMPT or --pinyin, not both", "提示词和 --pinyin 只能给一个",
        "entweder PROMPT oder --pinyin, nicht beides", "donnez PROMPT ou --pinyin, pas les deux"),
    ROW("give %s or --pinyin, not both", "%s和 --pinyin 只能给一个", "entweder %s oder --pinyin, nicht beides",
        "donnez %s ou --pinyin, pas les deux"),
    ROW("the heads", "藏头", "die Zeilenanfänge", "les têtes"),
    ROW("a PROMPT", "提示词", "einen PROMPT", "un PROMPT"),
    ROW("--code holds the prompt already: give no --pinyin", "--code 里已经有提示词：不要再给 --pinyin",
        "--code enthält den Prompt schon: kein --pinyin dazu",
        "--code contient déjà le prompt" NB ": ne donnez pas --pinyin"),
    ROW("--code holds %s already: give one or the other", "--code 里已经有 %s：两者只能给一个",
        "--code enthält %s schon: nur eines von beiden angeben",
        "--code contient déjà %s" NB ": donnez l’un ou l’autre"),
    ROW("--code holds the prompt already: give no PROMPT", "--code 里已经有提示词：不要再给提示词",
        "--code enthält den Prompt schon: kein PROMPT dazu",
        "--code contient déjà le prompt" NB ": ne donnez pas de PROMPT"),
    ROW("--export: the prompt is longer than a code holds (%d characters)",
        "--export：提示词比分享码能容纳的长（%d 个字）",
        "--export: der Prompt ist länger, als ein Code fasst (%d Zeichen)",
        "--export" NB ": le prompt dépasse ce que contient un code (%d caractères)"),
    ROW("CONTEXT: invalid UTF-8 at byte %zu; check the terminal's locale",
        "上下文：第 %zu 字节处不是有效的 UTF-8；请检查终端的语言环境（locale）",
        "KONTEXT: ungültiges UTF-8 bei Byte %zu; die Locale des Terminals prüfen",
        "CONTEXTE" NB ": UTF-8 invalide à l’octet %zu" NB "; vérifiez la locale du terminal"),
    ROW(" (make model trains the bundled model; or give --model FILE)",
        "（make model 会训练自带的模型；或者给出 --model 文件）",
        " (make model trainiert das mitgelieferte Modell; oder --model DATEI angeben)",
        " (make model entraîne le modèle fourni" NB "; ou donnez --model FICHIER)"),
    ROW("give --session or --code, not both", "--session 和 --code 只能给一个",
        "entweder --session oder --code, nicht beides", "donnez --session ou --code, pas les deux"),
    ROW("--code holds the prompt and where it starts: give no --prompt or --mid-text with it",
        "--code 里已经有提示词和它的读法：不要同时给 --prompt 或 --mid-text",
        "--code enthält den Prompt und wo er beginnt: kein --prompt oder --mid-text dazu",
        "--code contient le prompt et où il commence" NB ": ne donnez ni --prompt ni --mid-text"),
    ROW("--session: %s is not a session saved by tangscope (x in the explorer)",
        "--session：%s 不是 tangscope 保存的会话（探索界面里的 x）",
        "--session: %s ist keine von tangscope gespeicherte Sitzung (x im Explorer)",
        "--session" NB ": %s n’est pas une session enregistrée par tangscope (x dans l’explorateur)"),
    ROW("--session: %s has no code: its text is longer than a code holds (%d characters), so it "
        "cannot be opened again",
        "--session：%s 没有分享码：它的文本比代码能容纳的长（%d 个字），所以无法重新打开",
        "--session: %s hat keinen Code: sein Text ist länger, als ein Code fasst (%d Zeichen), "
        "daher lässt es sich nicht wieder öffnen",
        "--session" NB ": %s n’a pas de code" NB ": son texte dépasse ce que contient un code (%d "
        "caractères), on ne peut donc pas la rouvrir"),
    ROW("needs a terminal on stdin and stdout (for text output use --print)",
        "标准输入和标准输出都需要是终端（要输出文本请用 --print）",
        "braucht ein Terminal an stdin und stdout (für Textausgabe --print verwenden)",
        "il faut un terminal en entrée et en sortie (pour du texte, utilisez --print)"),
    ROW("%s has no steps to show", "%s 没有可以显示的步骤", "%s hat keine Schritte zum Zeigen",
        "%s n’a aucune étape à montrer"),
    ROW("no lessons in %s (give a FILE, choose another --lang, or set TANGSCOPE_HOME to the folder "
        "that holds lessons/)",
        "%s 里没有课程（请给出文件、换一个 --lang，或把 TANGSCOPE_HOME 设为包含 lessons/ 的文件夹）",
        "keine Lektionen in %s (eine DATEI angeben, eine andere --lang wählen oder TANGSCOPE_HOME "
        "auf den Ordner mit lessons/ setzen)",
        "aucune leçon dans %s (donnez un FICHIER, choisissez une autre --lang, ou réglez "
        "TANGSCOPE_HOME sur le dossier qui contient lessons/)"),
    ROW("--check and --print do not go together", "--check 和 --print 不能同用",
        "--check und --print gehen nicht zusammen", "--check et --print ne vont pas ensemble"),
    ROW("--check: no lessons in %s (give lesson files, or set TANGSCOPE_HOME to the folder that "
        "holds lessons/)",
        "--check：%s 里没有课程（请给出课程文件，或把 TANGSCOPE_HOME 设为包含 lessons/ 的文件夹）",
        "--check: keine Lektionen in %s (Lektionsdateien angeben oder TANGSCOPE_HOME auf den "
        "Ordner mit lessons/ setzen)",
        "--check" NB ": aucune leçon dans %s (donnez des fichiers de leçon, ou réglez "
        "TANGSCOPE_HOME sur le dossier qui contient lessons/)"),
    ROW("--print takes one lesson file", "--print 只接受一个课程文件", "--print nimmt genau eine Lektionsdatei",
        "--print prend un seul fichier de leçon"),
    ROW("--worksheet goes with --print", "--worksheet 要和 --print 一起用", "--worksheet gehört zu --print",
        "--worksheet va avec --print"),
    ROW("one lesson at a time (--check takes several)", "一次只能上一节课（--check 可以一次检查多节）",
        "eine Lektion auf einmal (--check nimmt mehrere)",
        "une leçon à la fois (--check en prend plusieurs)"),
    ROW("there is no lesson %d (the lessons are numbered %d to %d)",
        "没有第 %d 课（课程编号从 %d 到 %d）",
        "es gibt keine Lektion %d (die Lektionen sind von %d bis %d nummeriert)",
        "il n’y a pas de leçon %d (les leçons sont numérotées de %d à %d)"),
    ROW("no lessons in %s (%s; set TANGSCOPE_HOME to the folder that holds lessons/, or choose "
        "another --lang)",
        "%s 里没有课程（%s；请把 TANGSCOPE_HOME 设为包含 lessons/ 的文件夹，或换一个 --lang）",
        "keine Lektionen in %s (%s; TANGSCOPE_HOME auf den Ordner mit lessons/ setzen oder eine "
        "andere --lang wählen)",
        "aucune leçon dans %s (%s" NB "; réglez TANGSCOPE_HOME sur le dossier qui contient "
        "lessons/, ou choisissez une autre --lang)"),
    ROW("no such folder", "没有这个文件夹", "diesen Ordner gibt es nicht", "ce dossier n’existe pas"),
    ROW("no NN-name.md files there", "那里没有 NN-名称.md 文件", "dort liegen keine NN-name.md-Dateien",
        "aucun fichier NN-nom.md"),
    ROW("a custom shape needs --layers", "自定义结构需要 --layers", "ein eigener Aufbau braucht --layers",
        "une forme personnalisée demande --layers"),
    ROW("--latent is latent attention: leave out --kv-heads and --head-dim",
        "--latent 表示潜在注意力：不要再给 --kv-heads 和 --head-dim",
        "--latent steht für Latent-Attention: --kv-heads und --head-dim weglassen",
        "--latent désigne l’attention latente" NB ": omettez --kv-heads et --head-dim"),
    ROW("a custom shape needs --kv-heads and --head-dim (or --latent)",
        "自定义结构需要 --kv-heads 和 --head-dim（或 --latent）",
        "ein eigener Aufbau braucht --kv-heads und --head-dim (oder --latent)",
        "une forme personnalisée demande --kv-heads et --head-dim (ou --latent)"),
    ROW("--seq must be 1..%d (the model's context), not %d", "--seq 应为 1..%d（模型的上下文），不是 %d",
        "--seq muss 1..%d sein (der Kontext des Modells), nicht %d",
        "--seq doit valoir de 1 à %d (le contexte du modèle), pas %d"),
    ROW("%s: needs at least two characters", "%s：至少需要两个字", "%s: braucht mindestens zwei Zeichen",
        "%s" NB ": il faut au moins deux caractères"),
    /* what the C library says about an errno (strerror, in the C locale) */
    LIBC("No such file or directory", "没有这个文件或文件夹", "Datei oder Ordner nicht gefunden",
         "fichier ou dossier introuvable"),
    LIBC("Permission denied", "没有权限", "keine Berechtigung", "permission refusée"),
    LIBC("Is a directory", "这是文件夹", "ist ein Ordner", "c’est un dossier"),
    LIBC("Not a directory", "不是文件夹", "kein Ordner", "ce n’est pas un dossier"),
    LIBC("No space left on device", "设备上没有空间了", "kein Platz mehr auf dem Datenträger",
         "plus de place sur le disque"),
    LIBC("Read-only file system", "文件系统只读", "schreibgeschütztes Dateisystem",
         "système de fichiers en lecture seule"),
    LIBC("File exists", "文件已存在", "Datei existiert bereits", "le fichier existe déjà"),
    LIBC("Too many levels of symbolic links", "符号链接层数太多", "zu viele Ebenen symbolischer Links",
         "trop de niveaux de liens symboliques"),
    LIBC("File name too long", "文件名太长", "Dateiname zu lang", "nom de fichier trop long"),
    LIBC("Input/output error", "输入/输出错误", "Ein-/Ausgabefehler", "erreur d’entrée-sortie"),
    LIBC("Disk quota exceeded", "超出磁盘配额", "Speicherkontingent überschritten",
         "quota de disque dépassé"),
    LIBC("Cannot allocate memory", "无法分配内存", "Speicher lässt sich nicht belegen",
         "impossible d’allouer la mémoire"),
};

enum { N_ROWS = (int)(sizeof ROWS / sizeof ROWS[0]) };

/* The language the translator speaks: set by the program's thread, read by
 * any engine thread that fails. */
static _Atomic int g_lang = LANG_EN;

const char *errtext_in(AppLang lang, const char *english)
{
    if ((unsigned)lang >= LANG_COUNT || !english)
        return NULL;
    for (int i = 0; i < N_ROWS; i++)
        if (strcmp(ROWS[i].text[LANG_EN], english) == 0)
            return ROWS[i].text[lang];
    return NULL;
}

static const char *translate(const char *english) { return errtext_in((AppLang)g_lang, english); }

void errtext_use(AppLang lang)
{
    g_lang = (unsigned)lang < LANG_COUNT ? (int)lang : LANG_EN;
    /* installed once, by the program's thread (the first call comes before
     * any other thread starts); later calls change the language alone */
    static int installed;
    if (!installed)
        ts_set_translator(translate);
    installed = 1;
}

const char *errtext_row(int i, AppLang lang)
{
    return i >= 0 && i < N_ROWS && (unsigned)lang < LANG_COUNT ? ROWS[i].text[lang] : NULL;
}

int errtext_row_is_libc(int i) { return i >= 0 && i < N_ROWS && ROWS[i].libc; }
