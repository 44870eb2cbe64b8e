import Glibc

extension termios {
    /// These settings in raw mode, as `cfmakeraw` makes them: no echo, no line editing, no
    /// signals from keys (Ctrl-C, Ctrl-Z, Ctrl-\ arrive as keys), no CR/NL translation on
    /// input, no output processing (every row is placed with a cursor-position sequence,
    /// so no newline is ever written), 8-bit characters; a read returns as soon as one byte
    /// is there.
    func madeRaw() -> termios {
        var raw = self
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        return raw
    }
}
