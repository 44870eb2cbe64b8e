/// The commonest shapes of glob decided without the matcher, on the bytes, where the answer
/// cannot depend on how a matcher reads the corner cases: `**`, `dir/**` for a path below
/// `dir/`, `**/name`, `**/*.ext`, `*.ext` and a literal path. Anything else, and any path
/// with a `.` or `..` piece or an empty one (`a//b`), goes to the glob (``decide(_:)`` is `nil`).
enum GlobShortcut: Sendable {
    /// `**`: every path.
    case everything
    /// `dir/**`: the paths below `dir/` (`dir` itself is left to the glob).
    case below([UInt8])
    /// `**/name`: `name` and every path ending in `/name`.
    case named([UInt8])
    /// `**/*.ext`: every path whose last piece ends in `.ext`.
    case endingPiece([UInt8])
    /// `*.ext`: every top-level path ending in `.ext`.
    case topLevelEnding([UInt8])
    /// A pattern with nothing special: that path only.
    case literal([UInt8])
    /// Left to the glob.
    case none

    private static let special = Set("*?[]{}()!+@\\|".utf8)

    private static func isPlain(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty && !bytes.contains(where: special.contains)
    }

    private static func isPlainPath(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard isPlain(bytes), bytes.first != UInt8(ascii: "/"), bytes.last != UInt8(ascii: "/") else { return false }
        return bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { piece in
            !piece.isEmpty && !piece.elementsEqual([UInt8(ascii: ".")]) && !piece.elementsEqual(Array("..".utf8))
        }
    }

    /// The shortcut of a glob written `pattern` (without a negating `!`).
    init(_ pattern: String) {
        let bytes = Array(pattern.utf8)
        let globstar = Array("**".utf8), globstarSlash = Array("**/".utf8), slashGlobstar = Array("/**".utf8)
        if bytes == globstar {
            self = .everything
        } else if bytes.count > 3, bytes.suffix(3).elementsEqual(slashGlobstar), Self.isPlainPath(bytes.dropLast(3)) {
            self = .below(Array(bytes.dropLast(3)) + [UInt8(ascii: "/")])
        } else if bytes.count > 4, bytes.starts(with: globstarSlash + [UInt8(ascii: "*")]),
                  Self.isPlain(bytes.dropFirst(4)), !bytes.dropFirst(4).contains(UInt8(ascii: "/")) {
            self = .endingPiece(Array(bytes.dropFirst(4)))
        } else if bytes.count > 3, bytes.starts(with: globstarSlash), Self.isPlainPath(bytes.dropFirst(3)),
                  !bytes.dropFirst(3).contains(UInt8(ascii: "/")) {
            self = .named(Array(bytes.dropFirst(3)))
        } else if bytes.count > 1, bytes.first == UInt8(ascii: "*"), Self.isPlain(bytes.dropFirst()),
                  !bytes.dropFirst().contains(UInt8(ascii: "/")) {
            self = .topLevelEnding(Array(bytes.dropFirst()))
        } else if Self.isPlainPath(bytes[...]) {
            self = .literal(bytes)
        } else {
            self = .none
        }
    }

    /// Whether a path with no `.`, `..` or empty piece matches; `nil` when the glob must decide.
    @inline(__always)
    func decide(_ path: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch self {
        case .none: return nil
        case .everything: return true
        case .below(let directory):
            guard path.count > directory.count else { return path.elementsEqual(directory.dropLast()) ? nil : false }
            return Self.starts(path, with: directory)
        case .named(let name):
            guard path.count >= name.count, Self.ends(path, with: name) else { return false }
            return path.count == name.count || path[path.count - name.count - 1] == UInt8(ascii: "/")
        case .endingPiece(let ending):
            guard path.count >= ending.count, Self.ends(path, with: ending) else { return false }
            return path.count == ending.count ? nil : true
        case .topLevelEnding(let ending):
            guard path.count >= ending.count, Self.ends(path, with: ending) else { return false }
            return path.count == ending.count ? nil : !path.contains(UInt8(ascii: "/"))
        case .literal(let literal):
            return path.elementsEqual(literal)
        }
    }

    @inline(__always)
    private static func starts(_ path: UnsafeBufferPointer<UInt8>, with prefix: [UInt8]) -> Bool {
        for index in prefix.indices where path[index] != prefix[index] { return false }
        return true
    }

    @inline(__always)
    private static func ends(_ path: UnsafeBufferPointer<UInt8>, with suffix: [UInt8]) -> Bool {
        let start = path.count - suffix.count
        for index in suffix.indices where path[start + index] != suffix[index] { return false }
        return true
    }

    /// Whether a path has a `.`, `..` or empty piece, where matchers differ (git never writes one).
    static func hasOddPiece(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        for index in 0...path.count where index == path.count || path[index] == UInt8(ascii: "/") {
            let length = index - start
            if length == 0 { return true }
            if length <= 2, path[start] == UInt8(ascii: "."), length == 1 || path[start + 1] == UInt8(ascii: ".") { return true }
            start = index + 1
        }
        return false
    }
}
