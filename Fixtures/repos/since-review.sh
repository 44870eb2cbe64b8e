# A branch under review: main, then feature with two commits changing four files and adding
# one; the review is made at feature's head. Tests then rebase, amend, squash or replace
# the branch (as a force push would) and ask what changed since the review.
source "$(dirname "$0")/lib.sh" "$1"
for name in a b c d e keep; do lines 40 "$name" > "$name.txt"; done
commit base
git checkout -q -b feature
sed -i 's/^a line 10 of/a line ten of/' a.txt
sed -i 's/^b line 20 of/b line twenty of/' b.txt
commit "f1: a and b"
sed -i 's/^d line 20 of/d line twenty of/' d.txt
sed -i 's/^e line 5 of/e line five of/' e.txt
lines 3 n > n.txt
commit "f2: d, e and n"
