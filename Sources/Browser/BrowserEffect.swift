/// What the browser asks of the program running it after an input.
public enum BrowserEffect: Equatable, Sendable {
    /// Nothing: draw the next frame.
    case none
    /// Quit (`q`, Ctrl-C).
    case quit
    /// Suspend as a shell's Ctrl-Z does; draw the whole frame on resume.
    case suspend
    /// Draw the whole frame again, whatever the screen shows (Ctrl-L).
    case redraw
    /// Leave the screen, show these bytes in the pager, come back and draw the whole frame (`o`).
    case page([UInt8])
}
