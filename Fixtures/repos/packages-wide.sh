# Enough package directories at the second level that the manifest walk splits them
# over several threads: areas/a<i>-p<j> for 6 × 8 packages, each with a package.json,
# every third one with a nested Cargo.toml package (crate/) and a file beside each; HEAD
# edits one file in every fourth package and one in every nested crate.
source "$(dirname "$0")/lib.sh" "$1"
for area in 1 2 3 4 5 6; do
    for package in 1 2 3 4 5 6 7 8; do
        directory="areas/a$area-p$package"
        mkdir -p "$directory/src"
        echo "{\"name\": \"p$area-$package\"}" > "$directory/package.json"
        lines 2 "$directory" > "$directory/src/index.ts"
        if (( (area * 8 + package) % 3 == 0 )); then
            mkdir -p "$directory/crate/src"
            printf '[package]\nname = "c%s-%s"\n' "$area" "$package" > "$directory/crate/Cargo.toml"
            lines 2 crate > "$directory/crate/src/lib.rs"
        fi
    done
done
commit base
for area in 1 2 3 4 5 6; do
    for package in 1 2 3 4 5 6 7 8; do
        directory="areas/a$area-p$package"
        if (( package % 4 == 0 )); then echo edit >> "$directory/src/index.ts"; fi
        if [[ -d "$directory/crate" ]]; then echo edit >> "$directory/crate/src/lib.rs"; fi
    done
done
commit edits
