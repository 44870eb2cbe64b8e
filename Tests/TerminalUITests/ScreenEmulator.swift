/// A tiny terminal for the tests: applies the sequences ``Screen`` writes (cursor position,
/// erase line, erase display, attributes and private modes ignored) to a grid of characters,
/// with autowrap off, so a test can check what a terminal would show.
struct ScreenEmulator {
    private(set) var grid: [[Character]]
    private var row = 0
    private var column = 0
    let columns: Int

    init(columns: Int, rows: Int) {
        self.columns = columns
        grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The rows as text, trailing spaces removed.
    var text: [String] {
        grid.map { String(String($0).reversed().drop { $0 == " " }.reversed()) }
    }

    mutating func apply(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                control(parameters, final: bytes[end])
                index = end + 1
            } else {
                let scalarEnd = bytes[index...].dropFirst().firstIndex { $0 & 0xC0 != 0x80 } ?? bytes.count
                let character = Character(String(decoding: bytes[index..<scalarEnd], as: UTF8.self))
                grid[row][column] = character
                column = min(column + 1, columns - 1)
                index = scalarEnd
            }
        }
    }

    private mutating func control(_ parameters: String, final: UInt8) {
        switch final {
        case UInt8(ascii: "H"):
            let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
            row = (numbers.first ?? 1) - 1
            column = (numbers.count > 1 ? numbers[1] : 1) - 1
        case UInt8(ascii: "K"):
            for erased in column..<columns { grid[row][erased] = " " }
        case UInt8(ascii: "J") where parameters == "2":
            grid = grid.map { $0.map { _ in " " } }
        default:
            break
        }
    }
}
