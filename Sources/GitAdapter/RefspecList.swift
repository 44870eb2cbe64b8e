/// Refspecs as git applies them to map one ref (`apply_refspecs`): the first positive refspec
/// whose source matches gives the destination, unless a negative one (`^…`) matches the ref.
struct RefspecList {
    private struct Refspec {
        var source: String
        var destination: String
        var negative: Bool
    }

    private let refspecs: [Refspec]

    /// Parses `texts` (`+refs/heads/*:refs/remotes/origin/*`, `^refs/heads/tmp`); those that
    /// map nothing (no destination) are kept only as negative ones.
    init(_ texts: [String]) {
        refspecs = texts.compactMap { text in
            var body = Substring(text)
            if body.hasPrefix("+") { body = body.dropFirst() }
            if body.hasPrefix("^") { return Refspec(source: String(body.dropFirst()), destination: "", negative: true) }
            guard let colon = body.firstIndex(of: ":") else { return nil }
            let destination = body[body.index(after: colon)...]
            if destination.isEmpty { return nil }
            return Refspec(source: String(body[..<colon]), destination: String(destination), negative: false)
        }
    }

    /// Where `ref` maps, or `nil`.
    func transform(_ ref: String) -> String? {
        if refspecs.contains(where: { $0.negative && Self.match(ref, $0.source) != nil }) { return nil }
        for refspec in refspecs where !refspec.negative {
            guard let star = Self.match(ref, refspec.source) else { continue }
            let destination = refspec.destination
            guard let wildcard = destination.firstIndex(of: "*") else { return destination }
            return String(destination[..<wildcard]) + star + String(destination[destination.index(after: wildcard)...])
        }
        return nil
    }

    /// What the `*` of `pattern` stands for in `ref` (empty for an exact match); `nil` when
    /// it does not match.
    private static func match(_ ref: String, _ pattern: String) -> Substring? {
        guard let star = pattern.firstIndex(of: "*") else { return ref == pattern ? "" : nil }
        let head = pattern[..<star], tail = pattern[pattern.index(after: star)...]
        guard ref.count >= head.count + tail.count, ref.hasPrefix(head), ref.hasSuffix(tail) else { return nil }
        return ref.dropFirst(head.count).dropLast(tail.count)
    }
}
