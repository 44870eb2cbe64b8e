import TreeModel

extension JSONWriter {
    /// `"hunks"` of a `files` entry under `--hunks`: the file's hunks as `git diff -U0` heads
    /// them, each `{"oldStart": a, "oldLines": b, "newStart": c, "newLines": d}` for
    /// `@@ -a,b +c,d @@`, in order; `null` exactly when its `insertions` is (binary, untracked,
    /// not read), `[]` for a change without changed lines (a mode, an empty file). Hands the
    /// document to `output` as it grows, so one file's many hunks need no more memory.
    mutating func writeHunks(of change: borrowing FileChange, in lines: ChangedLines,
                             flushingTo output: inout RenderOutput) throws {
        key(literal: "hunks")
        guard change.insertions != nil else { return null() }
        beginArray()
        for hunk in lines.hunks(of: change.path) ?? [] {
            beginObject()
            field("oldStart", Int(hunk.oldStart))
            field("oldLines", Int(hunk.oldLines))
            field("newStart", Int(hunk.newStart))
            field("newLines", Int(hunk.newLines))
            endObject()
            try flushIfFull(to: &output)
        }
        endArray()
    }
}
