/// Whether a file was marked viewed (`treereview viewed`), as a pull-request page shows it.
public enum ViewState: UInt8, Sendable, CaseIterable {
    /// No mark for its path.
    case notViewed
    /// Marked viewed with the content it has now.
    case viewed
    /// Marked viewed, but its content changed since: to be looked at again.
    case changedSinceViewed
}
