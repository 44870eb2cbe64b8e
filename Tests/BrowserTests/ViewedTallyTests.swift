@testable import Browser
import Testing
import TreeModel

/// The header's viewed counts, tallied once per status, are those of counting the changes of
/// each status one by one.
struct ViewedTallyTests {
    @Test(arguments: 0..<4)
    func talliesAreCountsPerStatus(seed: Int) {
        var changes = BrowserFilterTests.changes(seed: seed)
        changes.append(FileChange(status: nil, path: RawPath("bare/path")))
        for index in changes.indices where (index * 7 + seed) % 3 == 0 { changes[index].viewState = .viewed }
        let tally = ViewedTally(changes)
        let statuses: [ChangeStatus?] = [nil] + ChangeStatus.allCases
        for status in statuses {
            let shown = status.map { status in changes.filter { $0.status == status } } ?? changes
            let counts = tally.counts(status: status)
            #expect(counts.files == shown.count, "\(String(describing: status))")
            #expect(counts.viewed == shown.count { $0.viewState == .viewed }, "\(String(describing: status))")
        }
        #expect(Set(changes.compactMap(\.status)).count == ChangeStatus.allCases.count)
        #expect(changes.contains { $0.viewState == .viewed } && changes.contains { $0.viewState != .viewed })
    }

    /// Counted on change by change (what `v` does), a tally equals one counted afresh,
    /// through every state (viewed, not viewed, changed since viewed) and back.
    @Test(arguments: 0..<4)
    func aTallyCountedOnEqualsOneCountedAfresh(seed: Int) {
        var changes = BrowserFilterTests.changes(seed: seed)
        changes.append(FileChange(status: nil, path: RawPath("bare/path")))
        var tally = ViewedTally(changes)
        let states: [ViewState] = [.viewed, .changedSinceViewed, .notViewed, .viewed]
        var transitions = 0
        for step in 0..<(changes.count * 3) {
            let index = (step * 7 + seed) % changes.count
            let next = states[(step + seed) % states.count]
            if (changes[index].viewState == .viewed) != (next == .viewed) { transitions += 1 }
            tally.note(changes[index].status, viewStateFrom: changes[index].viewState, to: next)
            changes[index].viewState = next
            let fresh = ViewedTally(changes)
            for status in [nil] + ChangeStatus.allCases.map(Optional.some) {
                #expect(tally.counts(status: status) == fresh.counts(status: status))
            }
        }
        #expect(transitions > changes.count, "the steps mark and unmark files")
    }
}
