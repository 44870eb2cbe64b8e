# The repository README.md's examples run in: branches.sh's main and feature, tags v1.0 and
# v2.0 on main, then feature checked out, two commits further, with a staged change, an
# unstaged change and an untracked file in its working tree.
source "$(dirname "$0")/branches.sh" "$1"
git tag v1.0
lines 20 changelog > CHANGELOG.md
lines 18 readme > README.md
mkdir -p scripts && git mv tool.sh scripts/tool.sh
commit "release 2.0"
git tag v2.0
git checkout -q feature
lines 12 cache > Sources/App/Model/Cache.swift
commit "a cache for the model"
echo "one more view line" >> Sources/App/Views/List.swift
commit "list tweak"
echo "staged line" >> Sources/App/Copy.swift && git add Sources/App/Copy.swift
echo "unstaged line" >> README.md
lines 3 notes > notes.txt
