import Foundation
import TerminalUI

/// The demo's state and event loop: `j`/`k`, arrows, Page Up/Down, Home/End and the mouse
/// move the focus; `w` writes a line to standard error; `!` crashes; Ctrl-Z suspends;
/// `q` or Ctrl-C quits.
struct DemoApp {
    /// The terminal drawn on.
    let terminal: Terminal
    /// The number of list items.
    let itemCount = 200
    /// The focused item.
    var focus = 0
    /// The first item shown.
    var top = 0
    /// The last event, as shown on the bottom row.
    var lastEvent = "none"
    /// The size drawn for.
    var size: TerminalSize

    /// A demo on `terminal`.
    init(terminal: Terminal) {
        self.terminal = terminal
        self.size = terminal.size
    }

    /// Draws and handles events until `q` or Ctrl-C.
    mutating func run() {
        draw()
        while true {
            let event = terminal.nextEvent()
            lastEvent = Self.describe(event)
            switch event {
            case .key(.character("q")), .key(.control("c")), .hangup:
                return
            case .key(.control("z")):
                terminal.suspend()
            case .key(.character("!")):
                fatalError("crash on request")
            case .key(.character("w")):
                FileHandle.standardError.write(Data("TerminalUIDemo: a warning on standard error\n".utf8))
            case .key(let key):
                handle(key)
            case .mouse(let mouse):
                handle(mouse)
            case .resize(let newSize), .resume(let newSize):
                size = newSize
            case .focus, .readable, .timeout:
                break
            }
            draw()
        }
    }

    private mutating func handle(_ key: KeyEvent) {
        switch key {
        case .character("j"), KeyEvent(.down): moveFocus(by: 1)
        case .character("k"), KeyEvent(.up): moveFocus(by: -1)
        case KeyEvent(.pageDown), .control("d"): moveFocus(by: listRows)
        case KeyEvent(.pageUp), .control("u"): moveFocus(by: -listRows)
        case KeyEvent(.home), .character("g"): moveFocus(by: -itemCount)
        case KeyEvent(.end), .character("G"): moveFocus(by: itemCount)
        default: break
        }
    }

    private mutating func handle(_ mouse: MouseEvent) {
        switch mouse.action {
        case .press(.left) where (1...listRows).contains(mouse.row):
            moveFocus(by: top + mouse.row - 1 - focus)
        case .scroll(.down): moveFocus(by: 3)
        case .scroll(.up): moveFocus(by: -3)
        default: break
        }
    }

    /// The rows between the header and the status line.
    var listRows: Int { max(size.rows - 2, 1) }

    private mutating func moveFocus(by delta: Int) {
        focus = min(max(focus + delta, 0), itemCount - 1)
        if focus < top { top = focus }
        if focus >= top + listRows { top = focus - listRows + 1 }
    }

    private static func describe(_ event: TerminalEvent) -> String {
        switch event {
        case .key(let key): "key \(key)"
        case .mouse(let mouse): "mouse \(mouse)"
        case .focus(let focused): focused ? "focus in" : "focus out"
        case .resize(let size): "resize \(size)"
        case .resume(let size): "resume \(size)"
        case .readable(let descriptor): "readable \(descriptor)"
        case .timeout: "timeout"
        case .hangup: "hangup"
        }
    }
}
