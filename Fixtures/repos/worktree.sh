# A committed tree, then staged, unstaged and untracked changes, ignored files,
# and a file that is both staged and edited again.
source "$(dirname "$0")/lib.sh" "$1"
mkdir -p lib docs
lines 20 a > lib/a.c
lines 20 b > lib/b.c
lines 30 moved > lib/moved.c
lines 10 doc > docs/guide.md
lines 5 del > gone.txt
printf 'build/\n*.log\n' > .gitignore
commit base
lines 22 a > lib/a.c && git add lib/a.c
lines 25 a > lib/a.c
lines 21 b > lib/b.c
git mv lib/moved.c lib/renamed.c
git rm -q gone.txt
lines 4 staged-new > staged-new.txt && git add staged-new.txt
rm docs/guide.md
mkdir -p newdir/sub build
lines 3 untracked > newdir/sub/u.txt
lines 2 untracked > top-untracked.txt
echo ignored > build/out.o
echo ignored > debug.log
