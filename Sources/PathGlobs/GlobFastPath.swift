import Glibc

/// Byte-level matchers for the shapes CI filters use most (`**`, `src/a.ts`, `src/**`, `**/*.md`,
/// `*.md`, `**/Package.swift`, `docs/**/*.md`, `src/**/*.{ts,tsx}`, each maybe negated), giving
/// the compiled program's answer without decoding the path or allocating.
final class GlobFastPath: Sendable {
    /// What the last segment must be.
    enum Tail: Sendable {
        /// Exactly these bytes.
        case name([UInt8])
        /// Any segment ending in one of these (and, with `trailingSlash`, an optional `/` after it).
        case suffixes([[UInt8]], trailingSlash: Bool)
    }

    enum Shape: Sendable {
        /// `**`: any path.
        case everything
        /// `a/b.ts`: the path itself.
        case exact([UInt8])
        /// `dir/**`: the directory or anything under it (`dir{1,2}/**`: any of them).
        case under([[UInt8]])
        /// `**/tail` (or, with a directory, `dir/**/tail`): the tail at any depth.
        case anyDepth(directory: [UInt8]?, Tail)
        /// `*.ext`: one segment.
        case segment(Tail)
        /// `**/name/**`: a segment anywhere.
        case containsSegment([UInt8])
    }

    private enum Kind { case everything, exact, under, anyDepth, segment, containsSegment }

    private let kind: Kind
    /// The exact path, the directory, or the segment `**/name/**` looks for.
    private let literal: [UInt8]
    private let directories: [[UInt8]]
    private let hasDirectory: Bool
    private let tailIsName: Bool
    private let name: [UInt8]
    private let suffixes: [[UInt8]]
    private let trailingSlash: Bool
    let negated: Bool

    init?(_ pattern: [UInt16]) {
        let text = String(decoding: pattern, as: UTF16.self)
        let negation = GlobNegation(text)
        var body = Substring(negation.body)
        // An even number of `!`s leaves picomatch's start of the pattern behind the first one:
        // `./` is then literal and a first `*` is not guarded; no fast path reads that.
        guard !body.hasPrefix("!"), !(text.hasPrefix("!") && !negation.isNegated) else { return nil }
        let shortcut = text.first == "." || text.first == "*"
        while body.hasPrefix("./") { body = body.dropFirst(2) }
        guard !body.isEmpty, let shape = Self.shape(body, shortcut: shortcut) else { return nil }
        negated = negation.isNegated
        var literal: [UInt8] = [], hasDirectory = false, tail: Tail = .name([]), directories: [[UInt8]] = []
        switch shape {
        case .everything: kind = .everything
        case .exact(let bytes): kind = .exact; literal = bytes
        case .under(let list): kind = .under; directories = list
        case .anyDepth(let directory, let last):
            kind = .anyDepth
            literal = directory ?? []
            hasDirectory = directory != nil
            tail = last
        case .segment(let last): kind = .segment; tail = last
        case .containsSegment(let segment): kind = .containsSegment; literal = segment
        }
        self.literal = literal
        self.directories = directories
        self.hasDirectory = hasDirectory
        switch tail {
        case .name(let bytes):
            tailIsName = true; name = bytes; suffixes = []; trailingSlash = false
        case .suffixes(let list, let slash):
            tailIsName = false; name = []; suffixes = list; trailingSlash = slash
        }
    }

    private static let special = Set("*?[]{}()!@+\\|^$\",".unicodeScalars)

    private static func isPlain(_ text: Substring) -> Bool {
        !text.isEmpty && !text.unicodeScalars.contains { special.contains($0) || $0.value < 0x20 || $0.value == 0x7F
            || $0 == "\u{FFFD}" || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    private static func isWordSuffix(_ text: Substring) -> Bool {
        guard text.first == "." else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).dropFirst().allSatisfy { word in
            !word.isEmpty && word.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.word.contains($0)) }
        }
    }

    /// The tail `text` (one segment), as the shortcut route (`shortcut`) or the full reading reads it.
    private static func tail(_ text: Substring, shortcut: Bool) -> Tail? {
        if isPlain(text), !text.contains("/") { return .name(Array(text.utf8)) }
        guard text.first == "*" else { return nil }
        let rest = text.dropFirst()
        if isPlain(rest), !rest.contains("/") {
            return .suffixes([Array(rest.utf8)], trailingSlash: shortcut && isWordSuffix(rest))
        }
        guard let open = rest.firstIndex(of: "{"), rest.last == "}" else { return nil }
        let head = rest[..<open]
        guard head.isEmpty || isPlain(head), !head.contains("/") else { return nil }
        let alternatives = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)].split(separator: ",", omittingEmptySubsequences: false)
        guard alternatives.count > 1, alternatives.allSatisfy({ alternative in
            !alternative.isEmpty && alternative.unicodeScalars.allSatisfy { $0.isASCII && CharacterSet.word.contains($0) || $0 == "-" }
        }) else { return nil }
        return .suffixes(alternatives.map { Array((head + $0).utf8) }, trailingSlash: false)
    }

    private static func shape(_ body: Substring, shortcut: Bool) -> Shape? {
        if isPlain(body) { return .exact(Array(body.utf8)) }
        if body == "**" { return .everything }
        if body.hasPrefix("**/"), body.hasSuffix("/**"), body.count > 6 {
            let name = body.dropFirst(3).dropLast(3)
            guard isPlain(name), !name.contains("/"), name != ".", name != ".." else { return nil }
            return .containsSegment(Array(name.utf8))
        }
        if body.hasSuffix("/**") {
            let directory = body.dropLast(3)
            if isPlain(directory) { return .under([Array(directory.utf8)]) }
            guard let open = directory.firstIndex(of: "{"), let close = directory.firstIndex(of: "}"), open < close else { return nil }
            let head = directory[..<open], tail = directory[directory.index(after: close)...]
            let alternatives = directory[directory.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
            guard !head.isEmpty, isPlain(head), tail.isEmpty || isPlain(tail), alternatives.count > 1,
                  alternatives.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy { CharacterSet.word.contains($0) || $0 == "-" } })
            else { return nil }
            return .under(alternatives.map { Array((head + $0 + tail).utf8) })
        }
        if body.hasPrefix("**/") {
            let rest = body.dropFirst(3)
            guard !rest.contains("/"), !rest.hasPrefix("**"), let tail = tail(rest, shortcut: shortcut) else { return nil }
            return .anyDepth(directory: nil, tail)
        }
        if let at = body.indices.first(where: { body[$0...].hasPrefix("/**/") }) {
            let directory = body[..<at], rest = body[body.index(at, offsetBy: 4)...]
            guard isPlain(directory), !rest.contains("/"), !rest.hasPrefix("**"), !rest.hasPrefix("."),
                  let tail = tail(rest, shortcut: false) else { return nil }
            return .anyDepth(directory: Array(directory.utf8), tail)
        }
        if body.first == "*", !body.contains("/"), !body.hasPrefix("**"), case .suffixes(let suffixes, let slash)? = tail(body, shortcut: shortcut) {
            return .segment(.suffixes(suffixes, trailingSlash: slash))
        }
        return nil
    }

    /// What a path needs for this fast path to match it; `nil` when any path may (`**`,
    /// `**/name/**`, a negated glob, a suffix with no `.`).
    var key: GlobKey? {
        guard !negated else { return nil }
        switch kind {
        case .everything, .containsSegment: return nil
        case .exact: return .firstSegment([GlobKey.firstSegment(of: literal)])
        case .under: return .firstSegment(directories.map { GlobKey.firstSegment(of: $0) })
        case .anyDepth where hasDirectory: return .firstSegment([GlobKey.firstSegment(of: literal)])
        case .anyDepth, .segment:
            if tailIsName { return .lastExtension([GlobKey.lastExtension(of: name)]) }
            guard suffixes.allSatisfy({ $0.contains(0x2E) }) else { return nil }
            return .lastExtension(suffixes.map { GlobKey.lastExtension(of: $0) })
        }
    }

    /// The answer for `path` (not empty, not the pattern itself); `plain` says the path is
    /// known to be ``isPlain(_:)``, which spares the scans for dot segments and line terminators.
    func matches(_ path: UnsafeBufferPointer<UInt8>, plain: Bool = false) -> Bool {
        let body = bodyMatches(path, plain: plain)
        guard negated else { return body }
        return !body && (plain || !Self.hasLineTerminator(path, 0, path.count))
    }

    /// Whether `path` has no `.` or `..` segment and no line terminator: `**` then matches
    /// any run of its segments.
    static func isPlain(_ path: UnsafeBufferPointer<UInt8>) -> Bool { isGlobstar(path, 0, path.count) }

    private func bodyMatches(_ path: UnsafeBufferPointer<UInt8>, plain: Bool) -> Bool {
        switch kind {
        case .everything:
            return plain || Self.isGlobstar(path, 0, path.count)
        case .exact:
            return path.count == literal.count && Self.hasPrefix(path, literal)
        case .under:
            for directory in directories where Self.hasPrefix(path, directory) {
                if path.count == directory.count { return true }
                guard path[directory.count] == 0x2F else { continue }
                return plain || Self.isGlobstar(path, directory.count + 1, path.count)
            }
            return false
        case .anyDepth:
            var start = 0
            if hasDirectory {
                guard path.count > literal.count, path[literal.count] == 0x2F, Self.hasPrefix(path, literal) else { return false }
                start = literal.count + 1
            }
            let segment = tailStart(path, start)
            guard segment >= 0 else { return false }
            if segment == start { return true }
            return plain || Self.isGlobstar(path, start, segment - 1)
        case .segment:
            return tailStart(path, 0) == 0
        case .containsSegment:
            guard let base = path.baseAddress else { return false }
            let count = path.count, length = literal.count
            var at = 0
            while at + length <= count {
                guard let found = memchr(base + at, Int32(literal[0]), count - at - length + 1) else { return false }
                let offset = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                if offset == 0 || base[offset - 1] == 0x2F, offset + length == count || base[offset + length] == 0x2F,
                   Self.hasSuffix(path, offset + length, literal) {
                    return plain || Self.isGlobstar(path, 0, count)
                }
                at = offset + 1
            }
            return false
        }
    }

    /// Where the last segment begins if it is the tail (and what comes before it begins at or
    /// after `start`), else -1.
    private func tailStart(_ path: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var end = path.count
        if tailIsName {
            guard path.count - start >= name.count, Self.hasSuffix(path, end, name) else { return -1 }
            let segment = end - name.count
            guard segment == start || (segment > start && path[segment - 1] == 0x2F) else { return -1 }
            return segment
        }
        if trailingSlash, end > start, path[end - 1] == 0x2F { end -= 1 }
        var matched = false
        for suffix in suffixes where end - start >= suffix.count && Self.hasSuffix(path, end, suffix) {
            matched = true
            break
        }
        guard matched else { return -1 }
        var segment = end
        while segment > start, path[segment - 1] != 0x2F { segment -= 1 }
        guard segment < end, !Self.startsLineTerminator(path, segment), !Self.isDotSegment(path, segment, end) else { return -1 }
        for suffix in suffixes where end - segment >= suffix.count && Self.hasSuffix(path, end, suffix) { return segment }
        return -1
    }

    private static func hasPrefix(_ path: UnsafeBufferPointer<UInt8>, _ prefix: [UInt8]) -> Bool {
        guard path.count >= prefix.count else { return false }
        for index in prefix.indices where path[index] != prefix[index] { return false }
        return true
    }

    private static func hasSuffix(_ path: UnsafeBufferPointer<UInt8>, _ end: Int, _ suffix: [UInt8]) -> Bool {
        let start = end - suffix.count
        for index in suffix.indices where path[start + index] != suffix[index] { return false }
        return true
    }

    private static func isDotSegment(_ path: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let length = end - start
        return (length == 1 || length == 2) && path[start] == 0x2E && path[end - 1] == 0x2E
    }

    private static func startsLineTerminator(_ path: UnsafeBufferPointer<UInt8>, _ at: Int) -> Bool {
        let byte = path[at]
        if byte == 0x0A || byte == 0x0D { return true }
        return byte == 0xE2 && at + 2 < path.count && path[at + 1] == 0x80 && (path[at + 2] == 0xA8 || path[at + 2] == 0xA9)
    }

    static func hasLineTerminator(_ path: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var at = start
        while at < end {
            let byte = path[at]
            if byte == 0x0A || byte == 0x0D { return true }
            if byte == 0xE2, at + 2 < end, path[at + 1] == 0x80, path[at + 2] == 0xA8 || path[at + 2] == 0xA9 { return true }
            at += 1
        }
        return false
    }

    /// Whether `**` matches `path[start..<end]`: no line terminator and no `.` or `..` segment.
    private static func isGlobstar(_ path: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard let base = path.baseAddress else { return true }
        var segment = start
        var at = start
        while at < end {
            let byte = base[at]
            if byte > 0x2F && byte < 0xE2 {
                at += 1
                continue
            }
            if byte == 0x2F {
                if isDotSegment(path, segment, at) { return false }
                segment = at + 1
            } else if byte == 0x0A || byte == 0x0D {
                return false
            } else if byte == 0xE2, at + 2 < end, base[at + 1] == 0x80, base[at + 2] == 0xA8 || base[at + 2] == 0xA9 {
                return false
            }
            at += 1
        }
        return !isDotSegment(path, segment, end)
    }

}

private enum CharacterSet {
    enum word {
        static func contains(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && UInt16(scalar.value).isWordUnit
        }
    }
}
