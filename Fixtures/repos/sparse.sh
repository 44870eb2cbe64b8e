# A sparse checkout in cone mode (only `in/` and the top level checked out) whose index has
# changes outside the cone: HEAD is one commit behind the index (`out/o.txt` modified,
# `out/new.txt` added, `out/gone.txt` deleted), and `out/deep/present.txt` has been put back
# in the working tree with other content. Inside the cone: an edit and an untracked file.
source "$(dirname "$0")/lib.sh" "$1"
mkdir -p in out/deep out/far
lines 4 in > in/i.txt
lines 3 out > out/o.txt
lines 2 gone > out/gone.txt
lines 2 present > out/deep/present.txt
lines 2 far > out/far/f.txt
lines 2 top > top.txt
commit base
lines 5 out > out/o.txt
lines 3 new > out/new.txt
git rm -q out/gone.txt
commit "outside the cone"
git sparse-checkout set in
git reset -q --soft HEAD~1
mkdir -p out/deep && lines 3 put-back > out/deep/present.txt
lines 6 in > in/i.txt
lines 1 untracked > in/untracked.txt
