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

    /// How a status is written: git's `--name-status` letter (`?` for untracked, as
    /// `git status -s`), its name in words (`type changed`, as headers and roll-ups count
    /// it), and its name in JSON (the raw value, `typeChanged`). The one table every renderer
    /// and reader takes them from.
    @inline(__always)
    private var spelling: (letter: UInt8, words: StaticString, name: StaticString) {
        switch self {
        case .added: (UInt8(ascii: "A"), "added", "added")
        case .modified: (UInt8(ascii: "M"), "modified", "modified")
        case .deleted: (UInt8(ascii: "D"), "deleted", "deleted")
        case .renamed: (UInt8(ascii: "R"), "renamed", "renamed")
        case .copied: (UInt8(ascii: "C"), "copied", "copied")
        case .typeChanged: (UInt8(ascii: "T"), "type changed", "typeChanged")
        case .untracked: (UInt8(ascii: "?"), "untracked", "untracked")
        case .unmerged: (UInt8(ascii: "U"), "unmerged", "unmerged")
        }
    }

    /// The status git's `--name-status` letter stands for (`?` for untracked).
    public init?(letter: Character) {
        guard let status = Self.allCases.first(where: { $0.letter == letter }) else { return nil }
        self = status
    }

    /// The one-letter marker git's `--name-status` uses (`?` for untracked, as `git status -s`).
    public var letter: Character { Character(Unicode.Scalar(letterByte)) }

    /// ``letter`` as its ASCII byte, for renderers that write bytes.
    public var letterByte: UInt8 { spelling.letter }

    /// The status in words (`added`, `type changed`), as headers and roll-ups count it.
    public var words: StaticString { spelling.words }

    /// The status's name as JSON writes it (`added`, `typeChanged`): its raw value, as a literal.
    public var jsonName: StaticString { spelling.name }
}
