# Rename and copy detection, one commit per rule, each tagged; a test compares `TAG^..TAG`
# with git. Text is generated, so files are sizeable and edits land near git's thresholds.
source "$(dirname "$0")/lib.sh" "$1"

# text N SEED: N lines, distinct per seed.
text() { local i; for ((i = 1; i <= $1; i++)); do echo "$2 $i: the quick brown fox $((i * 7919 % 1000)) jumps"; done; }
# edit FILE K SEED: rewrite every K-th line.
edit() { awk -v k="$2" -v s="$3" '{ if (NR % k == 0) print s " edited line " NR; else print }' "$1" > "$1.tmp" && mv "$1.tmp" "$1"; }
step() { commit "$1"; git tag "$1"; mkdir -p a b c d; }

mkdir -p a b c d
text 40 base > base.txt
step start

# exact: one blob, several sources and destinations; the same basename wins, unused first.
text 30 same > a/one.txt; cp a/one.txt b/two.txt; cp a/one.txt c/three.txt
text 20 dup > a/dup.txt; cp a/dup.txt b/dup2.txt
: > a/empty.txt
text 10 exe > a/tool.sh
ln -s base.txt a/link
commit "exact setup"; mkdir -p a b c d
git rm -q a/one.txt b/two.txt c/three.txt a/dup.txt b/dup2.txt a/empty.txt a/tool.sh a/link
text 30 same > d/three.txt; cp d/three.txt d/one.txt; cp d/three.txt d/zzz.txt; cp d/three.txt d/four.txt
text 20 dup > d/dup.txt
: > d/empty.txt
text 10 exe > d/tool.sh; chmod +x d/tool.sh
ln -s base.txt d/link2
printf 'base.txt' > d/notalink
step exact

# basename: unique basenames pair at 75%; below that the matrix decides; shared basenames skip the pass.
text 80 bn1 > a/model.swift; text 80 bn2 > a/view.swift; text 80 bn3 > a/x.txt; text 80 bn4 > b/x.txt
text 80 bn5 > a/far.c
commit "basename setup"; mkdir -p a b c d
git mv a/model.swift c/model.swift; edit c/model.swift 5 m     # ~80%: basename pass
git mv a/view.swift c/view.swift; edit c/view.swift 3 v       # ~67%: matrix
git mv a/x.txt c/x.txt; edit c/x.txt 9 x; git mv b/x.txt d/x.txt; edit d/x.txt 4 y
git mv a/far.c d/near.c; edit d/near.c 2 f                    # ~50%: threshold
step basename

# matrix: one destination is every source's best match; the 4-slot rule leaves others out.
for n in 1 2 3 4 5 6; do text 60 "shared" > "a/s$n.txt"; edit "a/s$n.txt" $((n + 2)) "own$n"; done
commit "matrix setup"; mkdir -p a b c d
for n in 1 2 3 4 5 6; do git rm -q "a/s$n.txt"; done
text 60 shared > c/target.txt
for n in 1 2 3 4 5; do text 60 shared > "d/t$n.txt"; edit "d/t$n.txt" $((n + 3)) "dst$n"; done
step matrix

# threshold and CRLF: edits around 50%, CRLF against LF, a short last line without newline.
text 50 crlf > a/win.txt; text 50 near > a/near1.txt; text 50 near2 > a/near2.txt
printf 'short\nlast line without newline' > a/short.txt
commit "threshold setup"; mkdir -p a b c d
git rm -q a/win.txt a/near1.txt a/near2.txt a/short.txt
text 50 crlf | sed 's/$/\r/' > c/windows.txt
text 50 near > c/n1.txt; edit c/n1.txt 2 n
text 50 near2 > c/n2.txt; edit c/n2.txt 2 m; edit c/n2.txt 3 o
printf 'short\nlast line without newline\n' > c/short2.txt
step threshold

# copies: from a modified file, from an unmodified one, and one deleted source feeding two.
text 40 orig > a/orig.txt; text 40 keep > a/keep.txt; text 40 gone > a/gone.txt
commit "copies setup"; mkdir -p a b c d
cp a/orig.txt c/copy-of-orig.txt; echo changed >> a/orig.txt
cp a/keep.txt c/copy-of-keep.txt
cp a/gone.txt c/gone-a.txt; cp a/gone.txt d/gone-b.txt; echo more >> d/gone-b.txt; git rm -q a/gone.txt
step copies

# limit: more sources × destinations than a small diff.renameLimit allows.
for n in 1 2 3 4 5; do text 30 "lim$n" > "a/lim$n.txt"; done
commit "limit setup"; mkdir -p a b c d
for n in 1 2 3 4 5; do git rm -q "a/lim$n.txt"; text 30 "lim$n" > "d/moved$n.txt"; edit "d/moved$n.txt" 4 "l$n"; done
text 30 lim1 > d/exact-lim.txt
step limit

# attributes: `-diff` makes a file binary, so its CRs count in the score and lines are not counted.
printf '*.bin -diff\n' > .gitattributes
text 40 attr | sed 's/$/\r/' > a/crlf.bin; text 40 attr | sed 's/$/\r/' > a/crlf.txt
commit "attributes setup"; mkdir -p a b c d
git rm -q a/crlf.bin a/crlf.txt
text 40 attr | sed 's/$/\r/' > c/moved.bin; edit c/moved.bin 3 z; sed -i 's/$/\r/' c/moved.bin
text 40 attr | sed 's/$/\r/' > c/moved.txt; edit c/moved.txt 3 z; sed -i 's/$/\r/' c/moved.txt
step attributes
