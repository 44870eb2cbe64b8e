import Foundation
import Testing
import TestSupport

/// A viewed-marks file that is not a regular file (a FIFO, a symbolic link to `/dev/zero`)
/// or is larger than any set of marks: never opened so that it blocks, never read without
/// end. A comparison ignores it with one warning naming it (as it ignores a damaged file);
/// `viewed` and `unviewed` refuse to replace it, with one error line and exit 2. Each run is
/// a child bounded in memory and time (``BoundedRun``).
struct MarksFileBoundsTests {
    /// A fresh repository whose marks file is made by `make` (given its path).
    private static func repository(_ make: (String) throws -> Void) throws -> (repo: String, marks: String) {
        let repo = try Fixtures.fresh("partly-staged")
        let marks = try ViewedTests.marksFile(repo)
        try FileManager.default.createDirectory(atPath: (marks as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try make(marks)
        return (repo, marks)
    }

    private static let kinds: [(String, @Sendable (String) throws -> Void, String)] = [
        ("a FIFO", { path in _ = mkfifo(path, 0o644) }, "not a regular file"),
        ("a link to /dev/zero", { path in try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero") },
         "not a regular file"),
        ("a sparse 300 MiB file", { path in
            _ = FileManager.default.createFile(atPath: path, contents: Data("treereview viewed 1\n".utf8))
            _ = truncate(path, 300 << 20)
        }, "larger than 256 MiB"),
    ]

    @Test(arguments: kinds.indices)
    func aComparisonIgnoresTheFileWithAWarning(kind: Int) throws {
        let (name, make, reason) = Self.kinds[kind]
        let (repo, marks) = try Self.repository { _ in }
        let without = try BoundedRun.run(["--format", "plain"], in: repo)
        try make(marks)
        let result = try BoundedRun.run(["--format", "plain"], in: repo)
        #expect(result.status == 0, "\(name): exit \(result.status): \(result.error)")
        #expect(!without.output.isEmpty && result.output == without.output, "\(name)")
        #expect(result.error == "treereview: warning: ignoring the viewed marks in \(marks): \(reason)\n", "\(name)")
    }

    @Test(arguments: kinds.indices, [["viewed", "new"], ["unviewed", "new"]])
    func viewedAndUnviewedRefuseToReplaceIt(kind: Int, arguments: [String]) throws {
        let (name, make, reason) = Self.kinds[kind]
        let (repo, marks) = try Self.repository(make)
        let before = try FileManager.default.attributesOfItem(atPath: marks)
        let result = try BoundedRun.run(arguments, in: repo)
        #expect(result.status == 2, "\(name): exit \(result.status): \(result.error)")
        #expect(result.output.isEmpty)
        #expect(result.error == "treereview: cannot read the viewed marks in \(marks): \(reason); not changing them\n", "\(name)")
        let after = try FileManager.default.attributesOfItem(atPath: marks)
        #expect(after[.type] as? FileAttributeType == before[.type] as? FileAttributeType, "\(name): left as it was")
        #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int, "\(name): left as it was")
    }

    @Test func aFIFOLeftAsTheNewFileDoesNotBlockAWrite() throws {
        let (repo, marks) = try Self.repository { path in _ = mkfifo(path + ".new", 0o644) }
        let result = try BoundedRun.run(["viewed", "new"], in: repo)
        #expect(result.status == 0, "exit \(result.status): \(result.error)")
        #expect(result.error.isEmpty)
        #expect(try String(contentsOfFile: marks, encoding: .utf8).hasPrefix("treereview viewed 2\n"))
    }
}
