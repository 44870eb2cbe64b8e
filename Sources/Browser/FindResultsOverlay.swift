import Render
import TerminalUI
import TreeBrowser

/// While a find is typed, its best results over the bottom of the tree: the result shown in
/// the tree marked, each with how it matched.
enum FindResultsOverlay {
    /// How many results are listed at most.
    static let maximumLines = 6

    /// The overlay's lines, each exactly `width` columns: a rule, then the results around the
    /// one shown; at most a third of `height`.
    static func lines(_ find: FindSession, width: Int, height: Int, color: Bool) -> [Line] {
        let room = min(maximumLines, max(height / 3, 1))
        guard !find.text.isEmpty, height > 2 else { return [] }
        let shown = max(min(room - 1, find.results.count), 1)
        var lines: [Line] = []
        var rule = Line(ascii: find.results.isEmpty ? "-- no match" : "-- \(find.results.count) \(find.results.count == 1 ? "match" : "matches") ")
        rule.append(Line(ascii: String(repeating: "-", count: max(width - rule.width, 0))))
        lines.append(LineFitting.exactly(rule, width: width))
        guard !find.results.isEmpty else { return lines }
        let first = min(max(find.current - shown / 2, 0), max(find.results.count - shown, 0))
        for index in first..<min(first + shown, find.results.count) {
            let result = find.results[index]
            var bytes = Array((index == find.current ? "> " : "  ").utf8)
            var used = 2 + TerminalText.append(result.path.identity, to: &bytes)
            let kind = "  (\(name(of: result.match)))"
            bytes += Array(kind.utf8)
            used += kind.count
            var line = LineFitting.exactly(Line(bytes: bytes, width: used), width: width)
            if index == find.current && color {
                var styled = Line()
                styled.appendStyle("1")
                styled.append(line)
                styled.appendStyle("0")
                line = styled
            }
            lines.append(line)
        }
        return lines.map { LineFitting.exactly($0, width: width) }
    }

    private static func name(of match: FindMatch) -> String {
        switch match {
        case .exact: "exact"
        case .prefix: "prefix"
        case .contains: "path"
        case .tag: "tag"
        }
    }
}
