import Foundation

/// git's similarity measure for rename and copy detection (diffcore-delta): each blob is cut
/// into chunks that end at a newline or after 64 bytes, each chunk hashed into one of 107,927
/// buckets, and a pair scores the bytes the destination has in common with the source.
enum Similarity {
    /// git's maximum score, an exact match.
    static let maximumScore = 60000
    /// The number of hash buckets git uses.
    static let hashBase: UInt32 = 107_927
    /// How many leading bytes git looks at for a NUL when deciding a blob is binary.
    static let binaryProbeLength = 8000

    /// Whether `bytes` is binary by git's content test: a NUL in the first 8,000 bytes.
    static func isBinary(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = min(bytes.count, binaryProbeLength)
        guard count > 0, let base = bytes.baseAddress else { return false }
        return memchr(base, 0, count) != nil
    }

    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { isBinary($0) }
    }

    /// Whether two blob sizes can still reach `minimumScore`: git's pre-filter, applied
    /// before any content is read.
    static func sizesCanMatch(_ a: Int, _ b: Int, minimumScore: Int) -> Bool {
        let maxSize = max(a, b)
        let delta = maxSize - min(a, b)
        return maxSize * (maximumScore - minimumScore) >= delta * maximumScore
    }

    /// The score of `destination` against `source`, 0...60000, for two regular files whose
    /// sizes passed ``sizesCanMatch(_:_:minimumScore:)``.
    static func score(source: Fingerprint, destination: Fingerprint) -> Int {
        if destination.size == 0 { return 0 }
        let copied = source.bytesInCommon(with: destination)
        return copied * maximumScore / max(source.size, destination.size)
    }
}

/// The chunk histogram of one blob: bucket keys in increasing order and the bytes per key.
struct Fingerprint: Sendable, Equatable {
    /// The blob's size in bytes, as stored.
    var size: Int
    /// Sorted, distinct bucket keys.
    var keys: [UInt32]
    /// Bytes that fell into each key.
    var counts: [UInt32]

    /// Builds the histogram of `bytes`. For text (`binary == false`) a CR right before an LF
    /// is skipped; a last chunk shorter than 64 bytes without a newline is dropped, as git does.
    ///
    /// A chunk ends at the first LF or after 64 counted bytes; a skipped CR can only be the
    /// byte right before an LF that ends a chunk, so each chunk is found with one `memchr`
    /// over at most 65 bytes and hashed without a test per byte.
    init(_ bytes: UnsafeRawBufferPointer, binary: Bool) {
        size = bytes.count
        var chunks: [UInt64] = []
        chunks.reserveCapacity(bytes.count / 24 + 1)
        if let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 {
            let count = bytes.count
            var start = 0
            while start < count {
                let window = min(count - start, 65)
                // The chunk hashes base[start..<stop], then an LF when it ends at one; the next starts at `next`.
                var stop = start + 64, next = start + 64, counted = 64, endsAtNewline = false
                if let hit = memchr(base + start, 10, window) {
                    let newline = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
                    let skipsCR = !binary && newline > start && base[newline - 1] == 13
                    let length = newline - start + (skipsCR ? 0 : 1)
                    if length <= 64 {
                        stop = skipsCR ? newline - 1 : newline
                        next = newline + 1
                        counted = length
                        endsAtNewline = true
                    }
                } else if window < 64 {
                    break   // a short last chunk without a newline
                }
                var a: UInt32 = 0, b: UInt32 = 0
                for index in start..<stop {
                    let oldA = a
                    a = ((a << 7) ^ (b >> 25)) &+ UInt32(base[index])
                    b = (b << 7) ^ (oldA >> 25)
                }
                if endsAtNewline {
                    let oldA = a
                    a = ((a << 7) ^ (b >> 25)) &+ 10
                    b = (b << 7) ^ (oldA >> 25)
                }
                let key = (a &+ b &* 0x61) % Similarity.hashBase
                chunks.append(UInt64(key) << 32 | UInt64(counted))
                start = next
            }
        }
        chunks.sort()
        var keys: [UInt32] = []
        var counts: [UInt32] = []
        keys.reserveCapacity(chunks.count)
        counts.reserveCapacity(chunks.count)
        for chunk in chunks {
            let key = UInt32(truncatingIfNeeded: chunk >> 32)
            let length = UInt32(truncatingIfNeeded: chunk)
            if let last = keys.last, last == key {
                counts[counts.count - 1] += length
            } else {
                keys.append(key)
                counts.append(length)
            }
        }
        self.keys = keys
        self.counts = counts
    }

    /// A histogram as stored (``ResultCache``): `keys` sorted and distinct, one count each.
    init(size: Int, keys: [UInt32], counts: [UInt32]) {
        self.size = size
        self.keys = keys
        self.counts = counts
    }

    init(_ bytes: [UInt8], binary: Bool? = nil) {
        let isBinary = binary ?? Similarity.isBinary(bytes)
        self = bytes.withUnsafeBytes { Fingerprint($0, binary: isBinary) }
    }

    /// Σ over keys of the smaller of the two counts: the bytes `other` could have copied.
    func bytesInCommon(with other: Fingerprint) -> Int {
        var total = 0
        keys.withUnsafeBufferPointer { sk in
            counts.withUnsafeBufferPointer { sc in
                other.keys.withUnsafeBufferPointer { dk in
                    other.counts.withUnsafeBufferPointer { dc in
                        var i = 0, j = 0
                        let ni = sk.count, nj = dk.count
                        while i < ni && j < nj {
                            let x = sk[i], y = dk[j]
                            if x < y {
                                i += 1
                            } else if y < x {
                                j += 1
                            } else {
                                total += Int(min(sc[i], dc[j]))
                                i += 1
                                j += 1
                            }
                        }
                    }
                }
            }
        }
        return total
    }
}

/// One destination's histogram spread over a table indexed by key, to score many sources
/// against it: each source then costs one pass over its own keys. One per worker thread.
struct KeyTable {
    private var counts = [UInt32](repeating: 0, count: Int(Similarity.hashBase))

    mutating func load(_ print: Fingerprint) {
        counts.withUnsafeMutableBufferPointer { table in
            for (key, count) in zip(print.keys, print.counts) { table[Int(key)] = count }
        }
    }

    mutating func clear(_ print: Fingerprint) {
        counts.withUnsafeMutableBufferPointer { table in
            for key in print.keys { table[Int(key)] = 0 }
        }
    }

    /// The score of the loaded destination against `source`; same result as
    /// ``Similarity/score(source:destination:)``.
    func score(source: Fingerprint, destinationSize: Int) -> Int {
        if destinationSize == 0 { return 0 }
        var copied = 0
        counts.withUnsafeBufferPointer { table in
            source.keys.withUnsafeBufferPointer { keys in
                source.counts.withUnsafeBufferPointer { sourceCounts in
                    for index in 0..<keys.count {
                        copied &+= Int(min(sourceCounts[index], table[Int(keys[index])]))
                    }
                }
            }
        }
        return copied * Similarity.maximumScore / max(source.size, destinationSize)
    }
}

/// Where the detector gets blob sizes and fingerprints from: the repository, or memory in tests.
protocol SimilarityBackend {
    /// The sizes of `sides` (regular files), in order.
    func sizes(of sides: [FileSide]) throws -> [Int]
    /// The fingerprints of `sides` (regular files), in order. `keepContent` asks the backend to
    /// keep the content it read, for line counts of the pairs that match.
    func fingerprints(of sides: [FileSide], keepContent: Bool) throws -> [Fingerprint]
}
