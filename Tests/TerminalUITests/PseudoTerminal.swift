import Glibc

/// A pseudo-terminal pair for in-process tests: ``Terminal`` opens ``path`` (the child side)
/// and the test plays the terminal emulator on ``controller``: it reads what was written and
/// writes what the user "types".
final class PseudoTerminal {
    /// The controller (master) side.
    let controller: Int32
    /// The path of the child (slave) side.
    let path: String
    /// The child side, held open so settings persist between opens.
    let child: Int32

    /// The glibc calls that Swift's Glibc module does not export, looked up by name.
    private static func function<T>(_ name: String, as type: T.Type) -> T {
        unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), name), to: type)
    }

    init(columns: Int = 80, rows: Int = 24) {
        let openController = Self.function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        let grant = Self.function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        let unlock = Self.function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        let name = Self.function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
        controller = openController(O_RDWR | O_NOCTTY | O_CLOEXEC)
        precondition(controller >= 0 && grant(controller) == 0 && unlock(controller) == 0)
        path = String(cString: name(controller)!)
        child = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
        resize(columns: columns, rows: rows)
    }

    deinit {
        close(child)
        if controller >= 0 { close(controller) }
    }

    /// Sets the window size, as an emulator does when its window changes.
    func resize(columns: Int, rows: Int) {
        var window = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &window)
    }

    /// Types `bytes`.
    func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// Everything written to the terminal until nothing more comes for `quiet`.
    func output(quiet: Duration = .milliseconds(150)) -> [UInt8] {
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(quiet.components.seconds * 1000 + quiet.components.attoseconds / 1_000_000_000_000_000)
            guard poll(&descriptor, 1, milliseconds) > 0 else { return collected }
            let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
            guard count > 0 else { return collected }
            collected += buffer[0..<count]
        }
    }

    /// The child side's settings now.
    var settings: termios {
        var settings = termios()
        _ = tcgetattr(child, &settings)
        return settings
    }
}

/// Whether two settings are the same, byte for byte.
func sameSettings(_ left: termios, _ right: termios) -> Bool {
    var left = left, right = right
    return withUnsafeBytes(of: &left) { a in withUnsafeBytes(of: &right) { b in a.elementsEqual(b) } }
}
