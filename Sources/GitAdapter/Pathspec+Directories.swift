extension Pathspec {
    /// Whether a path below `directory` (from the top, ending in `/`) could match: `false`
    /// lets a tree walk skip the directory unread. Never `false` when a path below matches.
    public func mayMatch(under directory: [UInt8]) -> Bool {
        if items.isEmpty { return true }
        if items.contains(where: { $0.isExclude && $0.attributes.isEmpty && $0.coversEverything(under: directory) }) {
            return false
        }
        return items.contains { !$0.isExclude && $0.mayMatchSomething(under: directory) }
    }

    /// Directories (from the top, without a trailing `/`) that hold every path that can
    /// match, for libgit2 to limit its own walk of the index and working tree to them; `nil`
    /// when a match may lie anywhere, or when a directory's name holds a byte libgit2's
    /// pathspecs read as a pattern (a wildcard, `\`, a leading `!` or `#`, a space).
    var enclosingDirectories: [[UInt8]]? {
        if items.isEmpty { return nil }
        var directories = Set<[UInt8]>()
        for item in items where !item.isExclude {
            let literal = item.magic.contains(.icase) ? item.prefixLength : item.literalLength
            guard let slash = item.match[..<literal].lastIndex(of: UInt8(ascii: "/")), slash > 0 else { return nil }
            let directory = Array(item.match[..<slash])
            guard !directory.contains(where: { Array("!#*?[]\\ \t\n".utf8).contains($0) }) else { return nil }
            directories.insert(directory)
        }
        return directories.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Whether git lists untracked files inside the untracked directory `directory` (ending
    /// in `/`): it matches the directory itself, attributes and exclusions included, and
    /// only goes in when it may lead to a match (git's `treat_directory`).
    func admitsUntrackedDirectory(_ directory: [UInt8], attributes: PathspecAttributeLookup?) rethrows -> Bool {
        try matches(directory, directory: false, leading: true, attributes: attributes)
    }

    /// Whether some untracked directory could be refused that holds a matching file: only
    /// attributes and exclusions are checked on directories differently than on files.
    var checksUntrackedDirectories: Bool {
        items.contains { $0.isExclude || !$0.attributes.isEmpty }
    }
}

extension PathspecItem {
    /// Whether every path below `directory` matches the pattern (attributes aside).
    func coversEverything(under directory: [UInt8]) -> Bool {
        guard prefixAgrees(directory, count: prefixLength) else { return false }
        let length = match.count
        if length == 0 { return true }
        guard length <= directory.count && same(directory, count: length) else { return false }
        return match[length - 1] == UInt8(ascii: "/") || (length < directory.count && directory[length] == UInt8(ascii: "/"))
    }

    /// Whether some path below `directory` could match the pattern (attributes aside).
    func mayMatchSomething(under directory: [UInt8]) -> Bool {
        if magic.contains(.icase) {
            let count = min(prefixLength, directory.count)
            guard match.prefix(count).elementsEqual(directory.prefix(count)) else { return false }
        }
        if coversEverything(under: directory) { return true }
        guard same(directory, count: min(literalLength, directory.count)) else { return false }
        return literalLength < match.count || match.count > directory.count
    }
}
