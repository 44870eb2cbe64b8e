# The "origin" of the GitHub Action's event tests (ActionEventTests): a bare repository at $1
# (built in "$1-work"), with the refs GitHub would have. Test clones check it out as
# actions/checkout does, shallow or not, and read the payloads of Fixtures/action/events/.
#   main: root (app/, docs/, packages/core and packages/ui, an npm workspace), 12 commits of
#     history/, then B0 (pull request #1's base.sha), then `landed` (lib/landed.txt and
#     docs/other.md: main moved after base.sha), then `later` (lib/later.txt: main moved
#     again after the first run's merge commit).
#   feature (pull request #1, from B0): adds app/feature.c, modifies app/main.c and
#     packages/core/src/index.ts, deletes app/old.c, renames docs/intro.md to docs/start.md.
#     refs/pull/1/head; refs/pull/1/merge: feature merged into main; refs/rerun/merge: the
#     first run's merge commit, feature merged into main as it was before `later`.
#   lockfile (pull request #2, from main): changes pnpm-lock.yaml only; refs/pull/2/head,
#     refs/pull/2/merge.
#   gh-readonly-queue/main/pr-1-<main>: the merge queue's commit, feature merged into main.
#   topic: force-pushed: refs/old/topic is the old tip (B0, t1, t2), topic the new one
#     (B0, t1 amended, t3). newbranch: from main~1 with one commit (pushed as new).
#   tags v1.0 (B0) and v1.1 (main, annotated).
source "$(dirname "$0")/lib.sh" "$1-work"
mkdir -p app docs packages/core/src packages/ui/src history lib
echo '{"name": "acme", "private": true, "workspaces": ["packages/*"]}' > package.json
echo '{"name": "@acme/core", "version": "1.0.0"}' > packages/core/package.json
printf '{"name": "@acme/ui", "dependencies": {"@acme/core": "workspace:^"}}\n' > packages/ui/package.json
lines 5 core > packages/core/src/index.ts
lines 5 ui > packages/ui/src/index.ts
lines 8 main > app/main.c
lines 3 old > app/old.c
lines 12 intro > docs/intro.md
lines 4 other > docs/other.md
lines 6 lock > pnpm-lock.yaml
commit root
for n in 1 2 3 4 5 6 7 8 9 10 11 12; do lines "$n" history > "history/h$n.txt" && commit "history $n"; done
lines 2 b0 > history/b0.txt && commit B0
git tag v1.0

git checkout -q -b feature
lines 4 feature > app/feature.c
lines 9 main > app/main.c
commit "f1: app/feature.c"
lines 6 core > packages/core/src/index.ts
git rm -q app/old.c
git mv docs/intro.md docs/start.md
commit "f2: core, old.c, start.md"

git checkout -q -b topic main
lines 2 t1 > topic.txt && commit t1
lines 3 t2 > topic2.txt && commit t2
git update-ref refs/old/topic topic
git reset -q --hard main
lines 2 t1 > topic.txt && git add topic.txt && git commit -q -m "t1 amended"
lines 4 t3 > topic3.txt && commit t3

git checkout -q main
mkdir -p lib && lines 3 landed > lib/landed.txt && lines 5 other > docs/other.md && commit landed
git checkout -q --detach main && git merge -q --no-ff -m "Merge feature into main" feature
git update-ref refs/rerun/merge HEAD
git checkout -q main
git checkout -q -b newbranch
lines 2 new > app/new.c && commit "n1: app/new.c"
git checkout -q main
lines 2 later > lib/later.txt && commit later
git tag -a -m "Release 1.1" v1.1

git checkout -q -b lockfile
lines 7 lock > pnpm-lock.yaml && commit "lock file only"
git update-ref refs/pull/2/head lockfile
git checkout -q --detach main && git merge -q --no-ff -m "Merge lockfile into main" lockfile
git update-ref refs/pull/2/merge HEAD

git update-ref refs/pull/1/head feature
git checkout -q --detach main && git merge -q --no-ff -m "Merge feature into main" feature
git update-ref refs/pull/1/merge HEAD
git branch -q "gh-readonly-queue/main/pr-1-$(git rev-parse main)" HEAD
git checkout -q main
cd ..
rm -rf "$1"
git clone -q --mirror "$1-work" "$1"
git -C "$1" config uploadpack.allowAnySHA1InWant true
