/// The layout of the stats column: a `+I` cell and a `−D` cell, each right-aligned,
/// separated by one space, starting two columns after the widest row's left part.
/// A count of 0 leaves its cell blank; a binary file shows `binary`, right-aligned.
public struct StatColumns: Sendable {
    /// The column where the stats start.
    public let start: Int
    /// The width of the `+I` cell (widened, when needed, to fit `binary`).
    let plus: Int
    /// The space between the cells: 1 when both ever show something, else 0.
    let gap: Int
    /// The width of the `−D` cell.
    let minus: Int

    /// The layout that fits every row of `rows`.
    public init(rows: some Sequence<FormattedRow>) {
        var measure = Measure()
        for row in rows { measure.add(row) }
        self = measure.columns
    }

    private init(widestRow left: Int, plus: Int, minus: Int, hasBinary: Bool) {
        let gap = plus > 0 && minus > 0 ? 1 : 0
        let block = max(plus + gap + minus, hasBinary ? Self.binaryLabelWidth : 0)
        self.start = left + 2
        self.gap = gap
        self.minus = minus
        self.plus = block - gap - minus
    }

    /// The widths of rows seen one at a time, for a layout that fits them all without
    /// keeping them.
    struct Measure {
        /// The widest left part so far.
        private(set) var widestRow = 0
        private var plus = 0
        private var minus = 0
        private var hasBinary = false

        /// Takes `row` into account.
        mutating func add(_ row: FormattedRow) {
            widestRow = max(widestRow, row.width)
            switch row.stat {
            case .none:
                break
            case let .lines(insertions, deletions):
                if insertions > 0 { plus = max(plus, 1 + decimalDigits(insertions)) }
                if deletions > 0 { minus = max(minus, 1 + decimalDigits(deletions)) }
            case .binary:
                hasBinary = true
            }
        }

        /// The layout that fits every row added.
        var columns: StatColumns {
            StatColumns(widestRow: widestRow, plus: plus, minus: minus, hasBinary: hasBinary)
        }
    }

    private static let binaryLabelWidth = 6

    /// The width of the whole stats block, after the two-column gap.
    public var blockWidth: Int { plus + gap + minus }

    /// Appends the stats of a row whose left part is `row.width` columns wide; nothing
    /// (not even padding) when the row has nothing to show.
    func append(_ row: FormattedRow, color: Bool, minus minusSign: [UInt8], to output: inout [UInt8]) {
        switch row.stat {
        case .none:
            return
        case .binary:
            output.append(spaces: start - row.width + plus + gap + minus - Self.binaryLabelWidth)
            output.append("binary")
        case let .lines(insertions, deletions):
            guard insertions > 0 || deletions > 0 else { return }
            output.append(spaces: start - row.width)
            if insertions > 0 {
                output.append(spaces: plus - 1 - decimalDigits(insertions))
                Style.insertions.open(&output, enabled: color)
                output.append(UInt8(ascii: "+"))
                output.append(decimal: insertions)
                Style.close(&output, enabled: color)
            } else {
                output.append(spaces: plus)
            }
            guard deletions > 0 else { return }
            output.append(spaces: gap + minus - 1 - decimalDigits(deletions))
            Style.deletions.open(&output, enabled: color)
            output.append(contentsOf: minusSign)
            output.append(decimal: deletions)
            Style.close(&output, enabled: color)
        }
    }
}
