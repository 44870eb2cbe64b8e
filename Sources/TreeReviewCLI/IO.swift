import ChangeList
import Foundation

/// Where output goes: a file descriptor in the program, a buffer in tests.
public protocol ByteSink: AnyObject {
    /// Writes all of `bytes` or throws.
    func write(_ bytes: [UInt8]) throws
}

/// Raised when the reader of our output has gone away (`treereview | head -1`).
struct BrokenPipe: Error {}

/// A write that failed for another reason than a closed pipe (a full disk, `>/dev/full`),
/// in git's words: `write failure on 'stdout': No space left on device`.
struct WriteFailure: Error, Equatable, CustomStringConvertible {
    /// What was written to, as git names it (`stdout`).
    public let stream: String
    /// The `errno` of the failed write.
    public let code: Int32

    public var description: String { "write failure on '\(stream)': " + String(cString: strerror(code)) }
}

/// Writes to a file descriptor, retrying short writes.
public final class FileDescriptorSink: ByteSink {
    private let descriptor: Int32
    private let name: String

    /// A sink writing to `descriptor`, which messages call `name` (git's `stdout`).
    public init(descriptor: Int32, name: String = "stdout") {
        self.descriptor = descriptor
        self.name = name
    }

    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE { throw BrokenPipe() }
                    throw WriteFailure(stream: name, code: errno)
                }
                if written == 0 { throw WriteFailure(stream: name, code: EIO) }
                offset += written
            }
        }
    }
}

/// Collects output in memory, for tests.
public final class BufferSink: ByteSink, @unchecked Sendable {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: [UInt8]) throws { self.bytes += bytes }

    /// The output as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// The process's standard streams and where it runs.
public struct IO {
    public var standardOutput: ByteSink
    public var standardError: ByteSink
    /// Reads all of standard input.
    public var readStandardInput: () throws -> [UInt8]
    /// Whether standard output is a terminal.
    public var outputIsTerminal: Bool
    /// Whether standard input is a terminal (false where it is captured: tests).
    public var inputIsTerminal: Bool
    /// The terminal's width in columns, when standard output is a terminal that reports one.
    public var terminalWidth: Int?
    /// The directory relative paths (`-C`) start from.
    public var currentDirectory: String
    /// Whether output to a terminal may go through a pager process: true for the real
    /// streams, false where output is captured (tests).
    var canStartPager: Bool
    /// Whether a finished run ends the process itself, leaving its memory to the system
    /// rather than freeing a large report piece by piece: true for the real streams only.
    var endsProcessWhenDone = false

    public init(
        standardOutput: ByteSink, standardError: ByteSink, readStandardInput: @escaping () throws -> [UInt8] = { [] },
        outputIsTerminal: Bool, terminalWidth: Int? = nil, currentDirectory: String, canStartPager: Bool = false,
        inputIsTerminal: Bool = false
    ) {
        self.inputIsTerminal = inputIsTerminal
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.readStandardInput = readStandardInput
        self.outputIsTerminal = outputIsTerminal
        self.terminalWidth = terminalWidth
        self.currentDirectory = currentDirectory
        self.canStartPager = canStartPager
    }

    /// The real standard streams of this process.
    public static var process: IO {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        var size = winsize()
        let width = isTerminal && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
        var io = IO(standardOutput: FileDescriptorSink(descriptor: STDOUT_FILENO),
                    standardError: FileDescriptorSink(descriptor: STDERR_FILENO, name: "stderr"),
                    readStandardInput: { try readAll(STDIN_FILENO) },
                    outputIsTerminal: isTerminal,
                    terminalWidth: width,
                    currentDirectory: FileManager.default.currentDirectoryPath,
                    canStartPager: true,
                    inputIsTerminal: isatty(STDIN_FILENO) == 1)
        io.endsProcessWhenDone = true
        return io
    }
}

/// Reads a change list from a file descriptor to its end, in place (no zero-filling, no
/// intermediate copies), in chunks that `bounds` checks as they come: input that is not a
/// change list ends in a ``ChangeListReader/InputError`` after a bounded read.
func readAll(_ descriptor: Int32, bounds: ChangeListBounds = ChangeListBounds()) throws -> [UInt8] {
    var bounds = bounds
    var status = stat()
    var capacity = 1 << 16
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 {
        try bounds.check(size: Int(status.st_size))
        capacity = Int(status.st_size) + 1
    }
    var result: [UInt8] = []
    while true {
        var failure: Int32 = 0
        var reachedEnd = false
        var bad: ChangeListReader.InputError?
        let previous = result
        result = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            previous.withUnsafeBufferPointer { old in
                if let source = old.baseAddress { buffer.baseAddress!.initialize(from: source, count: old.count) }
            }
            count = previous.count
            while count < capacity {
                let read = Foundation.read(descriptor, buffer.baseAddress! + count, min(capacity - count, ChangeListBounds.chunkBytes))
                if read < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if read == 0 {
                    reachedEnd = true
                    return
                }
                do throws(ChangeListReader.InputError) {
                    try bounds.scan(UnsafeRawBufferPointer(start: buffer.baseAddress! + count, count: read))
                } catch {
                    bad = error
                    return
                }
                count += read
            }
        }
        if let bad { throw bad }
        if failure != 0 { throw UsageError("stdin: read error: " + String(cString: strerror(failure))) }
        if reachedEnd { return result }
        capacity = min(capacity * 2, bounds.inputBytes + 1)
    }
}
