import Foundation

/// Phase timings on stderr when `TREEREVIEW_TRACE` is set.
struct Trace {
    let enabled: Bool
    private let start = Date()

    init(enabled: Bool) { self.enabled = enabled }

    func mark(_ what: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("trace \(String(format: "%.3f", Date().timeIntervalSince(start))) s: \(what)\n".utf8))
    }
}
