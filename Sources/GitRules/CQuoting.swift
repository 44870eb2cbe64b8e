/// git's C-style quoting of paths (`quote_c_style`): a path that needs it is written in double
/// quotes, its control characters, DEL, `"` and `\` escaped (`\a \b \t \n \v \f \r \" \\`, else
/// `\ooo` in octal), and its bytes above 0x7F escaped in octal or kept, as ``highBytes`` says.
///
/// Paths are counted, then written into a buffer (``quotedCount(_:)``, ``writeQuoted(_:to:)``),
/// or appended to an array; ``CUnquoting`` reads them back.
public struct CQuoting: Sendable, Equatable {
    /// What becomes of bytes above 0x7F.
    public enum HighBytes: Sendable, Equatable {
        /// Escaped in octal (`\303\251`): git with `core.quotePath` true, its default.
        case escaped
        /// Kept as they are: git with `core.quotePath` false.
        case kept
        /// Kept where they are valid UTF-8 other than a C1 control (U+0080–U+009F); each byte
        /// of a C1 control and each ill-formed byte escaped in octal (and the path quoted). The
        /// tree and plain output's choice, so a terminal never sees a broken or control sequence.
        case keptWhenValidUTF8
    }

    /// What becomes of bytes above 0x7F.
    public var highBytes: HighBytes

    /// Quoting with `highBytes`.
    public init(highBytes: HighBytes) {
        self.highBytes = highBytes
    }

    /// Quoting as git does with `core.quotePath` set to `quotePath`.
    public init(quotePath: Bool) {
        self.init(highBytes: quotePath ? .escaped : .kept)
    }

    /// git's default (`core.quotePath` true).
    public static let git = CQuoting(highBytes: .escaped)

    /// Whether `path` is written quoted. Inlinable, with ASCII bytes looked at in the loop
    /// itself: the tree and plain output ask it of every name.
    @inlinable
    public func needsQuoting(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < path.count {
            if path[index] < 0x80 {
                if Self.isSpecialASCII(path[index]) { return true }
                index += 1
                continue
            }
            let unit = self.unit(of: path, at: index)
            if unit.escaped { return true }
            index += unit.length
        }
        return false
    }

    /// How many bytes `path` takes as ``writeQuoted(_:to:)`` writes it.
    public func quotedCount(_ path: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var quoted = false
        var index = 0
        while index < path.count {
            let unit = self.unit(of: path, at: index)
            if unit.escaped {
                quoted = true
                for offset in 0..<unit.length { count += Self.escapeLetter(path[index + offset]) == nil ? 4 : 2 }
            } else {
                count += unit.length
            }
            index += unit.length
        }
        return quoted ? count + 2 : count
    }

    /// Writes `path` at `target`, quoted when it needs to be (``quotedCount(_:)`` bytes);
    /// returns where its last byte ends.
    public func writeQuoted(_ path: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        guard let base = path.baseAddress else { return target }
        guard needsQuoting(path) else {
            target.initialize(from: base, count: path.count)
            return target + path.count
        }
        var end = target
        end.initialize(to: UInt8(ascii: "\""))
        end += 1
        end = writeEscaped(path, to: end)
        end.initialize(to: UInt8(ascii: "\""))
        return end + 1
    }

    /// `path`, quoted when it needs to be.
    public func quoted(_ path: [UInt8]) -> [UInt8] {
        path.withUnsafeBufferPointer { path in
            [UInt8](unsafeUninitializedCapacity: quotedCount(path)) { buffer, count in
                count = buffer.baseAddress.map { writeQuoted(path, to: $0) - $0 } ?? 0
            }
        }
    }

    /// `prefix` and `name` as one path (`a/dir/file`), quoted as a whole when either needs it,
    /// as git's `quote_two` writes the names of a patch header.
    public func quoted(prefix: [UInt8], _ name: [UInt8]) -> [UInt8] {
        quoted(prefix + name)
    }

    /// Appends `path`, quoted when it needs to be, to `output`.
    public func append(_ path: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard needsQuoting(path) else {
            output.append(contentsOf: path)
            return
        }
        let count = quotedCount(path)
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: count))
        output.withUnsafeMutableBufferPointer { buffer in
            _ = writeQuoted(path, to: buffer.baseAddress! + start)
        }
    }

    /// Appends `path`, quoted when it needs to be, to `output`.
    public func append(_ path: [UInt8], to output: inout [UInt8]) {
        path.withUnsafeBufferPointer { append($0, to: &output) }
    }

    /// The bytes from `index` that are kept or escaped together: one byte, or with
    /// ``HighBytes/keptWhenValidUTF8`` a whole UTF-8 sequence.
    @inlinable @inline(__always)
    func unit(of path: UnsafeBufferPointer<UInt8>, at index: Int) -> (length: Int, escaped: Bool) {
        let byte = path[index]
        if byte < 0x80 { return (1, Self.isSpecialASCII(byte)) }
        switch highBytes {
        case .escaped: return (1, true)
        case .kept: return (1, false)
        case .keptWhenValidUTF8:
            guard let (scalar, length) = UTF8Scan.decode(path, at: index) else { return (1, true) }
            return (length, UTF8Scan.isC1(scalar))
        }
    }

    /// Writes the bytes of `path`, escaped where they need to be, without quotes.
    private func writeEscaped(_ path: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var end = target
        var index = 0
        while index < path.count {
            let unit = self.unit(of: path, at: index)
            for offset in 0..<unit.length {
                let byte = path[index + offset]
                guard unit.escaped else {
                    end.initialize(to: byte)
                    end += 1
                    continue
                }
                end.initialize(to: UInt8(ascii: "\\"))
                if let letter = Self.escapeLetter(byte) {
                    end[1] = letter
                    end += 2
                } else {
                    end[1] = UInt8(ascii: "0") + (byte >> 6)
                    end[2] = UInt8(ascii: "0") + ((byte >> 3) & 7)
                    end[3] = UInt8(ascii: "0") + (byte & 7)
                    end += 4
                }
            }
            index += unit.length
        }
        return end
    }

    /// A control character, DEL, `"` or `\`.
    @inlinable @inline(__always)
    static func isSpecialASCII(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The letter `byte` is escaped with (`t` for a tab), or `nil` for an octal escape.
    @inline(__always)
    static func escapeLetter(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x07: UInt8(ascii: "a")
        case 0x08: UInt8(ascii: "b")
        case 0x09: UInt8(ascii: "t")
        case 0x0A: UInt8(ascii: "n")
        case 0x0B: UInt8(ascii: "v")
        case 0x0C: UInt8(ascii: "f")
        case 0x0D: UInt8(ascii: "r")
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte
        default: nil
        }
    }
}
