import Foundation

/// One revision argument, split into the forms `git diff` takes, before anything is looked up.
enum RevisionArgument: Equatable {
    /// One revision (`HEAD~3`, a tag, an id).
    case single(String)
    /// `A..B`: the tree of A against the tree of B.
    case twoDot(String, String)
    /// `A...B`: the merge base of A and B against B.
    case threeDot(String, String)
    /// `X^!`: X against its parent (a root commit: against the index or working tree, as git).
    case commitAlone(String)
    /// `X^-<n>`: X against its n-th parent (`X^<n>..X`); `X^-` is `X^-1`.
    case againstParent(String, Int)
    /// `X^@`: X's parents, as revisions of their own.
    case parents(String)

    /// Whether the argument names more than one revision (a range or a parents form).
    var isRange: Bool {
        if case .single = self { return false }
        return true
    }

    /// Splits `text` as git's revision parser does. An empty side of a range means HEAD.
    /// Throws on a malformed range (`..`, `a....b`) and on `X^-<n>` whose `<n>` is not a
    /// number of at least 1 (git's words for it: an unknown revision).
    static func parse(_ text: String) throws -> RevisionArgument {
        if text.contains("..") { return try parseRange(text) }
        if let base = text.beforeTrailing("^@") { return .parents(base) }
        if let base = text.beforeTrailing("^!") { return .commitAlone(base) }
        if let marker = text.range(of: "^-") {
            let base = String(text[..<marker.lowerBound])
            let number = String(text[marker.upperBound...])
            if number.isEmpty { return .againstParent(base, 1) }
            guard let parent = Self.cInteger(number), parent >= 1 else {
                throw AdapterError.unknownRevision(text, emptyRepository: false)
            }
            return .againstParent(base, parent)
        }
        return .single(text)
    }

    private static func parseRange(_ text: String) throws -> RevisionArgument {
        let separator = text.contains("...") ? "..." : ".."
        guard let range = text.range(of: separator) else { return .single(text) }
        let left = String(text[..<range.lowerBound])
        let right = String(text[range.upperBound...])
        let malformed = (left.isEmpty && right.isEmpty)
            || right.hasPrefix(".") || left.hasSuffix(".") || right.contains("..")
        if malformed { throw AdapterError.malformedRange(text) }
        let a = left.isEmpty ? "HEAD" : left
        let b = right.isEmpty ? "HEAD" : right
        return separator == "..." ? .threeDot(a, b) : .twoDot(a, b)
    }

    /// git's `strtol_i`: the whole text is one base-10 `int` (leading blanks and a sign allowed).
    private static func cInteger(_ text: String) -> Int? {
        text.withCString { start -> Int? in
            var end: UnsafeMutablePointer<CChar>?
            errno = 0
            let value = strtol(start, &end, 10)
            guard errno == 0, let end, end != UnsafeMutablePointer(mutating: start), end.pointee == 0,
                  value >= Int(Int32.min), value <= Int(Int32.max) else { return nil }
            return value
        }
    }
}

private extension String {
    /// The text before the first `marker`, when that first occurrence ends the text.
    func beforeTrailing(_ marker: String) -> String? {
        guard let found = range(of: marker), found.upperBound == endIndex else { return nil }
        return String(self[..<found.lowerBound])
    }
}
