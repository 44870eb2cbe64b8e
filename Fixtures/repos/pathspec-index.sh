# An index of many paths chosen to tell pathspec matchers apart (wildcard characters in
# names, directories that differ only in case, deep chains, a submodule), with empty blobs
# and no files checked out, but the directories to run from and a .gitattributes file:
# `git ls-files -- <pathspec>` is the reference a matcher is compared with.
source "$(dirname "$0")/lib.sh" "$1"
empty=$(git hash-object -w --stdin </dev/null)
while IFS= read -r path; do
    git update-index --add --cacheinfo "100644,$empty,$path"
done <<'PATHS'
README.md
readme.txt
abc
abd
aXc
a*c
a?c
a[b]c
back\slash
sp ace.txt
-dash
.hidden
foo/bar/baz.c
foo/barbaz
foo/Bar/x.c
foo/baz/bar
foo/a.c
foob/a.c
a/b/c/d/e.c
a/b/c/d/e.h
a/b/x/y/e.c
a/b/e.c
a/e.c
a/bc/e.c
deep/one/two/three/four.txt
Docs/Guide.MD
docs/guide.md
docs/api/index.md
src/main.c
src/main.h
src/lib/util.c
src/lib/util.test.c
src/lib/Makefile
src/lib/x/**/y.c
src/[x]/y.c
src/x/y.c
src/1.c
src/Z.c
src/_.c
sub/a.c
sub/deep/b.c
sub/moved.txt
Sub/c.c
SUB/D.c
other/o.txt
PATHS
git update-index --add --cacheinfo "160000,1111111111111111111111111111111111111111,mods/module"
mkdir -p a/b/c sub/deep Sub foo src/lib docs mods
printf '*.c diff=cpp\n*.h -diff\ndocs/** review\nsrc/lib/* owner=lib\nsub/deep/** binary\n' > .gitattributes
