# A linked worktree (`git worktree add`) at $1 on branch `side`, with its own HEAD and index:
# a staged edit, an unstaged edit, an untracked file. The main worktree ("$1-main", on
# `main`, one commit ahead) has different staged changes of its own.
main="$1-main"
source "$(dirname "$0")/lib.sh" "$main"
lines 4 a > a.txt
lines 4 b > b.txt
commit base
lines 6 a > a.txt
commit "main moves on"
rm -rf "$1"
git worktree add -q -b side "$1" HEAD~1
lines 2 main-staged > main-only.txt && git add main-only.txt
cd "$1"
lines 5 b > b.txt && git add b.txt
lines 3 a > a.txt
lines 1 new > side-untracked.txt
