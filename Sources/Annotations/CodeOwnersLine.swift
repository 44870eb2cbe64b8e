/// One line of a CODEOWNERS file, read the way GitHub reads it.
enum CodeOwnersLine {
    /// A blank line or a comment.
    case nothing
    /// A pattern with its owners (possibly none).
    case rule(CodeOwnersRule)
    /// A line GitHub would skip.
    case error(CodeOwnersError)

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    private static let hash = UInt8(ascii: "#"), backslash = UInt8(ascii: "\\")

    /// Reads the line numbered `number`: whitespace-separated fields, the first the
    /// pattern (`\ ` keeps a space in it), the rest owners up to a field starting with `#`.
    static func parse(_ line: ArraySlice<UInt8>, number: Int) -> CodeOwnersLine {
        let fields = fields(of: line)
        guard let pattern = fields.first, pattern.first != hash else { return .nothing }
        let owners = fields.dropFirst().prefix { $0.first != hash }
        let source = String(decoding: line, as: UTF8.self)
        func failure(_ reason: CodeOwnersError.Reason) -> CodeOwnersLine {
            .error(CodeOwnersError(line: number, reason: reason, source: source))
        }
        if let reason = unsupported(pattern) { return failure(reason) }
        let compiled: PathPattern
        do {
            compiled = try PathPattern(compiling: pattern, flavor: .codeOwners)
        } catch {
            switch error {
            case .matchesNothing: return failure(.matchesNothing)
            case .trailingBackslash: return failure(.trailingBackslash)
            case .tooManySegments: return failure(.tooManySegments)
            }
        }
        if let bad = owners.first(where: { !OwnerSyntax.isValid($0) }) {
            return failure(.invalidOwner(String(decoding: bad, as: UTF8.self)))
        }
        return .rule(CodeOwnersRule(
            line: number, pattern: String(decoding: pattern, as: UTF8.self),
            owners: owners.map { String(decoding: $0, as: UTF8.self) }, compiled: compiled))
    }

    /// The gitignore features GitHub documents as unsupported in CODEOWNERS.
    private static func unsupported(_ pattern: [UInt8]) -> CodeOwnersError.Reason? {
        if pattern.first == UInt8(ascii: "!") { return .negationNotSupported }
        if pattern.starts(with: [backslash, hash]) { return .escapedCommentNotSupported }
        var index = 0
        while index < pattern.count {
            switch pattern[index] {
            case backslash: index += 1
            case UInt8(ascii: "["), UInt8(ascii: "]"): return .characterRangeNotSupported
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Whitespace-separated fields; a backslash keeps the byte after it in the field.
    private static func fields(of line: ArraySlice<UInt8>) -> [[UInt8]] {
        var fields: [[UInt8]] = []
        var current: [UInt8] = []
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            if byte == space || byte == tab {
                if !current.isEmpty { fields.append(current) }
                current = []
            } else {
                current.append(byte)
                if byte == backslash, index + 1 < line.endIndex {
                    current.append(line[index + 1])
                    index += 1
                }
            }
            index += 1
        }
        if !current.isEmpty { fields.append(current) }
        return fields
    }
}

/// The owner forms GitHub accepts in a CODEOWNERS file: `@user`, `@org/team`, or an email
/// address. Whether the account exists is GitHub's business, not a syntax question.
public enum OwnerSyntax {
    /// Whether `token` is a well-formed owner.
    public static func isValid(_ token: [UInt8]) -> Bool {
        guard let first = token.first else { return false }
        if first == UInt8(ascii: "@") { return isHandle(token.dropFirst()) }
        return isEmail(token)
    }

    /// `user` or `org/team`: name characters, at most one slash, nothing empty.
    private static func isHandle(_ handle: ArraySlice<UInt8>) -> Bool {
        let parts = handle.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return false }
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(isNameByte) }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    /// `local@domain.tld`: one `@`, a local part of email characters, a domain of at least
    /// two dot-separated labels.
    private static func isEmail(_ token: [UInt8]) -> Bool {
        let parts = token.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let localSpecials = Array("!#$%&'*+/=?^_`{|}~.-".utf8)
        guard parts[0].allSatisfy({ isAlphanumeric($0) || localSpecials.contains($0) }) else { return false }
        let labels = parts[1].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
