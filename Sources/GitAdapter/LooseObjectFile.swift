import Glibc

/// A loose object's file, read and checked as git reads one (`unpack_loose_header`,
/// `unpack_loose_rest`): a zlib stream holding `<type> <size>\0` and exactly `size` bytes of
/// content, with nothing after the stream's end (a stream that ends sooner is read as git reads
/// it: the stated size, the rest zeros). A file that is truncated, whose header states less
/// than its content, or that holds anything else is ``Failure/corrupt``,
/// found without looping or writing past a buffer (libgit2 1.5 hangs on the first and
/// corrupts its heap on the second).
final class LooseObjectFile {
    /// The four object types, with libgit2's numbers.
    enum Kind: Int32 {
        case commit = 1, tree = 2, blob = 3, tag = 4
    }

    /// An object's type and content size, from its header.
    struct Header: Equatable {
        var kind: Kind
        var size: Int
    }

    /// Why the object cannot be read.
    enum Failure: Error {
        /// The file is not a loose object of the size its header states.
        case corrupt
        /// The content's buffer could not be allocated.
        case outOfMemory
    }

    /// git's longest header (`MAX_HEADER_LEN`): a file whose first 32 bytes hold no NUL is corrupt.
    static let maximumHeaderLength = 32
    /// The most a deflate stream expands (1032 to 1), with room for its end: a header stating
    /// more content than the file can hold is corrupt before anything is allocated.
    static let maximumExpansion = 1032

    private let bytes: UnsafeMutableRawBufferPointer

    private init(bytes: UnsafeMutableRawBufferPointer) { self.bytes = bytes }

    deinit { bytes.deallocate() }

    /// The file at `path`, read whole; `nil` when there is none. A file that is not a regular
    /// one (a FIFO, a directory) is corrupt, and is never waited on.
    static func open(_ path: String) throws(Failure) -> LooseObjectFile? {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .corrupt
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else {
            throw .corrupt
        }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(status.st_size), alignment: 16)
        var filled = 0
        while filled < bytes.count {
            let count = Glibc.read(descriptor, bytes.baseAddress! + filled, bytes.count - filled)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        guard filled == bytes.count else {
            bytes.deallocate()
            throw .corrupt
        }
        return LooseObjectFile(bytes: bytes)
    }

    /// The object's header, from the start of its stream.
    func header() throws(Failure) -> Header {
        guard let stream = ZlibStream(UnsafeRawBufferPointer(bytes)) else { throw .outOfMemory }
        return try start(stream).header
    }

    /// The object's header and its content, inflated into a buffer of `size + 1` bytes (the
    /// last one NUL) that `allocate` gives, and handed to `release` when the whole stream,
    /// checked to its end, turns out corrupt.
    func read(allocate: (Int) -> UnsafeMutableRawPointer?,
              release: (UnsafeMutableRawPointer) -> Void) throws(Failure) -> (header: Header, content: UnsafeMutableRawPointer) {
        guard let stream = ZlibStream(UnsafeRawBufferPointer(bytes)) else { throw .outOfMemory }
        let begun = try start(stream)
        let size = begun.header.size
        let leftover = begun.content.count
        guard leftover <= size else { throw .corrupt }
        guard let buffer = allocate(size + 1) else { throw .outOfMemory }
        let content = buffer.assumingMemoryBound(to: UInt8.self)
        if leftover > 0 { content.update(from: begun.content, count: leftover) }
        content[size] = 0
        var total = leftover, state = begun.state
        if state == .full {
            let rest = stream.inflate(into: content + leftover, count: size - leftover)
            total += rest.written
            state = rest.state
        }
        if state == .full {
            var probe: UInt8 = 0
            let beyond = stream.inflate(into: &probe, count: 1)
            state = beyond.written == 0 ? beyond.state : .stuck
        }
        guard state == .ended, total <= size, stream.remainingInput == 0 else {
            release(buffer)
            throw .corrupt
        }
        // git reads a stream that ends short of the stated size as that size, the rest zeros.
        if total < size { (content + total).initialize(repeating: 0, count: size - total) }
        return (begun.header, buffer)
    }

    /// The header read from the stream's first bytes, the content bytes that came with it,
    /// and the stream's state after them.
    private func start(_ stream: ZlibStream) throws(Failure) -> (header: Header, content: [UInt8], state: ZlibStream.State) {
        var first = [UInt8](repeating: 0, count: Self.maximumHeaderLength)
        let (written, state) = first.withUnsafeMutableBufferPointer {
            stream.inflate(into: $0.baseAddress!, count: $0.count)
        }
        guard let end = first[..<written].firstIndex(of: 0), let header = Self.parse(first[..<end]) else { throw .corrupt }
        guard header.size / Self.maximumExpansion <= bytes.count else { throw .corrupt }
        return (header, Array(first[(end + 1)..<written]), state)
    }

    /// `<type> <size>` as git parses it (`parse_loose_header`): a known type, and a decimal
    /// size without leading zeros.
    static func parse(_ text: ArraySlice<UInt8>) -> Header? {
        guard let space = text.firstIndex(of: 0x20) else { return nil }
        let kind: Kind
        switch String(decoding: text[..<space], as: UTF8.self) {
        case "commit": kind = .commit
        case "tree": kind = .tree
        case "blob": kind = .blob
        case "tag": kind = .tag
        default: return nil
        }
        let digits = text[(space + 1)...]
        guard let first = digits.first, (0x30...0x39).contains(first), first != 0x30 || digits.count == 1 else { return nil }
        var size = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            let (times, overflow) = size.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(digit - 0x30))
            guard !overflow, !overflow2 else { return nil }
            size = sum
        }
        return Header(kind: kind, size: size)
    }
}
