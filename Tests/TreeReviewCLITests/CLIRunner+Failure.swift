import Testing
import TestSupport

extension CLIRunner {
    /// Runs treereview in-process on `repo` expecting it to refuse: one line on stderr that
    /// starts `treereview: ` and names no libgit2 call or error number, exit 2, nothing on
    /// stdout, and `.git` unchanged. Returns the message without the `treereview: ` prefix.
    static func failure(_ arguments: [String], in repo: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let before = try GitDirectorySnapshot(repo)
        let outcome = run(arguments, in: repo)
        #expect(outcome.status == 2, sourceLocation: sourceLocation)
        #expect(outcome.output.isEmpty, sourceLocation: sourceLocation)
        #expect(outcome.errorLines.count == 1, "\(outcome.error)", sourceLocation: sourceLocation)
        #expect(outcome.error.hasPrefix("treereview: "), sourceLocation: sourceLocation)
        #expect(!outcome.error.contains("git_") && !outcome.error.contains("(-"), "\(outcome.error)", sourceLocation: sourceLocation)
        #expect(try GitDirectorySnapshot(repo) == before, "the repository was modified", sourceLocation: sourceLocation)
        return String(outcome.error.dropFirst("treereview: ".count).dropLast())
    }
}
