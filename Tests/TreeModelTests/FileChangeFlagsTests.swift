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

    @Test(arguments: ViewState.allCases, [false, true])
    func changedSinceReviewIsIndependentOfTheOtherFlags(state: ViewState, partiallyStaged: Bool) {
        var change = FileChange(status: .modified, path: RawPath("a.c"), insertions: 3, binary: false)
        #expect(!change.changedSinceReview && !change.showsDetailsAfterName)
        change.changedSinceReview = true
        #expect(!change.showsDetailsAfterName, "nothing to show after the name for it")
        change.viewState = state
        change.partiallyStaged = partiallyStaged
        #expect(change.changedSinceReview && change.viewState == state && change.partiallyStaged == partiallyStaged)
        change.changedSinceReview = false
        #expect(change.viewState == state && change.partiallyStaged == partiallyStaged)
        change.viewState = .notViewed
        change.changedSinceReview = true
        change.viewState = state
        #expect(change.changedSinceReview)
    }
}
