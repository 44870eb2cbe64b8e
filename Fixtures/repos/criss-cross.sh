# Two branches merged into each other twice: A...B has two merge bases.
source "$(dirname "$0")/lib.sh" "$1"
lines 5 base > base.txt
commit base
git branch other
echo main1 > m.txt && commit m1
git checkout -q other
echo other1 > o.txt && commit o1
git checkout -q main
GIT_COMMITTER_DATE='2024-01-02T00:00:00Z' git merge -q --no-edit other
git checkout -q other
GIT_COMMITTER_DATE='2024-01-02T00:00:00Z' git merge -q --no-edit main~1
git checkout -q main
echo main2 >> m.txt && commit m2
git checkout -q other
echo other2 >> o.txt && commit o2
git checkout -q main
