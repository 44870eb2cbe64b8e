internal import CLibGit2

/// Every entry of a libgit2 configuration, read with the plain iterator. (libgit2 1.5's glob
/// iterator leaks a regex match block for every entry it passes over, so callers filter
/// names themselves.)
enum ConfigEntries {
    /// Calls `body` with each entry's name, as libgit2 gives it, and its value (`nil` for a key
    /// set without one), in the order git reads them.
    static func forEach(in config: OpaquePointer, _ body: (_ name: String, _ value: String?) -> Void) throws {
        var iterator: OpaquePointer?
        try LibGit2.check(git_config_iterator_new(&iterator, config))
        defer { git_config_iterator_free(iterator) }
        var entry: UnsafeMutablePointer<git_config_entry>?
        while git_config_next(&entry, iterator) == 0, let current = entry?.pointee {
            body(String(cString: current.name), current.value.map { String(cString: $0) })
        }
    }
}
