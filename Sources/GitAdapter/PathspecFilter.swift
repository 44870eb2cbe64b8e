import Foundation
internal import CLibGit2

/// Limits the entries of a comparison (renames off) to a pathspec, as git limits its
/// filepairs before it pairs renames: a pair whose source lies outside is an addition.
struct PathspecFilter {
    let pathspec: Pathspec
    let repository: Repository

    /// The entries whose path matches, in their order. Untracked files are also left out when
    /// git would not go into an untracked directory on their way (its `treat_directory`).
    func keep(_ entries: [ChangeEntry]) throws -> [ChangeEntry] {
        let attributes: PathspecAttributeLookup? = pathspec.usesAttributes
            ? { [repository] path, names in try repository.pathspecAttributes(of: path, names: names) } : nil
        var directories = UntrackedDirectories(repository: repository)
        defer { directories.close() }
        var kept: [ChangeEntry] = []
        kept.reserveCapacity(entries.count)
        for entry in entries {
            let isGitlink = entry.new?.isSubmodule == true || entry.old?.isSubmodule == true
            guard try pathspec.matches(entry.path, isGitlink: isGitlink, attributes: attributes) else { continue }
            if entry.kind == .untracked && pathspec.checksUntrackedDirectories {
                guard try directories.admit(entry.path, pathspec: pathspec, attributes: attributes) else { continue }
            }
            kept.append(entry)
        }
        return kept
    }
}

/// The untracked directories above untracked files, each asked of the pathspec once.
private struct UntrackedDirectories {
    let repository: Repository
    private var index: OpaquePointer?
    private var answers: [[UInt8]: Bool] = [:]

    init(repository: Repository) {
        self.repository = repository
    }

    mutating func close() {
        if let index { git_index_free(index) }
        index = nil
    }

    /// Whether every directory above `path` that the index does not know admits it.
    mutating func admit(_ path: [UInt8], pathspec: Pathspec, attributes: PathspecAttributeLookup?) throws -> Bool {
        for (position, byte) in path.enumerated() where byte == UInt8(ascii: "/") {
            let directory = Array(path[...position])
            if let answer = answers[directory] {
                if !answer { return false }
                continue
            }
            let answer = try isTracked(directory)
                || pathspec.admitsUntrackedDirectory(directory, attributes: attributes)
            answers[directory] = answer
            if !answer { return false }
        }
        return true
    }

    /// Whether the index holds a path inside `directory` (ending in `/`).
    private mutating func isTracked(_ directory: [UInt8]) throws -> Bool {
        if index == nil {
            try LibGit2.check(git_repository_index(&index, repository.handle))
        }
        return directory.withCString { git_index_find_prefix(nil, index, $0) } == 0
    }
}

/// The path part of a pathspec made relative to the top of the work tree, as git's
/// `prefix_path_gently` makes it: the current directory's prefix joined in, `.` and empty
/// pieces dropped, `..` climbing; an absolute path must lie inside the work tree.
enum PathspecPath {
    /// A piece of an absolute path that cannot be resolved, in git's words.
    struct InvalidPath: Error {
        let path: String
        let reason: String
    }

    /// `path` from the top, and how much of the current directory's prefix it still starts
    /// with; `nil` when it leads out of the work tree. Throws ``InvalidPath`` for an absolute
    /// path through a directory that does not exist.
    static func resolve(_ path: ArraySlice<UInt8>, prefix: [UInt8], workTree: String?) throws -> (path: [UInt8], prefixLength: Int)? {
        if path.first == UInt8(ascii: "/") {
            var prefixLength = 0
            guard let normalized = normalize(Array(path), prefixLength: &prefixLength),
                  let inside = try relativeToWorkTree(normalized, workTree: workTree) else { return nil }
            return (inside, 0)
        }
        var prefixLength = prefix.count
        guard let normalized = normalize(prefix + path, prefixLength: &prefixLength) else { return nil }
        return (normalized, prefixLength)
    }

    /// git's `normalize_path_copy_len`: `nil` when a `..` climbs above the start;
    /// `prefixLength` shrinks to the part of the prefix a `..` left.
    static func normalize(_ source: [UInt8], prefixLength: inout Int) -> [UInt8]? {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        func at(_ index: Int) -> UInt8 { index < source.count ? source[index] : 0 }
        var output: [UInt8] = []
        output.reserveCapacity(source.count)
        var index = 0
        if at(0) == slash {
            output.append(slash)
            index = 1
        }
        let root = output.count
        while at(index) == slash { index += 1 }
        while true {
            var climbs = false
            if at(index) == dot {
                if at(index + 1) == 0 {
                    index += 1
                } else if at(index + 1) == slash {
                    index += 2
                    while at(index) == slash { index += 1 }
                    continue
                } else if at(index + 1) == dot && (at(index + 2) == 0 || at(index + 2) == slash) {
                    index += at(index + 2) == 0 ? 2 : 3
                    while at(index) == slash { index += 1 }
                    climbs = true
                }
            }
            if climbs {
                var end = output.count - 1
                if end <= root { return nil }
                while end > root && output[end - 1] != slash { end -= 1 }
                output.removeSubrange(end...)
                prefixLength = min(prefixLength, end - root)
                continue
            }
            while at(index) != 0 && at(index) != slash {
                output.append(source[index])
                index += 1
            }
            if at(index) == 0 { break }
            output.append(slash)
            while at(index) == slash { index += 1 }
        }
        return output
    }

    /// git's `abspath_part_inside_repo`: the absolute, normalized `path` from the top of the
    /// work tree, trying the real path of each leading piece (a symbolic link to the work tree
    /// counts); `nil` when it is not inside.
    static func relativeToWorkTree(_ path: [UInt8], workTree: String?) throws -> [UInt8]? {
        guard let workTree else { return nil }
        let top = Array(workTree.utf8)
        var offset = 1
        if top.count <= path.count && path.starts(with: top) {
            if top.count < path.count && path[top.count] == UInt8(ascii: "/") {
                return Array(path[(top.count + 1)...])
            }
            if top.last == UInt8(ascii: "/") || top.count == path.count {
                return Array(path[top.count...])
            }
            offset = top.count
        }
        var index = offset
        while index < path.count {
            index += 1
            if index < path.count && path[index] == UInt8(ascii: "/"), try realPath(path[..<index]) == workTree {
                return Array(path[(index + 1)...])
            }
        }
        return try realPath(path[...]) == workTree ? [] : nil
    }

    /// The real path of the absolute `path`, as git's `strbuf_realpath`: its last piece need
    /// not exist, any other must (else ``InvalidPath``).
    static func realPath(_ path: ArraySlice<UInt8>) throws -> String {
        if let resolved = resolvedPath(String(decoding: path, as: UTF8.self)) { return resolved }
        let pieces = path.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        var resolved = "/"
        for (index, piece) in pieces.enumerated() {
            let candidate = (resolved == "/" ? "" : resolved) + "/" + piece
            if let next = resolvedPath(candidate) {
                resolved = next
                continue
            }
            let failure = errno
            if failure == ENOENT && index == pieces.count - 1 { return candidate }
            throw InvalidPath(path: candidate, reason: String(cString: strerror(failure)))
        }
        return resolved
    }

    /// `realpath(3)`, or `nil` with `errno` set.
    private static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
