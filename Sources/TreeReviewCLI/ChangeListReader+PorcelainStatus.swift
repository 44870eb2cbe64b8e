import TreeModel

extension ChangeListReader {
    /// The two letters of a porcelain line and the status they amount to.
    struct PorcelainStatus {
        let index: UInt8
        let worktree: UInt8

        /// Reads `XY ` at the start of `line`; `nil` if it is not a porcelain status.
        init?(_ line: ArraySlice<UInt8>) {
            guard line.count >= 4, line[line.startIndex + 2] == UInt8(ascii: " ") else { return nil }
            let index = line[line.startIndex], worktree = line[line.startIndex + 1]
            let letters = " MTADRCU".utf8
            let isPair = (index == worktree && (index == UInt8(ascii: "?") || index == UInt8(ascii: "!")))
            guard isPair || (letters.contains(index) && letters.contains(worktree) && !(index == Self.blank && worktree == Self.blank)) else {
                return nil
            }
            self.index = index
            self.worktree = worktree
        }

        private static let blank = UInt8(ascii: " ")

        /// Whether the line names two paths: a rename or copy in the index.
        var isPaired: Bool { index == UInt8(ascii: "R") || index == UInt8(ascii: "C") }

        /// The change from HEAD to the working tree; `nil` when there is none (an ignored file, a
        /// file added or copied and then deleted from the working tree).
        func change(old: RawPath?, new: RawPath) -> FileChange? {
            switch (Character(Unicode.Scalar(index)), Character(Unicode.Scalar(worktree))) {
            case ("!", _): return nil
            case ("?", _): return FileChange(status: .untracked, path: new)
            case ("U", _), (_, "U"), ("D", "D"), ("A", "A"): return FileChange(status: .unmerged, path: new)
            case ("A", "D"), ("C", "D"): return nil
            case ("R", "D"): return FileChange(status: .deleted, path: old ?? new)
            case ("R", _): return FileChange(status: .renamed, path: new, oldPath: old)
            case ("C", _): return FileChange(status: .copied, path: new, oldPath: old)
            case ("A", _): return FileChange(status: .added, path: new)
            case ("D", _), (_, "D"): return FileChange(status: .deleted, path: new)
            case ("T", _), (_, "T"): return FileChange(status: .typeChanged, path: new)
            default: return FileChange(status: .modified, path: new)
            }
        }
    }
}
