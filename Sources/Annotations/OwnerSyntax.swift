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
