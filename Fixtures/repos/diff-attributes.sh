#!/usr/bin/env bash
# The `diff` attribute decided every way gitattributes can decide it, for line counts:
# `binary`, macros (one through another), a driver with and without `diff.<driver>.binary`, a
# quoted pattern, `**`, a rooted pattern, a directory pattern (no file), `!diff`, the last
# attribute of a line winning, a deeper file over the top's, `info/attributes` unsetting a
# macro before the top's file sets it, an untracked `.gitattributes` in the working tree, one
# deleted from the working tree (the index's then counts where the index is read), and a
# symbolic link in place of one. HEAD~ has every file, HEAD changes each.
source "$(dirname "$0")/lib.sh" "$1"
mkdir -p a/b/c d e f dir
cat > .gitattributes <<'ATTR'
[attr]nodiff -diff
[attr]textual diff
[attr]chain nodiff
*.bin binary
*.txt diff
*.dat nodiff
*.chain chain
*.drv diff=mydriver
*.bdrv diff=bindriver
"quoted name.q" -diff
a/**/*.deep -diff
/rooted.r -diff
dir/ -diff
*.unset -diff
*.unset !diff
*.order diff -diff
*.order2 -diff diff
*.mac textual binary
ATTR
printf '*.txt -diff\n*.bin diff\n*.dat !nodiff\nb/*.sub -diff\n' > a/.gitattributes
printf '*.mac -binary\n' > a/b/.gitattributes
printf '*.txt -diff\n' > e/.gitattributes
ln -s ../a/.gitattributes f/.gitattributes
files=(x.bin x.txt x.dat x.chain x.drv x.bdrv "quoted name.q" a/b/c/x.deep x.deep rooted.r a/rooted.r dir/x.txt
       dir/y.c x.unset x.order x.order2 x.mac a/b/x.mac a/x.txt a/x.bin a/x.dat a/b/x.sub a/b/c/x.sub d/x.txt e/x.txt
       f/x.txt f/x.bin info.bin info.c plain.c)
for file in "${files[@]}"; do printf 'one\ntwo\nthree\n' > "$file"; done
commit base
for file in "${files[@]}"; do printf 'one\n2\nthree\nfour\n' > "$file"; done
commit change
git config diff.bindriver.binary true
printf '*.txt -diff\n' > d/.gitattributes
rm e/.gitattributes
mkdir -p .git/info
printf 'info.bin -binary\ninfo.c -diff\n' > .git/info/attributes
