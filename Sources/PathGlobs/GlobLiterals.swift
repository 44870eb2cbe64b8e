/// The literal bytes every path a glob matches must contain, found in its compiled tree: a
/// prefix (the path must begin with it) or else the longest literal run (somewhere in the path).
/// A path without them is refused before the program runs.
struct GlobLiterals: Sendable {
    let prefix: [UInt8]
    let substring: [UInt8]

    init(_ node: GlobNode) {
        var items: [GlobNode] = []
        Self.flatten(node, into: &items)
        var runs: [[UInt16]] = []
        var run: [UInt16] = []
        var startsWithRun = true
        var prefixRun: [UInt16]?
        for item in items {
            if case .unit(let unit) = item, !(0xD800...0xDFFF).contains(unit), unit != 0xFFFD {
                run.append(unit)
                continue
            }
            if case .assertion(.start) = item, run.isEmpty, runs.isEmpty { continue }
            if startsWithRun { prefixRun = run }
            startsWithRun = false
            if !run.isEmpty { runs.append(run) }
            run = []
        }
        if startsWithRun { prefixRun = run }
        if !run.isEmpty { runs.append(run) }
        prefix = Self.utf8(prefixRun ?? [])
        substring = prefix.isEmpty ? Self.utf8(runs.max { $0.count < $1.count } ?? []) : []
    }

    private static func flatten(_ node: GlobNode, into items: inout [GlobNode]) {
        if case .sequence(let nodes) = node {
            for node in nodes { flatten(node, into: &items) }
        } else {
            items.append(node)
        }
    }

    private static func utf8(_ units: [UInt16]) -> [UInt8] {
        Array(String(decoding: units, as: UTF16.self).utf8)
    }

    var isEmpty: Bool { prefix.isEmpty && substring.isEmpty }

    /// Whether `path` may match: it has the prefix, or contains the substring.
    func admits(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        if !prefix.isEmpty {
            guard path.count >= prefix.count else { return false }
            for index in prefix.indices where path[index] != prefix[index] { return false }
            return true
        }
        guard let first = substring.first, path.count >= substring.count else { return substring.isEmpty }
        var at = 0
        let last = path.count - substring.count
        while at <= last {
            if path[at] == first {
                var index = 1
                while index < substring.count, path[at + index] == substring[index] { index += 1 }
                if index == substring.count { return true }
            }
            at += 1
        }
        return false
    }
}
