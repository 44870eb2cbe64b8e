internal import CLibGit2
import Foundation

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
