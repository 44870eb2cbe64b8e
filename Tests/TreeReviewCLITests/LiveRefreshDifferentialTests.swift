import Browser
import Foundation
import ReviewState
import TestSupport
import Testing
import TreeModel
@testable import TreeReviewCLI

/// Live refresh, differentially: random edits, creations, deletions, renames (of files and
/// directories), staging, unstaging and commits in a working tree, each followed by the feed's own
/// inotify events and read; the list the refreshes build must equal a whole read every time.
@Suite(.serialized) struct LiveRefreshDifferentialTests {
    private enum Step: String, CaseIterable {
        case edit, create, delete, rename, stage, unstage, commit
    }

    @Test(arguments: [["-i"], ["-i", "--no-renames"], ["-i", "--staged"]])
    func refreshedChangesEqualAWholeRead(arguments: [String]) throws {
        let seed = UInt64(11 + arguments.count * 7 + arguments.joined().count)
        let repository = try Self.makeRepository()
        let options = try ArgumentParser.parse(arguments)
        let io = IO(standardOutput: BufferSink(), standardError: BufferSink(), outputIsTerminal: false,
                    currentDirectory: repository)
        let environment = TestEnvironment.variables()
        let input = try ChangeInput.read(options, environment: environment, io: io)
        let reader = LiveChangeReader(options: options, environment: environment, io: io, input: input)
        let feed = LiveChangeFeed(workdir: repository, gitDirectory: repository + "/.git", reader: reader)
        #expect(feed.descriptor != nil)
        var generator = SeededGenerator(state: seed)
        var list = input.changes
        var taken = Set<Step>()
        var partial = 0
        for number in 0..<45 {
            let step = Self.pick(number, &generator)
            let done = try Self.perform(step, in: repository, &generator)
            taken.insert(step)
            feed.drain()
            let refresh = feed.changes()
            if case .within = refresh { partial += 1 }
            if let refresh { list = refresh.applied(to: list) }
            let whole = try ChangeInput.read(options, environment: environment, io: io).changes
            #expect(list == whole, "seed \(seed), step \(number): \(done)")
            if list != whole { break }
        }
        #expect(taken == Set(Step.allCases))
        #expect(partial >= 8, "only \(partial) refreshes read just the changed paths")
    }

    /// `v` after a refresh marks the file with the object id it has now (`git hash-object`),
    /// not the one it had when the browser started.
    @Test func aMarkAfterARefreshHoldsTheFileAsItIsNow() throws {
        let repository = try Self.makeRepository()
        let options = try ArgumentParser.parse(["-i"])
        let io = IO(standardOutput: BufferSink(), standardError: BufferSink(), outputIsTerminal: false,
                    currentDirectory: repository)
        let environment = TestEnvironment.variables()
        let input = try ChangeInput.read(options, environment: environment, io: io)
        let marking = try #require(input.marking)
        let marks = StoredReviewMarks(commonGitDirectory: marking.commonGitDirectory, changes: input.changes,
                                      newObjects: marking.newObjects)
        let feed = LiveChangeFeed(workdir: repository, gitDirectory: repository + "/.git",
                                  reader: LiveChangeReader(options: options, environment: environment, io: io,
                                                           input: input, marks: marks))
        try "edited again\n".write(toFile: repository + "/a/one.txt", atomically: false, encoding: .utf8)
        feed.drain()
        let refresh = try #require(feed.changes())
        guard case .within(_, let changes) = refresh else {
            Issue.record("an edit of a modified file read everything: \(refresh)")
            return
        }
        let change = try #require(changes.first { $0.path == RawPath("a/one.txt") })
        try marks.setViewed(true, for: [change])
        marks.finishWriting()
        let id = try Shell.git(["hash-object", "a/one.txt"], in: repository).text.trimmingCharacters(in: .whitespacesAndNewlines)
        let stored = ViewedMarksStore(commonGitDirectory: marking.commonGitDirectory).read().marks
        #expect(stored.byPath[RawPath("a/one.txt")] == ObjectHash(hex: id))
    }

    /// A repository with files in nested directories, committed, one file changed since.
    private static func makeRepository() throws -> String {
        let repository = try Fixtures.temporaryDirectory()
        try Shell.git(["init", "-q", "-b", "main"], in: repository)
        for directory in ["a", "a/b", "a/b/c", "d", "e-f"] {
            try FileManager.default.createDirectory(atPath: repository + "/" + directory, withIntermediateDirectories: true)
            for name in ["one.txt", "two.md"] {
                try Self.lines(5, seed: directory.count + name.count).write(toFile: "\(repository)/\(directory)/\(name)",
                                                                            atomically: false, encoding: .utf8)
            }
        }
        try "top\n".write(toFile: repository + "/a.txt", atomically: false, encoding: .utf8)
        try Shell.git(["add", "-A"], in: repository)
        try Shell.git(["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-qm", "start"], in: repository)
        try "changed\n".write(toFile: repository + "/a/one.txt", atomically: false, encoding: .utf8)
        return repository
    }

    /// Mostly edits and creations (the steps a refresh reads alone), every kind now and then.
    private static func pick(_ number: Int, _ generator: inout SeededGenerator) -> Step {
        if number < Step.allCases.count { return Step.allCases[number] }
        let roll = Int.random(in: 0..<20, using: &generator)
        switch roll {
        case 0..<8: return .edit
        case 8..<12: return .create
        case 12..<14: return .delete
        case 14..<16: return .rename
        case 16..<18: return .stage
        case 18: return .unstage
        default: return .commit
        }
    }

    /// Does `step` in `repository`; returns what it did.
    private static func perform(_ step: Step, in repository: String, _ generator: inout SeededGenerator) throws -> String {
        let files = Self.files(in: repository)
        let manager = FileManager.default
        switch step {
        case .edit:
            guard let file = files.randomElement(using: &generator) else { return "nothing to edit" }
            try Self.lines(Int.random(in: 1...6, using: &generator), seed: Int.random(in: 0...99, using: &generator))
                .write(toFile: repository + "/" + file, atomically: false, encoding: .utf8)
            return "edit \(file)"
        case .create:
            let directory = ["", "a/", "a/b/", "d/", "new/", "new/deep/", "a/b/c/fresh/"].randomElement(using: &generator)!
            let file = directory + "n\(Int.random(in: 0...999, using: &generator)).txt"
            try manager.createDirectory(atPath: repository + "/" + directory, withIntermediateDirectories: true)
            try Self.lines(3, seed: file.count).write(toFile: repository + "/" + file, atomically: false, encoding: .utf8)
            return "create \(file)"
        case .delete:
            guard let file = files.randomElement(using: &generator) else { return "nothing to delete" }
            let target = Bool.random(using: &generator) ? file : (file.split(separator: "/").dropLast().joined(separator: "/"))
            try manager.removeItem(atPath: repository + "/" + (target.isEmpty ? file : target))
            return "delete \(target.isEmpty ? file : target)"
        case .rename:
            guard let file = files.randomElement(using: &generator) else { return "nothing to rename" }
            let parent = file.split(separator: "/").dropLast().joined(separator: "/")
            let moveDirectory = !parent.isEmpty && Bool.random(using: &generator)
            let source = moveDirectory ? parent : file
            let destination = (moveDirectory ? "moved" : "renamed") + "\(Int.random(in: 0...999, using: &generator))"
            try manager.moveItem(atPath: repository + "/" + source, toPath: repository + "/" + destination)
            return "rename \(source) \(destination)"
        case .stage:
            let target = files.randomElement(using: &generator) ?? "."
            try Shell.git(["add", "-A", "--", Bool.random(using: &generator) ? target : "."], in: repository)
            return "stage \(target)"
        case .unstage:
            let target = files.randomElement(using: &generator) ?? "."
            try Shell.git(["reset", "-q", "--", target], in: repository)
            return "unstage \(target)"
        case .commit:
            try Shell.git(["add", "-A"], in: repository)
            try Shell.git(["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-qm", "step", "--allow-empty"],
                          in: repository)
            return "commit"
        }
    }

    /// The files of the working tree, `.git` left out, in byte order.
    private static func files(in repository: String) -> [String] {
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: repository)
        while let path = enumerator?.nextObject() as? String {
            if path == ".git" { enumerator?.skipDescendants(); continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: repository + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }

    private static func lines(_ count: Int, seed: Int) -> String {
        (0..<count).map { "line \($0 * 7 + seed) of a test file\n" }.joined()
    }
}
