/// The forms of change list `--stdin` reads. `--stdin` alone recognizes the form from the
/// whole input; `--stdin=<form>` names it.
public enum ChangeListForm: String, CaseIterable, Sendable {
    /// Paths one per line (`git diff --name-only`, `git ls-files`), with no status.
    case paths
    /// `git diff --name-status`: a status letter (and score), then one or two paths.
    case nameStatus = "name-status"
    /// `git diff --raw`: modes, object ids and status, then one or two paths.
    case raw
    /// `git status --porcelain` (version 1): two status letters, then the path.
    case porcelain

    /// How the form is named in messages.
    var displayName: String {
        switch self {
        case .paths: "bare path"
        case .nameStatus: "`git diff --name-status`"
        case .raw: "`git diff --raw`"
        case .porcelain: "`git status --porcelain`"
        }
    }
}
