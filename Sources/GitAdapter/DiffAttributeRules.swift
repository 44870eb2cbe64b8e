import Annotations
import Foundation

/// The `diff` attribute of a comparison's paths decided by treereview from the attributes
/// files, as git's `attr.c` decides it for `git diff`: libgit2 answers the same question
/// with a `stat` of every attributes file and the path's directories resolved link by link,
/// some 30 µs a path, for every path.
///
/// The files, highest precedence first: `$GIT_DIR/info/attributes`; each directory's
/// `.gitattributes` from the path's own up to the top (the working tree's file, else the
/// index's when the comparison reads the index; none in a bare repository); the user's
/// `$XDG_CONFIG_HOME/git/attributes`; the system's `/etc/gitattributes` unless
/// `GIT_ATTR_NOSYSTEM`. In each file the last matching line counts first, and in a line the
/// last attribute; a macro (`binary`, or `[attr]` in a top-level file) that a line sets gives
/// its attributes unless a line of higher precedence decided the macro itself. Only lines that
/// name `diff` or a macro reaching it are kept. With `core.attributesFile` or
/// `core.ignoreCase` set, ``make(repository:config:directories:readsIndex:)`` gives `nil`
/// and libgit2 is asked instead.
struct DiffAttributeRules: Sendable {
    /// One attributes file's lines that bear on `diff`, and the directory its patterns are anchored in.
    struct File: Sendable {
        var directory: [UInt8]
        var lines: [Line]
    }

    /// A line's pattern and its attributes in the order git considers them (last first).
    struct Line: Sendable {
        var line: AttributesFileLine
        var reversed: [(name: String, state: AttributeState)]
    }

    /// `info/attributes`, then the directories' files deepest first, then the user's and the system's.
    private(set) var info: [File] = []
    private(set) var directories: [File] = []
    private(set) var outer: [File] = []
    /// Every macro's attributes by name: the first definition of highest precedence, `binary` git's.
    private(set) var macros: [String: [(name: String, state: AttributeState)]] = [:]
    /// `diff.<driver>.binary` for each driver a line names, when set.
    private(set) var driverBinary: [String: Bool] = [:]

    /// Whether `diff` decides `path` as binary (`-diff`, `binary`, a driver with
    /// `diff.<driver>.binary` true), as text (`diff`, a driver with it false), or leaves it to
    /// the content (`nil`).
    func saysBinary(_ path: [UInt8]) -> Bool? {
        switch state(of: path) {
        case .unset: true
        case .set: false
        case .value(let driver): driverBinary[driver]
        case .unspecified: nil
        }
    }

    /// The `diff` attribute of `path`, a file's path from the top.
    func state(of path: [UInt8]) -> AttributeState {
        var decided: Set<String> = []
        for file in info {
            if let state = decide(path, in: file, &decided) { return state }
        }
        for file in directories where file.directory.isEmpty || Self.isBelow(path, file.directory) {
            if let state = decide(path, in: file, &decided) { return state }
        }
        for file in outer {
            if let state = decide(path, in: file, &decided) { return state }
        }
        return .unspecified
    }

    private static func isBelow(_ path: [UInt8], _ directory: [UInt8]) -> Bool {
        path.count > directory.count + 1 && path[directory.count] == UInt8(ascii: "/") && path.starts(with: directory)
    }

    /// `diff` as `file` decides it for `path`, noting every macro name it decides on the way.
    private func decide(_ path: [UInt8], in file: File, _ decided: inout Set<String>) -> AttributeState? {
        for line in file.lines.reversed() where line.line.matches(file: path, in: file.directory, caseFold: false) {
            for given in line.reversed {
                if let state = fill(given, &decided) { return state }
            }
        }
        return nil
    }

    /// Fills one attribute as `attr.c`'s `fill_one` does: the first decision stands; a macro
    /// set gives its own attributes, last first.
    private func fill(_ given: (name: String, state: AttributeState), _ decided: inout Set<String>) -> AttributeState? {
        guard !decided.contains(given.name) else { return nil }
        if given.name == "diff" { return given.state }
        decided.insert(given.name)
        guard given.state == .set, let expansion = macros[given.name] else { return nil }
        for inner in expansion.reversed() {
            if let state = fill(inner, &decided) { return state }
        }
        return nil
    }
}

extension DiffAttributeRules {
    /// The rules for paths in `directories` (each directory a path's parent, and every one
    /// above it, empty for the top), as `git diff` reads them in the working tree of
    /// `repository`; `nil` when libgit2 is to be asked instead (see the type's notes).
    static func make(repository: Repository, config: RepositoryConfig, directories: Set<[UInt8]>,
                     readsIndex: Bool) throws -> DiffAttributeRules? {
        guard !config.setsAttributesFile, repository.configBools(["core.ignorecase"])["core.ignorecase"] != true else { return nil }
        let manager = FileManager.default
        var info: [[UInt8]] = []
        var infoFiles = [repository.gitDirectory + "info/attributes"]
        if repository.commonGitDirectory != repository.gitDirectory { infoFiles.append(repository.commonGitDirectory + "info/attributes") }
        if let bytes = infoFiles.lazy.compactMap({ manager.contents(atPath: $0) }).first { info = [Array(bytes)] }
        var perDirectory: [([UInt8], [UInt8])] = []
        if let workdir = repository.workdir, !repository.isBare {
            let reader = readsIndex ? try SideReader(repository: repository, side: .workingTree) : nil
            for directory in directories {
                let name = AttributeFiles.path(in: directory)
                let full = workdir + String(decoding: name, as: UTF8.self)
                var status = stat()
                if lstat(full, &status) == 0, status.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG), let bytes = manager.contents(atPath: full) {
                    perDirectory.append((directory, Array(bytes)))
                } else if let reader, let blob = reader.blob(at: name) {
                    perDirectory.append((directory, try repository.blobBytes(blob.id)))
                }
            }
        }
        var outer: [[UInt8]] = []
        if let xdg = repository.configFiles.xdgGitDirectory, let bytes = manager.contents(atPath: xdg + "/attributes") {
            outer.append(Array(bytes))
        }
        if repository.configFiles.readsSystemAttributes, let bytes = manager.contents(atPath: "/etc/gitattributes") {
            outer.append(Array(bytes))
        }
        var rules = DiffAttributeRules()
        let parsed = (info: info.map(AttributesFileLine.lines(of:)),
                      directories: perDirectory.sorted { $0.0.count > $1.0.count }.map { ($0.0, AttributesFileLine.lines(of: $0.1)) },
                      outer: outer.map(AttributesFileLine.lines(of:)))
        let topFiles = parsed.info + parsed.directories.filter { $0.0.isEmpty }.map(\.1) + parsed.outer
        rules.macros = ["binary": [("diff", .unset), ("merge", .unset), ("text", .unset)]]
        for lines in topFiles.reversed() {
            for line in lines { if let name = line.macroName { rules.macros[name] = line.attributes } }
        }
        let relevant = rules.namesReachingDiff()
        func kept(_ lines: [AttributesFileLine]) -> [Line] {
            lines.filter { $0.macroName == nil && $0.attributes.contains { relevant.contains($0.name) } }
                .map { Line(line: $0, reversed: $0.attributes.reversed()) }
        }
        rules.info = parsed.info.map { File(directory: [], lines: kept($0)) }
        rules.directories = parsed.directories.map { File(directory: $0.0, lines: kept($0.1)) }.filter { !$0.lines.isEmpty }
        rules.outer = parsed.outer.map { File(directory: [], lines: kept($0)) }
        var drivers: Set<String> = []
        for file in rules.info + rules.directories + rules.outer {
            for line in file.lines {
                for given in line.line.attributes where given.name == "diff" {
                    if case .value(let driver) = given.state { drivers.insert(driver) }
                }
            }
        }
        for macro in rules.macros.values {
            for given in macro where given.name == "diff" {
                if case .value(let driver) = given.state { drivers.insert(driver) }
            }
        }
        for (key, binary) in repository.configBools(drivers.map { "diff.\($0).binary" }) {
            rules.driverBinary[String(key.dropFirst("diff.".count).dropLast(".binary".count))] = binary
        }
        return rules
    }

    /// The directories of `paths` and every one above them, the top (empty) included.
    static func directories(of paths: some Sequence<[UInt8]>) -> Set<[UInt8]> {
        var directories: Set<[UInt8]> = [[]]
        for path in paths {
            var end = path.lastIndex(of: UInt8(ascii: "/"))
            while let slash = end {
                guard directories.insert(Array(path[..<slash])).inserted else { break }
                end = path[..<slash].lastIndex(of: UInt8(ascii: "/"))
            }
        }
        return directories
    }

    /// `diff` and every macro whose expansion reaches it, directly or through another macro.
    private func namesReachingDiff() -> Set<String> {
        var names: Set<String> = ["diff"]
        var grew = true
        while grew {
            grew = false
            for (name, attributes) in macros where !names.contains(name) && attributes.contains(where: { names.contains($0.name) }) {
                names.insert(name)
                grew = true
            }
        }
        return names
    }
}
