import Foundation

/// Writes a script a test then runs. The file is written by a child process (`sh`), never
/// opened for writing in the test process: Foundation's `Process` lets every child inherit
/// the test process's descriptors, so a descriptor open for writing while another test starts
/// a child would be held by that child, and running the script would then fail with
/// "Text file busy" (`ETXTBSY`).
public enum ExecutableFile {
    /// Writes `text` to `path` with mode 0755, replacing what was there.
    public static func write(_ text: String, to path: String) throws {
        let result = try Shell.run("/bin/sh", ["-c", "printf '%s' \"$1\" > \"$2\" && chmod 755 \"$2\"", "sh", text, path])
        guard result.status == 0 else {
            throw ShellError(message: "cannot write the script \(path): \(result.error)")
        }
    }
}
