import TreeModel

/// How many changes there are of each status and how many of them are marked viewed, counted
/// in one pass so that the header's `x of y viewed` under a filter costs no pass of its own.
struct ViewedTally {
    /// Counts by the status's letter byte (0: no status).
    private var viewed = [Int](repeating: 0, count: 128)
    private var files = [Int](repeating: 0, count: 128)
    private var total = (viewed: 0, files: 0)

    /// The tally of `changes`.
    init(_ changes: [FileChange]) {
        for index in changes.indices {
            let slot = Self.slot(of: changes[index].status)
            files[slot] += 1
            if changes[index].viewState == .viewed {
                viewed[slot] += 1
                total.viewed += 1
            }
        }
        total.files = changes.count
    }

    /// Counts a change of `status` whose view state went from `before` to `after`.
    mutating func note(_ status: ChangeStatus?, viewStateFrom before: ViewState, to after: ViewState) {
        guard (before == .viewed) != (after == .viewed) else { return }
        let step = after == .viewed ? 1 : -1
        viewed[Self.slot(of: status)] += step
        total.viewed += step
    }

    /// How many changes of `status` (of any status for `nil`) are marked viewed, and how many
    /// there are.
    func counts(status: ChangeStatus?) -> (viewed: Int, files: Int) {
        guard let status else { return total }
        return (viewed[Self.slot(of: status)], files[Self.slot(of: status)])
    }

    private static func slot(of status: ChangeStatus?) -> Int {
        status.map { Int($0.letterByte & 0x7F) } ?? 0
    }
}
