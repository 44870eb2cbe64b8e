import TreeModel

/// Classifies many paths by linguist's defaults (``LinguistDefaults``), each directory once
/// while paths that share it come one after another (as sorted paths do): the answer for a
/// path is its directory's, kept, and its name's, looked up.
public struct LinguistClassifier {
    /// A directory's answer: the kinds a directory rule gives it or a directory above it,
    /// and its depth (its automata states are in ``states``, one row per depth).
    private struct Level {
        var kinds: LinguistKinds
        var depth: Int
    }

    private let index: LinguistIndex
    private var walk = DirectoryWalk(root: Level(kinds: [], depth: 0))
    /// The states of ``LinguistIndex/automata`` after each directory entered, row by depth.
    private var states: [UInt64]

    /// A classifier of linguist's generated and vendored defaults.
    public init() {
        self.init(index: LinguistDefaults.index)
    }

    init(index: LinguistIndex) {
        self.index = index
        states = index.automata.map(\.initialStates)
    }

    /// What linguist's defaults say of `path`.
    public mutating func defaults(of path: RawPath) -> FileClassification {
        let kinds = self.kinds(of: path.bytes)
        return FileClassification(isGenerated: kinds.contains(.generated), isVendored: kinds.contains(.vendored))
    }

    /// An attribute that says either way wins; an unspecified one leaves the decision to
    /// linguist's defaults, as ``FileClassification/resolve(attributes:path:)`` decides.
    public mutating func resolve(attributes: LinguistOverrides, path: RawPath) -> FileClassification {
        guard let generated = attributes.generated, let vendored = attributes.vendored else {
            let defaults = self.defaults(of: path)
            return FileClassification(isGenerated: attributes.generated ?? defaults.isGenerated,
                                      isVendored: attributes.vendored ?? defaults.isVendored)
        }
        return FileClassification(isGenerated: generated, isVendored: vendored)
    }

    mutating func kinds(of bytes: [UInt8]) -> LinguistKinds {
        let slash = UInt8(ascii: "/")
        var end = bytes.count
        while end > 0, bytes[end - 1] == slash { end -= 1 }
        guard end > 0 else { return [] }
        var nameStart = end
        while nameStart > 0, bytes[nameStart - 1] != slash { nameStart -= 1 }
        let index = self.index
        var states = self.states
        self.states = []
        let directory = walk.value(of: bytes, upTo: nameStart) { parent, bytes, piece in
            Self.enter(parent, bytes, piece, index: index, states: &states)
        }
        self.states = states
        var kinds = directory.kinds
        kinds.formUnion(index.files.kinds(of: bytes, nameStart..<end, isFirst: directory.depth == 0))
        let row = directory.depth * index.automata.count
        for number in index.fileAutomata where !kinds.isSuperset(of: index.automatonKinds[number]) {
            let after = index.automata[number].advance(self.states[row + number], over: bytes, nameStart..<end)
            if after & index.automata[number].acceptingState != 0 { kinds.formUnion(index.automatonKinds[number]) }
        }
        return kinds
    }

    private static func enter(_ parent: Level, _ bytes: [UInt8], _ piece: Range<Int>,
                              index: LinguistIndex, states: inout [UInt64]) -> Level {
        var kinds = parent.kinds
        kinds.formUnion(index.directories.kinds(of: bytes, piece, isFirst: parent.depth == 0))
        let depth = parent.depth + 1
        let count = index.automata.count
        if count > 0 {
            if states.count < (depth + 1) * count { states += [UInt64](repeating: 0, count: count) }
            for number in 0..<count {
                let after = index.automata[number].advance(states[parent.depth * count + number], over: bytes, piece)
                states[depth * count + number] = after
                if after & index.automata[number].acceptingState != 0, index.automata[number].matchesDescendants {
                    kinds.formUnion(index.automatonKinds[number])
                }
            }
        }
        return Level(kinds: kinds, depth: depth)
    }
}

/// Whether a changed file counts as generated or vendored, as GitHub's pull-request page
/// decides it (see `Docs/Annotations.md#generated-and-vendored-files`).
public struct FileClassification: Hashable, Sendable {
    /// Generated: GitHub collapses its diff by default.
    public var isGenerated: Bool
    /// Vendored: code someone else wrote, kept in the repository.
    public var isVendored: Bool

    /// A classification as given.
    public init(isGenerated: Bool, isVendored: Bool) {
        self.isGenerated = isGenerated
        self.isVendored = isVendored
    }

    /// An attribute that says either way wins; an unspecified one leaves the decision to
    /// ``LinguistDefaults``.
    /// (``LinguistClassifier`` does the same for many paths, each directory once.)
    public static func resolve(attributes: LinguistOverrides, path: RawPath) -> FileClassification {
        var classifier = LinguistClassifier()
        return classifier.resolve(attributes: attributes, path: path)
    }
}

/// What a path's `linguist-generated` and `linguist-vendored` attributes say, as linguist
/// reads them: nil when unspecified (the defaults decide), false when unset (`-attr`) or
/// set to `false`, true for any other state (`attr`, `attr=true`, `attr=1`, ...).
public struct LinguistOverrides: Hashable, Sendable {
    /// Whether the attributes mark the path generated; nil leaves it to the defaults.
    public var generated: Bool?
    /// Whether the attributes mark the path vendored; nil leaves it to the defaults.
    public var vendored: Bool?

    /// Overrides as given; nil for an attribute that is not specified.
    public init(generated: Bool? = nil, vendored: Bool? = nil) {
        self.generated = generated
        self.vendored = vendored
    }

    /// The overrides the two attributes' states make.
    public init(generated: AttributeState, vendored: AttributeState) {
        self.init(generated: Self.boolean(generated), vendored: Self.boolean(vendored))
    }

    /// linguist's reading of an attribute as a boolean.
    public static func boolean(_ state: AttributeState) -> Bool? {
        switch state {
        case .unspecified: return nil
        case .unset, .value("false"): return false
        case .set, .value: return true
        }
    }
}

/// How the `diff` attribute asks for a path's changes to be shown.
public enum DiffTreatment: Hashable, Sendable {
    /// `-diff` (or the `binary` macro): as a binary file, without line counts.
    case binary
    /// `diff`: as text, even if it looks binary.
    case text
    /// `diff=name`: with the named diff driver.
    case driver(String)

    /// The treatment `state` asks for; nil when the attribute is unspecified.
    public init?(_ state: AttributeState) {
        switch state {
        case .unspecified: return nil
        case .unset: self = .binary
        case .set: self = .text
        case .value(let name): self = .driver(name)
        }
    }
}

/// One gitattribute's state for a path, as git reports it.
public enum AttributeState: Hashable, Sendable {
    /// No line sets it (`git check-attr` prints `unspecified`).
    case unspecified
    /// `attr` (`set`).
    case set
    /// `-attr` (`unset`).
    case unset
    /// `attr=value`.
    case value(String)

    /// Reads what `git check-attr` prints after `attr: `. A value spelled `set`, `unset`
    /// or `unspecified` cannot be told from those states there, as in git itself.
    public init(checkAttrOutput text: String) {
        switch text {
        case "set": self = .set
        case "unset": self = .unset
        case "unspecified": self = .unspecified
        default: self = .value(text)
        }
    }
}

/// Visits the directories of many paths, each once while paths that share it come one after
/// another (as sorted paths do), keeping a value per directory: what a directory's value
/// depends on (its parent's value and its own name) is worked out once, not once per path.
///
/// A directory's pieces are its non-empty `/`-separated pieces; the root, the empty
/// directory, holds the value given at the start.
public struct DirectoryWalk<Level> {
    /// The directory entered last, as the bytes of the path it came from.
    private var directory: [UInt8] = []
    /// Where each piece of ``directory`` ends, shallowest first.
    private var ends: [Int] = []
    /// The root's value, then one per piece of the directory entered last.
    public private(set) var levels: [Level]

    /// A walk whose root directory has the value `root`.
    public init(root: Level) {
        levels = [root]
    }

    /// The value of the directory `path[..<end]`, entering the pieces not shared with the
    /// directory entered before: `enter(parent, path, piece)` gives the value of the
    /// directory `path[..<piece.upperBound]` whose parent's value is `parent`.
    @discardableResult
    public mutating func value(
        of path: [UInt8], upTo end: Int,
        enter: (_ parent: Level, _ path: [UInt8], _ piece: Range<Int>) throws -> Level
    ) rethrows -> Level {
        let slash = UInt8(ascii: "/")
        let limit = min(end, directory.count)
        let common = path.withUnsafeBufferPointer { new in
            directory.withUnsafeBufferPointer { old in
                var common = 0
                while common < limit, new[common] == old[common] { common += 1 }
                return common
            }
        }
        if common == end, end == directory.count { return levels[levels.count - 1] }
        var kept = 0
        while kept < ends.count, ends[kept] <= common, ends[kept] == end || path[ends[kept]] == slash { kept += 1 }
        if kept < ends.count {
            ends.removeSubrange(kept...)
            levels.removeSubrange((kept + 1)...)
        }
        var start = ends.last ?? 0
        directory.removeAll(keepingCapacity: true)
        directory.append(contentsOf: path[..<end])
        while start < end {
            if path[start] == slash {
                start += 1
                continue
            }
            var stop = start + 1
            while stop < end, path[stop] != slash { stop += 1 }
            levels.append(try enter(levels[levels.count - 1], path, start..<stop))
            ends.append(stop)
            start = stop
        }
        return levels[levels.count - 1]
    }
}
