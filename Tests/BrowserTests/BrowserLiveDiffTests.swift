import Browser
import TerminalUI
import Testing
import TreeModel

/// The diff pane follows its file's content by object id, not by line counts, and `v` marks
/// only what the pane shows (Docs/Browser.md, The diff pane and the pager).
struct BrowserLiveDiffTests {
    /// A diff source whose files' text and new-side ids a test changes, counting its reads.
    final class EditableDiff: DiffSource {
        var text: [RawPath: (line: String, id: ObjectHash)] = [:]
        var reads = 0
        func text(for change: FileChange, width: Int, reusingLast: Bool) throws -> DiffText {
            reads += 1
            let shown = text[change.path]
            return DiffText(lines: [Line(ascii: shown?.line ?? "none")], newObject: shown?.id)
        }
    }

    /// Marks that know each file's new side as the tree read it, and record what they mark.
    final class ObjectMarks: ReviewMarks {
        var objects: [RawPath: ObjectHash] = [:]
        var marked: [(viewed: Bool, paths: [RawPath], objects: [ObjectHash?])] = []
        func setViewed(_ viewed: Bool, for changes: [FileChange]) throws {
            marked.append((viewed, changes.map(\.path), changes.map { objects[$0.path] }))
        }
        func newObject(at path: RawPath) -> ObjectHash? { objects[path] }
    }

    static let file = RawPath("notes.txt")
    static let before = ObjectHash(hex: String(repeating: "a", count: 40))!
    static let after = ObjectHash(hex: String(repeating: "b", count: 40))!
    static let changes = [change(.modified, "notes.txt", 1, 0), change(.added, "other.txt", 2, 0)]

    private func harness() throws -> (BrowserHarness, EditableDiff, ObjectMarks) {
        let source = EditableDiff()
        let marks = ObjectMarks()
        source.text[Self.file] = ("+alpha line", Self.before)
        marks.objects[Self.file] = Self.before
        var harness = try BrowserHarness(Self.changes) {
            $0.diffSource = source
            $0.marks = marks
        }
        harness.press(KeyEvent(.enter))
        #expect(harness.screen().contains("+alpha line"))
        return (harness, source, marks)
    }

    /// The file edited with its line counts kept (`sed -i s/alpha/bravo/`): its change is
    /// the same, its new side is not.
    private func edit(_ source: EditableDiff, _ marks: ObjectMarks) {
        source.text[Self.file] = ("+bravo line", Self.after)
        marks.objects[Self.file] = Self.after
    }

    @Test func aRefreshWithTheSameLineCountsButAnotherIdShowsTheNewPatch() throws {
        var (harness, source, marks) = try harness()
        edit(source, marks)
        let changed = harness.browser.update(changes: .within(paths: [Self.file], changes: [Self.changes[0]]))
        #expect(changed, "the frame is drawn again")
        #expect(harness.screen().contains("+bravo line"))
        harness.press(.character("v"))
        #expect(marks.marked.count == 1 && marks.marked[0].objects == [Self.after])
    }

    @Test func aRefreshOfTheSameContentReadsNothingAgain() throws {
        var (harness, source, _) = try harness()
        let reads = source.reads
        let changed = harness.browser.update(changes: .within(paths: [Self.file], changes: [Self.changes[0]]))
        #expect(!changed)
        #expect(source.reads == reads)
    }

    @Test func vOnAPaneShowingOtherContentMarksNothingAndShowsTheFileAsItIs() throws {
        var (harness, source, marks) = try harness()
        marks.objects[Self.file] = Self.after
        source.text[Self.file] = ("+bravo line", Self.after)
        harness.press(.character("v"))
        #expect(marks.marked.isEmpty)
        #expect(harness.footer().hasPrefix("the file changed since it was shown"))
        #expect(harness.screen().contains("+bravo line"))
        #expect(!harness.screen().contains { $0.contains("(viewed)") })
        harness.press(.character("v"))
        #expect(marks.marked.count == 1 && marks.marked[0].viewed && marks.marked[0].objects == [Self.after])
        #expect(harness.screen().contains { $0.contains("notes.txt (viewed)") })
    }

    @Test func vOnADirectoryHoldingAPaneShowingOtherContentMarksNothing() throws {
        let source = EditableDiff()
        let marks = ObjectMarks()
        source.text[RawPath("docs/a.md")] = ("+old", Self.before)
        marks.objects[RawPath("docs/a.md")] = Self.after
        var harness = try BrowserHarness([change(.modified, "docs/a.md", 1, 0), change(.modified, "docs/b.md", 1, 0)]) {
            $0.diffSource = source
            $0.marks = marks
        }
        harness.press(.character("j"), KeyEvent(.enter), .character("k"))
        #expect(harness.focused == "docs/")
        harness.press(.character("v"))
        #expect(marks.marked.isEmpty)
        #expect(harness.footer().hasPrefix("the file changed since it was shown"))
    }

    @Test func ctrlLReadsThePaneAgain() throws {
        var (harness, source, _) = try harness()
        source.text[Self.file] = ("+bravo line", Self.after)
        harness.press(.control("l"))
        #expect(harness.effects.last == .redraw)
        #expect(harness.screen().contains("+bravo line"))
    }

    @Test func unmarkingNeedsNoLook() throws {
        var (harness, source, marks) = try harness()
        harness.press(.character("v"))
        edit(source, marks)
        harness.press(.character("v"))
        #expect(marks.marked.count == 2 && !marks.marked[1].viewed)
    }
}
