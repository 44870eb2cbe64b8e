import Foundation

/// `--write <format>=<file>`: the report in another format, written to a file from the same
/// comparison as standard output's.
struct ReportFile: Equatable {
    /// The format written.
    let format: OutputFormat
    /// The file, as given.
    let path: String

    /// Reads `markdown=summary.md`; `option` names the option in messages.
    init(parsing value: String, option: String) throws {
        let formats = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
        guard let equals = value.firstIndex(of: "=") else {
            throw UsageError("invalid value '\(value)' for \(option): expected <format>=<file>, the format one of \(formats)")
        }
        let name = String(value[..<equals])
        guard let format = OutputFormat(rawValue: name) else {
            throw UsageError("invalid format '\(name)' for \(option): expected one of \(formats)"
                + ArgumentParser.nearest(name, in: OutputFormat.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" }.orEmpty)
        }
        let path = String(value[value.index(after: equals)...])
        guard !path.isEmpty else { throw UsageError("empty file name for \(option) \(name)=") }
        guard path != "-" else {
            throw UsageError("\(option) \(name)=-: standard output carries --format's report; name a file")
        }
        self.format = format
        self.path = path
    }

    /// Creates the file, or empties it, for writing; a relative name starts at `directory`.
    /// A file that cannot be opened (a directory, no such directory, no permission) is a
    /// ``UsageError`` naming it.
    func open(from directory: String) throws -> OpenReportFile {
        let full = path.hasPrefix("/") ? path : URL(fileURLWithPath: directory).appendingPathComponent(path).path
        let descriptor = Foundation.open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw UsageError("--write \(format.rawValue)=\(path): " + String(cString: strerror(errno)))
        }
        return OpenReportFile(file: self, descriptor: descriptor)
    }
}

/// A ``ReportFile`` open for writing: a sink whose write failures name the file (a pipe
/// closed too: unlike standard output's reader, a file's going away is an error); closed by
/// ``close()``, or when it goes away after a failure.
final class OpenReportFile: ByteSink {
    let file: ReportFile
    private var descriptor: Int32
    private let sink: FileDescriptorSink

    init(file: ReportFile, descriptor: Int32) {
        self.file = file
        self.descriptor = descriptor
        sink = FileDescriptorSink(descriptor: descriptor, name: file.path)
    }

    deinit {
        if descriptor >= 0 { _ = Foundation.close(descriptor) }
    }

    func write(_ bytes: [UInt8]) throws {
        do {
            try sink.write(bytes)
        } catch is BrokenPipe {
            throw WriteFailure(stream: file.path, code: EPIPE)
        }
    }

    /// Closes the file; a failure (a full disk reported late) is a ``WriteFailure``.
    func close() throws {
        let result = Foundation.close(descriptor)
        descriptor = -1
        if result != 0 { throw WriteFailure(stream: file.path, code: errno) }
    }
}
