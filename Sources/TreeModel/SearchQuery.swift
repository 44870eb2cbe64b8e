/// A search query, normalized as Docs/TreeModel.md#search says: trimmed, `\` turned into `/`,
/// lowercased. A node matches when its normalized identity contains the query.
public struct SearchQuery: Hashable, Sendable {
    /// The normalized query, as UTF-8.
    public let normalized: [UInt8]
    /// The query as the user typed it.
    public let text: String

    /// `nil` for a query that is empty after trimming (the normal view).
    public init?(_ text: String) {
        var trimmed = Substring(text)
        while let first = trimmed.first, first.isWhitespace { trimmed.removeFirst() }
        while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
        guard !trimmed.isEmpty else { return nil }
        self.text = text
        self.normalized = Self.normalize(Array(String(trimmed).utf8))
    }

    /// Lowercases UTF-8 text and turns `\` into `/`.
    static func normalize(_ bytes: some Collection<UInt8>) -> [UInt8] {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            return bytes.map { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
                case UInt8(ascii: "\\"): UInt8(ascii: "/")
                default: byte
                }
            }
        }
        let lowered = String(decoding: Array(bytes), as: UTF8.self).lowercased()
        return Array(lowered.utf8).map { $0 == UInt8(ascii: "\\") ? UInt8(ascii: "/") : $0 }
    }

    /// Whether `text` (already normalized) contains the query.
    func isContained(in text: [UInt8]) -> Bool {
        let needle = normalized
        guard needle.count <= text.count else { return false }
        let first = needle[0]
        var start = 0
        let last = text.count - needle.count
        while start <= last {
            if text[start] == first {
                var offset = 1
                while offset < needle.count && text[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}

/// How a search changes what is shown (never the stored expansion).
public enum SearchMode: String, Sendable, CaseIterable {
    /// Only matches and the ancestors needed to reach them.
    case hide
    /// Everything collapsed except the way to the matches; other rows stay as context.
    case collapse
    /// The usual expansion, plus every match opened.
    case expand
}

/// Matches a query against every node's normalized identity, in one depth-first walk.
public struct TreeSearch: Sendable {
    /// Whether each node (indexed like `FileTree.nodes`) matches.
    public let matches: [Bool]
    /// Whether each node matches or has a matching node below it.
    let leadsToMatch: [Bool]
    /// The matching nodes in depth-first (display) order.
    public let matchOrder: [Int]

    /// Searches `tree` for `query`.
    public init(tree: FileTree, query: SearchQuery) {
        var matches = [Bool](repeating: false, count: tree.nodes.count)
        var leadsToMatch = matches
        var order: [Int] = []
        var text: [UInt8] = []
        var stack: [(node: Int, restore: Int)] = tree.nodes[FileTree.root].children.reversed().map { ($0, 0) }
        while let (node, restore) = stack.popLast() {
            text.removeSubrange(restore...)
            let entry = tree.nodes[node]
            text.append(contentsOf: SearchQuery.normalize(entry.name))
            if entry.isDirectory { text.append(UInt8(ascii: "/")) }
            if query.isContained(in: text) {
                matches[node] = true
                order.append(node)
                var ancestor: Int? = node
                while let current = ancestor, !leadsToMatch[current] {
                    leadsToMatch[current] = true
                    ancestor = tree.nodes[current].parent
                }
            }
            let childRestore = text.count
            for child in entry.children.reversed() { stack.append((child, childRestore)) }
        }
        self.matches = matches
        self.leadsToMatch = leadsToMatch
        self.matchOrder = order
    }
}

/// Whether a file was marked viewed (`treereview viewed`), as a pull-request page shows it.
public enum ViewState: UInt8, Sendable, CaseIterable {
    /// No mark for its path.
    case notViewed
    /// Marked viewed with the content it has now.
    case viewed
    /// Marked viewed, but its content changed since: to be looked at again.
    case changedSinceViewed
}
