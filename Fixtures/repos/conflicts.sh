# A merge stopped by conflicts: both sides edited `both.txt`, added `added-both.txt`, and
# retargeted `link`; main deleted `deleted-here.txt` that the other side edited, and the
# other side deleted `deleted-there.txt` that main edited; `removed-after.txt` conflicted and
# was then deleted from the working tree. The other side's clean changes are staged
# (`clean.txt` edited, `renamed.txt` moved to `renamed-new.txt`); `untracked.txt` is new.
source "$(dirname "$0")/lib.sh" "$1"
lines 5 both > both.txt
lines 5 here > deleted-here.txt
lines 5 there > deleted-there.txt
lines 4 removed > removed-after.txt
lines 3 clean > clean.txt
lines 12 renamed > renamed.txt
lines 1 target > target-a
lines 1 target > target-b
ln -s target-a link
commit base
git checkout -q -b other
sed -i 's/line 3/other line 3/' both.txt removed-after.txt
lines 2 other > added-both.txt
echo "other edit" >> deleted-here.txt
git rm -q deleted-there.txt
echo "clean edit" >> clean.txt
git mv renamed.txt renamed-new.txt
ln -sfn target-b link
commit other
git checkout -q main
sed -i 's/line 3/main line 3/' both.txt removed-after.txt
lines 3 main > added-both.txt
git rm -q deleted-here.txt
echo "main edit" >> deleted-there.txt
ln -sfn target.missing link
commit main
git merge -q other >/dev/null 2>&1 || true
rm removed-after.txt
lines 1 untracked > untracked.txt
