# Sourced by Scripts/action-run: which two commits the GitHub Action compares, read from the
# event's payload ($GITHUB_EVENT_PATH, with jq), and the history a shallow clone needs for
# them. See Docs/Annotations.md#which-commits-are-compared for the rules.
#
# choose_comparison sets:
#   left    the revision whose merge base with the head is the base (the `A` of `A...B`:
#           the branch merged into, so CODEOWNERS is read from it as GitHub reads it)
#   head    the head revision
#   reason  one sentence: which rule chose them
#   head_name, base_name   what the summary's title calls the two sides (branch names)
#   pull_request           the pull request's number, for links to its Files tab
#   step    how many commits the first deepening of a shallow clone fetches
# complete_history then fetches what a shallow clone lacks, as far as the merge base.

is_commit() { git rev-parse --quiet --verify "$1^{commit}" > /dev/null 2>&1; }
commit_id() { git rev-parse "$1^{commit}"; }
short() { git rev-parse --short=7 "$1^{commit}" 2> /dev/null || printf '%s' "${1:0:7}"; }
is_null_id() { [[ -z $1 || $1 =~ ^0+$ ]]; }
is_shallow() { [[ $(git rev-parse --is-shallow-repository) == true ]]; }
quiet_fetch() { git fetch --quiet --no-tags --no-write-fetch-head "$@" > /dev/null 2>&1; }

# A field of the payload, empty when absent or null.
field() {
    [[ -n ${GITHUB_EVENT_PATH:-} && -r $GITHUB_EVENT_PATH ]] || return 0
    jq -r "$1 // empty | tostring" "$GITHUB_EVENT_PATH"
}

# Fetches commit `id` (40 hex digits) when the clone lacks it; true when it is there after.
ensure_commit() {
    is_commit "$1" && return 0
    [[ $1 =~ ^[0-9a-f]{40}$ ]] || return 1
    if is_shallow || [[ -z $(git rev-list -n 1 --all 2> /dev/null) ]]; then
        quiet_fetch --depth=1 origin "$1" || true
    else
        quiet_fetch origin "$1" || true
    fi
    is_commit "$1"
}

# Makes refs/remotes/origin/<branch> the branch's tip on origin now; true when it is there.
ensure_branch() {
    local branch=$1 depth=()
    [[ -n $branch ]] || return 1
    git check-ref-format --branch "$branch" > /dev/null 2>&1 || return 1
    is_shallow && depth=(--depth=1)
    quiet_fetch "${depth[@]}" origin "+refs/heads/$branch:refs/remotes/origin/$branch" || true
    is_commit "refs/remotes/origin/$branch"
}

# Fetches a revision the inputs name when the clone lacks it: an id, a branch or a tag of origin.
ensure_revision() {
    is_commit "$1" && return 0
    ensure_commit "$1" && return 0
    local name=${1#origin/} depth=()
    is_shallow && depth=(--depth=1)
    if git check-ref-format --allow-onelevel "refs/tags/$name" 2> /dev/null; then
        quiet_fetch "${depth[@]}" origin "+refs/tags/$name:refs/tags/$name" || ensure_branch "$name" || true
    fi
    is_commit "$1"
}

# The head against its parent, for events without a base of their own.
parent_rule() {
    local what=$1
    if ! is_commit "$head~1" && is_shallow; then quiet_fetch --deepen=1 origin "$(commit_id "$head")" || true; fi
    is_commit "$head~1" || fail "$what: $(short "$head") has no parent to compare with; give the base input"
    left="$(commit_id "$head~1")"
    base_name="parent"
    reason="$what: $(short "$head") against its parent $(short "$left")"
}

# A branch pushed for the first time (or whose old tip is gone): where it left the default branch.
new_branch_rule() {
    local branch=$1 why=$2 default
    default=$(field .repository.default_branch)
    if [[ -n $default && $default != "$branch" ]] && ensure_branch "$default" &&
        [[ $(commit_id "refs/remotes/origin/$default") != $(commit_id "$head") ]]; then
        left="refs/remotes/origin/$default"
        base_name=$default
        reason="$why: $branch against where it left the default branch $default"
    else
        parent_rule "$why (on the default branch)"
    fi
}

pull_request_rule() {
    local number base_ref base_sha head_sha
    number=$(field .pull_request.number)
    base_ref=$(field .pull_request.base.ref)
    base_sha=$(field .pull_request.base.sha)
    head_sha=$(field .pull_request.head.sha)
    [[ -n $head_sha && -n $base_sha ]] || fail "the $GITHUB_EVENT_NAME payload has no pull_request.head.sha or base.sha"
    step=$(($(field .pull_request.commits) + 1))
    pull_request=$number
    head_name=$(field .pull_request.head.ref)
    base_name=$base_ref
    head=${INPUT_HEAD:-$head_sha}
    ensure_commit "$head" || true
    if ensure_branch "$base_ref"; then
        left="refs/remotes/origin/$base_ref"
        reason="pull request #$number: its head $(short "$head") against its merge base with $base_ref's tip $(short "$left"), as its Files tab"
    else
        ensure_commit "$base_sha" || true
        left=$base_sha
        reason="pull request #$number: its head $(short "$head") against its merge base with base.sha $(short "$base_sha"), since $base_ref could not be fetched"
    fi
}

push_rule() {
    local ref before after branch
    ref=$(field .ref)
    before=$(field .before)
    after=$(field .after)
    [[ $(field .deleted) != true ]] || fail "the push deleted $ref: there is nothing to compare"
    head=${INPUT_HEAD:-${after:-HEAD}}
    ensure_commit "$head" || true
    step=$(($(field '.commits | length') + 1))
    head_name=${ref#refs/*/}
    base_name=$head_name
    if [[ $ref == refs/tags/* ]]; then
        parent_rule "tag ${ref#refs/tags/} pushed"
        return
    fi
    branch=${ref#refs/heads/}
    if is_null_id "$before"; then
        new_branch_rule "$branch" "new branch"
    elif ! ensure_commit "$before"; then
        new_branch_rule "$branch" "push whose old tip $(short "$before") is gone"
    else
        left=$before
        complete_history "$left" "$head"
        if git merge-base --is-ancestor "$before" "$head" 2> /dev/null; then
            reason="push to $branch: $(short "$before")..$(short "$head"), the commits pushed"
        elif git merge-base "$before" "$head" > /dev/null 2>&1; then
            reason="force push to $branch: $(short "$head") against its merge base with the old tip $(short "$before"), what the push brought"
        else
            new_branch_rule "$branch" "force push to $branch with no history in common with the old tip $(short "$before")"
        fi
    fi
}

merge_group_rule() {
    local base_sha head_sha
    base_sha=$(field .merge_group.base_sha)
    head_sha=$(field .merge_group.head_sha)
    [[ -n $base_sha && -n $head_sha ]] || fail "the merge_group payload has no base_sha or head_sha"
    head=${INPUT_HEAD:-$head_sha}
    ensure_commit "$head" || true
    ensure_commit "$base_sha" || true
    left=$base_sha
    head_name="merge queue"
    base_name=$(field .merge_group.base_ref)
    base_name=${base_name#refs/heads/}
    reason="merge queue entry $(field .merge_group.head_ref): its head $(short "$head") against the target branch's base_sha $(short "$base_sha")"
}

choose_comparison() {
    step=10
    left='' head='' reason='' pull_request=''
    head_name=${GITHUB_REF_NAME:-HEAD} base_name=''
    if [[ -n ${INPUT_BASE:-} ]]; then
        base_name=$INPUT_BASE
        head=${INPUT_HEAD:-HEAD}
        ensure_revision "$head" || true
        left=$INPUT_BASE
        ensure_revision "$left" || ! is_commit "refs/remotes/origin/${left#origin/}" || left="refs/remotes/origin/${left#origin/}"
        reason="the base input: $INPUT_BASE"
        [[ -z ${INPUT_HEAD:-} ]] || head_name=$INPUT_HEAD reason+=", the head input: $INPUT_HEAD"
        return
    fi
    case ${GITHUB_EVENT_NAME:-} in
        pull_request | pull_request_target) pull_request_rule ;;
        push) push_rule ;;
        merge_group) merge_group_rule ;;
        *)
            head=${INPUT_HEAD:-HEAD}
            ensure_revision "$head" || true
            is_commit "$head" || fail "head '$head' is not a commit in this repository"
            parent_rule "${GITHUB_EVENT_NAME:-no event}"
            ;;
    esac
    [[ -z ${INPUT_HEAD:-} ]] || head_name=$INPUT_HEAD reason+=" (the head input: $INPUT_HEAD)"
}

# A shallow clone may lack the history down to the merge base of `left` and `head`: deepen
# both sides, `step` commits first (the pull request's or push's own commits and one more),
# then twice as many each time, and as a last resort fetch the whole history. A complete
# clone is never fetched into.
complete_history() {
    local left=$1 head=$2 tries
    is_shallow || return 0
    is_commit "$left" && is_commit "$head" || return 0
    for tries in 1 2 3 4 5 6 7 8; do
        git merge-base "$left" "$head" > /dev/null 2>&1 && return 0
        is_shallow || return 0
        quiet_fetch --deepen="$step" origin "$(commit_id "$left")" "$(commit_id "$head")" || break
        step=$((step * 2))
    done
    git merge-base "$left" "$head" > /dev/null 2>&1 || quiet_fetch --unshallow origin || true
}
