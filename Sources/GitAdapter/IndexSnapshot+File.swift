import Glibc

extension IndexSnapshot {
    /// The snapshot of the index file whose bytes are `file` (versions 2, 3 and 4), read
    /// without libgit2: no allocation per entry, no checksum of the whole file. `nil` for a
    /// file it does not take: a split or sparse index, another version, a damaged file.
    init?(indexFile file: UnsafeRawBufferPointer) {
        guard file.count >= 32, file.starts(with: "DIRC".utf8) else { return nil }
        let version = Self.word(file, 4)
        guard (2...4).contains(version) else { return nil }
        let count = Int(Self.word(file, 8))
        let end = file.count - 20
        var offset = 12
        var previous: [UInt8] = []
        entries.reserveCapacity(count)
        paths.reserveCapacity(file.count / 2)
        for _ in 0..<count {
            let start = offset
            guard start + 62 <= end else { return nil }
            let flags = UInt16(truncatingIfNeeded: Self.word(file, start + 58))
            let isExtended = version >= 3 && flags & 0x4000 != 0
            let extended = isExtended ? UInt16(truncatingIfNeeded: Self.word(file, start + 60)) : 0
            var pathStart = start + (isExtended ? 64 : 62)
            if version == 4 {
                guard let (strip, length) = Self.varint(file, pathStart, end: end), strip <= previous.count,
                      let suffixEnd = Self.nul(file, from: pathStart + length, end: end) else { return nil }
                previous.removeLast(strip)
                previous.append(contentsOf: file[(pathStart + length)..<suffixEnd])
                pathStart = suffixEnd
                offset = suffixEnd + 1
            } else {
                guard let pathEnd = Self.nul(file, from: pathStart, end: end) else { return nil }
                previous.removeAll(keepingCapacity: true)
                previous.append(contentsOf: file[pathStart..<pathEnd])
                offset = start + ((pathEnd - start + 8) & ~7)
            }
            let stat = Stat(ctime: (Int32(bitPattern: Self.word(file, start)), Self.word(file, start + 4)),
                            mtime: (Int32(bitPattern: Self.word(file, start + 8)), Self.word(file, start + 12)),
                            device: Self.word(file, start + 16), inode: Self.word(file, start + 20),
                            user: Self.word(file, start + 28), group: Self.word(file, start + 32),
                            size: Self.word(file, start + 36))
            previous.withUnsafeBufferPointer { path in
                append(path: path, stage: (flags & 0x3000) >> 12, id: ObjectID(rawBytes: file.baseAddress! + start + 40), mode: Self.word(file, start + 24),
                       flags: Entry.kept(flags: flags, extended: extended), stat: stat)
            }
        }
        while offset + 8 <= end {
            let signature = file[offset..<(offset + 4)]
            if signature.elementsEqual("link".utf8) || signature.elementsEqual("sdir".utf8) { return nil }
            offset += 8 + Int(Self.word(file, offset + 4))
        }
    }

    /// The snapshot of the index file at `path`, or `nil` when it cannot be read or is not taken.
    static func read(indexFile path: String) -> IndexSnapshot? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let size = Int(status.st_size)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 8)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < size {
            let count = Glibc.read(descriptor, buffer.baseAddress! + filled, size - filled)
            guard count > 0 else { return nil }
            filled += count
        }
        return IndexSnapshot(indexFile: UnsafeRawBufferPointer(rebasing: buffer[0..<size]))
    }

    private static func word(_ file: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(bigEndian: file.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The end of the NUL-terminated string at `start`.
    private static func nul(_ file: UnsafeRawBufferPointer, from start: Int, end: Int) -> Int? {
        guard start < end, let found = memchr(file.baseAddress! + start, 0, end - start) else { return nil }
        return found - UnsafeMutableRawPointer(mutating: file.baseAddress!)
    }

    /// Index version 4's count of bytes to drop from the previous path (git's offset varint),
    /// and the varint's length.
    private static func varint(_ file: UnsafeRawBufferPointer, _ start: Int, end: Int) -> (Int, Int)? {
        var position = start
        guard position < end else { return nil }
        var byte = file[position]
        var value = Int(byte & 127)
        while byte & 128 != 0 {
            position += 1
            guard position < end, value < Int.max >> 8 else { return nil }
            byte = file[position]
            value = ((value + 1) << 7) + Int(byte & 127)
        }
        return (value, position - start + 1)
    }
}
