internal import CZlib

/// One zlib stream inflated from compressed bytes held in memory, a piece of output at a
/// time, never looping without progress: truncated or damaged data ends the stream as
/// ``State/stuck`` instead of being waited on.
final class ZlibStream {
    /// Where the stream stands after ``inflate(into:count:)``.
    enum State: Equatable {
        /// The output was filled; the stream may go on.
        case full
        /// The stream's end was reached.
        case ended
        /// The data is damaged or ends before the stream does.
        case stuck
    }

    private let stream: UnsafeMutablePointer<z_stream>
    private let input: UnsafeRawBufferPointer
    /// Input bytes not yet handed to zlib.
    private var unfed: Int

    /// A stream over `input`, which must outlive it; `nil` when zlib cannot start.
    init?(_ input: UnsafeRawBufferPointer) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        self.input = input
        unfed = input.count
        guard treereview_inflate_init(stream) == Z_OK else {
            stream.deallocate()
            return nil
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Input left after the stream's end: git calls it garbage.
    var remainingInput: Int { Int(stream.pointee.avail_in) + unfed }

    /// Inflates into the `count` bytes at `output` until they are full or the stream ends;
    /// the bytes written and the state reached.
    func inflate(into output: UnsafeMutablePointer<UInt8>, count: Int) -> (written: Int, state: State) {
        var written = 0
        while written < count {
            feed()
            let room = UInt32(clamping: count - written)
            stream.pointee.next_out = output + written
            stream.pointee.avail_out = room
            let available = stream.pointee.avail_in
            let code = CZlib.inflate(stream, Z_NO_FLUSH)
            written += Int(room - stream.pointee.avail_out)
            if code == Z_STREAM_END { return (written, .ended) }
            guard code == Z_OK else { return (written, .stuck) }
            if stream.pointee.avail_out == room && stream.pointee.avail_in == available {
                return (written, .stuck)
            }
        }
        return (written, .full)
    }

    /// Hands zlib the next piece of input when it has used up the last.
    private func feed() {
        guard stream.pointee.avail_in == 0, unfed > 0, let base = input.baseAddress else { return }
        let piece = UInt32(clamping: unfed)
        let start = base.assumingMemoryBound(to: UInt8.self) + (input.count - unfed)
        stream.pointee.next_in = UnsafeMutablePointer(mutating: start)
        stream.pointee.avail_in = piece
        unfed -= Int(piece)
    }
}
