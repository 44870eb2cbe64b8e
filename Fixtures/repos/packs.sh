#!/usr/bin/env bash
# Packs of every shape the pack reader meets: a full repack with offset deltas in long
# chains, an incremental pack of reference deltas, a thin pack fixed by index-pack (its
# bases appended, its deltas by reference), a multi-pack index over them, and loose objects
# on top. The history: files edited a little at a time (long delta chains), one larger than
# 64 KiB (copies of the longest length), one edited a line at a time cumulatively (each
# version's best base is the one before: deep chains), an emptied file, and binary content.
source "$(dirname "$0")/lib.sh" "$1"

big() { local i; for ((i = 1; i <= 3000; i++)); do echo "large file line $i with enough text to be long $1"; done; }
mkdir -p src/deep/er docs
lines 200 drift > src/drift.txt
for round in $(seq 1 40); do
    sed -i "$((round * 7 % 200 + 1))s/.*/line edited in round $round, the file drifting from its first version/" src/drift.txt
    lines $((20 + round)) "round $round" > src/grow.txt
    { lines 30 stable; echo "edit $round"; lines 30 tail; } > src/deep/er/edit.c
    big $((round % 7)) > docs/big.txt
    printf 'bin\0ary %s\n' "$round" > src/data.bin
    if ((round % 10 == 0)); then : > src/empty.txt; else lines 3 "note $round" > src/empty.txt; fi
    commit "round $round"
    if ((round == 25)); then git repack -q -a -d -f --depth=100 --window=250; fi
done
git -c repack.useDeltaBaseOffset=false repack -q -d --depth=100 --window=250
base=$(git rev-parse HEAD)
for round in $(seq 41 50); do
    lines $((20 + round)) "round $round" > src/grow.txt
    { lines 30 stable; echo "edit $round"; lines 30 tail; } > src/deep/er/edit.c
    commit "round $round"
done
printf '%s\n^%s\n' "$(git rev-parse HEAD)" "$base" | git pack-objects -q --thin --stdout --revs > ../thin.pack
git index-pack --stdin --fix-thin < ../thin.pack > /dev/null
rm ../thin.pack
git multi-pack-index write
lines 99 loose > src/loose.txt
commit "loose"
