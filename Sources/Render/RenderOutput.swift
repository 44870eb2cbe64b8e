/// Where a renderer writes: a byte buffer it appends to, handed on in chunks of about
/// ``chunkSize`` bytes while the rendering goes on, so that output of any size takes a
/// bounded amount of memory.
///
/// A renderer appends to ``bytes`` and calls ``flushIfFull()`` between pieces (a row, a
/// file entry); the caller calls ``flush()`` at the end. Collecting output
/// (``init(collecting:)``) keeps everything in ``bytes`` and never hands anything on.
public struct RenderOutput {
    /// The bytes rendered and not handed on yet; renderers append here.
    public var bytes: [UInt8]
    /// The size past which ``flushIfFull()`` hands the bytes on.
    public let chunkSize: Int
    private let write: (([UInt8]) throws -> Void)?

    /// The chunk size of output handed on: 1 MiB.
    public static let defaultChunkSize = 1 << 20

    /// Output handed to `write` in chunks of about `chunkSize` bytes (at least 1).
    public init(chunkSize: Int = RenderOutput.defaultChunkSize, write: @escaping ([UInt8]) throws -> Void) {
        self.chunkSize = max(1, chunkSize)
        self.write = write
        bytes = []
        bytes.reserveCapacity(self.chunkSize + Self.slack)
    }

    /// Output collected whole in ``bytes``, after `bytes`.
    public init(collecting bytes: [UInt8] = []) {
        self.bytes = bytes
        chunkSize = .max
        write = nil
    }

    /// Room kept past a chunk, for the piece that crosses its end.
    private static let slack = 1 << 16

    /// Hands the bytes on once they reach ``chunkSize``.
    @inline(__always)
    public mutating func flushIfFull() throws {
        if bytes.count >= chunkSize { try flush() }
    }

    /// Hands on every byte not handed on yet (nothing when collecting).
    public mutating func flush() throws {
        guard let write, !bytes.isEmpty else { return }
        try write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Runs a rendering that writes to a ``RenderOutput`` and appends all it writes to `bytes`.
    static func collect(into bytes: inout [UInt8], _ render: (inout RenderOutput) throws -> Void) {
        var output = RenderOutput(collecting: [])
        swap(&output.bytes, &bytes)
        do {
            try render(&output)
        } catch {
            preconditionFailure("collected output is never handed on, so it cannot fail: \(error)")
        }
        swap(&output.bytes, &bytes)
    }
}
