/// The parent steps at the end of a revision (`main~2^2`): `~<n>` follows first parents n
/// times, `^<n>` takes the nth parent (`^0` the commit itself).
enum ParentSteps {
    struct Step: Equatable {
        var firstParent: Bool
        var count: Int
    }

    /// The revision's base and its trailing steps in order; `nil` when it ends in none.
    static func split(_ revision: String) -> (base: String, steps: [Step])? {
        var characters = Array(revision)
        var steps: [Step] = []
        while true {
            var digits = ""
            while let last = characters.last, last.isASCII, last.isNumber {
                digits = String(last) + digits
                characters.removeLast()
            }
            guard let marker = characters.last, marker == "~" || marker == "^", characters.count > 1 else {
                characters += digits
                break
            }
            characters.removeLast()
            guard let count = digits.isEmpty ? 1 : Int(digits) else { return nil }
            steps.insert(Step(firstParent: marker == "~", count: count), at: 0)
        }
        return steps.isEmpty ? nil : (String(characters), steps)
    }
}
