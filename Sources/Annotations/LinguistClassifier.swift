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
