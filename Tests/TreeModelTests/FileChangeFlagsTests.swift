import Testing
import TreeModel

/// The review flags share one byte of ``FileChange``'s padding without growing it.
struct FileChangeFlagsTests {
    @Test func flagsKeepTheChangeAsSmallAsBefore() {
        #expect(MemoryLayout<FileChange>.size == 56)
    }

    @Test(arguments: ViewState.allCases, [false, true])
    func viewStateAndPartialStagingAreIndependent(state: ViewState, partiallyStaged: Bool) {
        var change = FileChange(status: .modified, path: RawPath("a.c"), insertions: 3, binary: false)
        #expect(change.viewState == .notViewed && !change.partiallyStaged)
        change.partiallyStaged = partiallyStaged
        change.viewState = state
        #expect(change.viewState == state)
        #expect(change.partiallyStaged == partiallyStaged)
        change.partiallyStaged.toggle()
        #expect(change.viewState == state)
        change.viewState = .notViewed
        #expect(change.partiallyStaged == !partiallyStaged)
        #expect(change.insertions == 3 && change.binary == false && change.status == .modified)
    }
}
