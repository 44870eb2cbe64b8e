/// How a file changed between the two sides of a comparison.
public enum ChangeStatus: String, Sendable, CaseIterable, Hashable {
    case added
    case modified
    case deleted
    case renamed
    case copied
    case typeChanged
    case untracked
    case unmerged

    /// The status git's `--name-status` letter stands for (`?` for untracked).
    public init?(letter: Character) {
        guard let status = Self.allCases.first(where: { $0.letter == letter }) else { return nil }
        self = status
    }

    /// The one-letter marker git's `--name-status` uses (`?` for untracked, as `git status -s`).
    public var letter: Character {
        switch self {
        case .added: "A"
        case .modified: "M"
        case .deleted: "D"
        case .renamed: "R"
        case .copied: "C"
        case .typeChanged: "T"
        case .untracked: "?"
        case .unmerged: "U"
        }
    }
}
