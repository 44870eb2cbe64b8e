import GitRules
import TreeModel

/// `--link-template`: the URL each file's name links to in the Markdown report, made from a
/// template with placeholders:
///
/// - `{path}`: the file's path (its new path), percent-encoded for a URL, `/` kept;
/// - `{sha256}`: the lowercase hex SHA-256 of the path's bytes (GitHub anchors a file's diff
///   on a pull request's Files tab as `#diff-` and that);
/// - `{commit}`: the new side's commit id, or the old side's for a deleted file.
///
/// The template's own text must be printable ASCII without spaces, `<`, `>`, `"`, `\` or a
/// backtick, and `{` and `}` only around a placeholder; anything else is refused rather than
/// guessed at. File names are hostile input: what a path brings into the URL is only
/// unreserved characters, `/` and `%XX`, so no name can end the link or add markup; in the
/// link, the template's `(` and `)` are backslash-escaped and its `&` written `&amp;`
/// (``markdownDestination(path:status:)``).
public struct LinkTemplate: Sendable, Equatable {
    /// One piece of a template.
    public enum Piece: Sendable, Equatable {
        case literal([UInt8])
        case path
        case sha256
        case commit
    }

    /// A template that cannot be used, with the reason.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The pieces, in order.
    public let pieces: [Piece]
    /// The new side's commit id, for `{commit}`.
    public var newCommit: String?
    /// The old side's commit id, for `{commit}` of a deleted file.
    public var oldCommit: String?

    /// The placeholders, as written.
    public static let placeholders: [(name: String, piece: Piece)] = [("path", .path), ("sha256", .sha256), ("commit", .commit)]

    /// Reads `text`, refusing an unknown placeholder, a lone brace and characters a URL cannot hold.
    public init(parsing text: String) throws(Error) {
        var pieces: [Piece] = []
        var literal: [UInt8] = []
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw Error(description: "the template is empty") }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") {
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                    throw Error(description: "'{' at byte \(index + 1) has no '}': the placeholders are {path}, {sha256} and {commit}")
                }
                let name = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
                guard let placeholder = Self.placeholders.first(where: { $0.name == name }) else {
                    throw Error(description: "unknown placeholder '{\(TerminalText.escaped(name))}': expected {path}, {sha256} or {commit}")
                }
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = []
                pieces.append(placeholder.piece)
                index = close + 1
                continue
            }
            guard byte > 0x20, byte < 0x7F, !Array("<>\"\\`}".utf8).contains(byte) else {
                let shown = TerminalText.escaped(String(decoding: [byte], as: UTF8.self))
                throw Error(description: "a URL cannot hold '\(byte < 0x80 ? shown : "non-ASCII")' (byte \(index + 1)): percent-encode it")
            }
            literal.append(byte)
            index += 1
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    /// Whether the template uses `{commit}`.
    public var usesCommit: Bool { pieces.contains(.commit) }

    /// The URL for a file at `path` whose change has `status`.
    public func url(path: [UInt8], status: ChangeStatus?) -> [UInt8] {
        var url: [UInt8] = []
        for piece in pieces {
            switch piece {
            case .literal(let bytes): url += bytes
            case .path: Self.appendPercentEncoded(path, to: &url)
            case .sha256: url += Array(SHA256.hex(path).utf8)
            case .commit: url += Array(((status == .deleted ? oldCommit : newCommit) ?? "").utf8)
            }
        }
        return url
    }

    /// The URL as a Markdown link destination: `(` and `)` backslash-escaped, so that
    /// parentheses need no balancing, and `&` as `&amp;`, so that no `&name;` of the URL is
    /// read as an entity (cmark reads entities in a destination even after a backslash).
    public func markdownDestination(path: [UInt8], status: ChangeStatus?) -> [UInt8] {
        var destination: [UInt8] = []
        for byte in url(path: path, status: status) {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"): destination += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "&"): destination += Array("&amp;".utf8)
            default: destination.append(byte)
            }
        }
        return destination
    }

    private static let upperDigits = Array("0123456789ABCDEF".utf8)

    /// Appends `bytes` with every byte but the unreserved characters of RFC 3986 and `/` as `%XX`.
    static func appendPercentEncoded(_ bytes: [UInt8], to url: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                url.append(byte)
            default:
                url.append(UInt8(ascii: "%"))
                url.append(upperDigits[Int(byte >> 4)])
                url.append(upperDigits[Int(byte & 0x0F)])
            }
        }
    }
}
