import TreeModel

/// A roll-up as a filter's projection sums it: the ``ChangeSummary`` of the files shown below
/// a directory, in vectors a file is added to without a branch (its status picks a lane).
struct RollUp: Sendable {
    /// Files per status, in ``FileFilter/statusKey(_:)`` order (lane 0: the first status).
    var statuses = SIMD8<Int32>()
    /// Files, files whose content was read, binary files, and an unused lane.
    var files = SIMD4<Int32>()
    var insertions = 0
    var deletions = 0

    private static var statusLanes: SIMD8<Int32> { SIMD8(1, 2, 3, 4, 5, 6, 7, 8) }

    /// Adds everything `other` counted.
    @inline(__always)
    mutating func add(_ other: RollUp) {
        statuses &+= other.statuses
        files &+= other.files
        insertions &+= other.insertions
        deletions &+= other.deletions
    }

    /// Adds the file `tally` describes; `whole` is its summary, read only for line counts too
    /// large for the tally.
    @inline(__always)
    mutating func add(_ tally: FileTally, whole: @autoclosure () -> ChangeSummary) {
        let lane = SIMD8<Int32>(repeating: Int32(tally.key & FileFilter.statusBits)) .== Self.statusLanes
        statuses &+= SIMD8<Int32>(repeating: 0).replacing(with: 1, where: lane)
        let read: Int32 = tally.lines == .unread ? 0 : 1, binary: Int32 = tally.lines == .binary ? 1 : 0
        files &+= SIMD4<Int32>(1, read, binary, 0)
        guard tally.lines != .tooLarge else {
            insertions &+= whole().insertions ?? 0
            deletions &+= whole().deletions ?? 0
            return
        }
        insertions &+= Int(tally.insertions)
        deletions &+= Int(tally.deletions)
    }

    /// The roll-up as a ``ChangeSummary``.
    var summary: ChangeSummary {
        var counts = StatusCounts()
        for (lane, status) in ChangeStatus.allCases.enumerated() { counts[status] = Int(statuses[lane]) }
        return ChangeSummary(files: Int(files[0]), counts: counts, readFiles: Int(files[1]), binaryFiles: Int(files[2]),
                             insertions: insertions, deletions: deletions)
    }
}
