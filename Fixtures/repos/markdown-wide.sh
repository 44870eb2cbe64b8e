# A change too large for a small Markdown byte limit: 650 files under three top-level
# directories, up to five levels deep, added, modified, deleted and renamed, plus files at
# the top level.
source "$(dirname "$0")/lib.sh" "$1"
for top in app lib docs; do
    for a in one two three four; do
        for b in red green blue; do
            mkdir -p "$top/$a/$b/deep/deeper"
            for i in $(seq 1 8); do echo "$top $a $b $i" > "$top/$a/$b/file$i.txt"; done
            for i in $(seq 1 4); do lines 3 "$top $a $b deep $i" > "$top/$a/$b/deep/deeper/d$i.txt"; done
        done
    done
done
echo keep > README.md
commit base
for top in app lib docs; do
    for a in one two three four; do
        for b in red green blue; do
            echo more >> "$top/$a/$b/file1.txt"
            echo more >> "$top/$a/$b/file2.txt"
            git rm -q "$top/$a/$b/file3.txt"
            git mv "$top/$a/$b/file4.txt" "$top/$a/$b/moved4.txt"
            for i in $(seq 1 12); do echo "new $top $a $b $i" > "$top/$a/$b/new$i.txt"; done
            for i in 1 2; do echo changed >> "$top/$a/$b/deep/deeper/d$i.txt"; done
        done
    done
done
echo added > NOTES.md
echo changed >> README.md
commit change
