# Generated and vendored files and code owners on every side of a comparison, with
# attributes and CODEOWNERS that differ from side to side:
#   main     .gitattributes: *.gen generated, lib/** vendored, -diff on *.dat;
#            docs/CODEOWNERS only, with a line GitHub rejects
#   feature  .gitattributes: *.gen -linguist-generated, *.txt generated, lib/** not vendored;
#            a root CODEOWNERS with the same rules (docs/CODEOWNERS stays, ignored), so the
#            owners of main...feature, read from main as GitHub reads them, are the same
#            as the branch's own
#   index    .gitattributes: *.c generated; .github/CODEOWNERS added
#   worktree .gitattributes: *.c vendored; .github/CODEOWNERS changed
# HEAD is feature; every file changes on every side.
source "$(dirname "$0")/lib.sh" "$1"
mkdir -p src lib/dep api docs assets node_modules/left-pad dist
printf '*.gen linguist-generated\nlib/** linguist-vendored\n*.dat -diff\n' > .gitattributes
printf '# owners as of main\n* @root-owner\n/src/ @org/src-team\nlib/ @lib-owner lib@example.com\n!*.md @nobody\n*.json\n' > docs/CODEOWNERS
lines 3 app > src/app.c
lines 2 model > src/model.gen
lines 2 notes > src/notes.txt
lines 4 dep > lib/dep/dep.c
lines 2 schema > api/schema.json
lines 2 lock > package-lock.json
lines 2 pad > node_modules/left-pad/index.js
lines 2 bundle > dist/bundle.js
lines 3 readme > README.md
lines 2 data > assets/table.dat
commit base
git checkout -q -b feature
printf '*.gen -linguist-generated\n*.txt linguist-generated\nlib/** -linguist-vendored\n*.dat -diff\n' > .gitattributes
printf '# owners as of feature\n* @root-owner\n/src/ @org/src-team\nlib/ @lib-owner lib@example.com\n!*.md @nobody\n*.json\n' > CODEOWNERS
for file in src/app.c src/model.gen src/notes.txt lib/dep/dep.c api/schema.json package-lock.json \
    node_modules/left-pad/index.js dist/bundle.js README.md assets/table.dat; do
    echo "feature line" >> "$file"
done
lines 2 generated > src/extra.gen
commit feature
printf '*.c linguist-generated\n*.dat -diff\n' > .gitattributes
mkdir -p .github
printf '* @staged-owner\n' > .github/CODEOWNERS
echo "staged line" >> src/app.c
git add -A
printf '*.c linguist-vendored\n*.dat -diff\n' > .gitattributes
printf '* @worktree-owner\nsrc/ @Worktree-Src\n' > .github/CODEOWNERS
echo "worktree line" >> src/app.c
echo "worktree line" >> lib/dep/dep.c
echo "worktree line" >> assets/table.dat
