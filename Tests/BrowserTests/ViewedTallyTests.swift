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
}
