# Symlinks and modes: HEAD~1..HEAD adds, removes and retargets symlinks, turns a file into
# a symlink and a symlink into a file, and flips executable bits both ways. The working tree
# and the index do the same again to other paths.
source "$(dirname "$0")/lib.sh" "$1"
mkdir -p bin docs
lines 3 target > target.txt
lines 5 other > other.txt
ln -s target.txt retarget
ln -s target.txt removed-link
ln -s other.txt link-becomes-file
lines 4 file > file-becomes-link
lines 2 script > bin/run && chmod +x bin/run
lines 2 tool > bin/tool
ln -s ../target.txt docs/wt-retarget
ln -s ../target.txt docs/wt-link-becomes-file
lines 3 wt > docs/wt-file-becomes-link
lines 2 wt > docs/wt-exec && chmod +x docs/wt-exec
lines 2 wt > docs/wt-plain
ln -s ../target.txt docs/staged-link
commit base
ln -sfn other.txt retarget
git rm -q removed-link
ln -s target.txt added-link
rm link-becomes-file && lines 6 now > link-becomes-file
rm file-becomes-link && ln -s target.txt file-becomes-link
chmod -x bin/run
chmod +x bin/tool
commit change
ln -sfn ../other.txt docs/wt-retarget
rm docs/wt-link-becomes-file && lines 2 now > docs/wt-link-becomes-file
rm docs/wt-file-becomes-link && ln -s ../other.txt docs/wt-file-becomes-link
chmod -x docs/wt-exec
chmod +x docs/wt-plain
ln -sfn ../other.txt docs/staged-link && git add docs/staged-link
ln -s nowhere docs/dangling-untracked
ln -s ../target.txt docs/new-link && git add docs/new-link
