import Glibc
import TreeModel

/// A ranked-find query (Docs/TreeModel.md#ranked-find, as SettingsKit scores settings search).
///
/// The query and every candidate's texts are normalized alike: lowercased, with spaces, `&`,
/// `-` and `_` removed, so `Read Me` finds `README.md` and `tree-view` finds `TreeView.swift`.
/// A candidate's score is the best that applies, tried in this order:
/// 1. ``FindMatch/exact`` (1000): its name — the basename, without a directory's `/` — is the query;
/// 2. ``FindMatch/prefix`` (500): its name starts with the query;
/// 3. ``FindMatch/contains`` (300): its full identity (`Sources/App/`, `Sources/App/View.swift`)
///    contains the query, so a file is also found by the names of its directories;
/// 4. ``FindMatch/tag`` (100): one of its tags (for us, status and file type) contains it.
///
/// Matching compares the normalized texts as UTF-8: a plain substring, no locale rules.
public struct FindQuery: Hashable, Sendable {
    /// The query as typed.
    public let text: String
    /// The normalized query, as UTF-8.
    public let normalized: [UInt8]

    /// `nil` when nothing is left after normalizing (`""`, `" - "`): an empty find.
    public init?(_ text: String) {
        let normalized = Self.normalize(text.utf8)
        guard !normalized.isEmpty else { return nil }
        self.text = text
        self.normalized = normalized
    }

    /// How `candidate` matches, or `nil` when it does not.
    public func match(_ candidate: FindCandidate) -> FindMatch? {
        if candidate.normalizedName == normalized { return .exact }
        if candidate.normalizedName.starts(with: normalized) { return .prefix }
        if Self.bytes(candidate.normalizedIdentity, contain: normalized) { return .contains }
        if candidate.normalizedTags.contains(where: { Self.bytes($0, contain: normalized) }) { return .tag }
        return nil
    }

    /// How the file or directory at `path`, tagged `tags`, matches, or `nil` when it does not:
    /// as ``match(_:)`` matches its candidate, its tags made only when its name and identity
    /// do not match.
    public func match(path: TreePath, tags: () -> [String]) -> FindMatch? {
        let name = Self.normalize(path.normalized.basename)
        if name == normalized { return .exact }
        if name.starts(with: normalized) { return .prefix }
        if Self.bytes(Self.normalize(path.identity), contain: normalized) { return .contains }
        let matchesTag = tags().contains { tag in
            var tag = tag
            return Self.bytes(tag.withUTF8 { Self.normalize($0) }, contain: normalized)
        }
        return matchesTag ? .tag : nil
    }

    /// Lowercases UTF-8 text (bytes that are not UTF-8 read as U+FFFD) and removes spaces,
    /// `&`, `-` and `_`; one pass for ASCII text.
    static func normalize(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        normalize(bytes, appendingTo: &result)
        return result
    }

    /// Appends `bytes` normalized (``normalize(_:)``) to `result`.
    static func normalize(_ bytes: some Collection<UInt8>, appendingTo result: inout [UInt8]) {
        let start = result.count
        for byte in bytes {
            if byte >= 0x80 {
                result.removeSubrange(start...)
                let lowercased = String(decoding: Array(bytes), as: UTF8.self).lowercased()
                result.append(contentsOf: lowercased.utf8.lazy.filter { !isRemoved($0) })
                return
            }
            if isRemoved(byte) { continue }
            result.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte)
        }
    }

    private static func isRemoved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "&"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }

    /// Whether `text` contains `needle` (not empty) as a run of bytes: each place the first
    /// byte is found by `memchr`, the rest compared by `memcmp`.
    static func bytes(_ text: [UInt8], contain needle: [UInt8]) -> Bool {
        guard needle.count <= text.count else { return false }
        return text.withUnsafeBufferPointer { text in
            needle.withUnsafeBufferPointer { needle in
                let base = UnsafeRawPointer(text.baseAddress!)
                let last = text.count - needle.count
                var start = 0
                while start <= last, let found = memchr(base + start, Int32(needle[0]), last - start + 1) {
                    let position = base.distance(to: UnsafeRawPointer(found))
                    if needle.count == 1 || memcmp(base + position + 1, needle.baseAddress! + 1, needle.count - 1) == 0 {
                        return true
                    }
                    start = position + 1
                }
                return false
            }
        }
    }
}

/// The distinct tag lists of ranked find's candidates, each kept once with its normalized
/// texts: candidates share few of them (a status and a file type), so a query decides once
/// per list whether one of its tags contains the query, and a candidate's tag test is then
/// one look-up.
struct FindTagSets: Sendable {
    /// Each distinct tag list, as given.
    private(set) var lists: [[String]] = []
    /// Each list's tags, normalized as ``FindQuery`` normalizes them.
    private var normalizedLists: [[[UInt8]]] = []
    private var numbers: [[String]: Int32] = [:]

    /// The number of `tags`, added when it is new.
    mutating func number(of tags: [String]) -> Int32 {
        if let known = numbers[tags] { return known }
        let number = Int32(lists.count)
        lists.append(tags)
        normalizedLists.append(tags.map { tag in
            var tag = tag
            return tag.withUTF8 { FindQuery.normalize($0) }
        })
        numbers[tags] = number
        return number
    }

    /// For each list, whether one of its tags contains `query`.
    func matches(_ query: FindQuery) -> [Bool] {
        normalizedLists.map { tags in tags.contains { FindQuery.bytes($0, contain: query.normalized) } }
    }
}

/// Something ranked find can find: a file or directory, with its tags (for us, its status
/// names such as `added`, and its file type such as its icon name). Its texts are normalized
/// once, here (see ``FindQuery``).
public struct FindCandidate: Hashable, Sendable {
    /// The file or directory.
    public let path: TreePath
    /// The tags, as given.
    public let tags: [String]
    /// The directory containing ``path``, or `nil` at the top level.
    public let parent: TreePath?
    let normalizedName: [UInt8]
    let normalizedIdentity: [UInt8]
    let normalizedTags: [[UInt8]]

    /// A candidate for `path`, carrying `tags`.
    public init(path: TreePath, tags: [String] = []) {
        self.init(path: path, parent: Self.parent(of: path), tags: tags)
    }

    /// A candidate whose parent directory is already known.
    init(path: TreePath, parent: TreePath?, tags: [String]) {
        self.path = path
        self.tags = tags
        self.parent = parent
        self.normalizedName = FindQuery.normalize(path.normalized.basename)
        self.normalizedIdentity = FindQuery.normalize(path.identity)
        self.normalizedTags = tags.map { tag in
            var tag = tag
            return tag.withUTF8 { FindQuery.normalize($0) }
        }
    }

    /// The directory containing `path`, or `nil` at the top level.
    static func parent(of path: TreePath) -> TreePath? {
        let parent = path.normalized.parent
        guard !parent.isEmpty else { return nil }
        return try? TreePath(RawPath(bytes: Array(parent) + [UInt8(ascii: "/")]))
    }
}
