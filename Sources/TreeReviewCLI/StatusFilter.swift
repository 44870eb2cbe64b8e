import TreeModel

/// A status filter as git's `--diff-filter`: upper-case letters keep those statuses,
/// lower-case letters drop them (`ad` keeps everything but additions and deletions).
struct StatusFilter: Equatable {
    private(set) var kept: Set<ChangeStatus> = []
    private(set) var dropped: Set<ChangeStatus> = []

    init(_ text: String) throws {
        guard !text.isEmpty else { throw UsageError("--status needs letters such as AM or d") }
        for character in text {
            guard let status = ChangeStatus(letter: Character(character.uppercased())) else {
                throw UsageError("invalid status '\(character)' in --status '\(text)': use A C D M R T U ? (lower case drops)")
            }
            if character.isLowercase { dropped.insert(status) } else { kept.insert(status) }
        }
    }

    /// Whether a change with `status` is shown. A change without a status (a bare path list)
    /// is shown only when nothing is explicitly kept.
    func includes(_ status: ChangeStatus?) -> Bool {
        guard let status else { return kept.isEmpty }
        if dropped.contains(status) { return false }
        return kept.isEmpty || kept.contains(status)
    }
}
