import Foundation
import Testing
import GitAdapter

/// The libgit2 the tests run with is the one whose headers they were built against, and, under
/// `Scripts/libgit2-compat` (`TREEREVIEW_EXPECTED_LIBGIT2`), the release that script built.
struct LibGit2VersionTests {
    @Test func loadedLibraryIsTheCompiledOne() {
        #expect(LibGit2Version.loaded == LibGit2Version.compiled)
        #expect(LibGit2Version.loaded.split(separator: ".").allSatisfy { Int($0) != nil })
        if let expected = ProcessInfo.processInfo.environment["TREEREVIEW_EXPECTED_LIBGIT2"] {
            #expect(LibGit2Version.loaded == expected)
        }
    }
}
