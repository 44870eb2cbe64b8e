/// The escape sequences this module writes.
public enum ControlSequences {
    /// Each mode ``Terminal`` turns on while it runs, as `(on, off)`, in the order turned on;
    /// ``restore`` turns them off in the reverse order.
    ///
    /// | mode | meaning |
    /// |---|---|
    /// | `?1049` | the alternate screen (saves the cursor and the main screen's contents) |
    /// | `?25` (off while running) | the cursor is hidden |
    /// | `?7` (off while running) | no autowrap: a row never wraps or scrolls the screen |
    /// | `?1000`, `?1002` | mouse presses, releases, wheel and drags are reported |
    /// | `?1006` | mouse reports in the SGR encoding (`ESC [ < b ; x ; y M`) |
    public static func modes(mouse: Bool) -> [(on: [UInt8], off: [UInt8])] {
        var modes = [
            (csi("?1049h"), csi("?1049l")),
            (csi("?25l"), csi("?25h")),
            (csi("?7l"), csi("?7h")),
        ]
        if mouse {
            modes += [
                (csi("?1000h"), csi("?1000l")),
                (csi("?1002h"), csi("?1002l")),
                (csi("?1006h"), csi("?1006l")),
            ]
        }
        return modes
    }

    /// What ``Terminal/enter()`` writes: every mode on, bracketed paste off (pasted text
    /// arrives as typed keys), then a cleared screen.
    public static func enter(mouse: Bool) -> [UInt8] {
        modes(mouse: mouse).flatMap(\.on) + csi("?2004l") + csi("0m") + csi("H") + csi("2J")
    }

    /// What ``Terminal/restore()`` writes before it puts the saved terminal settings back:
    /// attributes reset, then every mode off in the reverse order (the alternate screen last,
    /// which brings back the main screen and the cursor).
    public static func restore(mouse: Bool) -> [UInt8] {
        csi("0m") + modes(mouse: mouse).reversed().flatMap(\.off)
    }

    /// `ESC [` and `body`.
    public static func csi(_ body: String) -> [UInt8] {
        [0x1B, UInt8(ascii: "[")] + Array(body.utf8)
    }

    /// Moves the cursor to the zero-based `row` and `column`.
    static func moveCursor(row: Int, column: Int) -> [UInt8] {
        csi("\(row + 1);\(column + 1)H")
    }

    /// Begin and end of a synchronized update: a terminal that knows mode 2026 shows the
    /// frame at once; others ignore it.
    static let beginUpdate = csi("?2026h")
    static let endUpdate = csi("?2026l")
}
