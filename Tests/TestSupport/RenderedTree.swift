import Foundation
import TreeModel

/// The tree format read back: the header's figures and every row's path, status, origin,
/// roll-up and line counts, so that a test can compare what a person sees with git's own
/// answer instead of only with a golden file.
///
/// It reads the layout `Docs/CLI.md` describes (Unicode or ASCII guides, colored or not,
/// with or without icons) and undoes the terminal escaping of names (`\t`, `\e`, `\xff`).
public struct RenderedTree: Sendable {
    /// One row of the tree.
    public struct Row: Sendable {
        /// How many directory rows it hangs below (0: the top level).
        public var level: Int
        /// Whether it is a directory row.
        public var isDirectory: Bool
        /// The full path (a directory's without the trailing slash).
        public var path: RawPath
        /// The status letter of a file row, when it shows one.
        public var status: Character?
        /// What follows `←` on a renamed or copied file's row: a basename or a path.
        public var origin: RawPath?
        /// The similarity after the origin.
        public var similarity: Int?
        /// The `(mode … → …)` or `(file → symlink)` note, without parentheses.
        public var modeChange: String?
        /// The review marks after the name: `also unstaged`, `viewed`, `changed since viewed`.
        public var marks: [String] = []
        /// A collapsed directory's roll-up: its file count and its count per status letter.
        public var rollUp: (files: Int, statuses: [Character: Int])?
        /// The `+I` cell (nil when blank).
        public var insertions: Int?
        /// The `−D` cell (nil when blank).
        public var deletions: Int?
        /// Whether the stats column says `binary`.
        public var binary: Bool
        /// The row as printed, colors removed.
        public var text: String
        /// What the row shows between its guides and its stats column: status, icon and name.
        public var label: String = ""

        /// Whether `oldPath` is what the row's origin shows: the old basename when the old
        /// file was in the same directory, else the whole old path.
        public func originMatches(_ oldPath: RawPath) -> Bool {
            guard let origin else { return false }
            return origin == oldPath || RawPath(bytes: parentPrefix + origin.bytes) == oldPath
        }

        private var parentPrefix: [UInt8] {
            guard let slash = path.bytes.lastIndex(of: UInt8(ascii: "/")) else { return [] }
            return Array(path.bytes[...slash])
        }
    }

    /// The header line, read back.
    public var header: RenderedHeader
    /// Every row, in order.
    public var rows: [Row]

    /// The file rows.
    public var files: [Row] { rows.filter { !$0.isDirectory } }

    /// Reads `text` (the whole output). `icons`: each row's name is preceded by an icon
    /// (a glyph or an icon name) and a space.
    public init(parsing text: String, icons: Bool = false) throws {
        var lines = Self.withoutColor(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first else { throw RenderedTreeError(line: 0, text: "", reason: "no header") }
        header = try RenderedHeader(parsing: first)
        rows = []
        var directories: [[UInt8]] = []
        for (number, line) in lines.enumerated().dropFirst() {
            let row = try Self.row(line, icons: icons, directories: directories, number: number + 1)
            directories.removeSubrange(min(row.level, directories.count)...)
            if row.isDirectory { directories.append(row.path.bytes) }
            rows.append(row)
        }
    }

    /// `text` without SGR color sequences.
    public static func withoutColor(_ text: String) -> String {
        text.replacing(/\u{1B}\[[0-9;]*m/, with: "")
    }

    private static let branches = ["├── ", "└── ", "|-- ", "`-- "]
    private static let continuations = ["│   ", "    ", "|   "]

    private static func row(_ line: String, icons: Bool, directories: [[UInt8]], number: Int) throws -> Row {
        var rest = Substring(line)
        var level = 0
        var probe = rest
        while let unit = continuations.first(where: { probe.hasPrefix($0) }) {
            probe = probe.dropFirst(unit.count)
            level += 1
        }
        if let branch = branches.first(where: { probe.hasPrefix($0) }) {
            rest = probe.dropFirst(branch.count)
            level += 1
        } else {
            level = 0
        }
        func fail(_ reason: String) -> RenderedTreeError { RenderedTreeError(line: number, text: line, reason: reason) }
        guard level <= directories.count else { throw fail("deeper than its directory") }
        let parent = level == 0 ? [] : directories[level - 1] + [UInt8(ascii: "/")]
        guard let split = rest.wholeMatch(of: /(?<left>.*?)(?: {2,}(?<stats>binary|\+\d+(?: +[−-]\d+)?|[−-]\d+))?/) else {
            throw fail("unreadable row")
        }
        var row = Row(level: level, isDirectory: false, path: RawPath(bytes: []), binary: false, text: line)
        if let stats = split.output.stats {
            row.binary = stats == "binary"
            row.insertions = stats.firstMatch(of: /\+(\d+)/).flatMap { Int($0.output.1) }
            row.deletions = stats.firstMatch(of: /[−-](\d+)/).flatMap { Int($0.output.1) }
        }
        var left = split.output.left
        row.label = String(left)
        if let file = left.wholeMatch(of: /(?<status>[AMDRCTUX?])  (?<rest>.*)/) {
            row.status = Character(String(file.output.status))
            left = file.output.rest
        } else if let directory = (icons ? dropIcon(left) : left).wholeMatch(
            of: /(?<name>.*)\/(?: \((?<files>\d+) files?(?:: (?<statuses>[^)]*))?\))?/) {
            row.isDirectory = true
            row.path = RawPath(bytes: parent + unescaped(directory.output.name))
            if let files = directory.output.files.flatMap({ Int($0) }) {
                var statuses: [Character: Int] = [:]
                for part in (directory.output.statuses ?? "").split(separator: ", ") {
                    let pieces = part.split(separator: " ")
                    guard pieces.count == 2, let count = Int(pieces[0]), let letter = pieces[1].first else { throw fail("bad roll-up") }
                    statuses[letter] = count
                }
                row.rollUp = (files, statuses)
            }
            return row
        }
        if icons { left = dropIcon(left) }
        while let mark = left.firstMatch(of: /\ \((?<mark>also unstaged|viewed|changed since viewed)\)$/) {
            row.marks.insert(String(mark.output.mark), at: 0)
            left = left[..<mark.range.lowerBound]
        }
        guard let file = left.wholeMatch(
            of: /(?<name>.+?)(?: (?:←|<-) (?<origin>.+?)(?: \((?<similarity>\d+)%\))?)?(?: \((?<mode>(?:mode )?[0-9a-z]+ (?:→|->) [0-9a-z]+)\))?/)
        else { throw fail("unreadable file row") }
        row.path = RawPath(bytes: parent + unescaped(file.output.name))
        row.origin = file.output.origin.map { RawPath(bytes: unescaped($0)) }
        row.similarity = file.output.similarity.flatMap { Int($0) }
        row.modeChange = file.output.mode.map(String.init)
        return row
    }

    private static func dropIcon(_ text: Substring) -> Substring {
        guard let space = text.firstIndex(of: " ") else { return text }
        return text[text.index(after: space)...]
    }

    /// The bytes a terminal-escaped name stands for (see `TerminalText`).
    public static func unescaped(_ text: Substring) -> [UInt8] {
        let input = Array(text.utf8)
        let backslash = UInt8(ascii: "\\")
        guard input.contains(backslash) else { return input }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            if input[index] == backslash, let (decoded, length) = escape(after: index, in: input) {
                bytes += decoded
                index += 1 + length
            } else {
                bytes.append(input[index])
                index += 1
            }
        }
        return bytes
    }

    /// The bytes of the escape whose backslash is at `backslash` (`\xhh`, `\u{h…}`, `\t`,
    /// `\n`, `\r`, `\e`) and how many bytes it takes after the backslash; `nil` when none starts there.
    private static func escape(after backslash: Int, in input: [UInt8]) -> ([UInt8], Int)? {
        func hexDigit(_ at: Int) -> UInt32? {
            guard at < input.count else { return nil }
            switch input[at] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(input[at] - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(input[at] - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        let next = backslash + 1
        guard next < input.count else { return nil }
        switch input[next] {
        case UInt8(ascii: "t"): return ([0x09], 1)
        case UInt8(ascii: "n"): return ([0x0A], 1)
        case UInt8(ascii: "r"): return ([0x0D], 1)
        case UInt8(ascii: "e"): return ([0x1B], 1)
        case UInt8(ascii: "x"):
            guard let high = hexDigit(next + 1), let low = hexDigit(next + 2) else { return nil }
            return ([UInt8(high << 4 | low)], 3)
        case UInt8(ascii: "u"):
            guard next + 1 < input.count, input[next + 1] == UInt8(ascii: "{") else { return nil }
            var end = next + 2
            var value: UInt32 = 0
            var overflow = false
            while let digit = hexDigit(end) {
                overflow = overflow || value > 0x10FFFF
                value = overflow ? value : value << 4 | digit
                end += 1
            }
            guard end > next + 2, end < input.count, input[end] == UInt8(ascii: "}") else { return nil }
            let scalar = overflow ? nil : Unicode.Scalar(value)
            return (scalar.map { Array(String(Character($0)).utf8) } ?? [], end - backslash)
        default:
            return nil
        }
    }
}

/// A line of tree output that cannot be read back.
public struct RenderedTreeError: Error, CustomStringConvertible {
    /// The line's number (1: the header).
    public let line: Int
    /// The line.
    public let text: String
    /// What could not be read.
    public let reason: String
    /// All of it, for a test's failure message.
    public var description: String { "line \(line): \(reason): \(text)" }
}
