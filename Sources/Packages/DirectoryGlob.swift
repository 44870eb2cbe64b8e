/// A workspace member glob over directories, as npm, pnpm, yarn, Cargo and uv write them:
/// pieces between `/`, where `*` matches any run of characters within a piece, `?` one
/// character, and a piece `**` any number of pieces (none included). A leading `./` and a
/// trailing `/` are dropped. Braces, classes and extglobs are not globs here: they match
/// themselves, so a workspace using them lists no member and says so in no note; Docs/Packages.md says it.
public struct DirectoryGlob: Sendable, Hashable {
    private let pieces: [[UInt8]]

    public init(_ pattern: String) {
        var text = Array(pattern.utf8)
        while text.starts(with: Array("./".utf8)) { text.removeFirst(2) }
        while text.last == UInt8(ascii: "/") { text.removeLast() }
        pieces = text.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Array.init)
    }

    /// Whether `directory` (relative, pieces joined by `/`) matches.
    public func matches(_ directory: some Collection<UInt8>) -> Bool {
        let bytes = Array(directory)
        let names = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map { Array($0) }
        return Self.match(pieces[...], names[...])
    }

    private static func match(_ pattern: ArraySlice<[UInt8]>, _ names: ArraySlice<[UInt8]>) -> Bool {
        guard let first = pattern.first else { return names.isEmpty }
        if first == Array("**".utf8) {
            var rest = names
            while true {
                if match(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let name = names.first, name.first != UInt8(ascii: ".") || first.first == UInt8(ascii: "."),
              piece(first[...], name[...]) else { return false }
        return match(pattern.dropFirst(), names.dropFirst())
    }

    private static func piece(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        if first == UInt8(ascii: "*") {
            var rest = name
            while true {
                if piece(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let byte = name.first, first == UInt8(ascii: "?") || first == byte else { return false }
        return piece(pattern.dropFirst(), name.dropFirst())
    }
}

/// A list of member globs, `!glob` excluding: a directory is a member when some glob
/// matches it and no excluding one does.
public struct MemberGlobs: Sendable {
    private let included: [DirectoryGlob]
    private let excluded: [DirectoryGlob]

    public init(_ patterns: [String]) {
        included = patterns.filter { !$0.hasPrefix("!") }.map(DirectoryGlob.init)
        excluded = patterns.filter { $0.hasPrefix("!") }.map { DirectoryGlob(String($0.dropFirst())) }
    }

    /// Whether `directory`, relative to the workspace's root, is a member.
    public func contains(_ directory: some Collection<UInt8>) -> Bool {
        included.contains { $0.matches(directory) } && !excluded.contains { $0.matches(directory) }
    }
}
