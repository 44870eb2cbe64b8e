# What a pre-commit hook sees: staged changes, some edited again after staging (the working
# tree differs from the index: partly staged), and untracked and ignored files left out.
# Staged: `lib/both.c`, `added.txt`, `renamed.txt` (from `old.txt`), `removed-after.c` and
# `mode.sh` are edited again, deleted or chmodded afterwards; `lib/only-staged.c` and
# `gone.txt` (deleted) are not; `untracked-again.txt` is removed from the index but kept.
# Unstaged only: `unstaged.c`. Untracked: three files; ignored: `build/`, `*.log`.
source "$(dirname "$0")/lib.sh" "$1"
mkdir -p lib
lines 10 both > lib/both.c
lines 10 only > lib/only-staged.c
lines 8 unstaged > unstaged.c
lines 12 old > old.txt
lines 6 removed > removed-after.c
lines 3 mode > mode.sh
lines 4 gone > gone.txt
lines 5 kept > untracked-again.txt
printf 'build/\n*.log\n' > .gitignore
commit base
lines 12 both > lib/both.c && git add lib/both.c && lines 14 both > lib/both.c
lines 11 only > lib/only-staged.c && git add lib/only-staged.c
lines 9 unstaged > unstaged.c
lines 3 added > added.txt && git add added.txt && lines 4 added > added.txt
git mv old.txt renamed.txt && lines 13 old > renamed.txt
lines 7 removed > removed-after.c && git add removed-after.c && rm removed-after.c
lines 4 mode > mode.sh && git add mode.sh && chmod +x mode.sh
git rm -q gone.txt
git rm -q --cached untracked-again.txt
mkdir -p new/deeper build
lines 2 u > new/u.txt
lines 2 u > new/deeper/v.txt
lines 1 top > top-untracked.txt
echo ignored > build/out.o
echo ignored > debug.log
