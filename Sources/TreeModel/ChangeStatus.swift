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

    /// ``letter`` as its ASCII byte, for renderers that write bytes.
    public var letterByte: UInt8 {
        switch self {
        case .added: UInt8(ascii: "A")
        case .modified: UInt8(ascii: "M")
        case .deleted: UInt8(ascii: "D")
        case .renamed: UInt8(ascii: "R")
        case .copied: UInt8(ascii: "C")
        case .typeChanged: UInt8(ascii: "T")
        case .untracked: UInt8(ascii: "?")
        case .unmerged: UInt8(ascii: "U")
        }
    }
}
