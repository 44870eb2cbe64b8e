# Two branches with no common history: A...B has no merge base.
source "$(dirname "$0")/lib.sh" "$1"
echo one > one.txt && commit one
git checkout -q --orphan island
git rm -q -rf .
echo two > two.txt && commit two
git checkout -q main
