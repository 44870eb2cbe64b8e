import Foundation
import TerminalUI

/// A scripted screen for the terminal tests: a list to move through with keys and the mouse,
/// and the last event decoded. `--pid-file PATH` writes the process id there once the
/// terminal is entered.
let arguments = Array(CommandLine.arguments.dropFirst())
var pidFile: String?
if let index = arguments.firstIndex(of: "--pid-file"), index + 1 < arguments.count {
    pidFile = arguments[index + 1]
}

do {
    let terminal = try Terminal()
    try terminal.enter()
    if let pidFile { try String(getpid()).write(toFile: pidFile, atomically: true, encoding: .utf8) }
    var app = DemoApp(terminal: terminal)
    app.run()
    terminal.restore()
    print("TerminalUIDemo: quit after \(app.lastEvent)")
} catch {
    FileHandle.standardError.write(Data("TerminalUIDemo: \(error)\n".utf8))
    exit(2)
}
