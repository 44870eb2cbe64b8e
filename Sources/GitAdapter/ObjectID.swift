import Foundation
import GitRules
import TreeModel
internal import CLibGit2

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

    /// The id that forty hex digits spell; `nil` for anything else.
    init?(hex: String) {
        var oid = git_oid()
        guard hex.utf8.count == 40, git_oid_fromstr(&oid, hex) == 0 else { return nil }
        self.init(oid)
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

/// git's abbreviation of object ids in `index` lines (`find_unique_abbrev`): the shortest
/// prefix, at least `core.abbrev` digits, that no other object in the repository shares.
/// With `core.abbrev` unset (`auto`) the least length grows with the number of packed
/// objects: 7 below 2^14 of them, then one more digit for each fourfold.
struct ObjectAbbreviation {
    /// The least number of digits.
    let minimumLength: Int

    /// The abbreviation for `repository` with `core.abbrev` set to `configured` (`nil`: auto).
    init(repository: Repository, configured: Int?) {
        if let configured {
            minimumLength = configured
        } else {
            let count = Self.packedObjectCount(objectsDirectory: repository.objectsDirectory)
            let bits = count == 0 ? 0 : (UInt64.bitWidth - count.leadingZeroBitCount)
            minimumLength = max(7, (bits + 1) / 2)
        }
    }

    /// `id` abbreviated in `odb`: longer than ``minimumLength`` while another object shares the prefix.
    func abbreviate(_ id: ObjectID, in odb: OpaquePointer) -> String {
        let hex = id.hex
        guard minimumLength < 40 else { return hex }
        var oid = id.oid
        var length = minimumLength
        while length < 40 {
            var found = git_oid()
            let code = git_odb_exists_prefix(&found, odb, &oid, length)
            if code == GIT_ENOTFOUND.rawValue { break }
            if code == 0 && ObjectID(found) == id { break }
            if code != 0 && code != GIT_EAMBIGUOUS.rawValue { break }
            length += 1
        }
        return String(hex.prefix(length))
    }

    /// The number of objects in the packs of `objectsDirectory` and its alternates, from each
    /// pack index's fan-out table, as git estimates the size of a repository.
    static func packedObjectCount(objectsDirectory: String) -> UInt64 {
        var total: UInt64 = 0
        var directories = [objectsDirectory]
        if let alternates = try? String(contentsOfFile: objectsDirectory + "info/alternates", encoding: .utf8) {
            for line in alternates.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
                let path = line.hasPrefix("/") ? String(line) : objectsDirectory + line
                directories.append(path.hasSuffix("/") ? path : path + "/")
            }
        }
        for directory in directories {
            let packs = directory + "pack/"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: packs)) ?? []
            for name in names where name.hasSuffix(".idx") {
                total += indexObjectCount(packs + name)
            }
        }
        return total
    }

    /// The last entry of a pack index's fan-out table: its number of objects.
    private static func indexObjectCount(_ path: String) -> UInt64 {
        guard let handle = FileHandle(forReadingAtPath: path) else { return 0 }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 8 + 256 * 4), data.count >= 256 * 4 else { return 0 }
        let bytes = [UInt8](data)
        let isVersion2 = bytes.starts(with: [0xFF, 0x74, 0x4F, 0x63])
        let offset = (isVersion2 ? 8 : 0) + 255 * 4
        guard bytes.count >= offset + 4 else { return 0 }
        return bytes[offset..<(offset + 4)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
}
