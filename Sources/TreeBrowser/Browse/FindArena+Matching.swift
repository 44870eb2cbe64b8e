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
