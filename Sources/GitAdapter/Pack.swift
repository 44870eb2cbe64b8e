import Glibc

/// A pack file and its index, both mapped: where each of its objects starts and how its
/// entry is headed.
///
/// A pack is taken only when its header (`PACK`, version 2 or 3), object count and trailing
/// checksum agree with its index; anything else is left to libgit2, which reads it and
/// reports what is wrong in its own words.
final class Pack: @unchecked Sendable {
    let index: PackIndex
    let data: MappedFile
    /// Where the trailing checksum starts: no entry reaches past it.
    let end: Int

    /// How an entry's content is stored.
    enum Base {
        /// Whole, deflated (a commit, tree, blob or tag: `kind` 1–4).
        case none
        /// A delta against the entry at that pack offset (`OBJ_OFS_DELTA`).
        case offset(Int)
        /// A delta against the object with the 20-byte id at that pack offset (`OBJ_REF_DELTA`).
        case reference(idAt: Int)
    }

    /// An entry's header: its kind, the size of its inflated data (for a delta, the delta's
    /// size), where the deflated data starts, and its base.
    struct Entry {
        var kind: UInt8
        var size: Int
        var dataStart: Int
        var base: Base
    }

    init?(indexPath: String, packPath: String) {
        guard let indexFile = MappedFile(path: indexPath), let index = PackIndex(indexFile),
              let data = MappedFile(path: packPath), data.bytes.count >= 32,
              data.uint32(at: 0) == 0x5041_434b, [2, 3].contains(data.uint32(at: 4)),
              Int(data.uint32(at: 8)) == index.count,
              memcmp(data.bytes.baseAddress! + data.bytes.count - 20, index.packChecksum.baseAddress!, 20) == 0
        else { return nil }
        self.index = index
        self.data = data
        end = data.bytes.count - 20
    }

    /// The header of the entry at `offset`; `nil` when it runs past the pack or names an
    /// unknown kind.
    func entry(at offset: Int) -> Entry? {
        guard offset >= 12, offset < end else { return nil }
        let bytes = data.bytes
        var cursor = offset
        var byte = bytes[cursor]
        cursor += 1
        let kind = (byte >> 4) & 7
        var size = Int(byte & 15)
        var shift = 4
        while byte & 0x80 != 0 {
            guard cursor < end, shift <= 56 else { return nil }
            byte = bytes[cursor]
            cursor += 1
            size |= Int(byte & 0x7f) << shift
            shift += 7
        }
        switch kind {
        case 1...4:
            return Entry(kind: kind, size: size, dataStart: cursor, base: .none)
        case 6:
            guard cursor < end else { return nil }
            byte = bytes[cursor]
            cursor += 1
            var distance = Int(byte & 0x7f)
            while byte & 0x80 != 0 {
                guard cursor < end, distance < Int.max >> 8 else { return nil }
                byte = bytes[cursor]
                cursor += 1
                distance = ((distance + 1) << 7) | Int(byte & 0x7f)
            }
            guard distance > 0, distance < offset else { return nil }
            return Entry(kind: kind, size: size, dataStart: cursor, base: .offset(offset - distance))
        case 7:
            guard cursor + 20 <= end else { return nil }
            return Entry(kind: kind, size: size, dataStart: cursor + 20, base: .reference(idAt: cursor))
        default:
            return nil
        }
    }

    /// The deflated data from `start` to the checksum (a stream ends where it ends).
    func deflated(from start: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: data.bytes[start..<end])
    }
}
