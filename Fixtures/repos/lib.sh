# Sourced by every fixture script: a repository at $1, built deterministically and
# isolated from the user's and the system's git configuration.
set -euo pipefail
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME=Fixture GIT_AUTHOR_EMAIL=fixture@example.com
export GIT_COMMITTER_NAME=Fixture GIT_COMMITTER_EMAIL=fixture@example.com
export GIT_AUTHOR_DATE='2024-01-01T00:00:00Z' GIT_COMMITTER_DATE='2024-01-01T00:00:00Z'
repo=$1
rm -rf "$repo"
mkdir -p "$repo"
cd "$repo"
git init -q -b main .

# lines N PREFIX: N numbered lines of text.
lines() { local i; for ((i = 1; i <= $1; i++)); do echo "$2 line $i of a fixture file"; done; }
commit() { git add -A && git commit -q -m "$1"; }
