# 130 deleted files with one blob and two new ones: git looks at no more than 100 exact
# candidates per destination, so b/f120 pairs with a/f000, not with its namesake a/f120.
source "$(dirname "$0")/lib.sh" "$1"
mkdir a
for i in $(seq -w 0 129); do echo "same content for all" > "a/f$i"; done
commit "many copies of one blob"
git rm -q -r a
mkdir b
echo "same content for all" > b/f120
echo "same content for all" > b/f099
commit "two of them come back"
