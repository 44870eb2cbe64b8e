# A monorepo shaped like vuejs/core: packages/<name>/src, tags with dots (v3.3.0, v3.4.0,
# and v3.4.0-beta.1 after v3.3.0), a release branch that left main, and a clean checkout of
# main: for `treereview viewed <range> <path>` and what a clean checkout's marks mean.
source "$(dirname "$0")/lib.sh" "$1"
mkdir -p packages/shared/src packages/runtime-core/src packages/compiler-core/src scripts
lines 20 shared > packages/shared/src/general.ts
lines 12 shared-util > packages/shared/src/toDisplayString.ts
lines 30 runtime > packages/runtime-core/src/renderer.ts
lines 25 compiler > packages/compiler-core/src/parse.ts
lines 6 build > scripts/build.js
lines 4 readme > README.md
commit "v3.3.0"
git tag v3.3.0
git checkout -q -b minor
lines 22 shared > packages/shared/src/general.ts
lines 3 shared-new > packages/shared/src/makeMap.ts
lines 31 runtime > packages/runtime-core/src/renderer.ts
commit "beta"
git tag v3.4.0-beta.1
git rm -q packages/shared/src/toDisplayString.ts
lines 26 compiler > packages/compiler-core/src/parse.ts
commit "release"
git tag v3.4.0
git checkout -q main
lines 5 readme > README.md
commit "main moves on"
