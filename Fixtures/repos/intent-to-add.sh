# Intent-to-add entries (`git add -N`): a new file with content, an empty one, one deleted
# from the working tree again, a tracked file re-added as intent-to-add unchanged and another
# edited, and `moved.txt`, the content of the deleted `old-name.txt` under a new name.
# Also one ordinary staged file.
source "$(dirname "$0")/lib.sh" "$1"
lines 3 tracked > tracked.txt
lines 3 edited > edited.txt
lines 8 old > old-name.txt
commit base
lines 4 new > new.txt
: > empty.txt
lines 2 missing > missing.txt
git rm -q old-name.txt
lines 8 old > moved.txt
git add -N new.txt empty.txt missing.txt moved.txt
rm missing.txt
git rm -q --cached tracked.txt edited.txt
git add -N tracked.txt edited.txt
echo more >> edited.txt
lines 2 staged > staged.txt && git add staged.txt
