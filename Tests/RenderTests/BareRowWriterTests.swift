import Render
import Testing
import TestSupport
import TreeModel

/// The tree's rows written straight into a buffer (no stats, colors, icons or widths: a path
/// list on stdin, `--no-stat` to a pipe) read exactly as a tree drawn the plain way reads:
/// deep path lists as a reference tree built here from the paths alone, and rows that show
/// more than a name (statuses, renames, mode changes, roll-ups, searches) as the
/// ``RowFormatter`` formats them one by one.
struct BareRowWriterTests {
    /// Names of pieces: plain, continuing one another with bytes below `/` (`a-b`, `a.b`),
    /// long, and hostile (escape sequences, controls, C1, invalid UTF-8, wide characters).
    static let names: [[UInt8]] = [
        "src", "main", "java", "com", "a", "a-b", "a.b", "ab", "Z", "naïve", "日本", "x y",
        String(repeating: "long", count: 20), "e\u{1B}[31mred", "tab\tname", "c1\u{9B}x", "del\u{7F}",
    ].map { Array($0.utf8) } + [[0x66, 0xFF, 0x67], [0xC3]]

    /// A path list of `count` distinct paths over a deep, uneven tree: chains of single
    /// directories, wide directories, levels past 64.
    static func deepPaths(seed: UInt64, count: Int) -> [[UInt8]] {
        var random = SeededGenerator(state: seed)
        var paths = Set<[UInt8]>()
        func chain(below directory: [UInt8], levels: ClosedRange<Int>) -> [UInt8] {
            var directory = directory
            for level in 0..<Int.random(in: levels, using: &random) {
                directory += (directory.isEmpty ? [] : [UInt8(ascii: "/")]) + names.randomElement(using: &random)! + Array("\(level % 7)".utf8)
            }
            return directory
        }
        var directories: [[UInt8]] = [[], chain(below: [], levels: 65...90)]
        while paths.count < count {
            var directory = directories.randomElement(using: &random)!
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                directory = chain(below: directory, levels: 8...40)
                directories.append(directory)
            case 1, 2:
                directory += (directory.isEmpty ? [] : [UInt8(ascii: "/")]) + names.randomElement(using: &random)!
                directories.append(directory)
            default:
                break
            }
            let files = Int.random(in: 0..<20, using: &random) == 0 ? Int.random(in: 50...300, using: &random) : Int.random(in: 1...3, using: &random)
            for _ in 0..<files {
                let file = names.randomElement(using: &random)! + Array("-\(Int.random(in: 0..<1000, using: &random)).f".utf8)
                paths.insert(directory.isEmpty ? file : directory + [UInt8(ascii: "/")] + file)
            }
        }
        return Array(paths)
    }

    /// A tree of pieces, built from the paths alone.
    final class ReferenceNode {
        var directories: [[UInt8]: ReferenceNode] = [:]
        var files: Set<[UInt8]> = []

        init(_ paths: [[UInt8]]) {
            for path in paths { insert(path.split(separator: UInt8(ascii: "/")).map(Array.init)) }
        }

        private init() {}

        private func insert(_ pieces: [[UInt8]]) {
            guard pieces.count > 1 else {
                files.insert(pieces[0])
                return
            }
            let child = directories[pieces[0]] ?? ReferenceNode()
            directories[pieces[0]] = child
            child.insert(Array(pieces.dropFirst()))
        }

        /// Directories first, each kind by its name's bytes.
        var sortedChildren: [(name: [UInt8], directory: ReferenceNode?)] {
            directories.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { ($0, directories[$0]) }
                + files.sorted { $0.lexicographicallyPrecedes($1) }.map { ($0, nil) }
        }
    }

    /// The rows of the tree of `paths`, drawn the plain way: each row's guides from its
    /// ancestors, directory chains of one directory each as one row when `flatten`.
    static func referenceRows(_ paths: [[UInt8]], flatten: Bool, charset: Charset) -> String {
        let (branch, last, pipe) = charset == .unicode ? ("├── ", "└── ", "│   ") : ("|-- ", "`-- ", "|   ")
        var text = ""
        func draw(_ node: ReferenceNode, ancestors: [Bool], level: Int) {
            let children = node.sortedChildren
            for (position, child) in children.enumerated() {
                let isLast = position == children.count - 1
                let prefix = level == 0 ? "" : ancestors.dropFirst().map { $0 ? pipe : "    " }.joined() + (isLast ? last : branch)
                guard var directory = child.directory else {
                    text += prefix + TerminalText.escaped(child.name) + "\n"
                    continue
                }
                var label = TerminalText.escaped(child.name) + "/"
                while flatten, directory.files.isEmpty, directory.directories.count == 1, let (name, only) = directory.directories.first {
                    label += TerminalText.escaped(name) + "/"
                    directory = only
                }
                text += prefix + label + "\n"
                draw(directory, ancestors: ancestors + [!isLast], level: level + 1)
            }
        }
        draw(ReferenceNode(paths), ancestors: [], level: 0)
        return text
    }

    static func pathList(_ paths: [[UInt8]]) -> PathList {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for path in paths {
            ranges.append(bytes.count..<(bytes.count + path.count))
            bytes += path + [UInt8(ascii: "\n")]
        }
        return PathList(bytes: bytes, ranges: ranges)
    }

    /// The rows `TreeRenderer` writes for `report`, without the header line.
    static func renderedRows(_ report: Report, options: RenderOptions = RenderOptions()) -> String {
        let text = ReportFixtures.render(TreeRenderer(), report, options: options)
        return String(text[text.index(after: text.firstIndex(of: "\n")!)...])
    }

    static func stdinReport(_ tree: ChangeTree, flatten: Bool = true) -> Report {
        Report(comparison: ComparisonLabel(kind: .stdin, spec: "stdin", old: nil, new: nil, title: "stdin"), tree: tree,
               linesCounted: false, flatten: flatten)
    }

    @Test(arguments: 1...10)
    func deepPathListsReadAsAReferenceTree(seed: UInt64) {
        var random = SeededGenerator(state: seed &* 7919)
        let paths = Self.deepPaths(seed: seed, count: 600)
        let sorted = paths.sorted { $0.lexicographicallyPrecedes($1) }
        var checked = 0
        for input in [sorted, paths.shuffled(using: &random)] {
            let tree = ChangeTree(paths: Self.pathList(input))
            for flatten in [true, false] {
                for charset in [Charset.unicode, .ascii] {
                    let rows = Self.renderedRows(Self.stdinReport(tree, flatten: flatten), options: RenderOptions(charset: charset))
                    #expect(rows == Self.referenceRows(paths, flatten: flatten, charset: charset),
                            "seed \(seed), flatten \(flatten), \(charset)")
                    checked += 1
                }
            }
        }
        #expect(checked == 8)
        #expect(paths.contains { $0.count(where: { $0 == UInt8(ascii: "/") }) > 64 }, "seed \(seed): some path is more than 64 levels deep")
    }

    /// Changes of every status, renames within and across directories, mode and type
    /// changes, changes without status, on paths of a deep list.
    static func changes(seed: UInt64) -> [FileChange] {
        var random = SeededGenerator(state: seed)
        return deepPaths(seed: seed, count: 300).map { path in
            let raw = RawPath(bytes: path)
            switch Int.random(in: 0..<8, using: &random) {
            case 0: return FileChange(status: .added, path: raw, newMode: .regular)
            case 1: return FileChange(status: .deleted, path: raw, oldMode: .regular)
            case 2: return FileChange(status: .renamed, path: raw, oldPath: RawPath(bytes: Array("old/".utf8) + path), similarity: 90)
            case 3: return FileChange(status: .copied, path: raw, oldPath: RawPath(bytes: path + Array(".orig".utf8)), similarity: 75)
            case 4: return FileChange(status: .modified, path: raw, oldMode: .regular, newMode: .executable)
            case 5: return FileChange(status: .typeChanged, path: raw, oldMode: .regular, newMode: .symlink)
            case 6: return FileChange(status: nil, path: raw)
            default: return FileChange(status: .modified, path: raw)
            }
        }
    }

    @Test(arguments: 1...6)
    func rowsReadAsTheFormatterFormatsThemOneByOne(seed: UInt64) {
        let tree = ChangeTree(changes: Self.changes(seed: seed))
        var checked = 0
        for flatten in [true, false] {
            for depth in [nil, 1, 3] {
                for (query, mode) in [(nil, SearchMode.hide), ("a-b", .hide), ("java", .collapse), ("ab", .expand)] {
                    for charset in [Charset.unicode, .ascii] {
                        let view = TreeView(changeTree: tree, flatten: flatten, depth: depth,
                                            query: query.flatMap(SearchQuery.init), searchMode: mode)
                        let report = Report(comparison: ComparisonLabel(kind: .stdin, spec: "stdin", old: nil, new: nil, title: "stdin"),
                                            view: view, linesCounted: false)
                        let options = RenderOptions(charset: charset)
                        var formatter = RowFormatter(view: view, options: options, linesCounted: false)
                        var expected: [UInt8] = []
                        for row in view.visibleRows {
                            _ = formatter.append(row, budget: nil, to: &expected)
                            expected.append(UInt8(ascii: "\n"))
                        }
                        #expect(Self.renderedRows(report, options: options) == String(decoding: expected, as: UTF8.self),
                                "seed \(seed), flatten \(flatten), depth \(String(describing: depth)), \(String(describing: query))")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 2 * 3 * 4 * 2)
    }

    @Test(arguments: 1...4)
    func guidesReadAsDrawnFromScratch(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        for charset in [Charset.unicode, .ascii] {
            let (branch, last, pipe) = charset == .unicode ? ("├── ", "└── ", "│   ") : ("|-- ", "`-- ", "|   ")
            var formatter = RowFormatter(options: RenderOptions(charset: charset), linesCounted: false)
            var levels: [Bool] = [Bool.random(using: &random)]
            for _ in 0..<2000 {
                if levels.count > 1 && Int.random(in: 0..<3, using: &random) == 0 {
                    levels.removeLast(Int.random(in: 1..<levels.count, using: &random))
                } else if levels.count < 150 {
                    levels += (0..<Int.random(in: 1...40, using: &random)).map { _ in Bool.random(using: &random) }
                }
                if Bool.random(using: &random) { levels[Int.random(in: 0..<levels.count, using: &random)].toggle() }
                var guides = AncestorGuides()
                for level in levels { guides.append(level) }
                let isLast = Bool.random(using: &random)
                var drawn: [UInt8] = []
                let width = formatter.appendGuides(level: levels.count, isLast: isLast, guides: guides, to: &drawn)
                let expected = levels.dropFirst().map { $0 ? pipe : "    " }.joined() + (isLast ? last : branch)
                #expect(String(decoding: drawn, as: UTF8.self) == expected, "seed \(seed): \(levels)")
                #expect(width == 4 * levels.count)
            }
        }
    }
}
