internal import Glibc
internal import PathGlobs

/// A filters file in dorny/paths-filter's YAML format: a mapping of group names to rules,
/// where a rule is a glob, a list of rules (nested lists and YAML anchors flattened), or a
/// mapping of statuses to globs (`added|modified: 'src/**'`, or to a list of globs).
///
/// Which files a group holds: see ``groups(of:quantifier:)`` and Docs/Groups.md. A `!glob`
/// in a group takes files out of it (paths-filter read it as "every file but these").
public struct FiltersFile: Sendable {
    /// The file as the user named it, for messages.
    public let file: String
    /// The groups, in the order written.
    public let groups: [FilterGroup]

    /// Reads the file at `path`, named `name` in messages (by default `path`).
    public static func read(path: String, named name: String? = nil) throws(FiltersFileError) -> FiltersFile {
        guard let bytes = readBytes(path) else {
            throw FiltersFileError(file: name ?? path, message: "cannot read the filters file: " + String(cString: strerror(errno)))
        }
        return try FiltersFile(contents: bytes, file: name ?? path)
    }

    /// Reads `contents`, a filters file's text, named `file` in messages.
    public init(contents: [UInt8], file: String) throws(FiltersFileError) {
        self.file = file
        let root: YAMLNode?
        do {
            root = try YAMLReader.read(contents)
        } catch {
            throw FiltersFileError(file: file, line: error.line, column: error.column, message: error.message)
        }
        guard let root else {
            throw FiltersFileError(file: file, message: "the filters file is empty: expected a mapping of group names to globs")
        }
        guard case .mapping(let pairs) = root.value else {
            throw FiltersFileError(file: file, line: root.line, column: root.column,
                                   message: "expected a mapping of group names to globs, found \(root.kindWords)")
        }
        var parser = RuleParser(file: file)
        groups = try pairs.map { (pair) throws(FiltersFileError) -> FilterGroup in
            guard case .scalar(let name) = pair.key.value else {
                throw FiltersFileError(file: file, line: pair.key.line, column: pair.key.column,
                                       message: "a group's name must be a string, not \(pair.key.kindWords)")
            }
            return FilterGroup(name: name.text, line: pair.key.line, rules: try parser.rules(of: pair.value, group: name.text))
        }
    }

    /// The group named `name`, if any.
    public func group(named name: String) -> FilterGroup? { groups.first { $0.name == name } }

    private static func readBytes(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        if status.st_mode & S_IFMT == S_IFDIR {
            errno = EISDIR
            return nil
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}

/// Turns a group's YAML into its flattened rules, as paths-filter's `parseFilterItemYaml` reads it.
private struct RuleParser {
    let file: String

    mutating func rules(of node: YAMLNode, group: String) throws(FiltersFileError) -> [GroupRule] {
        var rules: [GroupRule] = []
        try collect(node, group: group, statuses: nil, into: &rules)
        return rules
    }

    private func fault(_ node: YAMLNode, _ message: String) -> FiltersFileError {
        FiltersFileError(file: file, line: node.line, column: node.column, message: message)
    }

    private func collect(_ node: YAMLNode, group: String, statuses: FilterStatusSet?,
                         into rules: inout [GroupRule]) throws(FiltersFileError) {
        switch node.value {
        case .scalar(let scalar):
            guard scalar.kind == .string else {
                let written = scalar.text.isEmpty ? "" : "'\(scalar.text)' is "
                throw fault(node, "in group '\(group)': \(written)\(scalar.kind.words), not a glob (quote it to make it one)")
            }
            let negation = GlobNegation(scalar.text)
            do {
                let glob = try Glob(negation.body)
                rules.append(GroupRule(pattern: scalar.text, glob: glob, isNegated: negation.isNegated, statuses: statuses,
                                       line: node.line, column: node.column))
            } catch {
                throw fault(node, "in group '\(group)': \(error)")
            }
        case .sequence(let items):
            for item in items { try collect(item, group: group, statuses: statuses, into: &rules) }
        case .mapping(let pairs):
            guard statuses == nil else {
                throw fault(node, "in group '\(group)': a status takes a glob or a list of globs, not a mapping")
            }
            for pair in pairs {
                let keyed = try self.statuses(of: pair.key, group: group)
                if case .mapping = pair.value.value {
                    throw fault(pair.value, "in group '\(group)': a status takes a glob or a list of globs, not a mapping")
                }
                try collect(pair.value, group: group, statuses: keyed, into: &rules)
            }
        }
    }

    /// `added|modified` as paths-filter splits it: by `|`, trimmed, in any case; each must be a status.
    private func statuses(of key: YAMLNode, group: String) throws(FiltersFileError) -> FilterStatusSet {
        guard case .scalar(let scalar) = key.value else {
            throw fault(key, "in group '\(group)': a status key must be a string, not \(key.kindWords)")
        }
        let words = scalar.text.split(separator: "|").map { $0.trimmingSpaces.lowercased() }.filter { !$0.isEmpty }
        guard !words.isEmpty else { throw fault(key, "in group '\(group)': the key '\(scalar.text)' names no status") }
        var statuses: [FilterStatus] = []
        for word in words {
            guard let status = FilterStatus(rawValue: word) else {
                let known = FilterStatus.allCases.map(\.rawValue).joined(separator: ", ")
                throw fault(key, "in group '\(group)': unknown status '\(word)' (expected \(known))")
            }
            statuses.append(status)
        }
        return FilterStatusSet(statuses)
    }
}

extension Substring {
    /// The text without the spaces, tabs and line ends around it (JavaScript's `trim`).
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var text = self
        while let first = text.first, isSpace(first) { text.removeFirst() }
        while let last = text.last, isSpace(last) { text.removeLast() }
        return text
    }
}
