#!/usr/bin/env bash
# build-corpus.sh - rebuild tangscope's training corpus from nothing.
#
# Writes assets/tang-train.txt and assets/tang-val.txt: Tang poems in
# simplified Chinese, one poem per line, UTF-8, every line ending in "\n".
#
# Steps:
#   1. Fetch the npm package chinese-poetry@2.0.1 (exactly that version) with
#      `npm pack` into a temporary directory and check the tarball's SHA-256.
#   2. Read its Complete Tang Poems (全唐诗) files,
#      package/dist/quantangshi/poet.tang.<N>.json, in numeric order of N
#      (0, 1000, 2000, ..., 57000). The package's quantangshi/error/ folder
#      and the Song poems (poet.song.*) are not used.
#   3. For each poem, in file order, join its "paragraphs" array into one
#      line with no separator (jq).
#   4. Convert traditional to simplified characters with OpenCC, config
#      t2s.json (accepted by every OpenCC version; Debian 12 ships 1.1.6).
#   5. Keep a poem only if its whole line has the shape
#          (HAN+ PUNCT)* HAN+ "。"
#      where PUNCT is "，" (U+FF0C) or "。" (U+3002) and HAN is a character in
#      the CJK Unified Ideographs block, U+4E00..U+9FFF, and nothing else.
#      So a poem must start with a Han character, end in "。", and never have
#      two punctuation marks in a row (this drops lines that are a bare "。"
#      and poems ending in a doubled "。。"). Empty lines are dropped.
#      Also dropped: entries whose whole text is "空。" ("empty"), which the
#      source uses as a placeholder for a poem printed elsewhere (40 of them).
#      Deliberately left out of HAN: Extension A (U+3400..U+4DBF), the
#      supplementary-plane extensions (U+20000 and up) and the compatibility
#      ideographs (U+F900..U+FAFF). They are rare (Extension A would add about
#      360 poems but 140 distinct characters seen about 3 times each), so a
#      small character-level model could not learn them and they would only
#      bloat its vocabulary. Note that OpenCC maps some traditional characters
#      to simplified forms that exist only in the supplementary plane; poems
#      containing them are dropped by this rule.
#      The filter is a perl regex with explicit code points, so it does not
#      depend on the locale (perl is in Debian's base system).
#   6. Split by poem: counting kept poems from 1 in order, every 20th poem
#      (20, 40, 60, ...) goes to validation, all others to training (95/5).
#      Then every validation poem containing a character that does not occur
#      in that training part goes back to training, at its own position, so
#      both files keep the original poem order. The model's vocabulary is
#      the training text's characters, so every validation poem must be
#      encodable with it. This is a single pass against the plain 19-of-20
#      training part; the script checks the result and fails otherwise.
#   7. Drop from validation every poem whose text also occurs, character for
#      character, as a poem of the training text (the Complete Tang Poems
#      list some poems under two authors; 68 such poems). They are dropped,
#      not moved: the training text already has them, and it stays as step 6
#      made it. So the validation loss is measured on text the model has
#      never trained on; the script checks this too.
#
# The result is byte-identical on every run. Outputs are written to temporary
# names in assets/ and renamed into place only at the end. No Python needed.
#
# Usage: tools/build-corpus.sh        (from anywhere; needs network for npm)
# Needs: npm, jq, opencc, perl, tar, sha256sum
#        (Debian: apt-get install -y opencc jq npm)

set -euo pipefail

PKG_SPEC="chinese-poetry@2.0.1"
PKG_SHA256="25b549e46919c3a0569db6b68ddc96956b04a484ea4518ad2bbd4f137e307e86"
VAL_EVERY=20

export LC_ALL=C

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
assets="$root/assets"
train="$assets/tang-train.txt"
val="$assets/tang-val.txt"

die() { echo "build-corpus: $*" >&2; exit 1; }

# --- check tools ------------------------------------------------------------
missing=()
for tool in npm jq opencc perl tar sha256sum; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if ((${#missing[@]})); then
    echo "build-corpus: missing tools: ${missing[*]}" >&2
    echo "  on Debian/Ubuntu: apt-get install -y opencc jq" >&2
    echo "  (npm: apt-get install -y npm, or install Node.js, which bundles it)" >&2
    exit 1
fi
# The t2s config must be installed and must actually convert.
probe="$(printf '漢語詩\n' | opencc -c t2s.json 2>/dev/null || true)"
[[ "$probe" == "汉语诗" ]] ||
    die "opencc cannot convert with config t2s.json (got '$probe'); apt-get install -y opencc"

# --- temporary space ----------------------------------------------------------
tmp="$(mktemp -d)"
train_tmp="$train.tmp.$$"
val_tmp="$val.tmp.$$"
cleanup() { rm -rf "$tmp"; rm -f "$train_tmp" "$val_tmp"; }
trap cleanup EXIT

# --- 1. fetch ---------------------------------------------------------------
echo "build-corpus: fetching $PKG_SPEC ..." >&2
(cd "$tmp" && npm pack "$PKG_SPEC" --ignore-scripts --silent >/dev/null) ||
    die "npm pack $PKG_SPEC failed (is the npm registry reachable?)"
tarballs=("$tmp"/chinese-poetry-*.tgz)
[[ -f "${tarballs[0]}" ]] || die "npm pack produced no tarball"
tarball="${tarballs[0]}"
sum="$(sha256sum "$tarball" | cut -d' ' -f1)"
[[ "$sum" == "$PKG_SHA256" ]] ||
    die "tarball SHA-256 is $sum, expected $PKG_SHA256"
tar -xzf "$tarball" -C "$tmp"

# --- 2. list the Tang files in numeric order ---------------------------------
qts="$tmp/package/dist/quantangshi"
[[ -d "$qts" ]] || die "no $qts in the package"
mapfile -t files < <(cd "$qts" && printf '%s\n' poet.tang.*.json | sort -t. -k3,3n)
((${#files[@]})) || die "no poet.tang.*.json files in $qts"
for f in "${files[@]}"; do
    [[ "$f" =~ ^poet\.tang\.[0-9]+\.json$ ]] || die "unexpected file name: $f"
done

# --- 3. one line per poem ------------------------------------------------------
# Any CR/LF inside a paragraph becomes a space, so that each poem stays on one
# line (and is then dropped by the filter); the data has none.
(cd "$qts" && jq -r '.[] | (.paragraphs // []) | join("") | gsub("[\r\n]"; " ")' \
    "${files[@]}") >"$tmp/raw.txt"
total="$(cd "$qts" && jq 'length' "${files[@]}" | awk '{s += $1} END {print s + 0}')"
lines="$(wc -l <"$tmp/raw.txt")"
((lines == total)) || die "got $lines lines for $total poems"

# --- 4. traditional -> simplified ---------------------------------------------
opencc -c t2s.json -i "$tmp/raw.txt" -o "$tmp/simp.txt"
lines="$(wc -l <"$tmp/simp.txt")"
((lines == total)) || die "opencc changed the line count ($total -> $lines)"

# --- 5. filter ------------------------------------------------------------------
perl -CSD -ne '
    next if $_ eq "\x{7A7A}\x{3002}\n";    # placeholder "空。"
    print if /\A(?:[\x{4E00}-\x{9FFF}]+[\x{FF0C}\x{3002}])*[\x{4E00}-\x{9FFF}]+\x{3002}\n\z/;
' "$tmp/simp.txt" >"$tmp/kept.txt"
kept="$(wc -l <"$tmp/kept.txt")"
((kept > 0)) || die "no poem passed the filter"

# --- 6. split ----------------------------------------------------------------
mkdir -p "$assets"
perl -CSD -e '
    my ($every, $trainf, $valf) = @ARGV[0..2];
    my @poems = <STDIN>;
    # Pass 1: the plain split, and the characters of its training part.
    my (@to_val, %train_chars);
    for my $i (0 .. $#poems) {
        $to_val[$i] = ($i + 1) % $every == 0;
        next if $to_val[$i];
        $train_chars{$_} = 1 for split //, $poems[$i];
    }
    # Pass 2: a validation poem with a character that the training part
    # lacks goes back to training, at its own place in the order.
    my $moved = 0;
    for my $i (0 .. $#poems) {
        next unless $to_val[$i];
        next unless grep { !$train_chars{$_} } split //, $poems[$i];
        $to_val[$i] = 0;
        $moved++;
    }
    # Pass 3: a validation poem that is also a training poem, word for
    # word, is dropped; it would measure the loss on text the model
    # trained on.
    my (%train_poems, @drop);
    for my $i (0 .. $#poems) {
        $train_poems{$poems[$i]} = 1 unless $to_val[$i];
    }
    my $dropped = 0;
    for my $i (0 .. $#poems) {
        next unless $to_val[$i] && $train_poems{$poems[$i]};
        $drop[$i] = 1;
        $dropped++;
    }
    open my $t, ">", $trainf or die "$trainf: $!";
    open my $v, ">", $valf or die "$valf: $!";
    for my $i (0 .. $#poems) {
        next if $drop[$i];
        print { $to_val[$i] ? $v : $t } $poems[$i];
    }
    close $t or die "$trainf: $!";
    close $v or die "$valf: $!";
    print STDERR "build-corpus: moved $moved validation poems with",
        " characters unseen in training to training\n";
    print STDERR "build-corpus: dropped $dropped validation poems that also",
        " occur in training\n";
' "$VAL_EVERY" "$train_tmp" "$val_tmp" <"$tmp/kept.txt"

# --- check and summary ---------------------------------------------------------
# Reads the temporary files, so that a failed check leaves the old outputs.
perl -CSD -e '
    my ($total, $kept, @files) = @ARGV;
    my (%all, @res);
    for my $f (@files) {
        open my $fh, "<", $f or die "$f: $!";
        my ($poems, $chars, %seen) = (0, 0);
        while (<$fh>) {
            chomp;
            $poems++;
            $chars += length;
            $seen{$_}++, $all{$_}++ for split //;
        }
        push @res, [$poems, $chars, scalar keys %seen, \%seen];
    }
    my ($tr, $va) = @res;
    my @unseen = grep { !$tr->[3]{$_} } keys %{ $va->[3] };
    die "build-corpus: ", scalar @unseen,
        " validation characters do not occur in training\n" if @unseen;
    my %train_lines;
    open my $fh, "<", $files[0] or die "$files[0]: $!";
    while (<$fh>) { $train_lines{$_} = 1 }
    open $fh, "<", $files[1] or die "$files[1]: $!";
    my $shared = grep { $train_lines{$_} } <$fh>;
    die "build-corpus: $shared validation poems also occur in training\n" if $shared;
    printf "source poems:        %d\n", $total;
    printf "kept / dropped:      %d / %d\n", $kept, $total - $kept;
    printf "train / val poems:   %d / %d\n", $tr->[0], $va->[0];
    printf "characters:          %d train + %d val = %d (punctuation counted, newlines not)\n",
        $tr->[1], $va->[1], $tr->[1] + $va->[1];
    printf "distinct characters: %d train, %d train+val\n", $tr->[2], scalar keys %all;
' "$total" "$kept" "$train_tmp" "$val_tmp"

mv -f "$train_tmp" "$train"
mv -f "$val_tmp" "$val"
echo "wrote ${train#"$root"/} and ${val#"$root"/}"
