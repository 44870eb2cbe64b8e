/// A cheap test that rules most paths out before a glob is matched: the literal text a
/// glob starts with (up to its first special character, without a last `/`, since `a/**`
/// also matches `a`) must start the path, and the literal text after its last special
/// character and last `/` must end it. A path the screen refuses does not match the glob;
/// one it admits may.
struct GlobScreen: Sendable {
    private let prefix: [UInt8]
    private let suffix: [UInt8]

    /// The screen of a glob written `pattern` (without a negating `!`).
    init(_ pattern: String) {
        let bytes = Array(pattern.utf8)
        let special = Set("*?[]{}()!+@\\|".utf8)
        guard !bytes.starts(with: Array("./".utf8)) else {
            prefix = []
            suffix = []
            return
        }
        guard let first = bytes.firstIndex(where: special.contains) else {
            prefix = bytes.last == UInt8(ascii: "/") ? Array(bytes.dropLast()) : bytes
            suffix = []
            return
        }
        var head = Array(bytes[..<first])
        if head.last == UInt8(ascii: "/") { head.removeLast() }
        prefix = head
        let last = bytes.lastIndex(where: special.contains)!
        let tail = bytes[(last + 1)...]
        suffix = Array(tail.lastIndex(of: UInt8(ascii: "/")).map { tail[($0 + 1)...] } ?? tail)
    }

    /// Whether `path` may match the glob.
    @inline(__always)
    func admits(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard path.count >= prefix.count + suffix.count else { return false }
        for index in prefix.indices where path[index] != prefix[index] { return false }
        let start = path.count - suffix.count
        for index in suffix.indices where path[start + index] != suffix[index] { return false }
        return true
    }
}
