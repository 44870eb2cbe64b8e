import TreeModel

extension ChangeListReader {
    /// A status code: `M`, `A`, `R096`, `C100`, `T`, `U`, `D`, `?`, `X` (git's "unknown").
    struct StatusCode {
        let letter: UInt8
        let score: Int?

        /// Whether the status names two paths, the old one first.
        var isPaired: Bool { letter == UInt8(ascii: "R") || letter == UInt8(ascii: "C") }

        init?<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
            guard let first = bytes.first, bytes.count <= 4 else { return nil }
            switch first {
            case UInt8(ascii: "A"), UInt8(ascii: "M"), UInt8(ascii: "D"), UInt8(ascii: "R"), UInt8(ascii: "C"),
                 UInt8(ascii: "T"), UInt8(ascii: "U"), UInt8(ascii: "X"), UInt8(ascii: "?"): break
            default: return nil
            }
            var score: Int?
            for byte in bytes.dropFirst() {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                score = (score ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
            }
            self.letter = first
            self.score = score
        }

        /// The status its letter stands for; `nil` for `X`.
        var status: ChangeStatus? {
            switch letter {
            case UInt8(ascii: "A"): .added
            case UInt8(ascii: "M"): .modified
            case UInt8(ascii: "D"): .deleted
            case UInt8(ascii: "R"): .renamed
            case UInt8(ascii: "C"): .copied
            case UInt8(ascii: "T"): .typeChanged
            case UInt8(ascii: "U"): .unmerged
            case UInt8(ascii: "?"): .untracked
            default: nil
            }
        }

        /// The change it says for `path` (and, for a rename or copy, `oldPath`).
        func change(path: RawPath, oldPath: RawPath? = nil) -> FileChange {
            FileChange(status: status, path: path, oldPath: oldPath, similarity: isPaired ? (score ?? 100) : nil)
        }

        /// The error for a line with `found` paths, when the status needs another number.
        func pathCountError(found: Int, at place: Place) -> InputError {
            InputError(place, "status \(Character(Unicode.Scalar(letter))) needs \(isPaired ? "two paths" : "one path"), found \(found)")
        }
    }
}
