extension TreePath {
    /// A path whose bytes are already known to be normalized (a prepared tree's names joined
    /// by `/`, none of them empty, `.` or `..`): kept as they are, without checking again.
    package init(trustedNormalized normalized: RawPath, isDirectory: Bool) {
        self.normalized = normalized
        self.isDirectory = isDirectory
    }
}
