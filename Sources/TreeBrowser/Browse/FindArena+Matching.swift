extension FindArena {
    /// What ``FindArena/scan(_:tagMatches:pool:positions:looked:)`` found: candidate indices,
    /// each list in tree order.
    struct Found {
        var exact: [Int32] = []
        var prefix: [Int32] = []
        var contains: [Int32] = []
        var tag: [Int32] = []
        var matched: [Int32] = []

        /// The list of `kind`.
        subscript(kind: FindMatch) -> [Int32] {
            switch kind {
            case .exact: exact
            case .prefix: prefix
            case .contains: contains
            case .tag: tag
            }
        }
    }

    /// Matches the candidates at `positions` of `pool` (indices in tree order; the candidates
    /// themselves when `nil`) against `query`, as ``FindQuery/match(_:)`` does: its name, then
    /// its identity, then its tags (`tagMatches`, one answer per tag list); see ``Scanner``.
    /// `looked` notes whether each candidate looked at contains the query (1 yes, 2 no).
    func scan(_ query: FindQuery, tagMatches: [Bool], pool: UnsafeBufferPointer<Int32>?, positions: Range<Int>,
              looked: UnsafeMutablePointer<UInt8>) -> Found {
        guard !positions.isEmpty else { return Found() }
        return texts.withUnsafeBufferPointer { texts in
            entries.withUnsafeBufferPointer { entries in
                textStarts.withUnsafeBufferPointer { textStarts in
                    query.normalized.withUnsafeBufferPointer { needle in
                        tagMatches.withUnsafeBufferPointer { tagMatches in
                            var scanner = Scanner(arena: self, texts: texts.baseAddress!, entries: entries.baseAddress!,
                                                  textStarts: textStarts.baseAddress!, needle: needle,
                                                  tagMatches: tagMatches.baseAddress!, looked: looked,
                                                  first: pool.map { Int($0[positions.lowerBound]) } ?? positions.lowerBound)
                            return scanner.scan(pool: pool, positions: positions)
                        }
                    }
                }
            }
        }
    }

    /// A set of bytes, one bit each.
    struct ByteSet {
        private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        init(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                let bit = UInt64(1) << (byte & 63)
                switch byte >> 6 {
                case 0: words.0 |= bit
                case 1: words.1 |= bit
                case 2: words.2 |= bit
                default: words.3 |= bit
                }
            }
        }

        @inline(__always)
        func contains(_ byte: UInt8) -> Bool {
            let word = switch byte >> 6 {
            case 0: words.0
            case 1: words.1
            case 2: words.2
            default: words.3
            }
            return word & (UInt64(1) << (byte & 63)) != 0
        }
    }

    /// Whether the `count` bytes at `text` and at `needle` are equal.
    @inline(__always)
    static func equal(_ text: UnsafePointer<UInt8>, _ needle: UnsafePointer<UInt8>, count: Int) -> Bool {
        var offset = 0
        while offset < count {
            if text[offset] != needle[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Whether the bytes `range` of `text` contain the `count` bytes at `needle` (at least one).
    /// The needle's first byte is looked for eight bytes at a time (a word's bytes equal to it
    /// found at once), so up to seven bytes past the range may be read (``padding``).
    @inline(__always)
    static func bytes(_ text: UnsafePointer<UInt8>, _ range: Range<Int>, contain needle: UnsafePointer<UInt8>,
                      count: Int) -> Bool {
        let last = range.upperBound - count
        var position = range.lowerBound
        let ones: UInt64 = 0x0101_0101_0101_0101
        let pattern = UInt64(needle[0]) &* ones
        while position <= last {
            let word = UInt64(littleEndian: UnsafeRawPointer(text + position).loadUnaligned(as: UInt64.self)) ^ pattern
            var hits = (word &- ones) & ~word & (ones << 7)
            if last - position < 7 { hits &= (UInt64(1) << (8 * (last - position + 1))) &- 1 }
            while hits != 0 {
                let offset = hits.trailingZeroBitCount / 8
                if equal(text + position + offset, needle, count: count) { return true }
                hits &= hits &- 1
            }
            position += 8
        }
        return false
    }
}

extension FindArena {
    /// One query's look at a run of candidates in tree order, reading the arena in place.
    ///
    /// A candidate's identity starts with its parent's: when its parent lies in the run (at
    /// or after ``first``), the candidate contains the query when its parent does, and else
    /// only where the query ends in its own piece, so only its own text is read, and only when
    /// its piece holds the query's last two bytes (with the byte before it, ``Entry/piecePairs``)
    /// and either every byte of the query or, first, one of its later bytes
    /// (``Entry/pieceBytes``, ``Entry/head``). A parent left out of the pool does not contain
    /// the query either: the pool is the matches of a query this one extends, and it would
    /// contain that one.
    struct Scanner {
        let arena: FindArena
        let texts: UnsafePointer<UInt8>
        let entries: UnsafePointer<Entry>
        let textStarts: UnsafePointer<Int32>
        let needle: UnsafeBufferPointer<UInt8>
        let tagMatches: UnsafePointer<Bool>
        let looked: UnsafeMutablePointer<UInt8>
        /// The first candidate of the run.
        let first: Int
        private let needleBytes: UInt32
        private let laterBytes: ByteSet
        private var slow: SlowIdentities

        init(arena: FindArena, texts: UnsafePointer<UInt8>, entries: UnsafePointer<Entry>, textStarts: UnsafePointer<Int32>,
             needle: UnsafeBufferPointer<UInt8>, tagMatches: UnsafePointer<Bool>, looked: UnsafeMutablePointer<UInt8>,
             first: Int) {
            self.arena = arena
            self.texts = texts
            self.entries = entries
            self.textStarts = textStarts
            self.needle = needle
            self.tagMatches = tagMatches
            self.looked = looked
            self.first = first
            needleBytes = needle.reduce(0) { $0 | FindArena.bit(of: $1) }
            laterBytes = ByteSet(needle.dropFirst())
            slow = SlowIdentities(arena: arena)
        }

        /// The matches among the candidates at `positions` of `pool` (the candidates themselves
        /// when `nil`), written to lists made as long as the run, then copied to their length.
        mutating func scan(pool: UnsafeBufferPointer<Int32>?, positions: Range<Int>) -> Found {
            var lists = Lists(capacity: positions.count)
            defer { lists.deallocate() }
            let entries = entries, looked = looked, textStarts = textStarts, texts = texts, tagMatches = tagMatches
            let needle = needle.baseAddress!, count = self.needle.count, head = needle[0], first = first
            let needleBytes = needleBytes, laterBytes = laterBytes
            let lastPair = count > 1 ? FindArena.bit(of: needle[count - 2], needle[count - 1]) : 0
            let pool = pool?.baseAddress
            for position in positions {
                let index = pool.map { Int($0[position]) } ?? position
                let entry = entries[index]
                let parent = Int(entry.parent)
                let contains: Bool
                if parent >= first && looked[parent] == 1 {
                    contains = true
                } else if parent >= first && (entry.piecePairs & lastPair != lastPair || entry.pieceBytes & needleBytes != needleBytes
                                                  && !laterBytes.contains(entry.head)) {
                    contains = false
                } else if parent >= 0 && (parent < first || (Int(entry.nameOffset) < count - 1
                                                              && Int(entry.nameOffset) == FindArena.contextCount)) {
                    contains = slowlyContains(index)
                } else {
                    let nameOffset = parent < 0 ? 0 : Int(entry.nameOffset)
                    let start = Int(textStarts[index]) + max(nameOffset - count + 1, 0)
                    contains = FindArena.bytes(texts, start..<Int(textStarts[index + 1]), contain: needle, count: count)
                }
                looked[index] = contains ? 1 : 2
                let candidate = Int32(truncatingIfNeeded: index)
                if entry.head == head || entry.isNameApart, let isExact = name(index, entry) {
                    lists.append(candidate, to: isExact ? 0 : 1)
                } else if contains {
                    lists.append(candidate, to: 2)
                } else if tagMatches[Int(entry.tags)] {
                    lists.append(candidate, to: 3)
                }
            }
            return lists.found
        }

        /// Whether the normalized identity of candidate `index`, made from its parents' texts,
        /// contains the query.
        @inline(never)
        private mutating func slowlyContains(_ index: Int) -> Bool {
            slow.identity(of: index, containing: needle.baseAddress!, count: needle.count)
        }

        /// Whether the name of candidate `index` is the query (`true`), starts with it
        /// (`false`), or neither (`nil`).
        @inline(__always)
        private func name(_ index: Int, _ entry: Entry) -> Bool? {
            if entry.isNameApart { return slow.nameApart(of: index, equalling: needle.baseAddress!, count: needle.count) }
            let start = Int(textStarts[index]) + Int(entry.nameOffset)
            let count = Int(textStarts[index + 1]) - (entry.isDirectory ? 1 : 0) - start
            guard count >= needle.count,
                  FindArena.equal(texts + start + 1, needle.baseAddress! + 1, count: needle.count - 1) else { return nil }
            return count == needle.count
        }
    }

    /// The exact, prefix, contains and tag matches of a run, then all of them, each list as
    /// long as the run.
    struct Lists {
        private let storage: UnsafeMutablePointer<Int32>
        private let capacity: Int
        private var counts = (0, 0, 0, 0, 0)

        init(capacity: Int) {
            self.capacity = capacity
            storage = .allocate(capacity: 5 * capacity)
        }

        /// Adds `candidate` to list `kind` (0 exact, 1 prefix, 2 contains, 3 tag) and to all.
        @inline(__always)
        mutating func append(_ candidate: Int32, to kind: Int) {
            let count: Int
            switch kind {
            case 0: count = counts.0; counts.0 += 1
            case 1: count = counts.1; counts.1 += 1
            case 2: count = counts.2; counts.2 += 1
            default: count = counts.3; counts.3 += 1
            }
            storage[kind * capacity + count] = candidate
            storage[4 * capacity + counts.4] = candidate
            counts.4 += 1
        }

        /// The lists, copied to their length.
        var found: Found {
            func list(_ number: Int, _ count: Int) -> [Int32] {
                Array(UnsafeBufferPointer(start: storage + number * capacity, count: count))
            }
            return Found(exact: list(0, counts.0), prefix: list(1, counts.1), contains: list(2, counts.2),
                         tag: list(3, counts.3), matched: list(4, counts.4))
        }

        func deallocate() { storage.deallocate() }
    }
}
