import Foundation

/// Reads working-tree files by their exact path bytes; a file that cannot be read is an error
/// in git's words, naming the path as it appears in the repository.
enum WorkingTreeFile {
    /// The content of the file at `path` (absolute, bytes).
    static func content(of path: [UInt8], shownAs shown: [UInt8]) throws -> [UInt8] {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw unreadable(shown) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(shown)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// The target of the symbolic link at `path`.
    static func target(of path: [UInt8], shownAs shown: [UInt8]) throws -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = path.withCString { readlink($0, &buffer, buffer.count) }
        guard length >= 0 else { throw unreadable(shown) }
        return buffer[..<length].map { UInt8(bitPattern: $0) }
    }

    /// The error for the current `errno`.
    private static func unreadable(_ shown: [UInt8]) -> AdapterError {
        .unreadableFile(path: String(decoding: shown, as: UTF8.self), reason: String(cString: strerror(errno)))
    }
}

extension Array where Element == UInt8 {
    /// Runs `body` with the bytes as a NUL-terminated C string.
    func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        var terminated = self
        terminated.append(0)
        return try terminated.withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count, body)
        }
    }
}
