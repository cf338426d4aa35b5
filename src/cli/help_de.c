/* help_de.c - every command's --help and the lessons' verbs in German (see
 * cli_help.h). Written in German, not translated line by line; a block
 * is one line here when it is longer than 80 columns: cli_print_help wraps it
 * at its description's column. The options and their flags are the English
 * help's (tests/e2e/help_lang.sh). */

#include <stddef.h>

#include "cli/cli_help.h"


static const char *const H_EXPLORE[] = {
    "Aufruf: tangscope explore [--model DATEI] [--prompt TEXT] [--lang CODE]\n"
    "                          [--corpus DATEI | --no-corpus] [--threads N]\n"
    "                          [--mid-text] [--projector] [--theme dark|light]\n"
    "                          [--ascii] [--context-policy shift|slide]\n"
    "                          [--compare-model DATEI]\n"
    "\n"
    "Der Explorer im ganzen Terminal: einen Prompt tippen und bei jeder Taste sehen, wie sich die Wahrscheinlichkeiten des Modells für das nächste Zeichen ändern – daneben, was der Sampler daraus macht und wie oft der Trainingstext selbst so weitergeht. Zeichen für Zeichen generieren, ganze Gedichte schreiben, sie an eine Gedichtform binden und die Zeit mit und ohne KV-Cache messen. Im Explorer zeigt ? jede Taste.\n"
    "`tangscope` ohne Befehl oder nur mit diesen Optionen öffnet ihn ebenfalls.\n"
    "Was getippt, eingefügt oder mit --prompt übergeben wird, liest er wie `probs` einen Prompt: traditionelle Zeichen als vereinfachte (風 als 风), , . ? ! als ， und 。; die Statuszeile sagt, was umgewandelt wurde, oder nennt ein Zeichen, das das Modell nicht kennt. Ein Einfügen ist ein einziger Schritt und wird einmal vorhergesagt (der Text behält seine letzten 1024 Zeichen). Er braucht 80x24: ein kleineres Terminal zeigt diese Größe an und nimmt außer q keine Taste, bis es größer ist.\n"
    "Pinyin: y zeigt neben jedem Balken Lesung und Bedeutung des Kandidaten und unter dem Text die Lesungen; i macht das Modell zur Eingabemethode: Buchstaben bilden eine Silbe (chun, chūn, lv), alle Zeichen mit dieser Lesung werden aufgelistet, das wahrscheinlichste nächste zuerst; 1-9 oder Leertaste wählen (auf einer französischen Tastatur auch & é \" ' ( - è _ ç), ) und = blättern, Tab schaltet den Ton weiter, Esc beendet.\n"
    "Der Text steht ganz da, als Vers: ein Vers pro Zeile (ein Verspaar pro Zeile, wenn Zeilen knapp werden); er rollt nur, um sein Ende im Blick zu halten, wenn er länger ist, als der Bildschirm Zeilen hat (ein Pfeil sagt, dass oben mehr steht). Er bleibt bei jeder Länge Vers, mit den Lesungen unter jedem Vers, wenn Pinyin an ist; hinter dem Kontext steht eine Marke vor dem ersten Zeichen, das das Modell liest.\n"
    "Der Sampler beginnt mit den Standardwerten von generate, acrostic und jueju (Temperatur 0.8, Top-k, Top-p, Min-p und Wiederholungsstrafe aus, Startwert 1), sodass Eingabe dasselbe Gedicht schreibt, das diese Befehle für denselben Prompt ausgeben.\n"
    "\n"
    "  --model DATEI   Modelldatei (Standard assets/tang.bin)\n"
    "  --prompt TEXT   mit diesem Prompt beginnen\n"
    "  --mid-text      den Prompt als Ausschnitt aus der Textmitte lesen, ohne Zeilenumbruch davor (Standard: er beginnt ein Gedicht; n schaltet um)\n"
    "  --lang CODE     Sprache der Oberfläche, @LANGS@ (jeder Befehl nimmt sie an); sonst LC_ALL, LC_MESSAGES oder LANG (de_*, fr_*, zh_*); l schaltet weiter\n"
    "  --corpus DATEI  Trainingstext für die Zählungen (Standard assets/tang-train.txt)\n"
    "  --no-corpus     keine Zählungen im Trainingstext\n",
    "  --threads N     Threads für die Durchgänge des Modells, 0..1024, 0 = alle Kerne (Standard 0); der Cache-Vergleich (b) misst immer mit einem Thread\n"
    "  --projector     im Beamer-Modus beginnen (z schaltet um): Text, Balken über die ganze Breite und Regler in hohem Kontrast, keine grauen Hinweise, keine Braille-Zeichen\n"
    "  --theme NAME    dark (Standard) oder light (Beamer lassen dunkle Farben verblassen); ein gesetztes, nicht leeres NO_COLOR bedeutet gar keine Farbe\n"
    "  --ascii         alle Symbole in ASCII, für ein Terminal, das Symbole mehrdeutiger Breite doppelt breit zeichnet (chinesische Einstellungen); = TANGSCOPE_ASCII=1\n"
    "  --context-policy P\n"
    "                  hinter dem Kontext: shift (Standard) schiebt das Fenster auf seine neuere Hälfte weiter, markiert mit ¦, und behält den Cache; slide liest bei jedem Schritt die letzten 128, wo der Cache nicht helfen kann\n"
    "  --code CODE     einen Sitzungscode öffnen (die Titelleiste zeigt den der Sitzung): seinen Prompt, seine Gedichtform, Einstellungen und Startwert, sodass Eingabe schreibt, was `tangscope generate --code CODE` schreibt; nicht zusammen mit --prompt oder --mid-text. Ein vertippter Code oder einer von einem anderen Modell wird abgelehnt.\n"
    "  --session DATEI\n"
    "                  eine mit x gespeicherte Sitzung (DATEI.json) wieder öffnen, samt Gedicht\n"
    "  --compare-model DATEI\n"
    "                  ein zweites Modell (B) liest denselben Text neben diesem (A): die Top 8 beider, bei jedem Zeichen sein Rang im anderen Modell (oder dass es ihm fehlt) und KL(A||B) in Bit, an der Stelle der Balken (darunter, wenn Platz ist); fp32, bf16 oder int8 statt DATEI: dieses Modell in dieser Genauigkeit; im Explorer `:compare-model DATEI` und `:compare-model off`\n"
    "  --stage PROGRAMM\n"
    "                  das Programm eines Schülers macht Top-p neben dem eingebauten, seine Spalte markiert, wo die beiden abweichen (docs/exercises.md): --stage \"python3 top_p.py\"; \"jueju ./jueju\" für die Jueju-Bedingung (j); im Explorer `:stage ...` und `:stage off`\n"
    "  --stage-timeout SEKUNDEN\n"
    "                  so lange darf jede Anfrage an das Programm dauern (Standard 1; die erste samt Programmstart das Zehnfache): mehr für einen langsamen Start wie `import torch`; im Explorer `:stage --timeout SEKUNDEN PROGRAMM`. Was ein scheiterndes Programm auf seine Fehlerausgabe schreibt, bleibt in ~/.cache/tangscope/stage-PID-N.stderr: die Meldung nennt die Datei und zeigt ihre letzten Zeilen\n"
    "Im Explorer speichert x die Sitzung als JSON (docs/session-json.md nennt die Felder) und als Markdown zum Abgeben, im Arbeitsordner (die Statuszeile nennt die Dateien); r zeigt, was ein KV-Cache für dieses Modell und drei große kostet.\n",
    NULL,
};

static const char *const H_PROBS[] = {
    "Aufruf: tangscope probs PROMPT|--pinyin SILBEN [Optionen]\n"
    "\n"
    "Liest PROMPT und gibt die wahrscheinlichsten nächsten Zeichen aus: den Softmax der Punktwerte des Modells bei Temperatur 1 und, sobald eine Sampler-Option angegeben ist, auch die Wahrscheinlichkeit nach dem Sampler (Wiederholungsstrafe, Temperatur, Top-k, Top-p, Min-p). Die Wiederholungsstrafe zählt die Zeichen von PROMPT, so wie im Explorer, sobald PROMPT getippt ist.\n"
    "\n"
    "PROMPT beginnt ein Gedicht: das Modell liest davor einen Zeilenumbruch, wie vor jedem Gedicht des Trainingstexts; `generate` und der Explorer lesen einen Prompt genauso. Mit --mid-text ist PROMPT ein Ausschnitt aus der Textmitte, ohne etwas davor gelesen (ebenso bei einem Modell, dessen Vokabular keinen Zeilenumbruch hat; das sagt eine Zeile auf stderr). Die Zählungen im Trainingstext zum Vergleich: `tangscope corpus --poem-start PROMPT` (PROMPT am Gedichtanfang) und `tangscope corpus PROMPT` (irgendwo: die Lesart von --mid-text). Ein leerer Prompt beginnt so oder so ein Gedicht. Ein Text, der länger ist als der Kontext des Modells (128 Zeichen beim mitgelieferten Modell), wird gelesen, wie nanoGPTs generate und sample.py ihn lesen: nur seine letzten Kontext-Zeichen (siehe --context-policy).\n"
    "\n"
    "PROMPT darf in traditionellen Zeichen getippt sein (風 wird als 风 gelesen, mit OpenCCs t2s, der Umwandlung, die der Trainingstext durchlaufen hat) und mit ASCII- oder vollbreiter Zeichensetzung: , als ， und . ? ! als 。 (andere Satzzeichen kennt das Modell nicht). Was umgewandelt wurde, sagt eine Zeile auf stderr, \"tangscope probs: read 風 as 风\" (in der Sprache der Oberfläche). Ein Zeichen, das das Modell kennt, bleibt, wie es ist. TANGSCOPE_OPENCC_CONFIG nennt eine andere OpenCC-Konfiguration (tw2s.json).\n"
    "\n"
    "  --mid-text               PROMPT als Ausschnitt aus der Textmitte lesen\n"
    "  --context-policy P       hinter dem Kontext des Modells: slide (Standard) liest die letzten Kontext-Zeichen, so wie nanoGPT abschneidet (idx[:, -block_size:]); shift liest das Fenster, das `generate` und der Explorer standardmäßig behalten (nach jeder Verschiebung die neuere Hälfte), also das, was sie an dieser Stelle lesen\n"
    "  --top N                  wie viele Kandidaten, 1..1000000 (Standard 8)\n"
    "  --pinyin                 neben jedem Kandidaten seine Lesungen im Hochchinesischen und eine kurze englische Bedeutung (Unihan, assets/pinyin.tsv)\n"
    "  --pinyin \"chun feng\"     PROMPT in Pinyin, wie in generate --help (dann auch --pinyin)\n"
    "  --pinyin-input SILBE     das Modell als Eingabemethode: alle Zeichen, die SILBE gelesen werden (chun, chun1 oder chūn: Ton als Zeichen, als Ziffer 1-5 oder weggelassen für jeden; ü als v oder u:), das wahrscheinlichste nächste zuerst, mit seiner Wahrscheinlichkeit und seinem Rang unter allen Kandidaten des Modells; --top N davon\n"
    "@SAMPLER_PROBS@"
    "  --model DATEI            Modelldatei (Standard assets/tang.bin)\n"
    "  --weights P              die Gewichtsmatrizen in fp32 (wie trainiert), bf16 oder int8 (beim Laden gerundet; Standard: wie die Datei sie enthält)\n",
    "  --json                   {\"prompt\": ..., \"poem_start\": true|false, \"converted\": [{\"from\": \"風\", \"to\": \"风\"}], \"candidates\": [{\"char\": ..., \"prob\": ..., \"id\": ..., \"stages\": {@STAGE_KEYS@}}], \"stages\": [{\"stage\": \"model\", \"kept\": ..., \"removed\": ...}, ...], \"removed\": ..., ...}: die Wahrscheinlichkeit eines Kandidaten nach jedem Filter, in der Reihenfolge des Samplers, neu normiert über das, was der Filter behält; je Filter die behaltenen Zeichen und die Modellwahrscheinlichkeit, die er entfernt hat; \"removed\" die Modellwahrscheinlichkeit aller Zeichen, denen die Endverteilung 0 gibt (die Temperatur zählt mit); \"entropy\" die des Modells, \"entropy_final\" die des Samplers, in nats (JSON bleibt bei nats; der Bildschirm zeigt Bit); \"context_used\" die Zahl der Zeichen, die das Modell gelesen hat (höchstens sein Kontext; der Zeilenumbruch vor einem Gedicht zählt mit), \"context_policy\" das Fenster dazu (--context-policy). Kein Text davor, keine Form: Wiederholungsstrafe und Formmaske ändern hier nichts. Mit --pinyin: \"pinyin\" (Lesungen) und \"gloss\"; mit --pinyin-input außerdem \"rank\" und im Objekt \"pinyin_input\", \"matches\" (wie viele so gelesen werden) und \"matches_prob\" (ihre Wahrscheinlichkeit zusammen)\n"
    "  --stage PROGRAMM         Top-p zusätzlich von einem Programm, dem eines Schülers (Übung 1, docs/exercises.md), z. B. --stage \"python3 top_p.py\": seine Spalte neben dem eingebauten Top-p, jedes Zeichen, bei dem sie sich uneinig sind, markiert und aufgelistet (in --json: \"stage\" und bei jedem Kandidaten \"stage_top_p\")\n"
    "  --compare-model DATEI    ein zweites Modell (B) liest PROMPT ebenfalls, mit eigenem Zeichenvorrat und Kontext: die Top N beider nebeneinander, bei jedem Zeichen sein Rang im anderen Modell (fehlt: das andere kennt es nicht), und KL(A||B) in Bit (A: --model), über die Zeichen, die beide kennen, jeweils neu normiert, dazu die Wahrscheinlichkeit, die jedes auf die dem anderen fehlenden Zeichen legt; ein Zeichen von PROMPT, das B fehlt, ist ein Fehler. Nicht mit --stage oder --pinyin-input. In --json: \"kl\" (Nats), \"rank_other\", \"prob_other\", \"compare_candidates\", \"shared\", \"model_only_prob\", \"compare_only_prob\"\n"
    "\n"
    "Beispiel: tangscope probs 春风 --pinyin-input du  (度 oder 渡 oder 都?)\n",
    NULL,
};

static const char *const H_CORPUS[] = {
    "Aufruf: tangscope corpus KONTEXT [--poem-start] [--top N] [--data DATEI] [--json]\n"
    "                        [--no-cache]\n"
    "\n"
    "Wie oft geht der Trainingstext selbst so weiter? Gibt aus, wie oft KONTEXT im Text vorkommt (überlappende Vorkommen zählen) und welche Zeichen darauf folgen, die häufigsten zuerst, mit Anzahl und Anteil an den Vorkommen. Ein Vorkommen ganz am Ende des Texts hat keinen Nachfolger; es zählt nur in der Summe. Ein leerer KONTEXT (\"\" oder keiner) steht vor jedem Zeichen: seine Anzahl ist die Länge des Texts, seine Nachfolger sind die Zeichenhäufigkeiten. Der Zeilenumbruch, der jedes Gedicht beendet, ist auch ein Zeichen und wird als ⏎ gezeigt (\"\\n\" in JSON).\n"
    "\n"
    "KONTEXT wird überall gezählt, wo er vorkommt: als Ausschnitt aus der Textmitte, so wie `probs --mid-text` einen Prompt liest. Mit --poem-start wird er am Gedichtanfang gezählt, nach dem Zeilenumbruch, der das vorige Gedicht beendet (das erste Gedicht des Texts, vor dem nichts steht, zählt also nicht): der Kontext, den `probs` und der Explorer dem Modell standardmäßig geben.\n"
    "\n"
    "Die Suche benutzt ein Suffix-Array des Texts, beim ersten Mal gebaut (weit unter einer Sekunde) und in $XDG_CACHE_HOME/tangscope/ (Standard ~/.cache/tangscope/) als corpus-<CRC-32 des Texts>.sa aufbewahrt; ein geänderter Text bekommt ein neues.\n"
    "\n"
    "KONTEXT wird gelesen wie `probs` einen Prompt liest: ein Zeichen, das im Text fehlt, als seine vereinfachte Form (風 als 风, OpenCCs t2s), und , . ? ! (ASCII oder volle Breite) als ， und 。, sofern der Text sie nicht selbst enthält; eine Zeile auf stderr sagt, was umgewandelt wurde (in --json: \"converted\").\n"
    "\n"
    "  --poem-start   KONTEXT am Gedichtanfang zählen: nach einem Zeilenumbruch\n"
    "  --top N        wie viele Nachfolger, 1..1000000 (Standard 10)\n"
    "  --data DATEI   UTF-8-Text (Standard assets/tang-train.txt)\n"
    "  --no-cache     das Suffix-Array nur im Speicher bauen\n"
    "  --json         gibt {\"context\": ..., \"converted\": [...], \"count\": N, \"next\": [{\"char\": ..., \"count\": N, \"share\": F}, ...]} aus; der Kontext so, wie gezählt (mit --poem-start: \"\\n春风\")\n"
    "\n"
    "Beispiele:\n"
    "  tangscope corpus 春风          was in den Tang-Gedichten auf 春风 folgt\n"
    "  tangscope corpus 春风 --poem-start    ... wenn ein Gedicht mit 春风 beginnt\n"
    "  tangscope corpus '' --top 5    die fünf häufigsten Zeichen\n"
    "  tangscope corpus -- -x         ein Kontext, der mit '-' beginnt\n",
    NULL,
};

static const char *const H_GENERATE[] = {
    "Aufruf: tangscope generate [PROMPT | --pinyin SILBEN] [Optionen]\n"
    "\n"
    "Schreibt Gedichte. Jedes Gedicht beginnt nach einem Zeilenumbruch (wie im Trainingstext), dann kommt PROMPT, und es läuft bis zu seinem Zeilenumbruch oder --max-chars Zeichen. Mit --mid-text gibt es keinen Zeilenumbruch: PROMPT wird als Ausschnitt aus der Textmitte gelesen, wie `probs --mid-text` ihn liest (ohne PROMPT wird das erste Zeichen trotzdem nach einem Zeilenumbruch gewählt, der dann wegfällt). Bei einem Modell, dessen Vokabular keinen Zeilenumbruch hat, wird PROMPT von selbst so gelesen (eine Zeile auf stderr sagt es), und er muss angegeben werden.\n"
    "\n"
    "Traditionelle Zeichen werden als vereinfachte gelesen (風 als 风, mit OpenCCs t2s, wie der Trainingstext umgewandelt wurde), , . ? ! (ASCII oder volle Breite) als ， und 。; eine Zeile auf stderr sagt, was umgewandelt wurde (in --json: \"converted\").\n"
    "\n"
    "  -n N                     wie viele Gedichte, 1..10000 (Standard 1)\n"
    "  --quiet                  keine Fortschrittszeile (ab zwei Gedichten auf stderr, nur wenn es ein Terminal ist)\n"
    "  --pinyin \"chun feng\"     PROMPT, in Pinyin getippt: jede Silbe (chun, chun1, chūn) wird zu dem Zeichen mit dieser Lesung, das das Modell an dieser Stelle vorn sieht, nach den Zeichen davor; stderr sagt, welches, mit den nächstbesten\n"
    "  --max-chars N            höchstens N Zeichen pro Gedicht nach dem Prompt, 1..1000000 (Standard 200)\n"
    "  --stats                  außerdem sagen, wie viele Gedichte wohlgeformt sind: gleich lange Zeilen mit 5 oder 7 Zeichen, ， und 。 im Wechsel, eine gerade Zahl von Zeilen (auf stderr; in --json als \"well_formed\")\n"
    "  --code CODE              den Lauf schreiben, den ein Sitzungscode beschreibt: Prompt, Form, Einstellungen, Startwert, -n und --max-chars (aus der Titelleiste des Explorers oder dem \"code\" von --json); dazu kein PROMPT und keine dieser Optionen. Ein vertippter Code oder einer von einem anderen Modell wird abgelehnt\n"
    "Sampler:\n"
    "@SAMPLER@"
    "  --penalize-punctuation   die Strafe trifft auch ， 。 und den Zeilenumbruch\n"
    "  --seed S                 Startwert des Zufalls, 0 oder mehr (Standard 1); gleicher Startwert und gleiche Einstellungen schreiben auf jedem Rechner denselben Text. Die Standardwerte sind auch die des Explorers: Eingabe schreibt dort dasselbe Gedicht, das diese Befehle für denselben Prompt ausgeben\n"
    "  --no-cache               bei jedem Schritt das ganze Fenster neu berechnen (derselbe Text, langsamer)\n",
    "  --context-policy P       hinter dem Kontext des Modells (128 Zeichen beim mitgelieferten Modell): shift (Standard) schiebt das Fenster auf seine neuere Hälfte weiter, liest sie in einem Durchgang neu und rechnet dann mit Cache weiter; slide liest bei jedem Schritt die letzten 128 (da hilft kein Cache); beide geben denselben Text wie mit --no-cache\n"
    "  --mid-text               den Text als Ausschnitt aus der Textmitte lesen, ohne Zeilenumbruch davor (siehe oben)\n"
    "  --model DATEI            Modelldatei (Standard assets/tang.bin)\n"
    "  --weights P              die Gewichtsmatrizen in fp32 (wie trainiert), bf16 oder int8 (beim Laden gerundet; Standard: wie die Datei sie enthält)\n"
    "  --json                   gibt {\"poems\": [...], \"code\": ..., ...} aus: \"code\" ist der Sitzungscode des Laufs (generate --code schreibt ihn noch einmal)\n"
    "  --export                 das erste Gedicht außerdem speichern wie x im Explorer (JSON und Markdown)\n"
    "  --trace DATEI            jedes geschriebene Zeichen in DATEI festhalten, ein JSON-Objekt pro Zeile: Gedicht und Stelle, die Wahrscheinlichkeit bei Modell und Sampler und die ersten 8 mit beiden (docs/session-json.md)\n"
    "  --stage PROGRAMM         Top-p von einem Programm erledigen lassen, dem eines Schülers (Übung 1): einmal gestartet, bei jedem Zeichen gefragt (docs/exercises.md), z. B. --stage \"python3 top_p.py\"; mit \"jueju PROGRAMM\" übernimmt es die Jueju-Bedingung (Übung 2), und generate schreibt Jueju mit 7 Zeichen je Zeile (in `jueju` ist ein PROGRAMM ohne Vorsatz dieses, \"top-p PROGRAMM\" das andere); scheitert das Programm, endet der Lauf mit einer Zeile (Status 2). Der Lauf hat dann keinen Sitzungscode (ein Code steht für das eingebaute Top-p)\n",
    NULL,
};

static const char *const H_ACROSTIC[] = {
    "Aufruf: tangscope acrostic KÖPFE|--pinyin SILBEN [Optionen]\n"
    "\n"
    "Schreibt ein Akrostichon (藏头诗): Zeile i beginnt mit dem i-ten Zeichen von KÖPFE; den Rest jeder Zeile schreibt das Modell, ohne Satzzeichen innerhalb einer Zeile; die Zeilen enden abwechselnd auf ， und 。, die letzte auf 。. Das Gedicht beginnt nach einem Zeilenumbruch; mit --mid-text fällt dieser weg, sobald der erste Zeilenanfang geschrieben ist, und das Modell liest das Gedicht als Ausschnitt aus der Textmitte.\n"
    "\n"
    "Traditionelle Zeichen werden als vereinfachte gelesen (風 als 风, mit OpenCCs t2s, wie der Trainingstext umgewandelt wurde), , . ? ! (ASCII oder volle Breite) als ， und 。; eine Zeile auf stderr sagt, was umgewandelt wurde (in --json: \"converted\").\n"
    "\n"
    "  --pinyin \"chun xia qiu dong\"\n"
    "                           die Zeilenanfänge, in Pinyin getippt: jede Silbe (chun, chun1, chūn) wird zu dem Zeichen mit dieser Lesung, das das Modell an dieser Stelle vorn sieht, nach den Zeichen davor; stderr sagt, welches, mit den nächstbesten\n"
    "  --chars 5|7              Zeichen pro Zeile, 5 oder 7 (Standard 7)\n"
    "  -n N                     wie viele Gedichte, 1..10000 (Standard 1)\n"
    "  --quiet                  keine Fortschrittszeile (ab zwei Gedichten auf stderr, nur wenn es ein Terminal ist)\n"
    "  --stats                  außerdem sagen, wie viele Gedichte wohlgeformt sind (auf stderr; in --json als \"well_formed\")\n"
    "Sampler:\n"
    "@SAMPLER@"
    "  --penalize-punctuation   die Strafe trifft auch ， 。 und den Zeilenumbruch\n"
    "  --seed S                 Startwert des Zufalls, 0 oder mehr (Standard 1); gleicher Startwert und gleiche Einstellungen schreiben auf jedem Rechner denselben Text. Die Standardwerte sind auch die des Explorers: Eingabe schreibt dort dasselbe Gedicht, das diese Befehle für denselben Prompt ausgeben\n"
    "  --no-cache               bei jedem Schritt das ganze Fenster neu berechnen (derselbe Text, langsamer)\n"
    "  --context-policy P       hinter dem Kontext des Modells (128 Zeichen beim mitgelieferten Modell): shift (Standard) schiebt das Fenster auf seine neuere Hälfte weiter, liest sie in einem Durchgang neu und rechnet dann mit Cache weiter; slide liest bei jedem Schritt die letzten 128 (da hilft kein Cache); beide geben denselben Text wie mit --no-cache\n"
    "  --mid-text               den Text als Ausschnitt aus der Textmitte lesen, ohne Zeilenumbruch davor (siehe oben)\n"
    "  --model DATEI            Modelldatei (Standard assets/tang.bin)\n",
    "  --weights P              die Gewichtsmatrizen in fp32 (wie trainiert), bf16 oder int8 (beim Laden gerundet; Standard: wie die Datei sie enthält)\n"
    "  --json                   gibt {\"poems\": [...], \"code\": ..., ...} aus: \"code\" ist der Sitzungscode des Laufs (generate --code schreibt ihn noch einmal)\n"
    "  --export                 das erste Gedicht außerdem speichern wie x im Explorer (JSON und Markdown)\n"
    "  --trace DATEI            jedes geschriebene Zeichen in DATEI festhalten, ein JSON-Objekt pro Zeile: Gedicht und Stelle, die Wahrscheinlichkeit bei Modell und Sampler und die ersten 8 mit beiden (docs/session-json.md)\n"
    "  --stage PROGRAMM         Top-p von einem Programm erledigen lassen, dem eines Schülers (Übung 1): einmal gestartet, bei jedem Zeichen gefragt (docs/exercises.md), z. B. --stage \"python3 top_p.py\"; mit \"jueju PROGRAMM\" übernimmt es die Jueju-Bedingung (Übung 2), und generate schreibt Jueju mit 7 Zeichen je Zeile (in `jueju` ist ein PROGRAMM ohne Vorsatz dieses, \"top-p PROGRAMM\" das andere); scheitert das Programm, endet der Lauf mit einer Zeile (Status 2). Der Lauf hat dann keinen Sitzungscode (ein Code steht für das eingebaute Top-p)\n",
    NULL,
};

static const char *const H_JUEJU[] = {
    "Aufruf: tangscope jueju [--pinyin SILBEN] [Optionen]\n"
    "\n"
    "Schreibt ein Jueju (绝句) in fester Form: vier Zeilen mit 5 oder 7 Zeichen pro Zeile, Satzzeichen nur am Zeilenende, ，。，。. Das Gedicht beginnt nach einem Zeilenumbruch; mit --mid-text wird das erste Zeichen danach gewählt, dann fällt der Zeilenumbruch weg und das Modell liest das Gedicht als Ausschnitt aus der Textmitte.\n"
    "\n"
    "  --pinyin \"ming yue\"      seine ersten Zeichen, in Pinyin getippt: jede Silbe (chun, chun1, chūn) wird zu dem Zeichen mit dieser Lesung, das das Modell an dieser Stelle vorn sieht, nach den Zeichen davor; stderr sagt, welches, mit den nächstbesten\n"
    "  --chars 5|7              Zeichen pro Zeile, 5 oder 7 (Standard 5)\n"
    "  -n N                     wie viele Gedichte, 1..10000 (Standard 1)\n"
    "  --quiet                  keine Fortschrittszeile (ab zwei Gedichten auf stderr, nur wenn es ein Terminal ist)\n"
    "  --stats                  außerdem sagen, wie viele Gedichte wohlgeformt sind (auf stderr; in --json als \"well_formed\")\n"
    "Sampler:\n"
    "@SAMPLER@"
    "  --penalize-punctuation   die Strafe trifft auch ， 。 und den Zeilenumbruch\n"
    "  --seed S                 Startwert des Zufalls, 0 oder mehr (Standard 1); gleicher Startwert und gleiche Einstellungen schreiben auf jedem Rechner denselben Text. Die Standardwerte sind auch die des Explorers: Eingabe schreibt dort dasselbe Gedicht, das diese Befehle für denselben Prompt ausgeben\n"
    "  --no-cache               bei jedem Schritt das ganze Fenster neu berechnen (derselbe Text, langsamer)\n"
    "  --context-policy P       hinter dem Kontext des Modells (128 Zeichen beim mitgelieferten Modell): shift (Standard) schiebt das Fenster auf seine neuere Hälfte weiter, liest sie in einem Durchgang neu und rechnet dann mit Cache weiter; slide liest bei jedem Schritt die letzten 128 (da hilft kein Cache); beide geben denselben Text wie mit --no-cache\n"
    "  --mid-text               den Text als Ausschnitt aus der Textmitte lesen, ohne Zeilenumbruch davor (siehe oben)\n"
    "  --model DATEI            Modelldatei (Standard assets/tang.bin)\n"
    "  --weights P              die Gewichtsmatrizen in fp32 (wie trainiert), bf16 oder int8 (beim Laden gerundet; Standard: wie die Datei sie enthält)\n"
    "  --json                   gibt {\"poems\": [...], \"code\": ..., ...} aus: \"code\" ist der Sitzungscode des Laufs (generate --code schreibt ihn noch einmal)\n"
    "  --export                 das erste Gedicht außerdem speichern wie x im Explorer (JSON und Markdown)\n",
    "  --trace DATEI            jedes geschriebene Zeichen in DATEI festhalten, ein JSON-Objekt pro Zeile: Gedicht und Stelle, die Wahrscheinlichkeit bei Modell und Sampler und die ersten 8 mit beiden (docs/session-json.md)\n"
    "  --stage PROGRAMM         Top-p von einem Programm erledigen lassen, dem eines Schülers (Übung 1): einmal gestartet, bei jedem Zeichen gefragt (docs/exercises.md), z. B. --stage \"python3 top_p.py\"; mit \"jueju PROGRAMM\" übernimmt es die Jueju-Bedingung (Übung 2), und generate schreibt Jueju mit 7 Zeichen je Zeile (in `jueju` ist ein PROGRAMM ohne Vorsatz dieses, \"top-p PROGRAMM\" das andere); scheitert das Programm, endet der Lauf mit einer Zeile (Status 2). Der Lauf hat dann keinen Sitzungscode (ein Code steht für das eingebaute Top-p)\n",
    NULL,
};

static const char *const H_LESSON[] = {
    "Aufruf: tangscope lesson [DATEI] [--lang CODE] [--projector] [--theme dark|light]\n"
    "                         [--ascii] [Optionen]\n"
    "        tangscope lesson --watch DATEI [Optionen]\n"
    "        tangscope lesson --check [DATEI...] [Optionen]\n"
    "        tangscope lesson --print DATEI [--worksheet] [--html] [Optionen]\n"
    "\n"
    "Geführte Lektionen: Markdown-Dateien (lessons/zh, en, de, fr), deren `## `-Überschriften die Schritte sind, deren Absätze die Erzählung bilden und deren ```tangscope-Blöcke Befehle enthalten, die beim Betreten eines Schritts ausgeführt werden (lessons/README.md beschreibt das Format und jeden Befehl). Jede Lektion beginnt im selben Zustand, und der Startwert macht sie reproduzierbar: Schritt k zeigt immer dasselbe.\n"
    "\n"
    "  tangscope lesson          eine Auswahl der Lektionen in der Sprache der Oberfläche\n"
    "  tangscope lesson DATEI    die Lektion im Explorer: ihre Erzählung neben den Balken; n / Bild↓ der nächste Schritt, N / Bild↑ der vorige; : tippt einen Befehl\n"
    "  --watch DATEI             die Lektion im Explorer, während Sie sie schreiben: bei jedem Speichern wird die Datei neu gelesen und beim selben Schritt gezeigt, und unter der Erzählung stehen die Meldungen, die --check beim Ausführen ihrer Befehle gibt (DATEI:ZEILE: Meldung oder „DATEI: N Schritte, in Ordnung“); ist der Aufbau der Datei fehlerhaft (ein nie geschlossener Codeblock, keine Schritte), bleibt die letzte gute Fassung auf dem Bildschirm, und die Zeile wird genannt. Die Prüfungen der Bildschirme (80x24, 110x34, zitierte Zahlen) macht nur --check\n",
    "  --check [DATEI...]        jede Lektion (ohne DATEI: die der Auswahl) ohne Terminal bis zum Ende ausführen und je Problem eine Zeile DATEI:ZEILE: Meldung ausgeben (unbekannte Befehle, Werte außerhalb des Bereichs, Zeichen, die das Modell nicht kennt, expect-Zeilen, die nicht stimmen, eine zweite Frage im selben Schritt, eine leere Antwort, ein Wert, der feiner ist als die Schritte seines Reglers, eine Datei ohne Titel oder Schritte); Status 2, wenn es eines gibt, sonst je Datei eine Zeile „DATEI: N Schritte, in Ordnung“. Außerdem wird jeder Schritt ohne Terminal bei 80x24, 110x34 und im Beamer-Modus (80x24) mit den Bereichen des Explorers aufgebaut und gezeichnet, und DATEI:ZEILE wird genannt, wenn etwas, das ein Schritt anspricht (lookup, die Zufallszahl von step, das Urteil von compare und ein Diagramm von 4 Zeilen, show, point, quiz, die Zahl eines expect), nicht ganz auf dem Bildschirm steht oder eine Zeile abgeschnitten ist oder die Erzählung bei 80x24 über doppelt so hoch ist wie ihr Feld (bei der Überschrift des Schritts). Jede Zahl, die die Erzählung nennt (Prozent, Rang, Anzahl), muss so auf dem Bildschirm des Schritts (110x34) stehen, wie sie zitiert wird, sonst gilt sie als Problem: „Schritt 2: die Erzählung nennt 8,37 %, der Bildschirm zeigt 8,4 %“ (eine Zahl von anderswo steht in `Code` oder in „(Quelle: …)“, lessons/README.md)\n"
    "  --quiet                   mit --check: keine Fortschrittszeile (sie erscheint auf stderr nur, wenn es ein Terminal ist: geprüfte Lektionen von allen, Tempo, Restzeit, die Lektion in Arbeit)\n"
    "  --print DATEI             die Lektion ausführen und als Markdown-Handout ausgeben: die Erzählung jedes Schritts, dann, was sein Bildschirm zeigt: Text, Einstellungen, die ersten 8 (Modell, nach dem Sampler, Anzahl im Trainingstext), was das Modell geschrieben hat (den Text eines Vergleichs nur einmal) und die Ansicht, die der Schritt öffnet: das Dreieck der Maske, die Speichertabelle, die Gewichte, die Zeiten (das Einzige, was sich zwischen zwei Läufen unterscheidet); Gedichte stehen als Verse, ein Vers pro Zeile\n"
    "  --worksheet               mit --print: jede Frage ohne Antwort, mit einer Zeile zum Schreiben; was die Auflösung zeigt und der Schritt, der es erklärt, folgen am Ende der Lektion unter „Lösungen“ (der Teil für die Lehrkraft)\n"
    "  --html                    mit --print: das Handout als eine einzige Webseite zum Drucken oder für die Lernplattform, die nichts nachlädt (Druckformat A4; Balken, Maske und Zeiten als Grafik; Pinyin unter den Versen)\n"
    "\n"
    "  --model DATEI             Modelldatei (Standard assets/tang.bin)\n"
    "  --lang @LANGS@            Sprache der Oberfläche und der Lektionen in der Auswahl (Standard: aus LC_ALL / LC_MESSAGES / LANG); die Wörter der Kursunterlagen folgen dem Ordner der Lektion\n"
    "  --corpus DATEI            Trainingstext für die Zählungen (Standard assets/tang-train.txt)\n"
    "  --no-corpus               keine Zählungen im Trainingstext (expect corpus schlägt dann fehl)\n",
    "  --threads N               Threads für die Durchgänge des Modells, 0 = alle Kerne (Standard 0); die Zahlen sind bei jeder Anzahl dieselben\n"
    "  --projector               im Explorer: im Beamer-Modus beginnen (z schaltet um): Text, Balken über die ganze Breite und Regler, hoher Kontrast, keine grauen Hinweise\n"
    "  --theme dark|light        im Explorer: Farben für einen dunklen (Standard) oder hellen Hintergrund; NO_COLOR bedeutet gar keine Farbe\n"
    "  --ascii                   im Explorer: nur ASCII-Symbole, für ein Terminal, das Symbole mehrdeutiger Breite doppelt breit zeichnet\n"
    "  --stage PROGRAMM          im Explorer: das Programm eines Schülers macht Top-p (\"jueju PROGRAMM\": das Jueju) neben dem eingebauten, wie explore --stage. Ein `stage`-Schritt einer Lektion nennt nur ein Programm aus lessons/exercises, und der Explorer fragt, bevor er es startet; --check startet es ebenfalls, nennt den Schritt und prüft seinen Bildschirm; --print startet nie eines\n"
    "\n"
    "Die Befehle (dieselben wie auf der Befehlszeile des Explorers, `:`):\n",
    NULL,
};

static const char *const H_DEMO[] = {
    "Aufruf: tangscope demo [--lang CODE] [--section N] [--pause] [--worksheet]\n"
    "                      [--model DATEI] [--corpus DATEI | --no-corpus]\n"
    "\n"
    "Die geführten Lektionen, mit dem Modell ausgeführt und nacheinander als Markdown-Kursunterlagen ausgegeben (was `tangscope lesson --print` für jede ausgibt): die Erzählung jedes Schritts, dann der Text, die Einstellungen, die ersten 8 nächsten Zeichen (Modell, nach dem Sampler, die Zählungen im Trainingstext), was das Modell geschrieben hat, und die Zeiten des KV-Caches. Die Lektionen sind lessons/LANG/*.md und werden gefunden wie assets/ (TANGSCOPE_HOME, hier, neben dem Programm); `tangscope lesson` geht sie im Explorer durch.\n"
    "\n"
    "  --lang @LANGS@      Sprache der Lektionen (Standard: die der Oberfläche, aus LC_ALL / LC_MESSAGES / LANG)\n"
    "  --section N         nur Lektion N (die Zahl am Anfang ihres Dateinamens)\n"
    "  --pause             zwischen den Lektionen auf Eingabe warten\n"
    "  --worksheet         jede Lektion als Arbeitsblatt: die Fragen ohne Antworten, die am Ende der Lektion folgen\n"
    "  --model DATEI       Modelldatei (Standard assets/tang.bin)\n"
    "  --corpus DATEI      Trainingstext für die Zählungen (Standard assets/tang-train.txt)\n"
    "  --no-corpus         keine Zählungen im Trainingstext\n",
    NULL,
};

static const char *const H_INFO[] = {
    "Aufruf: tangscope info [--model DATEI] [--json]\n"
    "\n"
    "Zeigt ein Modell: seine Konfiguration, jeden Gewichtstensor mit Form und Größe (in der Reihenfolge der Datei, siehe docs/model-format.md), die Zahl der Parameter, die Dateigröße, welches GELU und welches LayerNorm-Epsilon das Modell verwendet (tanh und 1e-5 bei tangscopes eigenem; das exakte erf-GELU bei einem aus nanoGPT importierten, tangscope import) und die Größe des KV-Caches pro Zeichen und beim vollen Kontext.\n"
    "\n"
    "  --model DATEI\n"
    "                Modelldatei (Standard assets/tang.bin)\n"
    "  --json        gibt {\"layers\": ..., \"gelu\": \"tanh\"|\"erf\", \"ln_eps\": ..., \"tensors\": [{\"name\": ..., \"shape\": [...]}], ...} aus\n",
    NULL,
};

static const char *const H_EXERCISE[] = {
    "Aufruf: tangscope exercise check ÜBUNG PROGRAMM [--timeout SEKUNDEN]\n"
    "\n"
    "Prüft die Lösung eines Schülers zu einer Übung des Kurses an Referenzfällen, die aus den Definitionen geschrieben sind, und sagt zu jedem Fall, ob er bestanden ist, was erwartet war und was zurückkam. Der Exit-Status ist nur 0, wenn alle Fälle bestanden sind (1, wenn einer scheitert, 2, wenn PROGRAMM gar nicht läuft).\n"
    "\n"
    "ÜBUNG ist\n"
    "  top-p   Übung 1: die wahrscheinlichsten Kandidaten behalten, bis ihre Wahrscheinlichkeiten p erreichen (Gleichstände, p = 0 und 1, ein übermächtiger Kandidat, eine flache Verteilung, Top-k vor Top-p, die Zahlen des Kurses)\n"
    "  jueju   Übung 2: welche Zeichen in einem Jueju als Nächstes erlaubt sind – vier Verse aus 5 oder 7 chinesischen Schriftzeichen mit ，。，。 und danach der Zeilenumbruch\n"
    "\n"
    "PROGRAMM ist der Befehl, der die Lösung startet, als ein Argument: \"python3 mein_top_p.py\". Er wird an Leerzeichen in Wörter zerlegt, ohne Shell; ein Wort in \"doppelten\" oder 'einfachen' Anführungszeichen darf Leerzeichen enthalten. tangscope startet ihn einmal und spricht mit ihm über Standardein- und -ausgabe, ein JSON-Objekt pro Zeile in jede Richtung (docs/exercises.md; Vorlagen in lessons/exercises/). Seine Standardfehlerausgabe ist die des Terminals: Debug-Ausgaben gehören dorthin.\n"
    "\n"
    "Stürzt das Programm ab, hängt es oder antwortet es mit etwas anderem als einer JSON-Zeile, scheitert der Fall mit einer einzeiligen Meldung, und für den nächsten wird es neu gestartet; nach zwei solchen Fehlern hintereinander laufen die übrigen Fälle nicht mehr. Nichts, was es startet, überlebt es oder tangscope (wie auch immer tangscope endet); sein TMPDIR ist ein eigener Ordner, der mit ihm verschwindet.\n"
    "\n"
    "  --timeout SEKUNDEN  so lange darf ein Fall dauern, 0.05..60 (Standard 1); der erste nach einem Start darf zehnmal so lange brauchen, weil das Programm erst startet (python3 kann Sekunden brauchen)\n"
    "\n"
    "Beispiel: tangscope exercise check top-p \"python3 lessons/exercises/top_p.py\"\n",
    NULL,
};

static const char *const H_KVCACHE[] = {
    "Aufruf: tangscope kvcache [--tokens N] [--model DATEI] [Form-Optionen] [--json]\n"
    "\n"
    "Der Speicher, den ein KV-Cache braucht: Byte pro Token und bei N Tokens, für dieses Modell und für drei große mit veröffentlichtem Aufbau:\n"
    "  7B, Multi-Head-Attention      32 Schichten x 32 Köpfe x 128 (4096 Dim.), 16 Bit:\n"
    "                                2 x 32 x 4096 x 2 Byte pro Token\n"
    "  8B, Grouped-Query-Attention   32 Schichten x 8 Key/Value-Köpfe x 128, 16 Bit:\n"
    "                                2 x 32 x 8 x 128 x 2 Byte pro Token\n"
    "  DeepSeek-V3, Latent-Attention 61 Schichten x (latent 512 + Positionsschlüssel\n"
    "                                64), 16 Bit: 61 x 576 x 2 Byte pro Token\n"
    "\n"
    "  --tokens N       Tokens im Cache, 1..1000000000 (Standard 4096)\n"
    "  --model DATEI    das tangscope-Modell (Standard assets/tang.bin)\n"
    "  --json           gibt {\"tokens\": N, \"models\": [{\"name\", \"bytes_per_token\", \"total_bytes\", ...}]} aus\n"
    "Ein weiterer Aufbau, als \"custom\" hinzugefügt (Key und Value pro Kopf, oder --latent):\n"
    "  --layers N       Schichten, 1..1000\n"
    "  --kv-heads N     Key/Value-Köpfe, 1..1024 (mit --head-dim)\n"
    "  --head-dim N     Zahlen pro Kopf, 1..4096\n"
    "  --latent N       Latent-Attention: Zahlen des latenten Vektors, 1..65536\n"
    "  --rope-dim N     Latent-Attention: Zahlen des Positionsschlüssels, 0..65536 (Standard 0)\n"
    "  --bits B         16 oder 32 Bit pro Zahl (Standard 16)\n",
    NULL,
};

static const char *const H_TRAIN[] = {
    "Aufruf: tangscope train [Optionen]\n"
    "\n"
    "Trainiert das zeichenbasierte GPT auf einer Textdatei (ein Gedicht pro Zeile) und schreibt das Modell mit dem besten Validierungsverlust. Fortschritt: Schritt, Trainingsverlust, Validierungsverlust, Tokens/s, vergangene Zeit, Restzeit; in einem Terminal außerdem beide Verluste als Kurve und ein Gedicht der aktuellen Gewichte (die Trainingsansicht, --view). Strg-C speichert einen Checkpoint und hält an.\n"
    "Der Text enthält nur druckbare Zeichen und Zeilenumbrüche: Steht darin ein Steuerzeichen (ein Tabulator, ein Wagenrücklauf, ESC …) oder ein Zeichen, das die Schreibrichtung umschaltet, wird er abgelehnt, bevor ein Modell entsteht; die Meldung nennt die Zeile.\n"
    "\n"
    "Dateien:\n"
    "  --data DATEI           Trainingstext (Standard assets/tang-train.txt)\n"
    "  --val DATEI            Validierungstext (Standard assets/tang-val.txt, wenn --data fehlt; sonst keiner)\n"
    "  --out DATEI            zu schreibendes Modell: das beste nach Validierung, sonst die letzten Gewichte\n"
    "  --checkpoint DATEI     Checkpoint zum Fortsetzen (Standard OUT.ckpt)\n"
    "  --save-last            die letzten Gewichte nach OUT schreiben, nicht die besten nach Validierung\n"
    "  --resume               vom Checkpoint aus weitermachen: mit seinen Texten (--data/--val nur dieselben Dateien) und Einstellungen; --steps darf sich ändern\n"
    "  --force                neu beginnen, obwohl der Checkpoint existiert\n"
    "  --log DATEI            Zeilen step,loss,val_loss,lr,tokens_per_s anhängen (CSV; Verluste in nats pro Zeichen, Zahlen mit Dezimalpunkt; der Bildschirm zeigt Bit pro Zeichen)\n"
    "Modell (nur neue Läufe):\n"
    "  --layers N             Transformer-Blöcke, 1..64 (Standard 4)\n"
    "  --dims N               Einbettungsdimensionen, 1..4096 (Standard 128)\n"
    "  --heads N              Attention-Köpfe, 1..64, Teiler von --dims (Standard 4)\n"
    "  --context N            längste Folge, die das Modell liest, 1..8192 (Standard 128)\n"
    "Training (nur neue Läufe; Schrittzahlen sind 1..100000000, oder 0..100000000, wo 0 erlaubt ist):\n"
    "  --steps N              Optimiererschritte (Standard 8000)\n"
    "  --batch N              Folgen pro Schritt, 1..4096 (Standard 32)\n"
    "  --seq N                Zeichen pro Folge, 1..8192, höchstens --context\n"
    "  --lr X                 höchste Lernrate, (0, 1] (Standard 0.002)\n"
    "  --lr-min X             letzte Lernrate, 0..1, höchstens --lr (Standard 0.0001)\n"
    "  --warmup N             Schritte mit linear steigender Lernrate, höchstens --steps (Standard 200, höchstens steps/10)\n"
    "  --weight-decay X       Weight Decay von AdamW auf den Matrizen, 0..1 (Standard 0.1)*\n"
    "  --clip X               größte Gradientennorm, 0..1000000, 0 = aus (Standard 1)\n"
    "  --seed N               Startwert für Gewichte und Batches, 0 oder mehr (Standard 1337)\n"
    "  --eval-every N         Validierungsverlust alle N Schritte (Standard 250)\n"
    "  --checkpoint-every N   Checkpoint alle N Schritte (Standard 250)\n"
    "  --short-every N        jeder N-te Schritt trainiert stattdessen auf kurzen Fenstern, damit das Modell auch aus ein oder zwei Zeichen vorhersagen lernt (0 = nie, der Standard)*\n"
    "  --short-seq N          Länge dieser Fenster, 1..8192, Teiler von --seq (Standard 16)\n",
    "  --precision P          bf16: jedes Matrixprodukt multipliziert auf bfloat16 gerundete Eingaben und summiert in float32, auf jeder CPU mit AVX2 und FMA bitgenau dieselben Ergebnisse, mit AVX512_BF16 etwa 1,5-mal schneller pro Schritt und dort der Standard; fp32: alles in float32 (sonst der Standard). Gewichte, Gradienten und AdamW bleiben float32*\n"
    "  * auch mit --resume möglich\n"
    "Ausführung:\n"
    "  --threads N            Threads, 0..1024, 0 = alle Kerne (Standard 0); gleicher Startwert und gleiche Thread-Zahl geben dieselben Verluste (in bf16 gibt sie derselbe Startwert bei jeder Thread-Zahl)\n"
    "  --max-steps-now N      nach N Schritten in diesem Lauf anhalten (mit Checkpoint)\n"
    "  --stop-at N            bei Schritt N anhalten (mit Checkpoint), ob fortgesetzt oder nicht\n"
    "  --quiet                keine Fortschrittszeile, nur die Zusammenfassung am Ende\n"
    "  --view, --no-view      die Trainingsansicht an (auch wo stderr kein Terminal ist) oder aus; von selbst an, wenn stderr ein Terminal ist, TERM gesetzt und nicht dumb ist und --quiet fehlt. Sie ändert das Training nie: dieselben Gewichte, Checkpoints und Verluste wie ohne sie\n"
    "  --ascii                die Kurve der Ansicht in ASCII, wie explore --ascii; ebenso TANGSCOPE_ASCII=1 und ein TERM linux, vt* oder dumb\n"
    "  --sample-every N       mit der Ansicht: ein Gedicht der aktuellen Gewichte zu Beginn, alle N Schritte und bei jeder Validierung (Standard 200; Startwert 1, Temperatur 0.8, bis zu 32 Zeichen)\n",
    NULL,
};

static const char *const H_EVAL[] = {
    "Aufruf: tangscope eval [--model DATEI] [--weights P] [--data DATEI] [--seq N]\n"
    "                       [--threads N] [--json] [--quiet]\n"
    "\n"
    "Gibt den Verlust des Modells auf einem Text in Nat pro Zeichen und seine Perplexität (e^Verlust) aus. Der Text wird in aufeinanderfolgende Fenster von der Länge des Modellkontexts zerlegt; jedes Zeichen wird aus den Zeichen davor in seinem Fenster vorhergesagt.\n"
    "\n"
    "  --model DATEI  Modelldatei (Standard assets/tang.bin)\n"
    "  --weights P    fp32, bf16 oder int8: der Verlust des Modells mit so gerundeten Gewichtsmatrizen (Standard: wie die Datei sie enthält); der Durchgang rechnet in float32 mit den gerundeten Gewichten (ein int8-Gewicht als ganze Zahl x Skala seiner Zeile)\n"
    "  --data DATEI   UTF-8-Text (Standard assets/tang-val.txt)\n"
    "  --seq N        Fensterlänge, 1..8192 und höchstens der Kontext des Modells (Standard: der Kontext)\n"
    "  --threads N    Threads, 0..1024, 0 = alle Kerne (Standard 0)\n"
    "  --json         gibt {\"loss\": ..., \"perplexity\": ..., ...} aus\n"
    "  --quiet        keine Fortschrittszeile (sie erscheint auf stderr nur, wenn stderr ein Terminal ist)\n",
    NULL,
};

static const char *const H_BENCH[] = {
    "Aufruf: tangscope bench [--lengths 32,64,120] [--repeat N] [--context-policy P]\n"
    "                        [--model DATEI] [--weights LISTE] [--json] [--quiet]\n"
    "        tangscope bench --train [Optionen]\n"
    "        tangscope bench --ui [--model DATEI] [--json]\n"
    "        tangscope bench --lessons [--model DATEI]\n"
    "\n"
    "Generieren (der Standard): für jede Länge die beste von N Zeiten, um so viele Zeichen mit und ohne KV-Cache zu schreiben (Modell samt Sampler bei seinen Standardwerten; ein Thread, ein Startwert, beide im Gleichschritt), der Geschwindigkeitsgewinn, ob beide identischen Text geschrieben haben („LOGITS DIFFER“, wenn ihre Logits nicht an jeder Position dieselben Bytes waren) und der größte Unterschied ihrer Logits an irgendeiner Position; dann die Zeichen pro Sekunde beim Generieren mit Cache (Modell samt Sampler) gegen die Grenze durch den Speicher (die Gewichte einmal pro Zeichen gelesen, bei der gemessenen Streaming-Bandbreite dieses Rechners) und der volle Durchgang (Prefill eines ganzen Kontexts) in Multiplikationen-Additionen pro Sekunde gegen die gemessene Spitze eines Kerns; die Größe des KV-Caches; was ein Tastendruck im Explorer bei vollem Kontext kostet (Prefill auf allen Kernen, wie der Explorer ihn rechnet, Sampler, erste 8, Zählungen im Trainingstext); und die Kosten des Samplers neben denen des Modells, in ms pro Zeichen mit Cache auf einem Thread, bei mehreren Einstellungen. Unter den Zeilen der Längen ein Diagramm der letzten Länge: die ms, um die ersten n Zeichen ohne und mit Cache zu schreiben (jeweils der schnellste Lauf), die Zahlen an den Achsen so geschrieben, wie die Sprache der Oberfläche sie schreibt.\n"
    "  --lengths LISTE\n"
    "                  zu schreibende Zeichen, durch Kommas getrennt, je 1..100000 (Standard 32,64,120)\n"
    "  --repeat N      Läufe pro Messung, der beste zählt, 1..1000 (Standard 10; ohne --repeat hört eine Länge nach 2 s an Läufen auf, nach mindestens einem, damit 500 Zeichen bei --context 512 Sekunden dauern statt Minuten)\n"
    "  --context-policy P\n"
    "                  hinter dem Kontext: shift (Standard) oder slide, wie in `tangscope generate --help`\n"
    "  --model DATEI   Modelldatei (Standard assets/tang.bin)\n"
    "  --weights LISTE\n"
    "                  fp32, bf16, int8, durch Kommas getrennt: die Längen in jeder dieser Genauigkeiten der Gewichte (tangscope quantize), die Genauigkeiten Lauf für Lauf abwechselnd, dann eine Tabelle nebeneinander bei der letzten Länge: die Byte an Gewichten, die ein Schritt mit Cache liest, die Zeichen pro Sekunde des Modells (nur seine Durchgänge), die Grenze durch den Speicher für diese Byte und der erreichte Anteil davon, und die Geschwindigkeit gegenüber fp32 im selben Lauf; der Rest für die erste davon (Standard: die Gewichte, wie die Datei sie enthält)\n"
    "  --context N     ein Modell derselben Form mit Kontext N messen, 1..8192, mit Zufallsgewichten (die Geschwindigkeit hängt nicht von den Gewichten ab), z. B. --context 512 --lengths 500; dann ohne Sampler-Tabelle (seine Kosten hängen von den Verteilungen des Modells ab)\n"
    "  --quiet         keine Fortschrittszeile (nur zu sehen, wenn stderr ein Terminal ist; gilt auch für --train)\n"
    "  --ascii         das Diagramm in ASCII (* o | + -), wie explore --ascii; ebenso mit TANGSCOPE_ASCII=1 und einem TERM linux, vt* oder dumb\n"
    "\n"
    "  --train         Trainingsgeschwindigkeit: Tokens pro Sekunde voller Optimiererschritte (Vorwärts, Rückwärts, AdamW) am Standardmodell, 4 Schichten, 128 Dimensionen, 4 Köpfe, Batch 32 x 128, Zeichenvorrat von assets/tang-train.txt; und die Multiplikationen-Additionen pro Sekunde, die das bedeutet, gegen die gemessene float32-Spitze so vieler Kerne (und die bfloat16-Spitze, mit bfloat16-Produkten)\n",
    "  --precision P   bf16 oder fp32: wie die Matrixprodukte multiplizieren, wie bei `tangscope train` (Standard: bf16, wo die CPU es hat)\n"
    "  --steps N       gemessene Schritte nach 2 Aufwärmschritten, 1..100000 (Standard 10)\n"
    "  --batch N       Folgen pro Schritt, 1..4096 (Standard 32)\n"
    "  --seq N         Zeichen pro Folge, 1..8192 (Standard 128)\n"
    "  --threads N     Threads, 0..1024, 0 = alle Kerne (Standard 0)\n"
    "  --json          gibt {\"tokens_per_s\": ..., ...} aus\n"
    "\n"
    "  --ui            der Explorer: ms vom Start bis zum ersten Bild (auf einem Pseudo-Terminal von 80 x 24) und von einem Tastendruck bis zu neu gezeichneten Balken bei vollem Kontext; --json gibt {\"first_frame_ms\": ..., \"keystroke_ms\": ...} aus\n"
    "\n"
    "  --lessons       jede Lektion von lessons/zh, en, de, fr, wie eine Lehrkraft sie durchgeht (öffnen, n bis zum Ende, N zurück, wieder n): der langsamste Schrittwechsel jeder Lektion, von der Taste bis zum neu gezeichneten Bildschirm (110 x 34, ohne Anzeige), auf allen Kernen; ein Schrittwechsel sollte höchstens 300 ms dauern\n",
    NULL,
};

static const char *const H_QUANTIZE[] = {
    "Aufruf: tangscope quantize --to bf16|int8|fp32 --out DATEI [--model DATEI]\n"
    "\n"
    "Schreibt das Modell neu, mit seinen Gewichtsmatrizen (wte, qkv_w, attproj_w, fc_w, fcproj_w: 99 % der Gewichte) in bfloat16 (2 Byte pro Gewicht) oder als 8-Bit-Ganzzahlen mit einer float32-Skala pro Zeile (1 Byte pro Gewicht), gerundet aus den float32-Gewichten; Positionseinbettung, Biases und LayerNorms bleiben float32. Eine solche Datei ist Version 3 des Modellformats (docs/model-format.md) und lässt sich überall laden, wo eine Modelldatei geht; jeder Befehl rechnet dann mit den gerundeten Gewichten. --to fp32 schreibt die Gewichte einer Datei als float32 (was die Rundung weggenommen hat, kommt nicht zurück). Das Training bleibt float32.\n"
    "\n"
    "  --to P         bf16, int8 oder fp32\n"
    "  --out DATEI    die neue Modelldatei (unter einem vorläufigen Namen geschrieben, dann umbenannt)\n"
    "  --model DATEI  zu lesende Modelldatei (Standard assets/tang.bin)\n",
    NULL,
};

static const char *const H_EXPORT[] = {
    "Aufruf: tangscope export DATEI.bin --out ORDNER [--dataset NAME] [--quiet]\n"
    "\n"
    "Schreibt ein tangscope-Modell als Checkpoint von nanoGPT: ORDNER/ckpt.pt, wie ihn train.py von nanoGPT speichert (torch.load liest ihn; die Gewichte als float32), und ORDNER/meta.pkl, sein Vokabular (stoi, itos). Gibt es ORDNER noch nicht, wird er angelegt (der Ordner darüber muss existieren). Danach im Ordner von nanoGPT:\n"
    "\n"
    "    python sample.py --out_dir=ORDNER\n"
    "\n"
    "Die config des Checkpoints nennt als Datensatz den absoluten Pfad von ORDNER; so findet sample.py die Datei ORDNER/meta.pkl, egal aus welchem Ordner es startet. bias ist False (und es fehlen die Bias-Schlüssel), wenn alle Biases des Modells null sind. Ein von tangscope trainiertes Modell rechnet mit der tanh-GELU: Das MLP von nanoGPT liefert dieselben Wahrscheinlichkeiten mit nn.GELU(approximate='tanh'). Python wird nicht gebraucht; tangscope import ORDNER/ckpt.pt --meta ORDNER/meta.pkl --out DATEI.bin ergibt wieder dieselbe Datei. Beide Dateien werden geschrieben wie jede Ausgabe (einem Link wird gefolgt, ein Gerät oder ein FIFO an Ort und Stelle beschrieben, eine Datei erst ersetzt, wenn sie vollständig ist); ein beschädigtes Modell oder ein unbrauchbarer Pfad wird mit einer Zeile und Status 2 abgelehnt. docs/course-model.md beschreibt den ganzen Weg.\n"
    "\n"
    "  --out ORDNER     der Ordner, in den ckpt.pt und meta.pkl kommen\n"
    "  --dataset NAME   der Datensatz in der config statt des Pfads von ORDNER: sample.py liest dann data/NAME/meta.pkl (die Ordnung von nanoGPT selbst)\n"
    "  --quiet          keine Fortschrittszeile (sie erscheint auf stderr nur, wenn es ein Terminal ist: Lesen, Umwandeln, Schreiben)\n",
    NULL,
};

static const char *const H_IMPORT[] = {
    "Aufruf: tangscope import CKPT --meta META.pkl --out DATEI.bin [--n-head N]\n"
    "                        [--gelu erf|tanh] [--ln-eps X] [--quiet]\n"
    "\n"
    "Macht aus einem Checkpoint im Stil von nanoGPT (was train.py von nanoGPT speichert, oder ein bloßes state_dict; mit oder ohne das Präfix _orig_mod. von torch.compile; bias true oder false) und seiner meta.pkl (stoi, itos: ein Zeichen pro Token) eine Modelldatei von tangscope, die dann überall funktioniert, wo --model DATEI geht.\n"
    "\n"
    "tangscope liest das Zip-Archiv des Checkpoints und seine Pickles selbst: Sonst muss nichts installiert sein, und nichts aus den beiden Dateien wird je ausgeführt. Angenommen wird nur, was ein Checkpoint enthält (Tensoren, Dicts, Listen, Zahlen, Zeichenketten); alles andere und was sich nicht übertragen lässt (eine andere Architektur, rotierende Positionen, ein Vokabular aus Wörtern oder Bytes, Formen, die nicht zusammenpassen), wird mit einer Zeile und Status 2 abgelehnt. Die Ausgabe wird geschrieben wie jede Modelldatei (ein Gerät oder eine FIFO bleibt, was sie ist, einem Link wird gefolgt). docs/course-model.md beschreibt den ganzen Weg.\n"
    "\n"
    "  --meta META.pkl  das Vokabular, das prepare.py von nanoGPT geschrieben hat\n"
    "  --out DATEI.bin  das zu schreibende tangscope-Modell\n"
    "  --n-head N       die Köpfe, für ein bloßes state_dict (ohne model_args)\n"
    "  --gelu erf|tanh  die GELU des MLP: erf ist nn.GELU() von nanoGPT (Standard), tanh für nn.GELU(approximate='tanh')\n"
    "  --ln-eps X       das Epsilon der LayerNorm (Standard 1e-5, wie bei nanoGPT)\n"
    "  --quiet          keine Fortschrittszeile (sie erscheint auf stderr nur, wenn es ein Terminal ist: Lesen, Umwandeln, Schreiben)\n"
    "\n"
    "Der umgekehrte Weg: tools/export-nanogpt.py DATEI.bin --out ckpt.pt --meta meta.pkl.\n",
    NULL,
};

const CliHelp CLI_HELP_DE[] = {
    {.cmd = "explore", .parts = H_EXPLORE},
    {.cmd = "probs", .parts = H_PROBS},
    {.cmd = "corpus", .parts = H_CORPUS},
    {.cmd = "generate", .parts = H_GENERATE},
    {.cmd = "acrostic", .parts = H_ACROSTIC},
    {.cmd = "jueju", .parts = H_JUEJU},
    {.cmd = "lesson", .parts = H_LESSON},
    {.cmd = "demo", .parts = H_DEMO},
    {.cmd = "info", .parts = H_INFO},
    {.cmd = "kvcache", .parts = H_KVCACHE},
    {.cmd = "train", .parts = H_TRAIN},
    {.cmd = "eval", .parts = H_EVAL},
    {.cmd = "bench", .parts = H_BENCH},
    {.cmd = "quantize", .parts = H_QUANTIZE},
    {.cmd = "import", .parts = H_IMPORT},
    {.cmd = "export", .parts = H_EXPORT},
    {.cmd = "exercise", .parts = H_EXERCISE},
    {.cmd = NULL},
};

const CliVerbHelp CLI_VERBS_DE[] = {
    {.verb = "prompt", .help = "den Text durch TEXT ersetzen (ein neuer Prompt)"},
    {.verb = "type", .help = "TEXT hinter das Vorhandene tippen"},
    {.verb = "backspace", .help = "die letzten N Zeichen zurücknehmen (Standard 1)"},
    {.verb = "clear", .help = "ein leerer Text"},
    {.verb = "set seed", .help = "der Startwert des Zufalls"},
    {.verb = "seed", .help = "der Startwert des Zufalls (1 bis 99999)"},
    {.verb = "mid-text", .help = "den Prompt als Ausschnitt aus der Textmitte oder als Gedichtanfang lesen"},
    {.verb = "cache", .help = "der KV-Cache"},
    {.verb = "step", .help = "N Zeichen ziehen (Standard 1)"},
    {.verb = "pick", .help = "Kandidat N anhängen (1 bis 8)"},
    {.verb = "write", .help = "den Rest des Gedichts schreiben"},
    {.verb = "compare", .help = "denselben Text mit und ohne Cache schreiben und die Zeiten vergleichen"},
    {.verb = "form", .help = "die Gedichtform (das Akrostichon nimmt seine Zeilenanfänge aus dem Text)"},
    {.verb = "show", .help = "eine Ansicht öffnen (none schließt sie)"},
    {.verb = "lookup", .help = "wo das Zeichen C steht (Rang und Wahrscheinlichkeit)"},
    {.verb = "lang", .help = "die Sprache der Oberfläche"},
    {.verb = "quiz", .help = "QUESTION zeigen und die Balken verbergen, bis eine Taste sie aufdeckt"},
    {.verb = "answer", .help = "was die Auflösung des Quiz anstelle der Balken hervorgehoben zeigt"},
    {.verb = "point", .help = "einen Bereich hervorheben"},
    {.verb = "expect", .help = "eine Behauptung der Erzählung prüfen"},
    {.verb = "stage", .help = "das Programm eines Schülers macht Top-p oder das Jueju neben dem eingebauten; eine Lektion nennt eines aus ihrem Übungsordner, und der Explorer fragt vorher"},
    {.verb = "compare-model", .help = "ein zweites Modell liest denselben Text: die Top 8 beider, der Rang jedes Zeichens im anderen und KL(A||B); fp32, bf16 oder int8: dieses Modell in dieser Genauigkeit (die DATEI einer Lektion liegt neben der Lektion)"},
    {.verb = "model", .help = "die expect-Zeilen dieser Lektion gelten dem mitgelieferten Modell (bei einem anderen nicht geprüft)"},
    {.verb = "(lessons)", .help = "(Lektionen) "},
    {.verb = NULL},
};
