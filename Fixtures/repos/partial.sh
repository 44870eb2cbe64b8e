# A partial clone (`--filter=blob:none`) at $1 of a history beside it ("$1-source"): the
# blobs of older commits were never fetched, only those HEAD checks out. HEAD~2..HEAD edits
# f1 and f2, renames f3 to g3 unchanged and deletes f4.
source "$(dirname "$0")/lib.sh" "$1-source"
for i in 1 2 3 4; do lines $((i * 3)) "f$i" > "f$i"; done
commit one
lines 4 f1 > f1 && echo x > f2 && git mv f3 g3 && git rm -q f4
commit two
lines 5 f1 > f1
commit three
git config uploadpack.allowFilter true
cd ..
rm -rf "$1"
git clone -q --filter=blob:none "file://$1-source" "$1"
