# Pathspecs: a monorepo-like tree with directories that differ only in case, names holding
# wildcard characters, gitattributes (a driver, a value, a macro, an unset attribute), a
# branch that renames files into and out of directories, and staged, unstaged and untracked
# changes (untracked directories too), for every comparison run from subdirectories.
source "$(dirname "$0")/lib.sh" "$1"
mkdir -p packages/core/src packages/core/test packages/ui/src common/util Common docs/guide "odd/sp ace"
lines 12 core > packages/core/src/index.ts
lines 10 core-util > packages/core/src/util.ts
lines 8 core-test > packages/core/test/index.test.ts
lines 9 ui > packages/ui/src/Button.tsx
lines 7 ui-css > packages/ui/src/button.css
lines 14 common > common/util/strings.c
lines 6 common-h > common/util/strings.h
lines 5 upper > Common/README.md
lines 11 guide > docs/guide/intro.md
lines 4 readme > README.md
lines 3 star > 'odd/a*b.txt'
lines 3 plain > odd/aXb.txt
lines 3 bracket > 'odd/[x].md'
lines 3 space > 'odd/sp ace/f.txt'
lines 20 moving > common/util/moving.c
printf '*.ts lang=typescript\n*.c diff=cpp\n*.h diff=cpp\n*.css -diff\ndocs/** review\nodd/** binary\n' > .gitattributes
commit base
git branch feature
git checkout -q feature
lines 15 core > packages/core/src/index.ts
lines 3 core-new > packages/core/src/new.ts
git rm -q packages/core/test/index.test.ts
lines 10 ui > packages/ui/src/Button.tsx
git mv common/util/moving.c packages/core/src/moved.c
git mv docs/guide/intro.md packages/ui/src/intro.md
lines 16 common > common/util/strings.c
lines 6 upper > Common/README.md
lines 4 star > 'odd/a*b.txt'
lines 4 plain > odd/aXb.txt
lines 5 readme > README.md
lines 4 space > 'odd/sp ace/f.txt'
commit "feature work"
git checkout -q main
lines 7 main-readme > README.md
lines 12 common > common/util/strings.h
commit "main moves on"
git checkout -q feature
lines 13 core-util > packages/core/src/util.ts
lines 2 staged > packages/ui/src/staged.tsx
git add packages/core/src/util.ts packages/ui/src/staged.tsx
lines 18 core > packages/core/src/index.ts
lines 8 common-h > common/util/strings.h
rm 'odd/[x].md'
mkdir -p packages/core/src/fresh/deep packages/new/lib
lines 2 fresh > packages/core/src/fresh/deep/f.ts
lines 2 fresh-c > packages/core/src/fresh/x.c
lines 2 new-lib > packages/new/lib/n.c
lines 2 loose > packages/core/loose.ts
lines 2 top > untracked.txt
printf 'fresh/ review\n' > packages/core/src/.gitattributes
