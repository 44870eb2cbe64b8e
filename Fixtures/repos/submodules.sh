# Submodules (gitlinks) of every kind, in commits, in the index and in the working tree.
# The library they check out is a repository beside the fixture ("$1-lib").
# HEAD~1..HEAD: `sub` updated, `gone` removed, `kept` moved to `moved`, the file
# `becomes-sub` replaced by a submodule and the submodule `becomes-file` by a file.
# Against HEAD: `sub`'s checkout moved on (not staged), `staged` updated in the index,
# `dirty` with modified content, `untracked` with only an untracked file, `removed`
# deleted from the working tree, `uninit` never checked out (an empty directory).
source "$(dirname "$0")/lib.sh" "$1"
lib="$1-lib"
rm -rf "$lib"
git init -q -b main "$lib"
(cd "$lib" && echo one > a && commit "lib 1" && echo two > b && commit "lib 2" && echo three > c && commit "lib 3")
first=$(git -C "$lib" rev-parse HEAD~2)
second=$(git -C "$lib" rev-parse HEAD~1)
add() { git -c protocol.file.allow=always submodule add -q "$lib" "$1" 2>/dev/null && git -C "$1" checkout -q "$2" && git add "$1"; }
lines 3 top > top.txt
lines 2 file > becomes-sub
commit base
add gone "$second"
for name in sub kept becomes-file staged dirty untracked removed; do add "$name" "$first"; done
git update-index --add --cacheinfo "160000,$first,uninit"
commit "add submodules"
git -C sub checkout -q "$second" && git add sub
git rm -q gone
git mv kept moved
git rm -q becomes-file && lines 4 now-file > becomes-file
git rm -q becomes-sub && add becomes-sub "$first"
commit "change submodules"
git -C sub checkout -q main
git -C staged checkout -q "$second" && git add staged
echo changed >> dirty/a
echo new > untracked/new-file
rm -rf removed
mkdir -p uninit
