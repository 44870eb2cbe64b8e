/// What a path must have for a glob on a fast path to match it, known from the glob alone:
/// one of some first segments (`src/**`, `docs/**/*.md`, `a/b.ts`), or one of some last
/// extensions (`**/*.md`, `*.{ts,tsx}`, `**/Package.swift`). ``GlobSet`` tries a glob only on
/// the paths that have its key.
enum GlobKey: Sendable, Equatable {
    /// The path's first segment is one of these.
    case firstSegment([[UInt8]])
    /// The path's last extension (``lastExtension(of:)``) is one of these.
    case lastExtension([[UInt8]])

    /// The first segment of `bytes`: up to its first `/`, or all of it.
    static func firstSegment(of bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let end = bytes.firstIndex(of: 0x2F) ?? bytes.count
        return UnsafeBufferPointer(rebasing: bytes[0..<end])
    }

    /// The last extension of `bytes`: its last segment (after one trailing `/` is dropped)
    /// after that segment's last `.`, or the whole segment when it has none. A segment that
    /// ends with a suffix holding a `.` has the suffix's last extension.
    static func lastExtension(of bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var end = bytes.count
        if end > 0, bytes[end - 1] == 0x2F { end -= 1 }
        var start = end
        while start > 0, bytes[start - 1] != 0x2F {
            if bytes[start - 1] == 0x2E { break }
            start -= 1
        }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    static func firstSegment(of bytes: [UInt8]) -> [UInt8] { bytes.withUnsafeBufferPointer { Array(firstSegment(of: $0)) } }
    static func lastExtension(of bytes: [UInt8]) -> [UInt8] { bytes.withUnsafeBufferPointer { Array(lastExtension(of: $0)) } }
}
