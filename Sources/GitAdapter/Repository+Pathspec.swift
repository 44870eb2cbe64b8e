internal import CLibGit2
import Foundation

extension Repository {
    /// The path of `directory` from the top of the work tree, ending in `/`, as git's prefix
    /// for pathspecs run from there (real paths compared, as git compares them); empty at the
    /// top, outside the work tree, and in a bare repository.
    public func pathspecPrefix(for directory: String) -> String {
        guard !isBare, let top = workTreeRealPath, let here = try? PathspecPath.realPath(Array(directory.utf8)[...]) else { return "" }
        guard here.hasPrefix(top), here != top else { return "" }
        let rest = here.dropFirst(top.count)
        if top == "/" { return String(rest) + "/" }
        guard rest.hasPrefix("/") else { return "" }
        return String(rest.dropFirst()) + "/"
    }

    /// `elements` parsed as `git diff` parses pathspecs when run in `directory` (`nil`: the top
    /// of the work tree), with the `GIT_*_PATHSPECS` variables of the environment the
    /// repository was opened with. Throws ``PathspecError`` with git's words.
    public func pathspec(_ elements: [String], from directory: String?) throws -> Pathspec {
        let workTree = isBare ? nil : workTreeRealPath
        let root = workTree ?? (try? PathspecPath.realPath(Array(gitDirectory.utf8).dropLast())) ?? gitDirectory
        return try Pathspec(elements, prefix: directory.map(pathspecPrefix(for:)) ?? "", workTree: workTree,
                            root: root, environment: environment)
    }

    /// The states of the attributes `names` of `path` (from the top of the work tree), read
    /// as git reads them for pathspecs: the working tree's gitattributes files, else the
    /// index's, with `$GIT_DIR/info/attributes`, the user's and the system's.
    public func pathspecAttributes(of path: [UInt8], names: [String]) throws -> [PathspecAttributeState] {
        if names.isEmpty { return [] }
        return try attributeStates(of: path, names: names, flags: 0)
    }

    /// The work tree's real path, without a trailing `/` (but `/` itself).
    private var workTreeRealPath: String? {
        guard let workdir else { return nil }
        var bytes = Array(workdir.utf8)
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        return try? PathspecPath.realPath(bytes[...])
    }
}
