/// Standard output as the pager path sees it: the destination (a started pager, or standard
/// output itself) is chosen when the first bytes are written, so that empty output starts no
/// pager; ``finish()`` waits for a pager started.
final class PagedOutput: ByteSink {
    private let open: () -> ByteSink
    private var destination: ByteSink?

    /// Output whose destination `open` gives, on the first write of some bytes.
    init(open: @escaping () -> ByteSink) {
        self.open = open
    }

    func write(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        if destination == nil { destination = open() }
        try destination!.write(bytes)
    }

    /// Ends a pager's input and waits for it to exit; nothing for standard output.
    func finish() {
        (destination as? PagerProcess)?.finish()
    }
}
