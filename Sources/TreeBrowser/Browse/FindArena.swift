import TreeModel

/// Ranked find's candidates stored flat, in tree order, so that a query reads them in place,
/// one after another, without a heap object per candidate.
///
/// A candidate's normalized identity (``FindQuery``) is its parent's followed by its own
/// normalized piece (its name, plus `/` for a directory): normalizing lowercases scalar by
/// scalar and removes single bytes, so a path normalizes piece by piece. The arena
/// ``texts`` keeps, for each candidate, the last ``contextCount`` bytes (at most) of its
/// parent's normalized identity, then its own piece, its name, at ``Entry/nameOffset``. A
/// candidate whose parent is not a candidate (at the top level, or given alone) keeps its
/// whole normalized identity instead, its name at the end; a name that should ever not end
/// its identity is kept apart (``namesApart``).
///
/// Its path is kept as the bytes it adds to its parent's (`name`, `name/`), or whole when it
/// has no parent among the candidates; its tags are a number in ``tagSets``.
struct FindArena: Sendable {
    /// What a query reads of every candidate it looks at: its parent, its tags, and what rules
    /// most queries out without reading its text (which starts at its ``textStarts`` and ends
    /// at the next one's): 20 bytes.
    struct Entry: Sendable {
        /// The parent directory among the candidates, or -1.
        var parent: Int32
        /// The tag list's number in ``tagSets``.
        var tags: Int32
        /// Which bytes its own piece holds (``FindArena/bit(of:)``).
        var pieceBytes: UInt32
        /// Which pairs of bytes its own piece holds, the byte before it and its first included
        /// (``FindArena/bit(of:_:)``).
        var piecePairs: UInt32
        /// Where the name starts in the text: the length of the parent's bytes before it.
        var nameOffset: UInt16
        /// The first byte of its own piece, its name's (0 when there is none).
        var head: UInt8
        private var flags: UInt8

        init(parent: Int?, tags: Int32, nameOffset: Int, piece: ArraySlice<UInt8>, before: UInt8?, isDirectory: Bool,
             isNameApart: Bool) {
            self.parent = Int32(parent ?? -1)
            self.tags = tags
            pieceBytes = piece.reduce(0) { $0 | FindArena.bit(of: $1) }
            var pairs: UInt32 = 0
            var previous = before
            for byte in piece {
                if let previous { pairs |= FindArena.bit(of: previous, byte) }
                previous = byte
            }
            piecePairs = pairs
            self.nameOffset = UInt16(nameOffset)
            head = piece.first ?? 0
            flags = (isDirectory ? 1 : 0) | (isNameApart ? 2 : 0)
        }

        var isDirectory: Bool { flags & 1 != 0 }
        /// Whether the name is in ``namesApart`` rather than in the text.
        var isNameApart: Bool { flags & 2 != 0 }
    }

    /// The bit standing for the pair `first`, `second` in a set of pairs of bytes (shared by
    /// many pairs).
    @inline(__always)
    static func bit(of first: UInt8, _ second: UInt8) -> UInt32 {
        1 << (((UInt32(first) << 8 | UInt32(second)) &* 0x9E37_79B1) >> 27)
    }

    /// The bit standing for `byte` in a set of bytes: one of its own for each lowercase
    /// letter, `/` and `.`; one shared by the digits, one by other ASCII, two by the rest.
    @inline(__always)
    static func bit(of byte: UInt8) -> UInt32 {
        let position: UInt8 = switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a")
        case UInt8(ascii: "0")...UInt8(ascii: "9"): 26
        case UInt8(ascii: "/"): 27
        case UInt8(ascii: "."): 28
        case ..<0x80: 29
        default: 30 + byte & 1
        }
        return 1 << position
    }

    /// How many bytes of its parent's identity a candidate's text starts with, at most: a
    /// query up to one byte longer finds what it contains without reading the parent.
    static let contextCount = 16
    /// How many bytes can be read past a text, so that a search may read words.
    static let padding = 8

    /// Every candidate's text, one after another, then ``padding`` bytes.
    private(set) var texts: [UInt8] = []
    /// The candidates in tree order.
    private(set) var entries: [Entry] = []
    /// Where each candidate's text starts in ``texts``, then where the last one ends.
    private(set) var textStarts: [Int32] = []
    /// Names that are not the end of their candidate's text, by candidate.
    private(set) var namesApart: [Int32: [UInt8]] = [:]
    /// The path bytes each candidate adds to its parent's, one after another.
    private var pathTails: [UInt8] = []
    private var pathTailStarts: [Int32] = [0]
    private(set) var tagSets = FindTagSets()

    /// The number of candidates.
    private(set) var count = 0

    /// Room for `count` candidates.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
        textStarts.reserveCapacity(count + 1)
        pathTailStarts.reserveCapacity(count + 1)
    }

    /// Adds a candidate named `name` (a path piece: not empty, `.` or `..`) inside the
    /// candidate `parent`, or at the top level when `parent` is nil.
    mutating func append(name: some Collection<UInt8>, isDirectory: Bool, parent: Int?, tags: [String]) {
        let textStart = texts.count
        if let parent {
            let parentText = text(of: parent)
            let context = min(parentText.count, Self.contextCount)
            texts.append(contentsOf: repeatElement(0, count: context))
            texts.withUnsafeMutableBufferPointer { arena in
                arena.baseAddress!.advanced(by: textStart)
                    .update(from: arena.baseAddress! + parentText.upperBound - context, count: context)
            }
        }
        let nameOffset = texts.count - textStart
        FindQuery.normalize(name, appendingTo: &texts)
        if isDirectory { texts.append(UInt8(ascii: "/")) }
        textStarts.append(Int32(textStart))
        let before = nameOffset > 0 ? texts[textStart + nameOffset - 1] : nil
        entries.append(Entry(parent: parent, tags: tagSets.number(of: tags), nameOffset: nameOffset,
                             piece: texts[(textStart + nameOffset)...], before: before, isDirectory: isDirectory,
                             isNameApart: false))
        pathTails.append(contentsOf: name)
        if isDirectory { pathTails.append(UInt8(ascii: "/")) }
        pathTailStarts.append(Int32(pathTails.count))
        count += 1
    }

    /// Adds `path`, whose parent directory is not a candidate.
    mutating func append(path: TreePath, tags: [String]) {
        let identity = path.identity
        let textStart = texts.count
        texts.append(contentsOf: FindQuery.normalize(identity))
        let name = FindQuery.normalize(path.normalized.basename)
        let nameEnd = texts.count - (path.isDirectory ? 1 : 0)
        let nameOffset = nameEnd - name.count - textStart
        let endsWithName = nameOffset >= 0 && nameOffset <= Int(UInt16.max)
            && texts[(nameEnd - name.count)..<nameEnd].elementsEqual(name)
        if !endsWithName { namesApart[Int32(count)] = name }
        textStarts.append(Int32(textStart))
        entries.append(Entry(parent: nil, tags: tagSets.number(of: tags), nameOffset: endsWithName ? nameOffset : 0,
                             piece: name[...], before: nil, isDirectory: path.isDirectory, isNameApart: !endsWithName))
        pathTails.append(contentsOf: identity)
        pathTailStarts.append(Int32(pathTails.count))
        count += 1
    }

    /// Ends the arena: marks where the last text ends, adds the padding a search may read,
    /// and lets spare room go.
    mutating func seal() {
        textStarts.append(Int32(texts.count))
        texts.append(contentsOf: repeatElement(0, count: Self.padding))
        texts = texts.withUnsafeBufferPointer { Array($0) }
        pathTails = pathTails.withUnsafeBufferPointer { Array($0) }
        entries = entries.withUnsafeBufferPointer { Array($0) }
        textStarts = textStarts.withUnsafeBufferPointer { Array($0) }
    }

    /// Where the text of candidate `index` lies in ``texts`` (before ``seal()`` too).
    func text(of index: Int) -> Range<Int> {
        Int(textStarts[index])..<(index + 1 < textStarts.count ? Int(textStarts[index + 1]) : texts.count)
    }

    /// The normalized identity of candidate `index`, from its parents' texts down.
    func normalizedIdentity(of index: Int) -> [UInt8] {
        let entry = entries[index]
        let text = text(of: index)
        guard entry.parent >= 0 else { return Array(texts[text]) }
        var identity = normalizedIdentity(of: Int(entry.parent))
        identity.append(contentsOf: texts[(text.lowerBound + Int(entry.nameOffset))..<text.upperBound])
        return identity
    }

    /// The identity of candidate `index`, from its parents' path bytes down.
    func identity(of index: Int) -> [UInt8] {
        var chain: [Int] = []
        var current = index
        while current >= 0 {
            chain.append(current)
            current = Int(entries[current].parent)
        }
        var bytes: [UInt8] = []
        for node in chain.reversed() {
            bytes.append(contentsOf: pathTails[Int(pathTailStarts[node])..<Int(pathTailStarts[node + 1])])
        }
        return bytes
    }

    /// The path of candidate `index`.
    func path(of index: Int) -> TreePath {
        var bytes = identity(of: index)
        let isDirectory = entries[index].isDirectory
        if isDirectory { bytes.removeLast() }
        return TreePath(trustedNormalized: RawPath(bytes: bytes), isDirectory: isDirectory)
    }

    /// The directory containing candidate `index`, or `nil` at the top level.
    func parentPath(of index: Int) -> TreePath? {
        let parent = Int(entries[index].parent)
        return parent >= 0 ? path(of: parent) : FindCandidate.parent(of: path(of: index))
    }

    /// The tags of candidate `index`, as given.
    func tags(of index: Int) -> [String] { tagSets.lists[Int(entries[index].tags)] }
}

extension FindArena {
    /// What a scan reads rarely, made when needed: whole normalized identities (for a query
    /// longer than a text's parent context, or a parent outside the scan's part of the tree),
    /// the last parent's kept for its siblings; and names kept apart.
    struct SlowIdentities {
        let arena: FindArena
        private var lastParent = -1
        private var parentIdentity: [UInt8] = []

        init(arena: FindArena) {
            self.arena = arena
        }

        /// Whether the normalized identity of candidate `index` contains the `count` bytes at `needle`.
        mutating func identity(of index: Int, containing needle: UnsafePointer<UInt8>, count: Int) -> Bool {
            let entry = arena.entries[index]
            let parent = Int(entry.parent)
            if parent != lastParent {
                parentIdentity = arena.normalizedIdentity(of: parent)
                lastParent = parent
            }
            var identity = parentIdentity
            let text = arena.text(of: index)
            identity.append(contentsOf: arena.texts[(text.lowerBound + Int(entry.nameOffset))..<text.upperBound])
            identity.append(contentsOf: repeatElement(0, count: FindArena.padding))
            return identity.withUnsafeBufferPointer { identityBytes in
                FindArena.bytes(identityBytes.baseAddress!, 0..<(identityBytes.count - FindArena.padding),
                                contain: needle, count: count)
            }
        }

        /// For a candidate whose name is kept apart: whether it is the `count` bytes at
        /// `needle` (`true`), starts with them (`false`), or neither (`nil`).
        func nameApart(of index: Int, equalling needle: UnsafePointer<UInt8>, count: Int) -> Bool? {
            guard let name = arena.namesApart[Int32(index)], name.count >= count else { return nil }
            let starts = name.withUnsafeBufferPointer { FindArena.equal($0.baseAddress!, needle, count: count) }
            return starts ? name.count == count : nil
        }
    }
}
