import TreeModel

/// Writes the rows of a tree that show no line counts, colors, icons or annotations and are
/// never shortened (the tree of a path list, or of a comparison under `--no-stat`, to a pipe
/// or a file): each row is its guides, a status letter, the escaped name, copied straight
/// into a buffer through a pointer. A row that shows more — a collapsed directory's roll-up,
/// a rename's origin, a mode change, review marks — is formatted by the ``RowFormatter``
/// and copied, so every row reads exactly as the formatter writes it.
struct BareRowWriter: ~Copyable {
    private var formatter: RowFormatter
    private var guides: GuidePrefix
    /// The rows not handed on yet: room for a chunk and the row that crosses its end.
    private var buffer = ByteBuffer(capacity: RenderOutput.defaultChunkSize + (1 << 16))
    /// A row the formatter wrote, or a name escaped byte by byte.
    private var scratch: [UInt8] = []

    /// Whether the rows of `report`, drawn with `options` and `formatter`, show nothing but
    /// guides, status letters and names (and, here and there, what the formatter writes).
    static func applies(to report: Report, options: RenderOptions, formatter: RowFormatter) -> Bool {
        !report.linesCounted && options.width == nil && !options.color && options.icons == .none && !formatter.annotates
    }

    /// A writer of rows that ``applies(to:options:formatter:)`` accepts, in the glyphs of `charset`.
    init(formatter: RowFormatter, charset: Charset) {
        self.formatter = formatter
        guides = GuidePrefix(Glyphs(charset))
    }

    /// Writes every row of `view`, handing `output` the bytes in chunks.
    mutating func writeRows(of view: TreeView, to output: inout RenderOutput) throws {
        try view.forEachRow { row in
            write(row)
            if buffer.count >= output.chunkSize { try flush(to: &output) }
        }
        try flush(to: &output)
    }

    private mutating func write(_ rowView: RowView) {
        let row = rowView.row
        if row.isDirectory {
            guard row.isExpanded else { return copyFormatted(rowView) }
            appendGuides(of: row)
            for link in rowView.chain {
                appendEscaped(link.name)
                buffer.append(UInt8(ascii: "/"))
            }
        } else {
            let node = rowView.node
            let change = node.change
            if let change, change.showsDetailsAfterName { return copyFormatted(rowView) }
            appendGuides(of: row)
            if let status = change?.status {
                buffer.append(status.letterByte)
                buffer.append("  ")
            }
            appendEscaped(node.name)
        }
        buffer.append(UInt8(ascii: "\n"))
    }

    @inline(__always)
    private mutating func appendGuides(of row: VisibleRow) {
        guard row.level > 0 else { return }
        guides.withPrefix(guides: row.guides, isLast: row.isLast) { buffer.append($0) }
    }

    /// Appends `name` as ``TerminalText`` escapes it: as it is when it is printable ASCII.
    @inline(__always)
    private mutating func appendEscaped(_ name: UnsafeBufferPointer<UInt8>) {
        if TerminalText.isPrintableASCII(name) { return buffer.append(name) }
        scratch.removeAll(keepingCapacity: true)
        TerminalText.append(name, to: &scratch)
        scratch.withUnsafeBufferPointer { buffer.append($0) }
    }

    /// Appends the row as the formatter writes it, with its line end.
    private mutating func copyFormatted(_ row: RowView) {
        scratch.removeAll(keepingCapacity: true)
        _ = formatter.append(row, budget: nil, to: &scratch)
        scratch.withUnsafeBufferPointer { buffer.append($0) }
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Hands `output` the rows written, as one chunk copied whole (an array's append of a
    /// buffer copies it byte by byte).
    private mutating func flush(to output: inout RenderOutput) throws {
        let chunk = buffer.withUnsafeBufferPointer { rows in
            [UInt8](unsafeUninitializedCapacity: rows.count) { chunk, count in
                if let source = rows.baseAddress { chunk.baseAddress!.initialize(from: source, count: rows.count) }
                count = rows.count
            }
        }
        buffer.removeAll()
        try output.hand(chunk)
    }
}
