# A repository with no commits, one staged and one untracked file.
source "$(dirname "$0")/lib.sh" "$1"
echo staged > staged.txt && git add staged.txt
echo untracked > untracked.txt
