# A history with merges, for revisions written as git diff takes them (`X^!`, `X^-`,
# `X^-<n>`): a root commit, two side branches merged into main (a two-parent merge and an
# octopus merge of three), and a commit on top; the working tree and the index differ from
# HEAD too.
source "$(dirname "$0")/lib.sh" "$1"
lines 10 root > root.txt
lines 6 shared > shared.txt
commit root
git branch left
git branch right
git branch third
lines 12 root > root.txt
echo "main only" > main.txt
commit "main work"
git checkout -q left
echo "left only" > left.txt
lines 8 shared > shared.txt
commit "left work"
git checkout -q right
echo "right only" > right.txt
commit "right work"
git checkout -q third
mkdir -p third && echo "third only" > third/file.txt
commit "third work"
git checkout -q main
git merge -q --no-edit left
git merge -q --no-edit right third >/dev/null
echo "after the merges" > after.txt
commit "after"
echo "staged" > staged.txt
git add staged.txt
echo "edited in the working tree" >> root.txt
