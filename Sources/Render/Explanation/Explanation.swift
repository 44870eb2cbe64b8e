import Annotations
import TreeModel

/// What `treereview explain` says of the paths it was given: for each, its change in the
/// comparison, its code owners, why it is generated, vendored or documentation, its package
/// and (with `--affected`) what that package affects, and the groups it falls in. Made by
/// the CLI, written by ``ExplanationTextRenderer`` and ``ExplanationJSONRenderer``.
public struct Explanation: Sendable {
    /// The comparison explained.
    public var comparison: ComparisonLabel
    /// One explanation per path given, in the order given (a path naming a directory or a
    /// glob gives one per changed file it matches).
    public var paths: [PathExplanation]
    /// Whether packages were asked for (`--packages`, `--affected`, `--affects-all`).
    public var listsPackages: Bool
    /// Whether dependents were asked for (`--affected`, `--affects-all`).
    public var addsAffected: Bool
    /// The filters file whose groups were matched (`--filters`); `nil` when none was given,
    /// and JSON then writes no `groups`.
    public var filtersFile: String?

    /// An explanation of `paths` in `comparison`.
    public init(comparison: ComparisonLabel, paths: [PathExplanation], listsPackages: Bool = false,
                addsAffected: Bool = false, filtersFile: String? = nil) {
        self.comparison = comparison
        self.paths = paths
        self.listsPackages = listsPackages
        self.addsAffected = addsAffected
        self.filtersFile = filtersFile
    }

    /// How many of the paths given were found nowhere in the comparison's sides.
    public var notFoundCount: Int { paths.lazy.filter { $0.presence == .notFound }.count }
}

/// Everything said of one path.
public struct PathExplanation: Sendable {
    /// Whether and where the path is in the comparison.
    public enum Presence: String, Sendable {
        /// It is a changed file (either path of a rename or copy).
        case changed
        /// It is a file of the old or new side that did not change.
        case unchanged
        /// It is in neither side (nor, for the working tree, among its untracked files).
        case notFound
    }

    /// The path as given on the command line.
    public var argument: String
    /// The file's path from the top (the new path of a rename); `nil` when not found.
    public var path: RawPath?
    /// Whether it changed.
    public var presence: Presence
    /// Whether the argument named a rename's or copy's old path (and not its new one).
    public var namedByOldPath = false
    /// Its change, when it changed (status, old path and similarity, line counts, binary).
    public var change: FileChange?
    /// Its code owners: the rule that matched (or none) in the file read; `nil` when no
    /// CODEOWNERS file was found on the side read (``ownersSource`` says which).
    public var owners: CodeOwnersMatch?
    /// Where CODEOWNERS was looked for; `nil` when it was not.
    public var ownersSource: CodeOwnersSource?
    /// Why it is, or is not, generated, vendored or documentation.
    public var kinds: KindsExplanation
    /// Its package; `nil` without `--packages`.
    public var package: PackageExplanation?
    /// The groups of the filters file that match or exclude it; empty without `--filters`.
    public var groups: [GroupMatchExplanation]

    /// An explanation of the path `argument` names.
    public init(argument: String, path: RawPath?, presence: Presence, change: FileChange? = nil,
                owners: CodeOwnersMatch? = nil, ownersSource: CodeOwnersSource? = nil,
                kinds: KindsExplanation = KindsExplanation(), package: PackageExplanation? = nil,
                groups: [GroupMatchExplanation] = []) {
        self.argument = argument
        self.path = path
        self.presence = presence
        self.change = change
        self.owners = owners
        self.ownersSource = ownersSource
        self.kinds = kinds
        self.package = package
        self.groups = groups
    }
}
