# main and a feature branch that left it, then both moved on: every kind of change
# between two commits (add, modify, delete, renames exact and edited, copy, mode, symlink,
# type change, file to directory, binary), for A..B, A B and A...B.
source "$(dirname "$0")/lib.sh" "$1"
mkdir -p Sources/App/Model Sources/App/Views Docs/guide/deep assets
lines 40 model > Sources/App/Model/Path.swift
lines 30 view > Sources/App/Views/List.swift
lines 25 legacy > Sources/App/Legacy.swift
lines 12 readme > README.md
lines 50 guide > Docs/guide/deep/intro.md
lines 20 tool > tool.sh
printf 'GIF89a\0\1\2\3binary' > assets/logo.gif
lines 8 link-target > target.txt
lines 6 becomes-link > config.txt
lines 5 was-file > src
lines 60 template > Sources/App/Template.swift
commit base
git branch feature
lines 14 readme > README.md
echo "main moved on" > MAIN.md
commit "main moves on"
git checkout -q feature
mkdir -p Sources/App/Model/New
lines 10 added > Sources/App/Model/New/Added.swift
git mv Sources/App/Model/Path.swift Sources/App/Model/TreePath.swift
echo "one more line" >> Sources/App/Model/TreePath.swift
git mv Docs/guide/deep/intro.md Docs/guide/deep/start.md
lines 34 view > Sources/App/Views/List.swift
git rm -q Sources/App/Legacy.swift
lines 16 readme > README.md
chmod +x tool.sh
printf 'GIF89a\0\1\2\3binary changed' > assets/logo.gif
ln -s target.txt link.txt
rm config.txt && ln -s target.txt config.txt
rm src && mkdir src && lines 3 now-dir > src/inside.c
cp Sources/App/Template.swift Sources/App/Copy.swift
echo "edit" >> Sources/App/Template.swift
commit "feature work"
git checkout -q main
