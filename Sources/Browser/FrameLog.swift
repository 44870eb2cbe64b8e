import Glibc

/// Frame timings, one line each, for benchmarks (`TREEREVIEW_FRAME_LOG=<file>`):
///
///     first-frame 41.372
///     browser-ready 388.650
///     key j 0.914
///     mouse scroll down at 10,5 1.203
///     resize 100x30 2.051
///
/// The first line is the time from the changes being ready to the first frame written (drawn
/// from the change tree, ``BrowserPreview``); the second the time from the changes being
/// ready to the browser's model built and answering keys; each next one the time from an
/// event being read to its frame written, in milliseconds.
public final class FrameLog {
    private let descriptor: Int32

    /// A log appending to the file at `path` (created when missing), or `nil` when it cannot
    /// be opened.
    public init?(path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Logs `what` as taking `duration`.
    public func record(_ what: String, _ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let fraction = String(microseconds % 1000)
        let line = "\(what) \(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)\n"
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
