import Glibc
import GitRules

/// Why git 2.39 refuses an index file (`do_read_index`, `verify_hdr`), told in its words.
public enum IndexProblem: Sendable, Equatable {
    /// Shorter than a header and a checksum: `index file smaller than expected`.
    case tooSmall
    /// The first four bytes are not `DIRC`: `bad signature 0x…`, the bytes read as git reads
    /// them on this machine (in its byte order).
    case badSignature(UInt32)
    /// A version other than 2, 3 and 4: `bad index version N`.
    case badVersion(UInt32)
    /// Any other damage: `index file corrupt`.
    case corrupt

    /// The problem git finds first in the index file at `path` when it cannot be read,
    /// judged from its size and header alone (``corrupt`` when those are sound).
    static func of(indexFile path: String) -> IndexProblem {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .corrupt }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .corrupt }
        if status.st_size < 12 + 20 { return .tooSmall }
        var header = [UInt8](repeating: 0, count: 12)
        guard pread(descriptor, &header, 12, 0) == 12 else { return .corrupt }
        let signature = header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 0, as: UInt32.self) }
        if UInt32(bigEndian: signature) != 0x4449_5243 { return .badSignature(signature) }
        let version = UInt32(bigEndian: header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 4, as: UInt32.self) })
        if !(2...4).contains(version) { return .badVersion(version) }
        return .corrupt
    }

    /// git's message for the index file shown as `path`.
    func message(path: String) -> String {
        switch self {
        case .tooSmall: "'\(path)': index file smaller than expected"
        case .badSignature(let signature): "'\(path)': index file corrupt (bad signature 0x\(Hex.string(withUnsafeBytes(of: signature.bigEndian) { Array($0) })))"
        case .badVersion(let version): "'\(path)': index file corrupt (bad index version \(version))"
        case .corrupt: "'\(path)': index file corrupt"
        }
    }
}
