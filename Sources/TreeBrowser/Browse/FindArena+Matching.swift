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
    /// its identity, then its tags (`tagMatches`, one answer per tag list).
    ///
    /// Whether an identity contains the query is noted in `looked` (1 yes, 2 no; 0 for a
    /// candidate not looked at). A candidate's identity starts with its parent's: when its
    /// parent lies in the scan's part of the tree, the candidate contains the query when its
    /// parent does, and else only where the query ends in its own piece, so only its own text
    /// is read, and only when its piece holds every byte of the query or starts with one of
    /// its later bytes (``Entry/pieceBytes``, ``Entry/head``). A parent left out of `pool`
    /// does not contain the query either: the pool is the matches of a query this one
    /// extends, and it would contain that one.
    func scan(_ query: FindQuery, tagMatches: [Bool], pool: UnsafeBufferPointer<Int32>?, positions: Range<Int>,
              looked: UnsafeMutablePointer<UInt8>) -> Found {
        var found = Found()
        guard !positions.isEmpty else { return found }
        let needleCount = query.normalized.count
        let first = pool.map { Int($0[positions.lowerBound]) } ?? positions.lowerBound
        var slow = SlowIdentities(arena: self)
        let needleBytes = query.normalized.reduce(0) { $0 | Self.bit(of: $1) }
        let laterBytes = ByteSet(query.normalized.dropFirst())
        texts.withUnsafeBufferPointer { text in
            entries.withUnsafeBufferPointer { entries in
                query.normalized.withUnsafeBufferPointer { needle in
                    tagMatches.withUnsafeBufferPointer { tagMatches in
                        let text = text.baseAddress!, needle = needle.baseAddress!, head = needle[0]
                        for position in positions {
                            let index = pool.map { Int($0[position]) } ?? position
                            let entry = entries[index]
                            let textStart = Int(entry.textStart), textEnd = Int(entries[index + 1].textStart)
                            let nameOffset = Int(entry.nameOffset)
                            let parent = Int(entry.parent)
                            let contains: Bool
                            if parent < 0 {
                                contains = Self.bytes(text, textStart..<textEnd, contain: needle, count: needleCount)
                            } else if parent >= first && looked[parent] == 1 {
                                contains = true
                            } else if parent >= first && entry.pieceBytes & needleBytes != needleBytes && !laterBytes.contains(entry.head) {
                                contains = false
                            } else if parent >= first && (nameOffset >= needleCount - 1 || nameOffset < Self.contextCount) {
                                contains = Self.bytes(text, (textStart + max(nameOffset - needleCount + 1, 0))..<textEnd,
                                                      contain: needle, count: needleCount)
                            } else {
                                contains = slow.identity(of: index, containing: needle, count: needleCount)
                            }
                            looked[index] = contains ? 1 : 2
                            let candidate = Int32(truncatingIfNeeded: index)
                            let nameStart = textStart + nameOffset, nameCount = textEnd - (entry.isDirectory ? 1 : 0) - nameStart
                            let name = entry.isNameApart ? slow.nameApart(of: index, equalling: needle, count: needleCount)
                                : entry.head != head || nameCount < needleCount ? nil
                                : Self.equal(text + nameStart + 1, needle + 1, count: needleCount - 1) ? nameCount == needleCount : nil
                            if let isExact = name {
                                if isExact { found.exact.append(candidate) } else { found.prefix.append(candidate) }
                            } else if contains {
                                found.contains.append(candidate)
                            } else if tagMatches[Int(entry.tags)] {
                                found.tag.append(candidate)
                            } else {
                                continue
                            }
                            found.matched.append(candidate)
                        }
                    }
                }
            }
        }
        return found
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
