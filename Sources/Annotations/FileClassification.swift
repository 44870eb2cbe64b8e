import TreeModel

/// Whether a changed file counts as generated or vendored, as GitHub's pull-request page
/// decides it (see `Docs/Annotations.md#generated-and-vendored-files`).
public struct FileClassification: Hashable, Sendable {
    /// Generated: GitHub collapses its diff by default.
    public var isGenerated: Bool
    /// Vendored: code someone else wrote, kept in the repository.
    public var isVendored: Bool

    /// A classification as given.
    public init(isGenerated: Bool, isVendored: Bool) {
        self.isGenerated = isGenerated
        self.isVendored = isVendored
    }

    /// An attribute that says either way wins; an unspecified one leaves the decision to
    /// ``LinguistDefaults``.
    /// (``LinguistClassifier`` does the same for many paths, each directory once.)
    public static func resolve(attributes: LinguistOverrides, path: RawPath) -> FileClassification {
        var classifier = LinguistClassifier()
        return classifier.resolve(attributes: attributes, path: path)
    }
}
