internal import CLibGit2
import GitRules
import TreeModel

/// A git object id (SHA-1) as a plain value: hashable, comparable, `Sendable`.
struct ObjectID: Hashable, Sendable {
    var high: UInt64
    var middle: UInt64
    var low: UInt32

    /// The all-zero id, which libgit2 uses for "not computed" and "no object".
    static let zero = ObjectID(high: 0, middle: 0, low: 0)

    init(high: UInt64, middle: UInt64, low: UInt32) {
        self.high = high
        self.middle = middle
        self.low = low
    }

    init(_ oid: git_oid) {
        var high: UInt64 = 0, middle: UInt64 = 0, low: UInt32 = 0
        withUnsafeBytes(of: oid.id) { bytes in
            for index in 0..<8 { high = high << 8 | UInt64(bytes[index]) }
            for index in 8..<16 { middle = middle << 8 | UInt64(bytes[index]) }
            for index in 16..<20 { low = low << 8 | UInt32(bytes[index]) }
        }
        self.init(high: high, middle: middle, low: low)
    }

    /// The id whose 20 raw bytes start at `bytes`.
    init(rawBytes bytes: UnsafeRawPointer) {
        self.init(high: UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
                  middle: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
                  low: UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self)))
    }

    var isZero: Bool { high == 0 && middle == 0 && low == 0 }

    /// The libgit2 form.
    var oid: git_oid {
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid.id) { bytes in
            for index in 0..<8 { bytes[index] = UInt8(truncatingIfNeeded: high >> UInt64(56 - 8 * index)) }
            for index in 0..<8 { bytes[8 + index] = UInt8(truncatingIfNeeded: middle >> UInt64(56 - 8 * index)) }
            for index in 0..<4 { bytes[16 + index] = UInt8(truncatingIfNeeded: low >> UInt32(24 - 8 * index)) }
        }
        return oid
    }

    /// Forty lowercase hex digits.
    var hex: String { Hex.objectID(high: high, middle: middle, low: low) }
}

extension ObjectID {
    /// The id as the model's value.
    var hash: ObjectHash {
        ObjectHash(bytes: withUnsafeBytes(of: oid.id, Array.init))!
    }
}

extension ObjectID: Comparable {
    /// The order of the ids' bytes.
    static func < (a: ObjectID, b: ObjectID) -> Bool {
        (a.high, a.middle, a.low) < (b.high, b.middle, b.low)
    }
}
