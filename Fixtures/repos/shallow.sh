# A shallow clone (`--depth 3`, every branch) at $1 of a history beside it ("$1-source"):
# main c1-c2-c3-c4, `side` from c2 (s1, s2), `other` from c1 (o1). The clone's history ends
# at c2 on main and side, so c2 has no parents there; `other` reaches c1, the root.
source "$(dirname "$0")/lib.sh" "$1-source"
step() { lines "$2" "$1" > "$1.txt" && commit "$1"; }
step c1 1 && step c2 2
git checkout -q -b other HEAD~1 && step o1 3
git checkout -q -b side main && step s1 4 && step s2 5
git checkout -q main && step c3 6 && step c4 7
cd ..
rm -rf "$1"
git clone -q --depth 3 --no-single-branch "file://$1-source" "$1"
cd "$1"
git branch -q side origin/side
git branch -q other origin/other
lines 2 edit > c4.txt
