/// The value of a numeric option (`--depth`, `-l`): decimal digits only, never overflowing.
enum WholeNumber {
    /// The largest value kept, as git's `int`: a larger one means the same (a depth deeper
    /// than any tree, a rename limit whose square no comparison reaches), so it is lowered to this.
    static let largest = Int(Int32.max)

    /// The number `text` spells, at most ``largest``; anything but digits is an error naming `option`.
    static func parse(_ text: String, option: String) throws -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw UsageError("invalid value '\(text)' for \(option): expected a whole number, 0 or more")
        }
        var value = 0
        for digit in text.utf8 {
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
            if value > largest { return largest }
        }
        return value
    }

    /// The number `text` spells, which must be at least `least`.
    static func parse(_ text: String, option: String, atLeast least: Int) throws -> Int {
        let value = try parse(text, option: option)
        guard value >= least else {
            throw UsageError("invalid value '\(text)' for \(option): expected a whole number, \(least) or more")
        }
        return value
    }
}
