/* help_zh.c - every command's --help and the lessons' verbs in Chinese (see
 * cli_help.h). Written in Chinese, not translated line by line; a block
 * is one line here when it is longer than 80 columns: cli_print_help wraps it
 * at its description's column. The options and their flags are the English
 * help's (tests/e2e/help_lang.sh). */

#include <stddef.h>

#include "cli/cli_help.h"


static const char *const H_EXPLORE[] = {
    "用法：tangscope explore [--model 文件] [--prompt 文本] [--lang 语言代码]\n"
    "                        [--corpus 文件 | --no-corpus] [--threads N] [--mid-text]\n"
    "                        [--projector] [--theme dark|light] [--ascii]\n"
    "                        [--context-policy shift|slide]\n"
    "                        [--compare-model 文件]\n"
    "\n"
    "全屏探索界面：输入提示词，每按一个键都能看到模型给下一个字的概率如何变化，旁边是采样后的结果，以及训练文本本身有多少次这样接下去。可以一个字一个字地生成，写出整首诗，限定诗的格式，还能给 KV 缓存计时。在界面里按 ? 查看所有按键。\n"
    "不带命令、或只带这些选项运行 `tangscope`，也会打开它。\n"
    "键入、粘贴或用 --prompt 给出的文本，按 `probs` 读提示词的方式来读：繁体字读作简体字（風 读作 风），, . ? ! 读作 ， 和 。；状态栏说明转换了什么，或指出模型不认识的字。一次粘贴算一次编辑，只预测一次（文本保留最后 1024 个字）。界面需要 80x24：终端更小时只显示所需尺寸，在放大之前除了 q 不接受任何键。\n"
    "拼音：按 y 在每个候选字的条形旁显示读音和释义，并在文本下方显示读音；按 i 让模型充当输入法：字母拼成一个音节（chun、chūn、lv），列出所有读这个音的字，最可能的下一个字排在前面；1-9 或空格选字（法语键盘上 & é \" ' ( - è _ ç 也可以），) 和 = 翻页，Tab 切换声调，Esc 退出。\n"
    "文本整段显示，按诗行排列：一行一句（行数不够时一行一联）；只有当文本比屏幕的行数还长时才会滚动，让结尾保持可见（箭头表示上面还有）。无论多长都保持诗行排列，打开拼音时每句下面显示读音；超出上下文时，模型读到的第一个字前面有一个标记。\n"
    "采样器从 generate、acrostic 和 jueju 的默认设置开始（温度 0.8，top-k、top-p、min-p 和重复惩罚都关闭，随机种子 1），所以按回车写出的就是这些命令对同一提示词输出的诗。\n"
    "\n"
    "  --model 文件    模型文件（默认 assets/tang.bin）\n"
    "  --prompt 文本   开始时已输入这个提示词\n"
    "  --mid-text      把提示词当作文中片段来读，前面没有换行（默认：它是一首诗的开头；按 n 切换）\n"
    "  --lang 语言代码\n"
    "                  界面语言，@LANGS@（每个命令都接受）；否则看 LC_ALL、LC_MESSAGES 或 LANG（de_*、fr_*、zh_*）；按 l 轮换\n"
    "  --corpus 文件   用于计数的训练文本（默认 assets/tang-train.txt）\n"
    "  --no-corpus     不统计训练文本\n"
    "  --threads N     模型计算用的线程数，0..1024，0 = 所有核心（默认 0）；缓存对比（b）总是用单线程计时\n"
    "  --projector     以投影模式启动（按 z 切换）：文本、满宽的条形和滑块都用高对比度，不显示灰色提示，不用盲文点阵\n",
    "  --theme 名称    dark（默认）或 light（投影仪会把深色主题投得发白）；设置了非空的 NO_COLOR 则完全不用颜色\n"
    "  --ascii         所有符号都用 ASCII，适合把宽度不明确的符号画成双倍宽的终端（中文环境常见）；等同于 TANGSCOPE_ASCII=1\n"
    "  --context-policy P\n"
    "                  超出上下文时：shift（默认）把窗口移到较新的一半，用 ¦ 标出，并保留缓存；slide 每一步重读最后 128 个字，缓存帮不上忙\n"
    "  --code 分享码   打开一个分享码（标题栏显示当前会话的分享码）：它的提示词、诗体、设置和随机种子，使按回车写出的正是 `tangscope generate --code 分享码` 写出的内容；不能与 --prompt 或 --mid-text 同用。输错的分享码或用别的模型生成的分享码会被拒绝。\n"
    "  --session 文件  重新打开用 x 保存的会话（文件.json），连同其中的诗\n"
    "  --compare-model 文件\n"
    "                  让第二个模型（B）和这个模型（A）读同一段文本：两边各自的前 8 名并排，每个字标出它在另一个模型里的名次（另一个模型没有这个字就标“没有”），再给出 KL(A||B)，单位是比特；屏幕够大时放在概率条下面，不够时占概率条的位置；文件处写 fp32、bf16 或 int8，就是本模型换成那种精度；在界面里用 `:compare-model 文件` 和 `:compare-model off`\n"
    "  --stage 程序    让学生写的程序在内置 top-p 旁边也做一遍 top-p，两者不同的地方在它那一栏里标出（docs/exercises.md）：--stage \"python3 top_p.py\"；\"jueju ./jueju\" 用于绝句约束（j）；在界面里用 `:stage ...` 和 `:stage off`\n"
    "  --stage-timeout 秒数\n"
    "                  每次请求程序最多等多少秒（默认 1；第一次包括程序启动，等十倍）：启动慢的程序（比如 `import torch`）可以多给些时间；在界面里用 `:stage --timeout 秒数 程序`。程序出错时，它写到错误输出的内容保存在 ~/.cache/tangscope/stage-PID-N.stderr，报错信息会给出文件名并显示最后几行\n"
    "在界面里，x 把会话保存为 JSON（字段见 docs/session-json.md）和可以上交的 Markdown，存在当前工作文件夹（状态栏会给出文件名）；r 显示 KV 缓存对本模型和三个大模型的开销。\n",
    NULL,
};

static const char *const H_PROBS[] = {
    "用法：tangscope probs 提示词|--pinyin 音节 [选项]\n"
    "\n"
    "读入提示词，输出最可能的下一个字：温度为 1 时模型分数的 softmax；只要给了任何采样选项，还会输出经过采样器（重复惩罚、温度、top-k、top-p、min-p）之后的概率。重复惩罚针对提示词里已有的字，与在探索界面里打完提示词之后相同。\n"
    "\n"
    "提示词是一首诗的开头：模型在它前面先读一个换行，和训练文本里每首诗之前一样；`generate` 和探索界面也这样读提示词。加 --mid-text 时，提示词是文中片段，前面什么都不读（模型的字表里没有换行时也自动这样读，stderr 上会有一行说明）。可对照训练文本的统计：`tangscope corpus --poem-start 提示词`（提示词在诗的开头）和 `tangscope corpus 提示词`（任何位置，即 --mid-text 的读法）。空提示词在两种读法下都是一首诗的开头。比模型上下文更长的文本（自带模型为 128 个字）按 nanoGPT 的 generate 和 sample.py 的读法来读：只读最后上下文长度个字（见 --context-policy）。\n"
    "\n"
    "提示词可以用繁体字输入（風 读作 风，用 OpenCC 的 t2s，也就是训练文本做过的转换），标点可以是 ASCII 或全角：, 读作 ，，. ? ! 读作 。（模型不认识别的标点）。转换了什么，stderr 上会有一行说明（用界面语言，如「tangscope probs：風 读作 风」）。模型认识的字保持不变。TANGSCOPE_OPENCC_CONFIG 可指定另一个 OpenCC 配置（tw2s.json）。\n"
    "\n"
    "  --mid-text               把提示词当作文中片段来读\n"
    "  --context-policy P       超出模型上下文时：slide（默认）只读最后上下文长度个字，也就是 nanoGPT 的截断 idx[:, -block_size:]；shift 读 `generate` 和探索界面默认保留的窗口（每次移窗后留下较新的一半），也就是它们在那个位置读到的内容\n"
    "  --top N                  候选字个数，1..1000000（默认 8）\n"
    "  --pinyin                 每个候选字旁边显示普通话读音和简短的英文释义（Unihan，assets/pinyin.tsv）\n"
    "  --pinyin \"chun feng\"     用拼音输入提示词，同 generate --help（此时也带 --pinyin）\n"
    "  --pinyin-input 音节      把模型当作输入法：列出所有读这个音节的字（chun、chun1 或 chūn：声调用调号、数字 1-5，或省略表示任意声调；ü 写作 v 或 u:），最可能的下一个字排在前面，附上它的概率和在模型所有候选字中的排名；取其中 --top N 个\n"
    "@SAMPLER_PROBS@"
    "  --model 文件             模型文件（默认 assets/tang.bin）\n"
    "  --weights P              权重矩阵用 fp32（训练时的精度）、bf16 或 int8（加载模型时舍入；默认：按文件里存的精度）\n",
    "  --json                   {\"prompt\": ..., \"poem_start\": true|false, \"converted\": [{\"from\": \"風\", \"to\": \"风\"}], \"candidates\": [{\"char\": ..., \"prob\": ..., \"id\": ..., \"stages\": {@STAGE_KEYS@}}], \"stages\": [{\"stage\": \"model\", \"kept\": ..., \"removed\": ...}, ...], \"removed\": ..., ...}：候选字经过采样器每个阶段（按采样器的顺序）后的概率，在该阶段保留的字上重新归一化；每个阶段保留的字数和它去掉的模型概率；\"removed\" 是最终分布给 0 的所有字的模型概率之和（温度也算在内）；\"entropy\" 是模型的熵，\"entropy_final\" 是采样后的熵，单位为奈特（JSON 用奈特，屏幕上用比特）；\"context_used\" 是模型实际读到的字数（不超过上下文，诗前的换行也算在内），\"context_policy\" 是所用的窗口方式（--context-policy）。这里前面没有文本，也没有诗体：重复惩罚和格式掩码不起作用。加 --pinyin 时有 \"pinyin\"（读音）和 \"gloss\"；加 --pinyin-input 时还有 \"rank\"，对象里还有 \"pinyin_input\"、\"matches\"（读这个音的字数）和 \"matches_prob\"（它们的总概率）\n"
    "  --stage 程序             让一个程序（学生写的，练习 1，docs/exercises.md）也做一遍 top-p，例如 --stage \"python3 top_p.py\"：它的结果列在内置 top-p 旁边，两者意见不同的字都会标出并列出（--json 里是 \"stage\" 和每个候选字的 \"stage_top_p\"）\n"
    "  --compare-model 文件     让第二个模型（B）也读 PROMPT，用它自己的词表和上下文：两边的前 N 名并排，每个字标出它在另一个模型里的名次（“没有”：另一个模型不认识这个字），以及 KL(A||B)，单位是比特（A 是 --model 的模型）；只在两者都认识的字上计算，各自重新归一化，另外报出每个模型放在对方没有的字上的概率；PROMPT 里有 B 不认识的字就报错。不能和 --stage 或 --pinyin-input 一起用。--json 里有：\"kl\"（单位奈特）、\"rank_other\"、\"prob_other\"、\"compare_candidates\"、\"shared\"、\"model_only_prob\"、\"compare_only_prob\"\n"
    "\n"
    "例：tangscope probs 春风 --pinyin-input du （度、渡还是都？）\n",
    NULL,
};

static const char *const H_CORPUS[] = {
    "用法：tangscope corpus 上下文 [--poem-start] [--top N] [--data 文件] [--json]\n"
    "                       [--no-cache]\n"
    "\n"
    "训练文本本身有多少次这样接下去？输出上下文在文本中出现的次数（重叠的也算）以及它后面跟的字，最常见的排在前面，附上次数和在所有出现中所占的份额。出现在文本最末尾的那一次后面没有字，只计入总数。空的上下文（\"\" 或不给）位于每个字之前：它的次数就是文本长度，后面跟的字就是各字的频率。每首诗结尾的换行也是一个字，显示为 ⏎（JSON 里是 \"\\n\"）。\n"
    "\n"
    "上下文在任何位置出现都计数：即文中片段，和 `probs --mid-text` 读提示词的方式一样。加 --poem-start 则只计在诗的开头，即前一首诗结尾的换行之后（所以文本的第一首诗前面什么都没有，不计入）：这正是 `probs` 和探索界面默认给模型的上下文。\n"
    "\n"
    "查找用的是文本的后缀数组，第一次使用时建立（远不到一秒），保存在 $XDG_CACHE_HOME/tangscope/（默认 ~/.cache/tangscope/），文件名为 corpus-<文本的 CRC-32>.sa；文本改动后会另建一个。\n"
    "\n"
    "上下文按 `probs` 读提示词的方式来读：文本里没有的字按简体读（風 读作 风，OpenCC 的 t2s），, . ? !（ASCII 或全角）读作 ， 和 。，除非文本里本来就有它们；stderr 上有一行说明转换了什么（--json 里是 \"converted\"）。\n"
    "\n"
    "  --poem-start   只在诗的开头计数：即换行之后\n"
    "  --top N        列出多少个后续字，1..1000000（默认 10）\n"
    "  --data 文件    UTF-8 文本（默认 assets/tang-train.txt）\n"
    "  --no-cache     只在内存里建立后缀数组\n"
    "  --json         输出 {\"context\": ..., \"converted\": [...], \"count\": N, \"next\": [{\"char\": ..., \"count\": N, \"share\": F}, ...]}；上下文按计数时的样子给出（加 --poem-start 时是 \"\\n春风\"）\n"
    "\n"
    "例：\n"
    "  tangscope corpus 春风          全唐诗里 春风 后面跟什么\n"
    "  tangscope corpus 春风 --poem-start    ……一首诗以 春风 开头时\n"
    "  tangscope corpus '' --top 5    最常见的五个字\n"
    "  tangscope corpus -- -x         以「-」开头的上下文\n",
    NULL,
};

static const char *const H_GENERATE[] = {
    "用法：tangscope generate [提示词 | --pinyin 音节] [选项]\n"
    "\n"
    "写诗。每首诗从一个换行之后开始（和训练文本里一样），接着是提示词，一直写到这首诗的换行，或写满 --max-chars 个字。加 --mid-text 时没有换行：提示词当作文中片段来读，和 `probs --mid-text` 一样（不给提示词时，第一个字仍在换行之后选出，然后去掉这个换行）。模型的字表里没有换行时，提示词自动这样读（stderr 上会有一行说明），而且必须给出提示词。\n"
    "\n"
    "繁体字按简体字读（風 读作 风，用 OpenCC 的 t2s，训练文本就是这样转换的），, . ? !（ASCII 或全角）读作 ， 和 。；stderr 上有一行说明转换了什么（--json 里是 \"converted\"）。\n"
    "\n"
    "  -n N                     写几首诗，1..10000（默认 1）\n"
    "  --quiet                  不显示进度行（写两首以上时才在 stderr 上显示，且 stderr 须是终端）\n"
    "  --pinyin \"chun feng\"     用拼音输入的提示词：每个音节（chun、chun1、chūn）变成读这个音、并且在该位置（接在前面的字之后）模型排第一的字；stderr 会说明选了哪个字，以及排在后面的几个\n"
    "  --max-chars N            提示词之后每首诗最多 N 个字，1..1000000（默认 200）\n"
    "  --stats                  另外统计有多少首诗合乎格式：各句等长，每句 5 或 7 个字，， 和 。 交替，句数为偶数（输出到 stderr；--json 里是 \"well_formed\"）\n"
    "  --code 分享码            按分享码重写一次运行：它的提示词、诗体、设置、随机种子、-n 和 --max-chars（分享码来自探索界面的标题栏或 --json 的 \"code\"）；这时不要再给提示词，也不要给这些选项。输错的分享码或用别的模型生成的分享码会被拒绝\n"
    "采样：\n"
    "@SAMPLER@"
    "  --penalize-punctuation   惩罚也作用于 ， 。 和换行\n"
    "  --seed S                 随机种子，0 或更大（默认 1）；同一个随机种子、同样的设置在任何机器上写出同样的文本。这些默认值也是探索界面的默认值：在那里按回车，写出的正是这些命令对同一提示词输出的诗\n"
    "  --no-cache               每一步都重新计算整个窗口（文本相同，更慢）\n"
    "  --context-policy P       超出模型上下文时（自带模型为 128 个字）：shift（默认）把窗口移到较新的一半，一次读完后继续用缓存；slide 每一步重读最后 128 个字（缓存帮不上忙）；两者写出的文本都和 --no-cache 相同\n"
    "  --mid-text               把文本当作文中片段来读，前面没有换行（见上文）\n",
    "  --model 文件             模型文件（默认 assets/tang.bin）\n"
    "  --weights P              权重矩阵用 fp32（训练时的精度）、bf16 或 int8（加载模型时舍入；默认：按文件里存的精度）\n"
    "  --json                   输出 {\"poems\": [...], \"code\": ..., ...}：\"code\" 是这次运行的分享码（generate --code 可以原样重写）\n"
    "  --export                 另外像 x 那样保存第一首诗（JSON 和 Markdown）\n"
    "  --trace 文件             把写出的每个字记到文件里，每行一个 JSON 对象：所在的诗和位置、模型和采样后的概率，以及两者的前 8 名（docs/session-json.md）\n"
    "  --stage 程序             让一个程序（学生写的，练习 1）来做 top-p：启动一次，每个字都问它一次（docs/exercises.md），例如 --stage \"python3 top_p.py\"；写成 \"jueju 程序\" 则由它来做绝句约束（练习 2），generate 就写七言绝句（在 `jueju` 命令里，只写程序就是绝句约束，\"top-p 程序\" 是另一个）；程序出错时运行以一行报错结束（退出状态 2）。这时这次运行没有分享码（分享码代表内置的 top-p）\n",
    NULL,
};

static const char *const H_ACROSTIC[] = {
    "用法：tangscope acrostic 藏头|--pinyin 音节 [选项]\n"
    "\n"
    "写藏头诗：第 i 句以藏头的第 i 个字开头；每句其余的字由模型来写，句中不加标点；各句交替以 ， 和 。 结尾，最后一句以 。 结尾。诗从一个换行之后开始；加 --mid-text 时，写下第一个藏头字后去掉这个换行，模型把这首诗当作文中片段来读。\n"
    "\n"
    "繁体字按简体字读（風 读作 风，用 OpenCC 的 t2s，训练文本就是这样转换的），, . ? !（ASCII 或全角）读作 ， 和 。；stderr 上有一行说明转换了什么（--json 里是 \"converted\"）。\n"
    "\n"
    "  --pinyin \"chun xia qiu dong\"\n"
    "                           用拼音输入藏头：每个音节（chun、chun1、chūn）变成读这个音、并且在该位置（接在前面的字之后）模型排第一的字；stderr 会说明选了哪个字，以及排在后面的几个\n"
    "  --chars 5|7              每句字数，5 或 7（默认 7）\n"
    "  -n N                     写几首诗，1..10000（默认 1）\n"
    "  --quiet                  不显示进度行（写两首以上时才在 stderr 上显示，且 stderr 须是终端）\n"
    "  --stats                  另外统计有多少首诗合乎格式（输出到 stderr；--json 里是 \"well_formed\"）\n"
    "采样：\n"
    "@SAMPLER@"
    "  --penalize-punctuation   惩罚也作用于 ， 。 和换行\n"
    "  --seed S                 随机种子，0 或更大（默认 1）；同一个随机种子、同样的设置在任何机器上写出同样的文本。这些默认值也是探索界面的默认值：在那里按回车，写出的正是这些命令对同一提示词输出的诗\n"
    "  --no-cache               每一步都重新计算整个窗口（文本相同，更慢）\n"
    "  --context-policy P       超出模型上下文时（自带模型为 128 个字）：shift（默认）把窗口移到较新的一半，一次读完后继续用缓存；slide 每一步重读最后 128 个字（缓存帮不上忙）；两者写出的文本都和 --no-cache 相同\n"
    "  --mid-text               把文本当作文中片段来读，前面没有换行（见上文）\n"
    "  --model 文件             模型文件（默认 assets/tang.bin）\n"
    "  --weights P              权重矩阵用 fp32（训练时的精度）、bf16 或 int8（加载模型时舍入；默认：按文件里存的精度）\n"
    "  --json                   输出 {\"poems\": [...], \"code\": ..., ...}：\"code\" 是这次运行的分享码（generate --code 可以原样重写）\n"
    "  --export                 另外像 x 那样保存第一首诗（JSON 和 Markdown）\n",
    "  --trace 文件             把写出的每个字记到文件里，每行一个 JSON 对象：所在的诗和位置、模型和采样后的概率，以及两者的前 8 名（docs/session-json.md）\n"
    "  --stage 程序             让一个程序（学生写的，练习 1）来做 top-p：启动一次，每个字都问它一次（docs/exercises.md），例如 --stage \"python3 top_p.py\"；写成 \"jueju 程序\" 则由它来做绝句约束（练习 2），generate 就写七言绝句（在 `jueju` 命令里，只写程序就是绝句约束，\"top-p 程序\" 是另一个）；程序出错时运行以一行报错结束（退出状态 2）。这时这次运行没有分享码（分享码代表内置的 top-p）\n",
    NULL,
};

static const char *const H_JUEJU[] = {
    "用法：tangscope jueju [--pinyin 音节] [选项]\n"
    "\n"
    "按固定格式写绝句：四句，每句 5 或 7 个字，只在句末有标点，依次为 ，。，。。诗从一个换行之后开始；加 --mid-text 时，在换行之后选出第一个字，然后去掉这个换行，模型把这首诗当作文中片段来读。\n"
    "\n"
    "  --pinyin \"ming yue\"      用拼音输入开头的几个字：每个音节（chun、chun1、chūn）变成读这个音、并且在该位置（接在前面的字之后）模型排第一的字；stderr 会说明选了哪个字，以及排在后面的几个\n"
    "  --chars 5|7              每句字数，5 或 7（默认 5）\n"
    "  -n N                     写几首诗，1..10000（默认 1）\n"
    "  --quiet                  不显示进度行（写两首以上时才在 stderr 上显示，且 stderr 须是终端）\n"
    "  --stats                  另外统计有多少首诗合乎格式（输出到 stderr；--json 里是 \"well_formed\"）\n"
    "采样：\n"
    "@SAMPLER@"
    "  --penalize-punctuation   惩罚也作用于 ， 。 和换行\n"
    "  --seed S                 随机种子，0 或更大（默认 1）；同一个随机种子、同样的设置在任何机器上写出同样的文本。这些默认值也是探索界面的默认值：在那里按回车，写出的正是这些命令对同一提示词输出的诗\n"
    "  --no-cache               每一步都重新计算整个窗口（文本相同，更慢）\n"
    "  --context-policy P       超出模型上下文时（自带模型为 128 个字）：shift（默认）把窗口移到较新的一半，一次读完后继续用缓存；slide 每一步重读最后 128 个字（缓存帮不上忙）；两者写出的文本都和 --no-cache 相同\n"
    "  --mid-text               把文本当作文中片段来读，前面没有换行（见上文）\n"
    "  --model 文件             模型文件（默认 assets/tang.bin）\n"
    "  --weights P              权重矩阵用 fp32（训练时的精度）、bf16 或 int8（加载模型时舍入；默认：按文件里存的精度）\n"
    "  --json                   输出 {\"poems\": [...], \"code\": ..., ...}：\"code\" 是这次运行的分享码（generate --code 可以原样重写）\n"
    "  --export                 另外像 x 那样保存第一首诗（JSON 和 Markdown）\n"
    "  --trace 文件             把写出的每个字记到文件里，每行一个 JSON 对象：所在的诗和位置、模型和采样后的概率，以及两者的前 8 名（docs/session-json.md）\n",
    "  --stage 程序             让一个程序（学生写的，练习 1）来做 top-p：启动一次，每个字都问它一次（docs/exercises.md），例如 --stage \"python3 top_p.py\"；写成 \"jueju 程序\" 则由它来做绝句约束（练习 2），generate 就写七言绝句（在 `jueju` 命令里，只写程序就是绝句约束，\"top-p 程序\" 是另一个）；程序出错时运行以一行报错结束（退出状态 2）。这时这次运行没有分享码（分享码代表内置的 top-p）\n",
    NULL,
};

static const char *const H_LESSON[] = {
    "用法：tangscope lesson [文件] [--lang 语言代码] [--projector] [--theme dark|light]\n"
    "                       [--ascii] [选项]\n"
    "      tangscope lesson --watch 文件 [选项]\n"
    "      tangscope lesson --check [文件...] [选项]\n"
    "      tangscope lesson --print 文件 [--worksheet] [--html] [选项]\n"
    "\n"
    "引导课程：Markdown 文件（lessons/zh、en、de、fr），其中 `## ` 标题是步骤，段落是讲解，```tangscope 代码块里是进入该步骤时执行的命令（格式和全部命令见 lessons/README.md）。每节课都从同一个状态开始，随机种子使它可以重现：第 k 步显示的内容总是一样的。\n"
    "\n"
    "  tangscope lesson          按界面语言列出课程供选择\n"
    "  tangscope lesson 文件     在探索界面里上这节课：讲解在条形旁边；n / PgDn 下一步，N / PgUp 上一步；: 输入命令\n"
    "  --watch 文件              一边写课程一边在探索界面里看：每次保存文件都会重新读取，并停在同一步；讲解下方显示 --check 运行其命令时给出的信息（文件:行号: 信息，或「文件：N 步，没有问题」）；如果文件结构有错（代码块没有结束、没有步骤），屏幕上保留上一个正确的版本，并指出出错的行。屏幕检查（80x24、110x34、引用的数字）仍由 --check 完成\n",
    "  --check [文件...]         不用终端，把每节课（不给文件时：选择列表里的课程）运行到底，每个问题输出一行 文件:行号: 说明（未知命令、超出范围的值、模型不认识的字、不成立的 expect 行、同一步里的第二个问题、空的答案、比滑块步长更细的值、没有标题或步骤的文件）；有问题时退出状态为 2，否则每个文件输出一行「文件：N 步，没有问题」。它还会在 80x24、110x34 和投影模式（80x24）下，不用终端、用探索界面自己的面板排版并绘制每一步，当某一步提到的内容（lookup、step 的随机数、compare 的结论和 4 行的图、show、point、quiz、expect 里的数字）没有完整显示在屏幕上，或有一行被截断，或者在 80x24 下讲解超过讲解区高度的两倍时，给出 文件:行号（在该步标题处）。旁白里引用的每个数字（百分比、名次、次数）都必须按原样出现在这一步的屏幕上（110x34），否则算一个问题：「第 2 步旁白说 8.37%，屏幕上是 8.4%」（别处来的数字写在 `代码` 里或「（出处：…）」里，见 lessons/README.md）\n"
    "  --quiet                   配合 --check：不显示进度行（只有 stderr 是终端时才显示：已检查的课数和总数、速度、剩余时间、正在检查的课）\n"
    "  --print 文件              运行这节课并输出 Markdown 讲义：每一步的讲解，然后是这一步屏幕上显示的内容：文本、设置、前 8 名（模型、采样后、训练文本中的次数）、模型写出的内容（对比写出的文字只印一次），以及这一步打开的视图：掩码三角、内存表、权重、计时（唯一每次运行都不同的部分）；诗按诗行排列，一句一行\n"
    "  --worksheet               与 --print 同用：每个问题不给答案，留一行书写；揭晓的内容和解释它的步骤放在该课末尾的「答案」下（教师部分）\n"
    "  --html                    与 --print 同用：把讲义输出为一个网页，可以直接打印，也可以放到教学平台上，不需要联网（A4 打印版式；条形图、掩码和计时都画成图；诗句下方标注拼音）\n"
    "\n"
    "  --model 文件              模型文件（默认 assets/tang.bin）\n"
    "  --lang @LANGS@            界面语言，也是选择列表里课程的语言（默认：看 LC_ALL / LC_MESSAGES / LANG）；讲义的用词跟随课程所在的文件夹\n"
    "  --corpus 文件             用于计数的训练文本（默认 assets/tang-train.txt）\n"
    "  --no-corpus               不统计训练文本（这时 expect corpus 会失败）\n"
    "  --threads N               模型计算用的线程数，0 = 所有核心（默认 0）；线程数不同，数字也一样\n"
    "  --projector               在探索界面里：以投影模式启动（按 z 切换）：文本、满宽的条形和滑块，高对比度，不显示灰色提示\n"
    "  --theme dark|light        在探索界面里：深色（默认）或浅色背景的配色；NO_COLOR 表示完全不用颜色\n",
    "  --ascii                   在探索界面里：只用 ASCII 符号，适合把宽度不明确的符号画成双倍宽的终端\n"
    "  --stage 程序              在探索界面里：让学生写的程序在内置 top-p 旁边做 top-p（\"jueju 程序\"：做绝句），同 explore --stage。课程里的 `stage` 步骤只能指定 lessons/exercises 里的程序，探索界面启动它之前会先询问；--check 也会启动它，指出这一步并检查这一屏；--print 从不启动程序\n"
    "\n"
    "命令（与探索界面的命令行 `:` 相同）：\n",
    NULL,
};

static const char *const H_DEMO[] = {
    "用法：tangscope demo [--lang 语言代码] [--section N] [--pause] [--worksheet]\n"
    "                     [--model 文件] [--corpus 文件 | --no-corpus]\n"
    "\n"
    "在模型上运行引导课程，一节接一节地输出为 Markdown 讲义（即 `tangscope lesson --print` 对每节课的输出）：每一步的讲解，然后是文本、设置、下一个字的前 8 名（模型、采样后、训练文本自己的次数）、模型写出的内容以及 KV 缓存的计时。课程是 lessons/LANG/*.md，查找方式和 assets/ 相同（TANGSCOPE_HOME、当前目录、程序旁边）；`tangscope lesson` 在探索界面里逐步讲解它们。\n"
    "\n"
    "  --lang @LANGS@      课程的语言（默认：界面语言，看 LC_ALL / LC_MESSAGES / LANG）\n"
    "  --section N         只运行第 N 课（文件名开头的数字）\n"
    "  --pause             每两节课之间等待回车\n"
    "  --worksheet         每节课作为练习单：问题不给答案，答案放在该课末尾\n"
    "  --model 文件        模型文件（默认 assets/tang.bin）\n"
    "  --corpus 文件       用于计数的训练文本（默认 assets/tang-train.txt）\n"
    "  --no-corpus         不统计训练文本\n",
    NULL,
};

static const char *const H_INFO[] = {
    "用法：tangscope info [--model 文件] [--json]\n"
    "\n"
    "显示一个模型：它的配置、每个权重张量的形状和大小（按文件中的顺序，见 docs/model-format.md）、参数个数、文件大小、模型所用的 GELU 和 LayerNorm 的 epsilon（tangscope 自己的模型用 tanh 近似和 1e-5；从 nanoGPT 导入的模型用精确的 erf 形式，用 tangscope import 导入），以及 KV 缓存每个字和在整个上下文时的大小。\n"
    "\n"
    "  --model 文件  模型文件（默认 assets/tang.bin）\n"
    "  --json        输出 {\"layers\": ..., \"gelu\": \"tanh\"|\"erf\", \"ln_eps\": ..., \"tensors\": [{\"name\": ..., \"shape\": [...]}], ...}\n",
    NULL,
};

static const char *const H_EXERCISE[] = {
    "用法：tangscope exercise check 练习 程序 [--timeout 秒数]\n"
    "\n"
    "用根据定义写出的参考用例检验学生对课程某道练习的解答，逐个用例说明是否通过，以及期望的是什么、得到的是什么。只有全部用例通过时退出码才是 0（有用例失败为 1，程序根本无法运行为 2）。\n"
    "\n"
    "练习可以是\n"
    "  top-p   练习一：保留最可能的候选字，直到它们的概率之和达到 p（并列、p 为 0 和 1、一个候选字独占、分布平坦、先 top-k 后 top-p、课程里的数字）\n"
    "  jueju   练习二：绝句里下一个允许出现的字——四句，每句 5 或 7 个汉字，依次带 ，。，。，最后是换行\n"
    "\n"
    "程序是运行解答的命令，作为一个参数给出：\"python3 my_top_p.py\"。它按空格切分成词，不经过 shell；用双引号 \"…\" 或单引号 '…' 括起的词可以含空格。tangscope 只启动它一次，通过它的标准输入和标准输出对话，每个方向每行一个 JSON 对象（见 docs/exercises.md；起步代码在 lessons/exercises/）。它的标准错误输出就是终端：调试信息请打印到那里。\n"
    "\n"
    "程序若崩溃、卡住，或回答的不是一行 JSON，该用例即以一行说明判为失败，下一个用例前重新启动程序；连续两次这样的失败之后，其余用例不再运行。它启动的任何进程都活不过它，也活不过 tangscope（不论 tangscope 怎样结束）；它的 TMPDIR 是它专用的文件夹，随它一起删除。\n"
    "\n"
    "  --timeout 秒数      每个用例允许的时间，0.05..60（默认 1）；启动后的第一个用例可用十倍时间，留给程序启动（python3 可能要几秒）\n"
    "\n"
    "示例：tangscope exercise check top-p \"python3 lessons/exercises/top_p.py\"\n",
    NULL,
};

static const char *const H_KVCACHE[] = {
    "用法：tangscope kvcache [--tokens N] [--model 文件] [形状选项] [--json]\n"
    "\n"
    "KV 缓存需要的内存：每个词元和 N 个词元时的字节数，对象是本模型以及三个公开了结构的大模型：\n"
    "  7B，多头注意力                32 层 x 32 个头 x 128（4096 维），16 位：\n"
    "                                每个词元 2 x 32 x 4096 x 2 字节\n"
    "  8B，分组查询注意力            32 层 x 8 个键/值头 x 128，16 位：\n"
    "                                每个词元 2 x 32 x 8 x 128 x 2 字节\n"
    "  DeepSeek-V3，潜在注意力       61 层 x（潜在向量 512 + 位置键 64），16 位：\n"
    "                                每个词元 61 x 576 x 2 字节\n"
    "\n"
    "  --tokens N       缓存里的词元数，1..1000000000（默认 4096）\n"
    "  --model 文件     tangscope 模型（默认 assets/tang.bin）\n"
    "  --json           输出 {\"tokens\": N, \"models\": [{\"name\", \"bytes_per_token\", \"total_bytes\", ...}]}\n"
    "另一种结构，以 \"custom\" 加入（每个头的键和值，或用 --latent）：\n"
    "  --layers N       层数，1..1000\n"
    "  --kv-heads N     键/值头数，1..1024（与 --head-dim 同用）\n"
    "  --head-dim N     每个头的数值个数，1..4096\n"
    "  --latent N       潜在注意力：潜在向量的数值个数，1..65536\n"
    "  --rope-dim N     潜在注意力：位置键的数值个数，0..65536（默认 0）\n"
    "  --bits B         每个数 16 或 32 位（默认 16）\n",
    NULL,
};

static const char *const H_TRAIN[] = {
    "用法：tangscope train [选项]\n"
    "\n"
    "在一个文本文件（每行一首诗）上训练字符级 GPT，并写出验证损失最好的模型。进度：步数、训练损失、验证损失、每秒词元数、已用时间、预计剩余时间；在终端里还会把两种损失画成曲线，并显示当前权重写的一首诗（训练视图，--view）。Ctrl-C 保存检查点后停止。\n"
    "文本里只能有可显示的字符和换行符：含有控制字符（制表符、回车符、ESC 等）或书写方向控制符的文本会被拒绝，并指出它在哪一行，不会写出模型。\n"
    "\n"
    "文件：\n"
    "  --data 文件            训练文本（默认 assets/tang-train.txt）\n"
    "  --val 文件             验证文本（没给 --data 时默认 assets/tang-val.txt；否则没有）\n"
    "  --out 文件             要写出的模型：验证最好的那个，否则是最后的权重\n"
    "  --checkpoint 文件      用于继续训练的检查点（默认 OUT.ckpt）\n"
    "  --save-last            把最后的权重写入 OUT，而不是验证最好的那个\n"
    "  --resume               从检查点继续：沿用它的文本（--data/--val 只能是同样的文件）和设置；--steps 可以改\n"
    "  --force                即使检查点已存在也从头开始\n"
    "  --log 文件             追加 step,loss,val_loss,lr,tokens_per_s 行（CSV；损失以 nat/字为单位，数字用小数点；屏幕上显示比特/字）\n"
    "模型（仅限新的训练）：\n"
    "  --layers N             Transformer 块数，1..64（默认 4）\n"
    "  --dims N               嵌入维数，1..4096（默认 128）\n"
    "  --heads N              注意力头数，1..64，须整除 --dims（默认 4）\n"
    "  --context N            模型读取的最长序列，1..8192（默认 128）\n"
    "训练（仅限新的训练；步数为 1..100000000，允许为 0 的是 0..100000000）：\n"
    "  --steps N              优化器步数（默认 8000）\n"
    "  --batch N              每步的序列数，1..4096（默认 32）\n"
    "  --seq N                每个序列的字数，1..8192，不超过 --context\n"
    "  --lr X                 最高学习率，(0, 1]（默认 0.002）\n"
    "  --lr-min X             最终学习率，0..1，不超过 --lr（默认 0.0001）\n"
    "  --warmup N             线性预热的步数，不超过 --steps（默认 200，最多 steps/10）\n"
    "  --weight-decay X       AdamW 对矩阵的权重衰减，0..1（默认 0.1）*\n"
    "  --clip X               梯度范数上限，0..1000000，0 = 关闭（默认 1）\n"
    "  --seed N               权重和批次的随机种子，0 或更大（默认 1337）\n"
    "  --eval-every N         每 N 步算一次验证损失（默认 250）\n"
    "  --checkpoint-every N   每 N 步存一次检查点（默认 250）\n"
    "  --short-every N        每隔 N 步改用短窗口训练一步，让模型也学会只凭一两个字来预测（0 = 从不，默认）*\n"
    "  --short-seq N          这些短窗口的长度，1..8192，须整除 --seq（默认 16）\n"
    "  --precision P          bf16：每次矩阵乘法把输入舍入为 bfloat16 相乘、用 float32 累加，在任何支持 AVX2 和 FMA 的 CPU 上结果逐位相同；CPU 支持 AVX512_BF16 时每步约快 1.5 倍，并且是默认值；fp32：全部用 float32（其他情况下的默认值）。权重、梯度和 AdamW 始终是 float32*\n"
    "  * 也可以和 --resume 一起给出\n"
    "运行：\n",
    "  --threads N            线程数，0..1024，0 = 所有核心（默认 0）；同样的随机种子和线程数得到同样的损失（bf16 下，同样的随机种子在任何线程数下都得到同样的损失）\n"
    "  --max-steps-now N      本次运行 N 步后停止（并保存检查点）\n"
    "  --stop-at N            到第 N 步时停止（并保存检查点），无论是否为续训\n"
    "  --quiet                不显示进度行，只显示最后的总结\n"
    "  --view, --no-view      打开训练视图（即使 stderr 不是终端）或关闭它；默认在 stderr 是终端、TERM 已设置且不是 dumb、且没有 --quiet 时打开。它从不改变训练：权重、检查点和损失都和不用它时一样\n"
    "  --ascii                视图里的曲线只用 ASCII 字符，和 explore --ascii 一样；TANGSCOPE_ASCII=1 或 TERM 为 linux、vt*、dumb 时也是如此\n"
    "  --sample-every N       打开视图时：开始时、每 N 步以及每次验证时，用当前权重写一首诗（默认 200；随机种子 1，温度 0.8，最多 32 个字）\n",
    NULL,
};

static const char *const H_EVAL[] = {
    "用法：tangscope eval [--model 文件] [--weights P] [--data 文件] [--seq N]\n"
    "                    [--threads N] [--json] [--quiet]\n"
    "\n"
    "输出模型在一段文本上的损失（每个字多少奈特）和困惑度（e^损失）。文本切成长度等于模型上下文的连续窗口；每个字都由它所在窗口里前面的字来预测。\n"
    "\n"
    "  --model 文件   模型文件（默认 assets/tang.bin）\n"
    "  --weights P    fp32、bf16 或 int8：权重矩阵这样舍入后模型的损失（默认：按文件里存的精度）；前向计算用 float32 在舍入后的权重上进行（int8 权重按整数 x 该行的缩放系数）\n"
    "  --data 文件    UTF-8 文本（默认 assets/tang-val.txt）\n"
    "  --seq N        窗口长度，1..8192，且不超过模型的上下文（默认：上下文长度）\n"
    "  --threads N    线程数，0..1024，0 = 所有核心（默认 0）\n"
    "  --json         输出 {\"loss\": ..., \"perplexity\": ..., ...}\n"
    "  --quiet        不显示进度行（只有 stderr 是终端时才会显示）\n",
    NULL,
};

static const char *const H_BENCH[] = {
    "用法：tangscope bench [--lengths 32,64,120] [--repeat N] [--context-policy P]\n"
    "                      [--model 文件] [--weights 列表] [--json] [--quiet]\n"
    "      tangscope bench --train [选项]\n"
    "      tangscope bench --ui [--model 文件] [--json]\n"
    "      tangscope bench --lessons [--model 文件]\n"
    "\n"
    "生成（默认）：对每个长度，分别在有和没有 KV 缓存的情况下写出这么多字，取 N 次中最好的时间（模型加采样器，采样器用默认设置；单线程、同一个随机种子，两者同步进行），给出加速比、两者写出的文本是否完全相同（如果它们的 logits 不是在每个位置都逐字节相同，则显示「LOGITS DIFFER」）以及两者 logits 在所有位置上的最大差异；然后是用缓存生成（模型加采样器）时每秒的字数与内存带宽上限的对比（每个字读一遍权重，按本机实测的流式带宽计算），以及完整前向计算（整个上下文的 prefill）每秒的乘加次数与单核实测峰值的对比；KV 缓存的大小；在满上下文时，探索界面里按一个键的开销（像探索界面那样在所有核心上 prefill、采样、前 8 名、训练文本计数）；以及采样器与模型的开销对比，单位为单线程有缓存时每个字的毫秒数，分几种设置。各长度的结果下面画出最后一个长度的曲线图：不用缓存和用缓存时写出前 n 个字各用多少毫秒（各取最快的一次），坐标轴上的数字按界面语言的写法。\n"
    "  --lengths 列表  要写的字数，用逗号分隔，每个 1..100000（默认 32,64,120）\n"
    "  --repeat N      每项测量运行几次，取最好的一次，1..1000（默认 10；不给 --repeat 时，一个长度的运行累计超过 2 秒就停，至少跑一次，这样 --context 512 下写 500 个字只要几秒，不用几分钟）\n"
    "  --context-policy P\n"
    "                  超出上下文时：shift（默认）或 slide，见 `tangscope generate --help`\n"
    "  --model 文件    模型文件（默认 assets/tang.bin）\n"
    "  --weights 列表  fp32、bf16、int8，用逗号分隔：在每种权重精度下（tangscope quantize）分别测各个长度，各精度轮流运行，最后在最后一个长度上并排列一张表：有缓存时每步读的权重字节数、模型每秒的字数（只算它的计算）、这些字节对应的内存带宽上限和达到的比例，以及同一次运行中相对 fp32 的速度；其余各项按第一种精度（默认：按文件里存的精度）\n"
    "  --context N     改测一个结构相同、上下文为 N 的模型，1..8192，用随机权重（速度和权重无关），例如 --context 512 --lengths 500；这时不测采样器（它的开销取决于模型的概率分布）\n"
    "  --quiet         不显示进度行（只在 stderr 是终端时显示；--train 也适用）\n"
    "  --ascii         曲线图只用 ASCII 字符（* o | + -），和 explore --ascii 一样；TANGSCOPE_ASCII=1 或 TERM 为 linux、vt*、dumb 时也是如此\n"
    "\n"
    "  --train         训练速度：默认模型（4 层，128 维，4 个头，批次 32 x 128，词表取自 assets/tang-train.txt）上完整优化步（前向、反向、AdamW）每秒处理的词元数；以及这相当于每秒多少次乘加，与同样多核心实测的 float32 峰值（用 bfloat16 乘法时与 bfloat16 峰值）的对比\n"
    "  --precision P   bf16 或 fp32：矩阵乘法怎么乘，同 `tangscope train`（默认：CPU 支持时用 bf16）\n"
    "  --steps N       2 步预热之后计时的步数，1..100000（默认 10）\n"
    "  --batch N       每步的序列数，1..4096（默认 32）\n"
    "  --seq N         每个序列的字数，1..8192（默认 128）\n"
    "  --threads N     线程数，0..1024，0 = 所有核心（默认 0）\n",
    "  --json          输出 {\"tokens_per_s\": ..., ...}\n"
    "\n"
    "  --ui            探索界面：从启动到第一帧的毫秒数（在 80 x 24 的伪终端上），以及满上下文时从按键到条形重画完成的毫秒数；--json 输出 {\"first_frame_ms\": ..., \"keystroke_ms\": ...}\n"
    "\n"
    "  --lessons       像教师那样逐步走完 lessons/zh、en、de、fr 里的每节课（打开，按 n 到结尾，按 N 回退，再按 n）：每节课最慢的一次换步，从按键到屏幕重画完成（110 x 34，无界面显示），使用所有核心；换一步最多应该用 300 毫秒\n",
    NULL,
};

static const char *const H_QUANTIZE[] = {
    "用法：tangscope quantize --to bf16|int8|fp32 --out 文件 [--model 文件]\n"
    "\n"
    "重新写出模型，把权重矩阵（wte、qkv_w、attproj_w、fc_w、fcproj_w：占权重的 99%）存为 bfloat16（每个权重 2 字节），或存为 8 位整数加每行一个 float32 缩放系数（每个权重 1 字节），由 float32 权重舍入而来；位置嵌入、偏置和 LayerNorm 仍为 float32。这样的文件是模型格式的第 3 版（docs/model-format.md），凡是能加载模型文件的地方都能加载它；之后每个命令都用舍入后的权重计算。--to fp32 把文件里的权重存为 float32（舍入损失的部分不会回来）。训练始终用 float32。\n"
    "\n"
    "  --to P         bf16、int8 或 fp32\n"
    "  --out 文件     新的模型文件（先写到临时文件名，再改名）\n"
    "  --model 文件   要读取的模型文件（默认 assets/tang.bin）\n",
    NULL,
};

static const char *const H_EXPORT[] = {
    "用法：tangscope export 文件.bin --out 文件夹 [--dataset 名称] [--quiet]\n"
    "\n"
    "把 tangscope 的模型写成 nanoGPT 的检查点：文件夹/ckpt.pt，和 nanoGPT 的 train.py 保存的格式一样（torch.load 能读；权重为 float32），以及文件夹/meta.pkl，即它的词表（stoi、itos）。文件夹不存在时会新建（它的上一级必须存在）。然后在 nanoGPT 的目录里运行：\n"
    "\n"
    "    python sample.py --out_dir=文件夹\n"
    "\n"
    "检查点的 config 把文件夹的绝对路径写作数据集，所以 sample.py 不论从哪个目录运行都能找到 文件夹/meta.pkl。模型的偏置全为零时，bias 为 False（也没有偏置的键）。tangscope 训练的模型用 tanh 近似的 GELU：nanoGPT 的 MLP 里换成 nn.GELU(approximate='tanh') 就能得到相同的概率。不需要 Python；用 tangscope import 文件夹/ckpt.pt --meta 文件夹/meta.pkl --out 文件.bin 导回来，得到的还是同一个文件。两个文件都按所有输出的规则来写（链接会跟过去，设备和 FIFO 就地写入，普通文件写完整之后才替换）；模型损坏或路径不能用时只给一行说明，退出状态为 2。完整步骤见 docs/course-model.md。\n"
    "\n"
    "  --out 文件夹     放 ckpt.pt 和 meta.pkl 的文件夹\n"
    "  --dataset 名称   config 里的数据集，代替文件夹的路径：sample.py 这时读 data/名称/meta.pkl（nanoGPT 自己的目录结构）\n"
    "  --quiet          不显示进度行（只有 stderr 是终端时才显示：读取、转换、写入）\n",
    NULL,
};

static const char *const H_IMPORT[] = {
    "用法：tangscope import CKPT --meta META.pkl --out 文件.bin [--n-head N]\n"
    "                       [--gelu erf|tanh] [--ln-eps X] [--quiet]\n"
    "\n"
    "把 nanoGPT 风格的检查点（nanoGPT 的 train.py 保存的文件，或单纯的 state_dict；带不带 torch.compile 的 _orig_mod. 前缀都行；bias 为 true 或 false 均可）和它的 meta.pkl（stoi、itos：每个词元一个字）转成 tangscope 的模型文件，之后凡是能用 --model 文件 的地方都能用它。\n"
    "\n"
    "检查点的 zip 压缩包和其中的 pickle 由 tangscope 自己读取：不需要另装任何东西，两个文件里的内容也绝不会被执行。只接受检查点里本该有的东西（张量、字典、列表、数字、字符串）；其他任何东西，以及无法对应的内容（别的架构、旋转位置编码、以词或字节为单位的词表、对不上的形状），都会被拒绝，给出一行说明，退出状态为 2。输出和所有模型文件一样写出（设备或 FIFO 仍是原样，符号链接会被跟随）。完整步骤见 docs/course-model.md。\n"
    "\n"
    "  --meta META.pkl  nanoGPT 的 prepare.py 写出的词表\n"
    "  --out 文件.bin   要写出的 tangscope 模型\n"
    "  --n-head N       注意力头数，用于单纯的 state_dict（没有 model_args 时）\n"
    "  --gelu erf|tanh  MLP 的 GELU：erf 即 nanoGPT 的 nn.GELU()（默认），tanh 对应 nn.GELU(approximate='tanh')\n"
    "  --ln-eps X       LayerNorm 的 epsilon（默认 1e-5，与 nanoGPT 相同）\n"
    "  --quiet          不显示进度行（只有 stderr 是终端时才显示：读取、转换、写入）\n"
    "\n"
    "反过来：tools/export-nanogpt.py 文件.bin --out ckpt.pt --meta meta.pkl。\n",
    NULL,
};

const CliHelp CLI_HELP_ZH[] = {
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

const CliVerbHelp CLI_VERBS_ZH[] = {
    {.verb = "prompt", .help = "用 TEXT 替换文本（新的提示词）"},
    {.verb = "type", .help = "在已有文本后输入 TEXT"},
    {.verb = "backspace", .help = "删掉最后 N 个字（默认 1）"},
    {.verb = "clear", .help = "清空文本"},
    {.verb = "set seed", .help = "随机种子"},
    {.verb = "seed", .help = "随机种子（1 到 99999）"},
    {.verb = "mid-text", .help = "把提示词当作文中片段来读，或当作诗的开头"},
    {.verb = "cache", .help = "KV 缓存"},
    {.verb = "step", .help = "采样 N 个字（默认 1）"},
    {.verb = "pick", .help = "接上第 N 个候选字（1 到 8）"},
    {.verb = "write", .help = "写完这首诗"},
    {.verb = "compare", .help = "分别用和不用缓存写同样的文本，给两者计时"},
    {.verb = "form", .help = "诗体（藏头诗从文本中取藏头字）"},
    {.verb = "show", .help = "打开一个视图（none 全部关闭）"},
    {.verb = "lookup", .help = "字 C 排在哪里（排名和概率）"},
    {.verb = "lang", .help = "界面语言"},
    {.verb = "quiz", .help = "显示 QUESTION，并隐藏条形，直到按键揭晓"},
    {.verb = "answer", .help = "揭晓时在条形的位置上醒目显示的内容"},
    {.verb = "point", .help = "突出显示一个面板"},
    {.verb = "expect", .help = "检查讲解中的一个说法"},
    {.verb = "stage", .help = "让学生写的程序在内置的旁边做 top-p 或绝句；课程只能指定它练习文件夹里的程序，探索界面会先询问"},
    {.verb = "compare-model", .help = "让第二个模型读同一段文本：两边的前 8 名、每个字在另一个模型里的名次，以及 KL(A||B)；写 fp32、bf16 或 int8 就是本模型换成那种精度（课程里的文件放在课程文件旁边）"},
    {.verb = "model", .help = "这节课的 expect 行针对自带的模型（换了别的模型就不检查）"},
    {.verb = "(lessons)", .help = "（课程）"},
    {.verb = NULL},
};
