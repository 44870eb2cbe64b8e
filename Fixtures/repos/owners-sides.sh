# CODEOWNERS that differ between a comparison's base and its branch, for reading owners as
# GitHub does (from the base) and as --owners-from=new does (from the branch):
#   start   no CODEOWNERS (tag start)
#   add     from start: adds a root CODEOWNERS, * @newcomer
#   main    docs/CODEOWNERS: * @base-team, /src/ @src-owner (tag fork); then, after the
#           branches below left, /src/ @src-lead and a line GitHub rejects ([ab].c)
#   self    from fork: names itself, /src/ @branch-author, with a line GitHub rejects (!)
#   delete  from fork: deletes docs/CODEOWNERS
#   move    from fork: moves it to .github/CODEOWNERS, now * @mover
# Every branch changes src/app.c; HEAD is self, with docs/CODEOWNERS and src/app.c changed
# in the index (/src/ @staged-owner) and again in the working tree (/src/ @worktree-owner).
source "$(dirname "$0")/lib.sh" "$1"
mkdir -p src lib docs
lines 3 app > src/app.c
lines 2 util > lib/util.c
lines 2 readme > README.md
commit start
git tag start
git checkout -q -b add
printf '* @newcomer\n' > CODEOWNERS
echo "add line" >> src/app.c
commit "add CODEOWNERS"
git checkout -q main
printf '* @base-team\n/src/ @src-owner\n' > docs/CODEOWNERS
commit owners
git tag fork
git checkout -q -b self fork
printf '* @base-team\n/src/ @branch-author\n!*.md @nobody\n' > docs/CODEOWNERS
echo "self line" >> src/app.c
commit "name myself"
git checkout -q -b delete fork
git rm -q docs/CODEOWNERS
echo "delete line" >> src/app.c
commit "delete CODEOWNERS"
git checkout -q -b move fork
mkdir -p .github
git mv docs/CODEOWNERS .github/CODEOWNERS
printf '* @mover\n' > .github/CODEOWNERS
echo "move line" >> src/app.c
commit "move CODEOWNERS"
git checkout -q main
printf '* @base-team\n/src/ @src-lead\n[ab].c @nobody\n' > docs/CODEOWNERS
echo "main line" >> lib/util.c
commit "main moves on"
git checkout -q self
printf '* @base-team\n/src/ @staged-owner\n' > docs/CODEOWNERS
echo "staged line" >> src/app.c
git add -A
printf '* @base-team\n/src/ @worktree-owner\n' > docs/CODEOWNERS
echo "worktree line" >> src/app.c
