# A sparse checkout in non-cone mode (patterns: Markdown files anywhere, and `src/`) whose
# index has changes outside the patterns: HEAD is one commit behind the index (`lib/l.c`
# modified, `lib/new.c` added), and `lib/back.c` has been put back in the working tree with
# other content. Inside the patterns: an edit, a deletion and an untracked file.
source "$(dirname "$0")/lib.sh" "$1"
mkdir -p src lib docs
lines 4 src > src/s.c
lines 3 lib > lib/l.c
lines 2 back > lib/back.c
lines 2 readme > README.md
lines 2 guide > docs/guide.md
lines 2 notes > docs/notes.txt
commit base
lines 5 lib > lib/l.c
lines 3 new > lib/new.c
commit "outside the patterns"
git sparse-checkout set --no-cone '*.md' '/src/' 2>/dev/null
git reset -q --soft HEAD~1
mkdir -p lib && lines 3 put-back > lib/back.c
lines 6 src > src/s.c
rm docs/guide.md
lines 1 untracked > src/untracked.c
