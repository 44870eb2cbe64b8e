import Foundation

/// The words of a command line without `--`, told apart as git's `setup_revisions` tells
/// them (`verify_non_filename`, `verify_filename`): revisions while they resolve, then paths.
public struct RevisionsAndPaths: Equatable, Sendable {
    /// The leading words that name revisions (ranges and `X^!` forms included).
    public var revisions: [String]
    /// The rest: pathspecs.
    public var pathspecs: [String]
}

extension Repository {
    /// Splits `words` (given without `--`, in `directory`) as git does: a word that resolves
    /// as a revision is one, unless it also names an existing path in the work tree (git's
    /// "both revision and filename"); the first word that does not resolve starts the
    /// pathspecs, and every pathspec must exist there (or look like a pattern: a wildcard,
    /// `:(magic)`), else git's "unknown revision or path not in the working tree" (unless
    /// `pathsMayBeMissing`: `viewed` marks deleted files too). Errors of a revision that
    /// resolves badly (`HEAD@{9}` past its log) are thrown as they are.
    public func separate(_ words: [String], in directory: String, pathsMayBeMissing: Bool = false) throws -> RevisionsAndPaths {
        var revisions: [String] = []
        for (index, word) in words.enumerated() {
            var emptyRepository = false
            if try resolves(word, emptyRepository: &emptyRepository) {
                if isInsideWorkTree(directory) && Self.pathExists(word, in: directory, top: workdir) {
                    throw AdapterError.repository("ambiguous argument '\(word)': both revision and filename; "
                        + Self.separatorHint)
                }
                revisions.append(word)
                continue
            }
            let paths = Array(words[index...])
            if pathsMayBeMissing { return RevisionsAndPaths(revisions: revisions, pathspecs: paths) }
            for (position, path) in paths.enumerated() where !Self.looksLikePathspec(path) && !Self.pathExists(path, in: directory, top: workdir) {
                if position == 0 {
                    if emptyRepository { throw AdapterError.unknownRevision(path, emptyRepository: true) }
                    throw AdapterError.repository("ambiguous argument '\(path)': unknown revision or path not in the working tree; "
                        + Self.separatorHint)
                }
                throw AdapterError.repository("\(path): no such path in the working tree; "
                    + "use 'treereview <comparison> -- <path>...' to specify paths that do not exist locally")
            }
            return RevisionsAndPaths(revisions: revisions, pathspecs: paths)
        }
        return RevisionsAndPaths(revisions: revisions, pathspecs: [])
    }

    private static let separatorHint = "use '--' to separate paths from revisions, like this: 'treereview [<revision>...] -- [<file>...]'"

    /// Whether `word` is a revision argument whose revisions all resolve.
    private func resolves(_ word: String, emptyRepository: inout Bool) throws -> Bool {
        let names: [String]
        do {
            switch try RevisionArgument.parse(word) {
            case .single(let name): names = [name]
            case .twoDot(let a, let b), .threeDot(let a, let b): names = [a, b]
            case .commitAlone(let base), .againstParent(let base, _), .parents(let base): names = [base]
            }
        } catch AdapterError.unknownRevision {
            return false
        }
        for name in names {
            do {
                _ = try lookUp(name)
            } catch AdapterError.unknownRevision(_, let empty) {
                emptyRepository = empty
                return false
            } catch AdapterError.badObject(let revision) where Self.isShortHex(revision) {
                return false
            }
        }
        return true
    }

    /// Whether `directory` is in the work tree (git's `is_inside_work_tree`).
    func isInsideWorkTree(_ directory: String) -> Bool {
        guard let workdir, let top = try? PathspecPath.realPath(Array(workdir.utf8).dropLast()),
              let here = try? PathspecPath.realPath(Array(directory.utf8)[...]) else { return false }
        return here == top || here.hasPrefix(top.hasSuffix("/") ? top : top + "/")
    }

    /// Whether `name` is an abbreviated object id, which names no revision when no object has it.
    private static func isShortHex(_ name: String) -> Bool {
        name.count < 40 && name.allSatisfy(\.isHexDigit)
    }

    /// git's `check_filename`: `:/` is the top; `:!`/`:^` excludes; else the path (from
    /// `directory`, or from `top` after `:/`) exists, as `lstat` sees it.
    static func pathExists(_ word: String, in directory: String, top: String?) -> Bool {
        var path = Substring(word)
        var directory = directory
        if path.hasPrefix(":/") {
            path = path.dropFirst(2)
            if path.isEmpty { return true }
            directory = top ?? directory
        } else if path.hasPrefix(":!") || path.hasPrefix(":^") {
            path = path.dropFirst(2)
            if path.isEmpty { return true }
        }
        let full = path.hasPrefix("/") ? String(path) : directory + "/" + path
        var status = stat()
        return lstat(full, &status) == 0
    }

    /// git's `looks_like_pathspec`: an unescaped wildcard (`*`, `?`, `[`), or `:(` magic.
    static func looksLikePathspec(_ word: String) -> Bool {
        var escaped = false
        for character in word {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if "*?[".contains(character) {
                return true
            }
        }
        return word.hasPrefix(":(")
    }
}
