import Browser
import Render
import TerminalUI
import TreeModel

/// A browser driven by events, read as text: what a terminal would show of its frames.
struct BrowserHarness {
    var browser: Browser
    /// The effects of the inputs so far, in order.
    private(set) var effects: [BrowserEffect] = []

    init(_ changes: [FileChange], columns: Int = 80, rows: Int = 24,
         configure: (inout BrowserConfiguration) -> Void = { _ in }) throws {
        var configuration = BrowserConfiguration(title: "main...feature", style: BrowserStyle(linesCounted: true))
        configure(&configuration)
        browser = try Browser(changes: changes, configuration: configuration,
                              size: TerminalSize(columns: columns, rows: rows))
    }

    /// Presses keys.
    mutating func press(_ keys: KeyEvent...) {
        for key in keys { effects.append(browser.handle(.key(key))) }
    }

    /// Types text, one character a key.
    mutating func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Sends a mouse event.
    mutating func mouse(_ action: MouseAction, row: Int, column: Int = 2) {
        effects.append(browser.handle(.mouse(MouseEvent(action, column: column, row: row))))
    }

    /// The screen as text, one string a row, trailing spaces removed.
    mutating func screen() -> [String] {
        browser.frame().rows.map(Self.text(of:))
    }

    /// The text of a line: escape sequences dropped, trailing spaces removed.
    static func text(of line: Line) -> String {
        var bytes: [UInt8] = []
        var index = 0
        let source = line.bytes
        while index < source.count {
            if source[index] == 0x1B {
                index += 1
                if index < source.count && source[index] == UInt8(ascii: "[") {
                    index += 1
                    while index < source.count && !(0x40...0x7E).contains(source[index]) { index += 1 }
                }
                index += 1
                continue
            }
            bytes.append(source[index])
            index += 1
        }
        return String(String(decoding: bytes, as: UTF8.self).reversed().drop { $0 == " " }.reversed())
    }

    /// The tree's rows: the screen without header and footer.
    mutating func body() -> [String] {
        Array(screen().dropFirst().dropLast())
    }

    /// The footer.
    mutating func footer() -> String { screen().last ?? "" }

    /// The identity of the focused row.
    var focused: String? {
        browser.model.focusedRowIndex.map { browser.model.identity(row: $0).description }
    }
}

/// A change for tests.
func change(_ status: ChangeStatus, _ path: String, _ insertions: Int? = nil, _ deletions: Int? = nil,
            from oldPath: String? = nil) -> FileChange {
    FileChange(status: status, path: RawPath(path), oldPath: oldPath.map(RawPath.init),
               similarity: oldPath == nil ? nil : 90, insertions: insertions, deletions: deletions,
               binary: insertions == nil ? nil : false)
}

/// A small change set: two directories, a chain, top-level files.
let smallChanges: [FileChange] = [
    change(.modified, "Sources/App/main.swift", 4, 1),
    change(.added, "Sources/App/View.swift", 20, 0),
    change(.deleted, "Sources/Old/Legacy.swift", 0, 30),
    change(.modified, "docs/guide/intro.md", 2, 2),
    change(.renamed, "README.md", 1, 1, from: "READ.md"),
    change(.added, "notes.txt", 3, 0),
]

/// A deep tree for scrolling: `a/` holds `b/` (12 files) and `c/` (12 files), then
/// `d/` (12 files), then `top.txt`.
let deepChanges: [FileChange] = {
    var changes: [FileChange] = []
    for directory in ["a/b", "a/c", "d"] {
        for number in 0..<12 {
            changes.append(change(.modified, "\(directory)/file\(number < 10 ? "0" : "")\(number).txt", 1, 1))
        }
    }
    changes.append(change(.added, "top.txt", 1, 0))
    return changes
}()
