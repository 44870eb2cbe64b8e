#!/usr/bin/env bash
# What git says about linguist-generated, linguist-vendored and diff for a fixture's paths.
#
#   check-attr.sh <name> [<repository directory>]
#
# Builds a repository (in the directory given, else a temporary one) whose attribute files
# come from Fixtures/annotations/<name>.gitattributes, commits them, and prints one line per
# path of Fixtures/annotations/<name>.paths: the path, then what `git check-attr` says for
# each attribute (set, unset, unspecified or the value), separated by tabs.
set -euo pipefail
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME=Fixture GIT_AUTHOR_EMAIL=fixture@example.com
export GIT_COMMITTER_NAME=Fixture GIT_COMMITTER_EMAIL=fixture@example.com
export GIT_AUTHOR_DATE='2024-01-01T00:00:00Z' GIT_COMMITTER_DATE='2024-01-01T00:00:00Z'
here=$(cd "$(dirname "$0")" && pwd)
name=$1
repo=${2:-$(mktemp -d)}
mkdir -p "$repo"
cd "$repo"
git init -q -b main .
target=.gitattributes
: > "$target"
while IFS= read -r line || [[ -n $line ]]; do
    if [[ $line == "# file: "* ]]; then
        target=${line#"# file: "}
        mkdir -p "$(dirname "$target")"
        : > "$target"
    else
        printf '%s\n' "$line" >> "$target"
    fi
done < "$here/$name.gitattributes"
git add -A
git commit -q -m "attributes of fixture $name"
tr '\n' '\0' < "$here/$name.paths" |
    git check-attr -z --stdin linguist-generated linguist-vendored diff |
    while IFS= read -r -d '' path && IFS= read -r -d '' _ && IFS= read -r -d '' generated &&
          IFS= read -r -d '' _ && IFS= read -r -d '' _ && IFS= read -r -d '' vendored &&
          IFS= read -r -d '' _ && IFS= read -r -d '' _ && IFS= read -r -d '' diff; do
        printf '%s\t%s\t%s\t%s\n' "$path" "$generated" "$vendored" "$diff"
    done
