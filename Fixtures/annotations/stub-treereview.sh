#!/usr/bin/env bash
# A stand-in for treereview in the action's tests, for the two options the action uses that
# the command line does not have yet: `--format markdown` (prints a fixed heading and the
# file count) and `--directories=<depth>` (prints the changed directories, NUL-terminated,
# computed from the JSON report). Every other call goes to the real binary, $TREEREVIEW_REAL.
# With $TREEREVIEW_STUB_LOG set, each call's arguments are appended to it, one line per call.
set -euo pipefail
real=${TREEREVIEW_REAL:?TREEREVIEW_REAL must name the real treereview}
[[ -z ${TREEREVIEW_STUB_LOG:-} ]] || printf '%s\n' "$*" >> "$TREEREVIEW_STUB_LOG"
arguments=("$@") format='' depth='' rest=()
while (($#)); do
    case $1 in
        --format) format=$2; shift 2 ;;
        --format=*) format=${1#--format=}; shift ;;
        --directories=*) depth=${1#--directories=}; shift ;;
        -z) shift ;;
        *) rest+=("$1"); shift ;;
    esac
done
if [[ $format == markdown ]]; then
    count=$("$real" --format json "${rest[@]}" | jq '.summary.files')
    printf '### treereview (stub)\n\n%s files changed\n' "$count"
elif [[ -n $depth ]]; then
    "$real" --format json "${rest[@]}" | jq -j --argjson depth "$depth" '
        [.files[].path | split("/") | .[:-1] | if length == 0 then "." else .[:$depth] | join("/") end]
        | unique | .[] | . + "\u0000"'
else
    exec "$real" "${arguments[@]}"
fi
