/* help_fr.c - every command's --help and the lessons' verbs in French (see
 * cli_help.h). Written in French, not translated line by line; a block
 * is one line here when it is longer than 80 columns: cli_print_help wraps it
 * at its description's column. The options and their flags are the English
 * help's (tests/e2e/help_lang.sh). */

#include <stddef.h>

#include "cli/cli_help.h"


static const char *const H_EXPLORE[] = {
    "usage : tangscope explore [--model FICHIER] [--prompt TEXTE] [--lang CODE]\n"
    "                          [--corpus FICHIER | --no-corpus] [--threads N]\n"
    "                          [--mid-text] [--projector] [--theme dark|light]\n"
    "                          [--ascii] [--context-policy shift|slide]\n"
    "                          [--compare-model FICHIER]\n"
    "\n"
    "L’explorateur en plein écran : tapez un prompt et voyez, à chaque touche, les probabilités que le modèle donne au caractère suivant changer, à côté de ce qu’en fait le tirage et du nombre de fois où le corpus lui-même continue ainsi. Avancez caractère par caractère, écrivez des poèmes entiers, imposez-leur une forme et chronométrez le cache KV. Dans l’explorateur, ? montre toutes les touches.\n"
    "`tangscope` sans commande, ou avec ces seules options, l’ouvre aussi.\n"
    "Ce qui est tapé, collé ou donné par --prompt est lu comme `probs` lit un prompt : caractères traditionnels comme simplifiés (風 comme 风), , . ? ! comme ， et 。 ; la ligne d’état dit ce qui a été converti, ou nomme un caractère que le modèle ne connaît pas. Un collage est une seule modification, prédite une fois (le texte garde ses 1024 derniers caractères). Il faut 80x24 : un terminal plus petit affiche cette taille et n’accepte que q tant qu’il n’est pas agrandi.\n"
    "Pinyin : y affiche à côté de chaque barre la lecture et le sens du candidat, et les lectures sous le texte ; i fait du modèle la méthode de saisie : les lettres forment une syllabe (chun, chūn, lv), tous les caractères qui se lisent ainsi sont listés, le plus probable d’abord ; 1-9 ou Espace choisissent (sur un clavier AZERTY, & é \" ' ( - è _ ç aussi), ) et = tournent les pages, Tab change le ton, Échap quitte.\n"
    "Le texte s’affiche en entier, en vers : un vers par ligne (un distique par ligne quand les lignes manquent) ; il ne défile pour garder sa fin en vue que s’il dépasse le nombre de lignes de l’écran (une flèche signale la suite au-dessus). Il reste en vers à toute longueur, avec les lectures sous chaque vers quand le pinyin est affiché ; au-delà du contexte, une marque précède le premier caractère que lit le modèle.\n"
    "Le tirage part des réglages par défaut de generate, acrostic et jueju (température 0.8 ; top-k, top-p, min-p et pénalité de répétition désactivés ; graine 1), si bien qu’Entrée écrit le poème que ces commandes affichent pour le même prompt.\n"
    "\n"
    "  --model FICHIER\n"
    "                  fichier du modèle (par défaut assets/tang.bin)\n"
    "  --prompt TEXTE  commencer avec ce prompt déjà tapé\n"
    "  --mid-text      lire le prompt comme un extrait pris au milieu d’un texte, sans saut de ligne devant (par défaut il commence un poème ; n bascule)\n"
    "  --lang CODE     langue de l’interface, @LANGS@ (toutes les commandes l’acceptent) ; sinon LC_ALL, LC_MESSAGES ou LANG (de_*, fr_*, zh_*) ; l passe à la suivante\n"
    "  --corpus FICHIER\n"
    "                  texte d’entraînement pour les comptes (par défaut assets/tang-train.txt)\n",
    "  --no-corpus     pas de comptes dans le corpus\n"
    "  --threads N     threads pour les passes du modèle, 0..1024, 0 = tous les cœurs (par défaut 0) ; la comparaison des caches (b) chronomètre toujours un seul thread\n"
    "  --projector     démarrer en mode projecteur (z bascule) : texte, barres sur toute la largeur et curseurs très contrastés, sans indications grises ni braille\n"
    "  --theme NOM     dark (par défaut) ou light (les projecteurs délavent les thèmes sombres) ; NO_COLOR défini et non vide : aucune couleur\n"
    "  --ascii         tous les symboles en ASCII, pour un terminal qui dessine en double largeur les symboles de largeur ambiguë (réglages chinois) ; = TANGSCOPE_ASCII=1\n"
    "  --context-policy P\n"
    "                  au-delà du contexte : shift (par défaut) avance la fenêtre jusqu’à sa moitié la plus récente, marquée ¦, et garde le cache ; slide relit les 128 derniers à chaque pas, où le cache ne peut rien\n"
    "  --code CODE     ouvrir un code de session (la barre de titre montre celui de la session) : son prompt, sa forme, ses réglages et sa graine, si bien qu’Entrée écrit ce qu’écrit `tangscope generate --code CODE` ; pas avec --prompt ni --mid-text. Un code mal tapé, ou fait avec un autre modèle, est refusé.\n"
    "  --session FICHIER\n"
    "                  rouvrir une session enregistrée par x (FICHIER.json), poème compris\n"
    "  --compare-model FICHIER\n"
    "                  un second modèle (B) lit le même texte à côté de celui-ci (A) : les 8 premiers de chacun, pour chaque caractère son rang dans l’autre modèle (ou son absence) et KL(A||B) en bits, à la place des barres (sous elles s’il y a la place) ; fp32, bf16 ou int8 au lieu de FICHIER : ce modèle-ci dans cette précision ; dans l’explorateur `:compare-model FICHIER` et `:compare-model off`\n"
    "  --stage PROGRAMME\n"
    "                  le programme d’un élève fait le top-p à côté du top-p intégré, sa colonne marquée là où les deux diffèrent (docs/exercises.md) : --stage \"python3 top_p.py\" ; \"jueju ./jueju\" pour la contrainte du jueju (j) ; dans l’explorateur, `:stage ...` et `:stage off`\n"
    "  --stage-timeout SECONDES\n"
    "                  le temps accordé à chaque requête au programme (1 par défaut ; dix fois plus pour la première, qui comprend son démarrage) : davantage pour un démarrage lent comme `import torch` ; dans l’explorateur, `:stage --timeout SECONDES PROGRAMME`. Ce qu’un programme en échec écrit sur sa sortie d’erreur est gardé dans ~/.cache/tangscope/stage-PID-N.stderr : le message nomme ce fichier et en montre les dernières lignes\n"
    "Dans l’explorateur, x enregistre la session en JSON (docs/session-json.md en liste les champs) et en Markdown à rendre, dans le dossier de travail (la ligne d’état nomme les fichiers) ; r montre ce que coûte un cache KV pour ce modèle et trois grands.\n",
    NULL,
};

static const char *const H_PROBS[] = {
    "usage : tangscope probs PROMPT|--pinyin SYLLABES [options]\n"
    "\n"
    "Lit PROMPT et affiche les caractères suivants les plus probables : le softmax des scores du modèle à la température 1 et, dès qu’une option du tirage est donnée, la probabilité après le tirage (pénalité de répétition, température, top-k, top-p, min-p). La pénalité de répétition porte sur les caractères de PROMPT, comme dans l’explorateur une fois PROMPT tapé.\n"
    "\n"
    "PROMPT commence un poème : le modèle lit un saut de ligne avant lui, comme avant chaque poème du corpus ; `generate` et l’explorateur lisent un prompt de la même façon. Avec --mid-text, PROMPT est un extrait pris au milieu d’un texte, lu sans rien devant (de même sur un modèle dont le vocabulaire n’a pas de saut de ligne, ce qu’une ligne sur stderr signale). Les comptes du corpus à comparer : `tangscope corpus --poem-start PROMPT` (PROMPT en début de poème) et `tangscope corpus PROMPT` (n’importe où : la lecture de --mid-text). Un prompt vide commence un poème dans les deux cas. Un texte plus long que le contexte du modèle (128 caractères pour le modèle fourni) est lu comme le lisent generate et sample.py de nanoGPT : seuls ses derniers caractères, autant que le contexte en tient (voir --context-policy).\n"
    "\n"
    "PROMPT peut être tapé en caractères traditionnels (風 est lu comme 风, avec le t2s d’OpenCC, la conversion qu’a subie le texte d’entraînement) et avec une ponctuation ASCII ou pleine largeur : , comme ， et . ? ! comme 。 (le modèle ne connaît pas d’autre signe). Une ligne sur stderr dit ce qui a été converti (« tangscope probs : 風 lu comme 风 », dans la langue de l’interface). Un caractère que le modèle connaît reste tel quel. TANGSCOPE_OPENCC_CONFIG désigne une autre configuration d’OpenCC (tw2s.json).\n"
    "\n"
    "  --mid-text               lire PROMPT comme un extrait pris au milieu d’un texte\n"
    "  --context-policy P       au-delà du contexte du modèle : slide (par défaut) lit les derniers caractères, autant que le contexte en tient, comme nanoGPT recadre (idx[:, -block_size:]) ; shift lit la fenêtre que `generate` et l’explorateur gardent par défaut (la moitié la plus récente après chaque décalage), c’est-à-dire ce qu’ils lisent à cet endroit\n"
    "  --top N                  combien de candidats, 1..1000000 (par défaut 8)\n"
    "  --pinyin                 à côté de chaque candidat, ses lectures en mandarin et un court sens en anglais (Unihan, assets/pinyin.tsv)\n"
    "  --pinyin \"chun feng\"     PROMPT en pinyin, comme dans generate --help (avec --pinyin)\n"
    "  --pinyin-input SYLLABE   le modèle comme méthode de saisie : tous les caractères qui se lisent SYLLABE (chun, chun1 ou chūn : le ton en accent, en chiffre 1-5, ou omis pour tous ; ü s’écrit v ou u:), le plus probable d’abord, avec sa probabilité et son rang parmi tous les candidats du modèle ; --top N d’entre eux\n"
    "@SAMPLER_PROBS@"
    "  --model FICHIER          fichier du modèle (par défaut assets/tang.bin)\n"
    "  --weights P              les matrices de poids en fp32 (telles qu’entraînées), bf16 ou int8 (arrondies au chargement du modèle ; par défaut : telles que le fichier les contient)\n",
    "  --json                   {\"prompt\": ..., \"poem_start\": true|false, \"converted\": [{\"from\": \"風\", \"to\": \"风\"}], \"candidates\": [{\"char\": ..., \"prob\": ..., \"id\": ..., \"stages\": {@STAGE_KEYS@}}], \"stages\": [{\"stage\": \"model\", \"kept\": ..., \"removed\": ...}, ...], \"removed\": ..., ...} : la probabilité d’un candidat après chaque étape, dans l’ordre du tirage, renormalisée sur ce que l’étape garde ; pour chaque étape, les caractères gardés et la probabilité du modèle qu’elle a écartée ; \"removed\", la probabilité du modèle de tous les caractères auxquels la distribution finale donne 0 (la température compte) ; \"entropy\" celle du modèle, \"entropy_final\" celle du tirage, en nats (le JSON reste en nats ; l’écran affiche des bits) ; \"context_used\", le nombre de caractères que le modèle a lus (au plus son contexte, le saut de ligne d’avant un poème compris), et \"context_policy\", la fenêtre choisie (--context-policy). Sans texte avant ni forme, la pénalité et le masque de forme ne changent rien ici. Avec --pinyin : \"pinyin\" (lectures) et \"gloss\" ; avec --pinyin-input, en plus \"rank\" et, dans l’objet, \"pinyin_input\", \"matches\" (combien se lisent ainsi) et \"matches_prob\" (leur probabilité totale)\n"
    "  --stage PROGRAMME        le top-p fait aussi par un programme, celui d’un élève (exercice 1, docs/exercises.md), par exemple --stage \"python3 top_p.py\" : sa colonne à côté du top-p intégré, chaque caractère sur lequel ils divergent marqué et listé (en --json : \"stage\" et, pour chaque candidat, \"stage_top_p\")\n"
    "  --compare-model FICHIER  un second modèle (B) lit aussi PROMPT, avec son propre vocabulaire et son propre contexte : les N premiers de chacun côte à côte, chacun avec son rang dans l’autre modèle (absent : l’autre ne le connaît pas), et KL(A||B) en bits (A : --model), sur les caractères que les deux connaissent, chaque distribution renormalisée, avec la probabilité que chacun donne aux caractères absents de l’autre ; un caractère de PROMPT que B ne connaît pas est une erreur. Pas avec --stage ni --pinyin-input. En --json : \"kl\" (en nats), \"rank_other\", \"prob_other\", \"compare_candidates\", \"shared\", \"model_only_prob\", \"compare_only_prob\"\n"
    "\n"
    "Exemple : tangscope probs 春风 --pinyin-input du  (度, 渡 ou 都 ?)\n",
    NULL,
};

static const char *const H_CORPUS[] = {
    "usage : tangscope corpus CONTEXTE [--poem-start] [--top N] [--data FICHIER]\n"
    "                         [--json] [--no-cache]\n"
    "\n"
    "Le corpus lui-même continue-t-il ainsi, et combien de fois ? Affiche combien de fois CONTEXTE apparaît dans le texte (les occurrences qui se chevauchent comptent) et les caractères qui le suivent, les plus fréquents d’abord, avec leur nombre et leur part des occurrences. Une occurrence tout à la fin du texte n’a pas de suivant ; elle ne compte que dans le total. Un CONTEXTE vide (\"\" ou rien) se trouve devant chaque caractère : son nombre est la longueur du texte et ses suivants sont les fréquences des caractères. Le saut de ligne qui termine chaque poème est un caractère lui aussi, affiché ⏎ (\"\\n\" en JSON).\n"
    "\n"
    "CONTEXTE est compté partout où il apparaît : comme un extrait pris au milieu d’un texte, ainsi que `probs --mid-text` lit un prompt. Avec --poem-start, il est compté en début de poème, après le saut de ligne qui termine le poème précédent (le premier poème du texte, que rien ne précède, ne compte donc pas) : le contexte que `probs` et l’explorateur donnent au modèle par défaut.\n"
    "\n"
    "La recherche utilise un tableau des suffixes du texte, construit à la première utilisation (bien moins d’une seconde) et gardé dans $XDG_CACHE_HOME/tangscope/ (par défaut ~/.cache/tangscope/) sous le nom corpus-<CRC-32 du texte>.sa ; un texte modifié en reçoit un nouveau.\n"
    "\n"
    "CONTEXTE est lu comme `probs` lit un prompt : un caractère absent du texte est lu sous sa forme simplifiée (風 comme 风, t2s d’OpenCC), et , . ? ! (ASCII ou pleine largeur) comme ， et 。, à moins que le texte les contienne ; une ligne sur stderr dit ce qui a été converti (en --json : \"converted\").\n"
    "\n"
    "  --poem-start     compter CONTEXTE en début de poème : après un saut de ligne\n"
    "  --top N          combien de suivants lister, 1..1000000 (par défaut 10)\n"
    "  --data FICHIER   texte UTF-8 (par défaut assets/tang-train.txt)\n"
    "  --no-cache       construire le tableau des suffixes en mémoire seulement\n"
    "  --json           affiche {\"context\": ..., \"converted\": [...], \"count\": N, \"next\": [{\"char\": ..., \"count\": N, \"share\": F}, ...]} ; le contexte tel que compté (avec --poem-start : \"\\n春风\")\n"
    "\n"
    "Exemples :\n"
    "  tangscope corpus 春风          ce qui suit 春风 dans les poèmes Tang\n"
    "  tangscope corpus 春风 --poem-start    ... quand un poème s’ouvre sur 春风\n"
    "  tangscope corpus '' --top 5    les cinq caractères les plus fréquents\n"
    "  tangscope corpus -- -x         un contexte qui commence par « - »\n",
    NULL,
};

static const char *const H_GENERATE[] = {
    "usage : tangscope generate [PROMPT | --pinyin SYLLABES] [options]\n"
    "\n"
    "Écrit des poèmes. Chaque poème commence après un saut de ligne (comme dans le corpus), puis vient PROMPT, et il court jusqu’à son saut de ligne ou jusqu’à --max-chars caractères. Avec --mid-text, pas de saut de ligne : PROMPT est lu comme un extrait pris au milieu d’un texte, ainsi que le lit `probs --mid-text` (sans PROMPT, le premier caractère est quand même choisi après un saut de ligne, qui disparaît ensuite). Sur un modèle dont le vocabulaire n’a pas de saut de ligne, PROMPT est lu ainsi de lui-même (une ligne sur stderr le dit), et il faut en donner un.\n"
    "\n"
    "Les caractères traditionnels sont lus comme leurs formes simplifiées (風 comme 风, avec le t2s d’OpenCC, la conversion qu’a subie le texte d’entraînement), et , . ? ! (ASCII ou pleine largeur) comme ， et 。 ; une ligne sur stderr dit ce qui a été converti (en --json : \"converted\").\n"
    "\n"
    "  -n N                     nombre de poèmes, 1..10000 (par défaut 1)\n"
    "  --quiet                  pas de ligne de progression (sur stderr à partir de deux poèmes, seulement si c’est un terminal)\n"
    "  --pinyin \"chun feng\"     PROMPT, tapé en pinyin : chaque syllabe (chun, chun1, chūn) devient le caractère qui se lit ainsi et que le modèle classe premier à cet endroit, après ceux d’avant ; stderr dit lequel, avec ses suivants\n"
    "  --max-chars N            au plus N caractères par poème après le prompt, 1..1000000 (par défaut 200)\n"
    "  --stats                  dire aussi combien de poèmes sont bien formés : vers de même longueur, de 5 ou 7 caractères, ， et 。 en alternance, un nombre pair de vers (sur stderr ; en --json, \"well_formed\")\n"
    "  --code CODE              refaire l’exécution que décrit un code de session : prompt, forme, réglages, graine, -n et --max-chars (pris dans la barre de titre de l’explorateur ou dans le \"code\" de --json) ; ne donnez alors ni PROMPT ni aucune de ces options. Un code mal tapé, ou fait avec un autre modèle, est refusé\n"
    "Tirage :\n"
    "@SAMPLER@"
    "  --penalize-punctuation   la pénalité touche aussi ， 。 et le saut de ligne\n"
    "  --seed S                 graine du hasard, 0 ou plus (par défaut 1) ; même graine et mêmes réglages écrivent le même texte sur toute machine. Ces valeurs par défaut sont aussi celles de l’explorateur : Entrée y écrit le poème que ces commandes affichent pour le même prompt\n"
    "  --no-cache               recalculer toute la fenêtre à chaque pas (même texte, plus lent)\n",
    "  --context-policy P       au-delà du contexte du modèle (128 caractères pour le modèle fourni) : shift (par défaut) avance la fenêtre jusqu’à sa moitié la plus récente, la relit en une passe et repart avec le cache ; slide relit les 128 derniers à chaque pas (aucun cache n’y aide) ; les deux donnent le même texte qu’avec --no-cache\n"
    "  --mid-text               lire le texte comme un extrait pris au milieu d’un texte, sans saut de ligne devant (voir plus haut)\n"
    "  --model FICHIER          fichier du modèle (par défaut assets/tang.bin)\n"
    "  --weights P              les matrices de poids en fp32 (telles qu’entraînées), bf16 ou int8 (arrondies au chargement du modèle ; par défaut : telles que le fichier les contient)\n"
    "  --json                   affiche {\"poems\": [...], \"code\": ..., ...} : \"code\" est le code de session de l’exécution (generate --code la refait)\n"
    "  --export                 enregistrer aussi le premier poème comme le fait x (JSON et Markdown)\n"
    "  --trace FICHIER          écrire chaque caractère produit dans FICHIER, un objet JSON par ligne : son poème et sa place, sa probabilité selon le modèle et après le tirage, et les 8 premiers avec les deux (docs/session-json.md)\n"
    "  --stage PROGRAMME        confier le top-p à un programme, celui d’un élève (exercice 1) : lancé une fois, interrogé à chaque caractère (docs/exercises.md), par exemple --stage \"python3 top_p.py\" ; avec \"jueju PROGRAMME\", il se charge de la contrainte du jueju (exercice 2) et generate écrit des jueju de 7 caractères par vers (dans `jueju`, un PROGRAMME seul est celui-là, \"top-p PROGRAMME\" l’autre) ; un programme qui échoue arrête l’exécution avec une ligne (code de sortie 2). L’exécution n’a alors pas de code de session (un code désigne le top-p intégré)\n",
    NULL,
};

static const char *const H_ACROSTIC[] = {
    "usage : tangscope acrostic INITIALES|--pinyin SYLLABES [options]\n"
    "\n"
    "Écrit un acrostiche (藏头诗) : le vers i commence par le i-ème caractère de INITIALES ; le modèle écrit le reste de chaque vers, sans ponctuation à l’intérieur ; les vers finissent tour à tour par ， et 。, le dernier par 。. Le poème commence après un saut de ligne ; avec --mid-text, ce saut de ligne disparaît une fois la première tête écrite, et le modèle lit le poème comme un extrait pris au milieu d’un texte.\n"
    "\n"
    "Les caractères traditionnels sont lus comme leurs formes simplifiées (風 comme 风, avec le t2s d’OpenCC, la conversion qu’a subie le texte d’entraînement), et , . ? ! (ASCII ou pleine largeur) comme ， et 。 ; une ligne sur stderr dit ce qui a été converti (en --json : \"converted\").\n"
    "\n"
    "  --pinyin \"chun xia qiu dong\"\n"
    "                           les initiales, tapées en pinyin : chaque syllabe (chun, chun1, chūn) devient le caractère qui se lit ainsi et que le modèle classe premier à cet endroit, après ceux d’avant ; stderr dit lequel, avec ses suivants\n"
    "  --chars 5|7              caractères par vers, 5 ou 7 (par défaut 7)\n"
    "  -n N                     nombre de poèmes, 1..10000 (par défaut 1)\n"
    "  --quiet                  pas de ligne de progression (sur stderr à partir de deux poèmes, seulement si c’est un terminal)\n"
    "  --stats                  dire aussi combien de poèmes sont bien formés (sur stderr ; en --json, \"well_formed\")\n"
    "Tirage :\n"
    "@SAMPLER@"
    "  --penalize-punctuation   la pénalité touche aussi ， 。 et le saut de ligne\n"
    "  --seed S                 graine du hasard, 0 ou plus (par défaut 1) ; même graine et mêmes réglages écrivent le même texte sur toute machine. Ces valeurs par défaut sont aussi celles de l’explorateur : Entrée y écrit le poème que ces commandes affichent pour le même prompt\n"
    "  --no-cache               recalculer toute la fenêtre à chaque pas (même texte, plus lent)\n"
    "  --context-policy P       au-delà du contexte du modèle (128 caractères pour le modèle fourni) : shift (par défaut) avance la fenêtre jusqu’à sa moitié la plus récente, la relit en une passe et repart avec le cache ; slide relit les 128 derniers à chaque pas (aucun cache n’y aide) ; les deux donnent le même texte qu’avec --no-cache\n",
    "  --mid-text               lire le texte comme un extrait pris au milieu d’un texte, sans saut de ligne devant (voir plus haut)\n"
    "  --model FICHIER          fichier du modèle (par défaut assets/tang.bin)\n"
    "  --weights P              les matrices de poids en fp32 (telles qu’entraînées), bf16 ou int8 (arrondies au chargement du modèle ; par défaut : telles que le fichier les contient)\n"
    "  --json                   affiche {\"poems\": [...], \"code\": ..., ...} : \"code\" est le code de session de l’exécution (generate --code la refait)\n"
    "  --export                 enregistrer aussi le premier poème comme le fait x (JSON et Markdown)\n"
    "  --trace FICHIER          écrire chaque caractère produit dans FICHIER, un objet JSON par ligne : son poème et sa place, sa probabilité selon le modèle et après le tirage, et les 8 premiers avec les deux (docs/session-json.md)\n"
    "  --stage PROGRAMME        confier le top-p à un programme, celui d’un élève (exercice 1) : lancé une fois, interrogé à chaque caractère (docs/exercises.md), par exemple --stage \"python3 top_p.py\" ; avec \"jueju PROGRAMME\", il se charge de la contrainte du jueju (exercice 2) et generate écrit des jueju de 7 caractères par vers (dans `jueju`, un PROGRAMME seul est celui-là, \"top-p PROGRAMME\" l’autre) ; un programme qui échoue arrête l’exécution avec une ligne (code de sortie 2). L’exécution n’a alors pas de code de session (un code désigne le top-p intégré)\n",
    NULL,
};

static const char *const H_JUEJU[] = {
    "usage : tangscope jueju [--pinyin SYLLABES] [options]\n"
    "\n"
    "Écrit un jueju (绝句) de forme fixe : quatre vers de 5 ou 7 caractères, la ponctuation seulement en fin de vers, ，。，。. Le poème commence après un saut de ligne ; avec --mid-text, le premier caractère est choisi après lui, puis le saut de ligne disparaît et le modèle lit le poème comme un extrait pris au milieu d’un texte.\n"
    "\n"
    "  --pinyin \"ming yue\"      ses premiers caractères, tapés en pinyin : chaque syllabe (chun, chun1, chūn) devient le caractère qui se lit ainsi et que le modèle classe premier à cet endroit, après ceux d’avant ; stderr dit lequel, avec ses suivants\n"
    "  --chars 5|7              caractères par vers, 5 ou 7 (par défaut 5)\n"
    "  -n N                     nombre de poèmes, 1..10000 (par défaut 1)\n"
    "  --quiet                  pas de ligne de progression (sur stderr à partir de deux poèmes, seulement si c’est un terminal)\n"
    "  --stats                  dire aussi combien de poèmes sont bien formés (sur stderr ; en --json, \"well_formed\")\n"
    "Tirage :\n"
    "@SAMPLER@"
    "  --penalize-punctuation   la pénalité touche aussi ， 。 et le saut de ligne\n"
    "  --seed S                 graine du hasard, 0 ou plus (par défaut 1) ; même graine et mêmes réglages écrivent le même texte sur toute machine. Ces valeurs par défaut sont aussi celles de l’explorateur : Entrée y écrit le poème que ces commandes affichent pour le même prompt\n"
    "  --no-cache               recalculer toute la fenêtre à chaque pas (même texte, plus lent)\n"
    "  --context-policy P       au-delà du contexte du modèle (128 caractères pour le modèle fourni) : shift (par défaut) avance la fenêtre jusqu’à sa moitié la plus récente, la relit en une passe et repart avec le cache ; slide relit les 128 derniers à chaque pas (aucun cache n’y aide) ; les deux donnent le même texte qu’avec --no-cache\n"
    "  --mid-text               lire le texte comme un extrait pris au milieu d’un texte, sans saut de ligne devant (voir plus haut)\n"
    "  --model FICHIER          fichier du modèle (par défaut assets/tang.bin)\n"
    "  --weights P              les matrices de poids en fp32 (telles qu’entraînées), bf16 ou int8 (arrondies au chargement du modèle ; par défaut : telles que le fichier les contient)\n",
    "  --json                   affiche {\"poems\": [...], \"code\": ..., ...} : \"code\" est le code de session de l’exécution (generate --code la refait)\n"
    "  --export                 enregistrer aussi le premier poème comme le fait x (JSON et Markdown)\n"
    "  --trace FICHIER          écrire chaque caractère produit dans FICHIER, un objet JSON par ligne : son poème et sa place, sa probabilité selon le modèle et après le tirage, et les 8 premiers avec les deux (docs/session-json.md)\n"
    "  --stage PROGRAMME        confier le top-p à un programme, celui d’un élève (exercice 1) : lancé une fois, interrogé à chaque caractère (docs/exercises.md), par exemple --stage \"python3 top_p.py\" ; avec \"jueju PROGRAMME\", il se charge de la contrainte du jueju (exercice 2) et generate écrit des jueju de 7 caractères par vers (dans `jueju`, un PROGRAMME seul est celui-là, \"top-p PROGRAMME\" l’autre) ; un programme qui échoue arrête l’exécution avec une ligne (code de sortie 2). L’exécution n’a alors pas de code de session (un code désigne le top-p intégré)\n",
    NULL,
};

static const char *const H_LESSON[] = {
    "usage : tangscope lesson [FICHIER] [--lang CODE] [--projector]\n"
    "                         [--theme dark|light] [--ascii] [options]\n"
    "        tangscope lesson --watch FICHIER [options]\n"
    "        tangscope lesson --check [FICHIER...] [options]\n"
    "        tangscope lesson --print FICHIER [--worksheet] [--html] [options]\n"
    "\n"
    "Leçons guidées : des fichiers Markdown (lessons/zh, en, de, fr) dont les titres `## ` sont les étapes, les paragraphes la narration, et dont les blocs ```tangscope contiennent des commandes exécutées à l’entrée dans une étape (lessons/README.md en donne le format et toutes les commandes). Chaque leçon part du même état et la graine la rend reproductible : l’étape k montre toujours la même chose.\n"
    "\n"
    "  tangscope lesson          un choix des leçons dans la langue de l’interface\n"
    "  tangscope lesson FICHIER  la leçon dans l’explorateur : sa narration à côté des barres ; n / Pg↓ l’étape suivante, N / Pg↑ la précédente ; `:` tape une commande\n"
    "  --watch FICHIER           la leçon dans l’explorateur pendant que vous l’écrivez : à chaque enregistrement, le fichier est relu et montré à la même étape, et sous la narration s’affichent les messages que --check donne en exécutant ses commandes (FICHIER:LIGNE : message, ou « FICHIER : N étapes, correct ») ; si la structure du fichier est fausse (un bloc de code jamais fermé, aucune étape), la dernière bonne version reste à l’écran et la ligne est indiquée. Les vérifications des écrans (80x24, 110x34, chiffres cités) restent le travail de --check\n",
    "  --check [FICHIER...]      exécuter chaque leçon (sans FICHIER : celles du choix) jusqu’au bout, sans terminal, et afficher une ligne FICHIER:LIGNE: message par problème (commandes inconnues, valeurs hors limites, caractères absents du modèle, lignes expect qui ne tiennent pas, deuxième question dans une étape, réponse vide, valeur plus fine que les pas de son curseur, fichier sans titre ou sans étapes) ; code de sortie 2 s’il y en a, sinon une ligne « FICHIER : N étapes, correct » par fichier. Chaque étape est aussi mise en page et dessinée sans terminal en 80x24, 110x34 et en mode projecteur (80x24), avec les panneaux de l’explorateur, et FICHIER:LIGNE est signalé quand ce qu’une étape désigne (lookup, le tirage au sort de step, le verdict de compare et un graphique de 4 lignes, show, point, quiz, le chiffre d’un expect) n’est pas entièrement à l’écran, ou qu’une ligne est coupée, ou que la narration fait plus du double de son cadre en 80x24 (au titre de l’étape). Tout chiffre que cite la narration (pourcentage, rang, nombre de fois) doit figurer tel quel à l’écran de l’étape (110x34) : sinon c’est un problème, « l’étape 2 cite 8,37 % mais l’écran montre 8,4 % » (un chiffre venu d’ailleurs s’écrit en `code` ou dans « (source : …) », lessons/README.md)\n"
    "  --quiet                   avec --check : pas de ligne de progression (elle ne paraît sur stderr que si c’est un terminal : leçons vérifiées sur le total, rythme, temps restant, leçon en cours)\n"
    "  --print FICHIER           exécuter la leçon et afficher un polycopié en Markdown : la narration de chaque étape, puis ce que montre son écran : le texte, les réglages, les 8 premiers (modèle, après le tirage, compte dans le corpus), ce que le modèle a écrit (le texte d’une comparaison une seule fois) et la vue qu’ouvre l’étape : le triangle du masque, le tableau de la mémoire, les poids, les temps (seule partie qui change d’une exécution à l’autre) ; les poèmes sont disposés en vers, un vers par ligne\n"
    "  --worksheet               avec --print : chaque question sans sa réponse, avec une ligne pour écrire ; ce que montre la révélation et l’étape qui l’explique suivent à la fin de la leçon, sous « Réponses » (la partie du professeur)\n"
    "  --html                    avec --print : le polycopié en une seule page web, à imprimer ou à déposer sur l’ENT, qui ne charge rien d’autre (mise en page A4 ; barres, masque et temps dessinés ; pinyin sous les vers)\n"
    "\n"
    "  --model FICHIER           fichier du modèle (par défaut assets/tang.bin)\n"
    "  --lang @LANGS@            la langue de l’interface et des leçons proposées (par défaut : selon LC_ALL / LC_MESSAGES / LANG) ; les mots d’un polycopié suivent le dossier de la leçon\n"
    "  --corpus FICHIER          texte d’entraînement pour les comptes (par défaut assets/tang-train.txt)\n"
    "  --no-corpus               pas de comptes dans le corpus (expect corpus échoue alors)\n",
    "  --threads N               threads pour les passes du modèle, 0 = tous les cœurs (par défaut 0) ; les nombres sont les mêmes quel que soit leur nombre\n"
    "  --projector               dans l’explorateur : démarrer en mode projecteur (z bascule) : texte, barres sur toute la largeur et curseurs, fort contraste, sans indications grises\n"
    "  --theme dark|light        dans l’explorateur : couleurs pour un fond sombre (par défaut) ou clair ; NO_COLOR : aucune couleur\n"
    "  --ascii                   dans l’explorateur : symboles ASCII seulement, pour un terminal qui dessine en double largeur les symboles de largeur ambiguë\n"
    "  --stage PROGRAMME         dans l’explorateur : le programme d’un élève fait le top-p (\"jueju PROGRAMME\" : le jueju) à côté de l’intégré, comme explore --stage. Une étape `stage` d’une leçon ne désigne qu’un programme de lessons/exercises, et l’explorateur demande avant de le lancer ; --check le lance aussi, nomme l’étape et vérifie son écran ; --print n’en lance jamais\n"
    "\n"
    "Les commandes (les mêmes que sur la ligne de commande de l’explorateur, `:`) :\n",
    NULL,
};

static const char *const H_DEMO[] = {
    "usage : tangscope demo [--lang CODE] [--section N] [--pause] [--worksheet]\n"
    "                       [--model FICHIER] [--corpus FICHIER | --no-corpus]\n"
    "\n"
    "Les leçons guidées, exécutées sur le modèle et affichées l’une après l’autre en polycopiés Markdown (ce qu’affiche `tangscope lesson --print` pour chacune) : la narration de chaque étape, puis le texte, les réglages, les 8 premiers caractères suivants (le modèle, après le tirage, les comptes du corpus), ce que le modèle a écrit et les temps du cache KV. Les leçons sont lessons/LANG/*.md, trouvées comme assets/ (TANGSCOPE_HOME, ici, à côté du programme) ; `tangscope lesson` les parcourt dans l’explorateur.\n"
    "\n"
    "  --lang @LANGS@      la langue des leçons (par défaut : celle de l’interface, selon LC_ALL / LC_MESSAGES / LANG)\n"
    "  --section N         seulement la leçon N (le nombre qui ouvre le nom de son fichier)\n"
    "  --pause             attendre Entrée entre deux leçons\n"
    "  --worksheet         chaque leçon en fiche d’exercices : les questions sans leurs réponses, qui suivent à la fin de la leçon\n"
    "  --model FICHIER     fichier du modèle (par défaut assets/tang.bin)\n"
    "  --corpus FICHIER    texte d’entraînement pour les comptes (par défaut assets/tang-train.txt)\n"
    "  --no-corpus         pas de comptes dans le corpus\n",
    NULL,
};

static const char *const H_INFO[] = {
    "usage : tangscope info [--model FICHIER] [--json]\n"
    "\n"
    "Montre un modèle : sa configuration, chaque tenseur de poids avec sa forme et sa taille (dans l’ordre du fichier, voir docs/model-format.md), le nombre de paramètres, la taille du fichier, la GELU et l’epsilon de LayerNorm qu’emploie le modèle (tanh et 1e-5 pour celui de tangscope ; la GELU exacte, par erf, pour un modèle importé de nanoGPT par tangscope import) et la taille du cache KV par caractère et au contexte plein.\n"
    "\n"
    "  --model FICHIER\n"
    "                  fichier du modèle (par défaut assets/tang.bin)\n"
    "  --json          affiche {\"layers\": ..., \"gelu\": \"tanh\"|\"erf\", \"ln_eps\": ..., \"tensors\": [{\"name\": ..., \"shape\": [...]}], ...}\n",
    NULL,
};

static const char *const H_EXERCISE[] = {
    "usage : tangscope exercise check EXERCICE PROGRAMME [--timeout SECONDES]\n"
    "\n"
    "Soumet la solution d’un élève à l’un des exercices du cours à des cas de référence tirés des définitions, et dit pour chaque cas s’il est réussi, ce qui était attendu et ce qui est revenu. Le code de sortie ne vaut 0 que si tous les cas sont réussis (1 si l’un échoue, 2 si PROGRAMME ne peut même pas être lancé).\n"
    "\n"
    "EXERCICE vaut\n"
    "  top-p   exercice 1 : garder les candidats les plus probables jusqu’à ce que leurs probabilités atteignent p (ex æquo, p = 0 et 1, un candidat écrasant, une distribution plate, top-k avant top-p, les chiffres du cours)\n"
    "  jueju   exercice 2 : les caractères permis ensuite dans un jueju, quatre vers de 5 ou 7 sinogrammes avec ，。，。 puis le saut de ligne\n"
    "\n"
    "PROGRAMME est la commande qui lance la solution, en un seul argument : « python3 mon_top_p.py ». Elle est découpée en mots aux espaces, sans shell ; un mot entre guillemets \"doubles\" ou 'simples' peut contenir des espaces. tangscope la lance une fois et dialogue avec elle par son entrée et sa sortie standard, un objet JSON par ligne dans chaque sens (docs/exercises.md ; points de départ dans lessons/exercises/). Sa sortie d’erreur est celle du terminal : c’est là qu’on affiche ses traces de débogage.\n"
    "\n"
    "Un programme qui plante, se bloque ou répond autre chose qu’une ligne JSON fait échouer le cas avec un message d’une ligne et est relancé pour le suivant ; après deux échecs de ce genre d’affilée, les autres cas ne sont pas exécutés. Rien de ce qu’il lance ne lui survit, ni à tangscope (quelle que soit la façon dont celui-ci se termine) ; son TMPDIR est un dossier à lui, supprimé avec lui.\n"
    "\n"
    "  --timeout SECONDES  le temps accordé à un cas, 0.05..60 (par défaut 1) ; le premier après un lancement a dix fois plus, le temps que le programme démarre (python3 peut mettre plusieurs secondes)\n"
    "\n"
    "Exemple : tangscope exercise check top-p \"python3 lessons/exercises/top_p.py\"\n",
    NULL,
};

static const char *const H_KVCACHE[] = {
    "usage : tangscope kvcache [--tokens N] [--model FICHIER] [options de forme]\n"
    "                         [--json]\n"
    "\n"
    "La mémoire qu’il faut à un cache KV : octets par token et pour N tokens, pour ce modèle et pour trois grands modèles de forme publiée :\n"
    "  7 Md, attention multi-têtes   32 couches x 32 têtes x 128 (4096 dim.), 16 bits :\n"
    "                                2 x 32 x 4096 x 2 octets par token\n"
    "  8 Md, attention à requêtes groupées 32 couches x 8 têtes clé/valeur x 128,\n"
    "                                16 bits : 2 x 32 x 8 x 128 x 2 octets par token\n"
    "  DeepSeek-V3, attention latente 61 couches x (latent 512 + clé de position 64),\n"
    "                                16 bits : 61 x 576 x 2 octets par token\n"
    "\n"
    "  --tokens N       tokens tenus dans le cache, 1..1000000000 (par défaut 4096)\n"
    "  --model FICHIER  le modèle tangscope (par défaut assets/tang.bin)\n"
    "  --json           affiche {\"tokens\": N, \"models\": [{\"name\", \"bytes_per_token\", \"total_bytes\", ...}]}\n"
    "Une autre forme, ajoutée sous le nom \"custom\" (clé et valeur par tête, ou --latent) :\n"
    "  --layers N       couches, 1..1000\n"
    "  --kv-heads N     têtes clé/valeur, 1..1024 (avec --head-dim)\n"
    "  --head-dim N     nombres par tête, 1..4096\n"
    "  --latent N       attention latente : nombres du vecteur latent, 1..65536\n"
    "  --rope-dim N     attention latente : nombres de la clé de position, 0..65536 (par défaut 0)\n"
    "  --bits B         16 ou 32 bits par nombre (par défaut 16)\n",
    NULL,
};

static const char *const H_TRAIN[] = {
    "usage : tangscope train [options]\n"
    "\n"
    "Entraîne le GPT à caractères sur un fichier texte (un poème par ligne) et écrit le modèle qui a la meilleure perte de validation. Progression : pas, perte d’entraînement, perte de validation, tokens/s, temps écoulé, temps restant ; dans un terminal, aussi les deux pertes en courbe et un poème écrit avec les poids du moment (la vue d’entraînement, --view). Ctrl-C enregistre un point de reprise et s’arrête.\n"
    "Le texte ne contient que des caractères imprimables et des sauts de ligne : un caractère de contrôle (tabulation, retour chariot, ESC…) ou une marque de sens d’écriture le fait refuser avant qu’aucun modèle ne soit écrit, et le message en indique la ligne.\n"
    "\n"
    "Fichiers :\n"
    "  --data FICHIER         texte d’entraînement (par défaut assets/tang-train.txt)\n"
    "  --val FICHIER          texte de validation (par défaut assets/tang-val.txt si --data n’est pas donné ; aucun sinon)\n"
    "  --out FICHIER          modèle à écrire : le meilleur en validation, sinon les derniers poids\n"
    "  --checkpoint FICHIER   point de reprise (par défaut OUT.ckpt)\n"
    "  --save-last            écrire dans OUT les derniers poids, pas les meilleurs en validation\n"
    "  --resume               reprendre au point de reprise : ses textes (--data/--val, seulement les mêmes fichiers) et ses réglages ; --steps peut changer\n"
    "  --force                recommencer de zéro même si le point de reprise existe\n"
    "  --log FICHIER          ajouter des lignes step,loss,val_loss,lr,tokens_per_s (CSV ; pertes en nats par caractère, nombres avec un point décimal ; l’écran affiche des bits par caractère)\n"
    "Modèle (nouvelles exécutions seulement) :\n"
    "  --layers N             blocs transformer, 1..64 (par défaut 4)\n"
    "  --dims N               dimensions des plongements, 1..4096 (par défaut 128)\n"
    "  --heads N              têtes d’attention, 1..64, diviseur de --dims (par défaut 4)\n"
    "  --context N            plus longue séquence que lit le modèle, 1..8192 (par défaut 128)\n"
    "Entraînement (nouvelles exécutions seulement ; les nombres de pas vont de 1 à 100000000, ou de 0 à 100000000 là où 0 est permis) :\n"
    "  --steps N              pas de l’optimiseur (par défaut 8000)\n"
    "  --batch N              séquences par pas, 1..4096 (par défaut 32)\n"
    "  --seq N                caractères par séquence, 1..8192, au plus --context\n"
    "  --lr X                 taux d’apprentissage maximal, (0, 1] (par défaut 0.002)\n"
    "  --lr-min X             taux d’apprentissage final, 0..1, au plus --lr (par défaut 0.0001)\n"
    "  --warmup N             pas de montée linéaire, au plus --steps (par défaut 200, au plus steps/10)\n"
    "  --weight-decay X       décroissance des poids d’AdamW sur les matrices, 0..1 (par défaut 0.1)*\n"
    "  --clip X               plus grande norme du gradient, 0..1000000, 0 = désactivé (par défaut 1)\n"
    "  --seed N               graine des poids et des lots, 0 ou plus (par défaut 1337)\n"
    "  --eval-every N         perte de validation tous les N pas (par défaut 250)\n"
    "  --checkpoint-every N   point de reprise tous les N pas (par défaut 250)\n"
    "  --short-every N        un pas sur N s’entraîne à la place sur de courtes fenêtres, pour que le modèle apprenne aussi à prédire à partir d’un ou deux caractères (0 = jamais, par défaut)*\n",
    "  --short-seq N          longueur de ces fenêtres, 1..8192, diviseur de --seq (par défaut 16)\n"
    "  --precision P          bf16 : chaque produit matriciel multiplie des entrées arrondies en bfloat16 et somme en float32, les mêmes bits sur tout processeur doté d’AVX2 et FMA, environ 1,5 fois plus vite par pas avec AVX512_BF16 (et alors par défaut) ; fp32 : tout en float32 (par défaut ailleurs). Poids, gradients et AdamW restent en float32*\n"
    "  * peut aussi être donné avec --resume\n"
    "Exécution :\n"
    "  --threads N            threads, 0..1024, 0 = tous les cœurs (par défaut 0) ; même graine et même nombre de threads donnent les mêmes pertes (en bf16, la même graine les donne avec tout nombre de threads)\n"
    "  --max-steps-now N      s’arrêter (avec un point de reprise) après N pas dans cette exécution\n"
    "  --stop-at N            s’arrêter (avec un point de reprise) au pas N, reprise ou non\n"
    "  --quiet                pas de ligne de progression, seulement le bilan final\n"
    "  --view, --no-view      la vue d’entraînement activée (même si stderr n’est pas un terminal) ou non ; par défaut activée quand stderr est un terminal, que TERM est défini et n’est pas dumb, et sans --quiet. Elle ne change jamais l’entraînement : mêmes poids, mêmes points de reprise et mêmes pertes que sans elle\n"
    "  --ascii                la courbe de la vue en ASCII, comme explore --ascii ; de même TANGSCOPE_ASCII=1 et un TERM linux, vt* ou dumb\n"
    "  --sample-every N       avec la vue : un poème des poids du moment au début, tous les N pas et à chaque validation (par défaut 200 ; graine 1, température 0.8, jusqu’à 32 caractères)\n",
    NULL,
};

static const char *const H_EVAL[] = {
    "usage : tangscope eval [--model FICHIER] [--weights P] [--data FICHIER]\n"
    "                       [--seq N] [--threads N] [--json] [--quiet]\n"
    "\n"
    "Affiche la perte du modèle sur un texte, en nats par caractère, et sa perplexité (e^perte). Le texte est découpé en fenêtres consécutives de la longueur du contexte du modèle ; chaque caractère est prédit à partir de ceux qui le précèdent dans sa fenêtre.\n"
    "\n"
    "  --model FICHIER\n"
    "                 fichier du modèle (par défaut assets/tang.bin)\n"
    "  --weights P    fp32, bf16 ou int8 : la perte du modèle avec ses matrices de poids ainsi arrondies (par défaut : telles que le fichier les contient) ; la passe calcule en float32 sur les poids arrondis (un poids int8 comme entier x l’échelle de sa ligne)\n"
    "  --data FICHIER\n"
    "                 texte UTF-8 (par défaut assets/tang-val.txt)\n"
    "  --seq N        longueur des fenêtres, 1..8192 et au plus le contexte du modèle (par défaut : le contexte)\n"
    "  --threads N    threads, 0..1024, 0 = tous les cœurs (par défaut 0)\n"
    "  --json         affiche {\"loss\": ..., \"perplexity\": ..., ...}\n"
    "  --quiet        pas de ligne de progression (elle ne paraît sur stderr que si c’est un terminal)\n",
    NULL,
};

static const char *const H_BENCH[] = {
    "usage : tangscope bench [--lengths 32,64,120] [--repeat N] [--context-policy P]\n"
    "                        [--model FICHIER] [--weights LISTE] [--json] [--quiet]\n"
    "        tangscope bench --train [options]\n"
    "        tangscope bench --ui [--model FICHIER] [--json]\n"
    "        tangscope bench --lessons [--model FICHIER]\n"
    "\n"
    "Génération (par défaut) : pour chaque longueur, le meilleur de N temps pour écrire autant de caractères avec et sans cache KV (le modèle et le tirage à ses réglages par défaut ; un thread, une graine, les deux au même pas), le gain de vitesse, si les deux ont écrit un texte identique (« LOGITS DIFFER » si leurs logits n’étaient pas les mêmes octets à chaque position) et le plus grand écart entre leurs logits à une position ; puis les caractères par seconde de la génération avec cache (modèle et tirage) face à la limite de la mémoire (les poids lus une fois par caractère, au débit mesuré de cette machine) et la passe complète (prefill d’un contexte entier) en multiplications-additions par seconde face au pic mesuré d’un cœur ; la taille du cache KV ; ce que coûte une touche dans l’explorateur à contexte plein (prefill sur tous les cœurs, comme l’explorateur le fait, tirage, 8 premiers, comptes du corpus) ; et le coût du tirage à côté de celui du modèle, en ms par caractère avec cache sur un thread, pour plusieurs réglages. Sous les lignes des longueurs, un graphique de la dernière : les ms pour écrire les n premiers caractères sans et avec le cache (la meilleure passe de chaque côté), les nombres des axes écrits comme les écrit la langue de l’interface.\n"
    "  --lengths LISTE   caractères à écrire, séparés par des virgules, chacun 1..100000 (par défaut 32,64,120)\n"
    "  --repeat N        exécutions par mesure, la meilleure compte, 1..1000 (par défaut 10 ; sans --repeat, une longueur s’arrête après 2 s d’exécutions, au moins une, pour que 500 caractères avec --context 512 prennent des secondes et non des minutes)\n"
    "  --context-policy P\n"
    "                    au-delà du contexte : shift (par défaut) ou slide, comme dans `tangscope generate --help`\n"
    "  --model FICHIER   fichier du modèle (par défaut assets/tang.bin)\n"
    "  --weights LISTE   fp32, bf16, int8, séparés par des virgules : les longueurs dans chacune de ces précisions des poids (tangscope quantize), les précisions à tour de rôle d’une exécution à l’autre, puis un tableau côte à côte à la dernière longueur : les octets de poids que lit un pas avec cache, les caractères par seconde du modèle (ses passes seules), la limite de la mémoire pour ces octets et la part atteinte, et la vitesse face à fp32 dans la même exécution ; le reste pour la première (par défaut : les poids tels que le fichier les contient)\n"
    "  --context N       chronométrer un modèle de même forme au contexte N, 1..8192, avec des poids aléatoires (la vitesse ne dépend pas des poids), par exemple --context 512 --lengths 500 ; sans table du tirage alors (son coût dépend des distributions du modèle)\n"
    "  --quiet           pas de ligne de progression (affichée seulement si stderr est un terminal ; vaut aussi pour --train)\n"
    "  --ascii           le graphique en ASCII (* o | + -), comme explore --ascii ; de même avec TANGSCOPE_ASCII=1 et un TERM linux, vt* ou dumb\n"
    "\n"
    "  --train           vitesse d’entraînement : tokens par seconde de pas complets de l’optimiseur (propagation avant, arrière, AdamW) sur le modèle par défaut, 4 couches, 128 dimensions, 4 têtes, lot de 32 x 128, vocabulaire de assets/tang-train.txt ; et les multiplications-additions par seconde que cela représente face au pic float32 mesuré d’autant de cœurs (et au pic bfloat16, avec des produits en bfloat16)\n",
    "  --precision P     bf16 ou fp32 : comment multiplient les produits matriciels, comme pour `tangscope train` (par défaut : bf16 là où le processeur l’a)\n"
    "  --steps N         pas chronométrés après 2 pas de chauffe, 1..100000 (par défaut 10)\n"
    "  --batch N         séquences par pas, 1..4096 (par défaut 32)\n"
    "  --seq N           caractères par séquence, 1..8192 (par défaut 128)\n"
    "  --threads N       threads, 0..1024, 0 = tous les cœurs (par défaut 0)\n"
    "  --json            affiche {\"tokens_per_s\": ..., ...}\n"
    "\n"
    "  --ui              l’explorateur : ms du lancement à la première image (sur un pseudo-terminal de 80 x 24) et d’une touche aux barres redessinées à contexte plein ; --json affiche {\"first_frame_ms\": ..., \"keystroke_ms\": ...}\n"
    "\n"
    "  --lessons         chaque leçon de lessons/zh, en, de, fr parcourue comme le ferait un professeur (ouvrir, n jusqu’au bout, N en arrière, de nouveau n) : le changement d’étape le plus lent de chacune, de la touche à l’écran redessiné (110 x 34, sans affichage), sur tous les cœurs ; un changement d’étape devrait prendre au plus 300 ms\n",
    NULL,
};

static const char *const H_QUANTIZE[] = {
    "usage : tangscope quantize --to bf16|int8|fp32 --out FICHIER [--model FICHIER]\n"
    "\n"
    "Réécrit le modèle avec ses matrices de poids (wte, qkv_w, attproj_w, fc_w, fcproj_w : 99 % des poids) en bfloat16 (2 octets par poids) ou en entiers de 8 bits avec une échelle float32 par ligne (1 octet par poids), arrondies à partir des poids float32 ; le plongement des positions, les biais et les LayerNorm restent en float32. Un tel fichier est la version 3 du format de modèle (docs/model-format.md) et se charge partout où un fichier de modèle se charge ; chaque commande calcule alors avec les poids arrondis. --to fp32 écrit en float32 les poids que contient un fichier (ce que l’arrondi a enlevé ne revient pas). L’entraînement reste en float32.\n"
    "\n"
    "  --to P         bf16, int8 ou fp32\n"
    "  --out FICHIER  le nouveau fichier de modèle (écrit sous un nom temporaire, puis renommé)\n"
    "  --model FICHIER\n"
    "                 fichier du modèle à lire (par défaut assets/tang.bin)\n",
    NULL,
};

static const char *const H_EXPORT[] = {
    "usage : tangscope export FICHIER.bin --out DOSSIER [--dataset NOM] [--quiet]\n"
    "\n"
    "Écrit un modèle tangscope sous forme de checkpoint nanoGPT : DOSSIER/ckpt.pt, tel que le sauve le train.py de nanoGPT (torch.load le lit ; les poids en float32), et DOSSIER/meta.pkl, son vocabulaire (stoi, itos). DOSSIER est créé s’il n’existe pas (son parent doit exister). Ensuite, dans le dossier de nanoGPT :\n"
    "\n"
    "    python sample.py --out_dir=DOSSIER\n"
    "\n"
    "La config du checkpoint donne pour jeu de données le chemin absolu de DOSSIER : sample.py trouve ainsi DOSSIER/meta.pkl depuis n’importe quel dossier. bias vaut False (et les clés de biais sont absentes) quand tous les biais du modèle sont nuls. Un modèle entraîné par tangscope emploie la GELU tanh : le MLP de nanoGPT donne les mêmes probabilités avec nn.GELU(approximate='tanh'). Python n’est pas nécessaire ; tangscope import DOSSIER/ckpt.pt --meta DOSSIER/meta.pkl --out FICHIER.bin redonne le même fichier. Chaque fichier s’écrit comme toute sortie (un lien est suivi, un périphérique ou une FIFO reçoit les octets sur place, un fichier n’est remplacé qu’une fois complet) ; un modèle abîmé ou un chemin inutilisable est refusé en une ligne, avec le code de sortie 2. docs/course-model.md décrit tout le chemin.\n"
    "\n"
    "  --out DOSSIER    le dossier où écrire ckpt.pt et meta.pkl\n"
    "  --dataset NOM    le jeu de données de la config au lieu du chemin de DOSSIER : sample.py lit alors data/NOM/meta.pkl (la disposition propre à nanoGPT)\n"
    "  --quiet          pas de ligne de progression (elle ne paraît sur stderr que si c’est un terminal : lecture, conversion, écriture)\n",
    NULL,
};

static const char *const H_IMPORT[] = {
    "usage : tangscope import CKPT --meta META.pkl --out FICHIER.bin [--n-head N]\n"
    "                         [--gelu erf|tanh] [--ln-eps X] [--quiet]\n"
    "\n"
    "Transforme un point de reprise à la manière de nanoGPT (ce que sauvegarde le train.py de nanoGPT, ou un simple state_dict ; avec ou sans le préfixe _orig_mod. de torch.compile ; bias true ou false) et son meta.pkl (stoi, itos : un caractère par token) en fichier de modèle tangscope, utilisable ensuite partout où --model FICHIER l’est.\n"
    "\n"
    "tangscope lit lui-même l’archive zip du point de reprise et ses pickles : rien d’autre n’est à installer, et rien de ces deux fichiers n’est jamais exécuté. Seul ce qu’un point de reprise contient est accepté (tenseurs, dictionnaires, listes, nombres, chaînes) ; tout le reste, et ce qui ne se transpose pas (une autre architecture, des positions rotatives, un vocabulaire de mots ou d’octets, des formes qui ne concordent pas), est refusé en une ligne, avec le code de sortie 2. La sortie s’écrit comme tout fichier de modèle (un périphérique ou une FIFO le reste, un lien est suivi). docs/course-model.md décrit tout le chemin.\n"
    "\n"
    "  --meta META.pkl  le vocabulaire qu’a écrit le prepare.py de nanoGPT\n"
    "  --out FICHIER.bin\n"
    "                   le modèle tangscope à écrire\n"
    "  --n-head N       les têtes, pour un simple state_dict (sans model_args)\n"
    "  --gelu erf|tanh  la GELU du MLP : erf est le nn.GELU() de nanoGPT (par défaut), tanh pour nn.GELU(approximate='tanh')\n"
    "  --ln-eps X       l’epsilon de LayerNorm (par défaut 1e-5, celui de nanoGPT)\n"
    "  --quiet          pas de ligne de progression (elle ne paraît sur stderr que si c’est un terminal : lecture, conversion, écriture)\n"
    "\n"
    "Le chemin inverse : tools/export-nanogpt.py FICHIER.bin --out ckpt.pt --meta meta.pkl.\n",
    NULL,
};

const CliHelp CLI_HELP_FR[] = {
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

const CliVerbHelp CLI_VERBS_FR[] = {
    {.verb = "prompt", .help = "remplacer le texte par TEXT (un nouveau prompt)"},
    {.verb = "type", .help = "taper TEXT après ce qui est là"},
    {.verb = "backspace", .help = "retirer les N derniers caractères (par défaut 1)"},
    {.verb = "clear", .help = "un texte vide"},
    {.verb = "set seed", .help = "la graine du hasard"},
    {.verb = "seed", .help = "la graine du hasard (de 1 à 99999)"},
    {.verb = "mid-text", .help = "lire le prompt comme un extrait pris au milieu d’un texte, ou comme un début de poème"},
    {.verb = "cache", .help = "le cache KV"},
    {.verb = "step", .help = "tirer N caractères (par défaut 1)"},
    {.verb = "pick", .help = "ajouter le candidat N (de 1 à 8)"},
    {.verb = "write", .help = "écrire la suite du poème"},
    {.verb = "compare", .help = "écrire le même texte avec et sans cache, et chronométrer les deux"},
    {.verb = "form", .help = "la forme du poème (l’acrostiche prend ses initiales dans le texte)"},
    {.verb = "show", .help = "ouvrir une vue (none les ferme)"},
    {.verb = "lookup", .help = "où se place le caractère C (rang et probabilité)"},
    {.verb = "lang", .help = "la langue de l’interface"},
    {.verb = "quiz", .help = "afficher QUESTION et cacher les barres jusqu’à ce qu’une touche les révèle"},
    {.verb = "answer", .help = "ce que montre la révélation du quiz, mis en valeur, à la place des barres"},
    {.verb = "point", .help = "mettre un panneau en valeur"},
    {.verb = "expect", .help = "vérifier ce qu’affirme la narration"},
    {.verb = "stage", .help = "le programme d’un élève fait le top-p ou le jueju à côté de l’intégré ; une leçon en désigne un de son dossier d’exercices, et l’explorateur demande d’abord"},
    {.verb = "compare-model", .help = "un second modèle lit le même texte : les 8 premiers de chacun, le rang de chaque caractère dans l’autre et KL(A||B) ; fp32, bf16 ou int8 : ce modèle-ci dans cette précision (le FICHIER d’une leçon se trouve à côté d’elle)"},
    {.verb = "model", .help = "les lignes expect de cette leçon portent sur le modèle fourni (non vérifiées avec un autre)"},
    {.verb = "(lessons)", .help = "(leçons) "},
    {.verb = NULL},
};
