internal import CLibGit2
import GitRules

/// What git's `convert_to_git` does to one path's working-tree content, decided as
/// `convert_attrs` decides it from the attributes `text`, `crlf`, `eol`, `ident`, `filter`
/// and `working-tree-encoding` and from `core.autocrlf` (`core.eol` changes only the
/// working-tree side, never the stored form).
struct ConversionRules: Equatable {
    var lineEndings: ContentConversion.LineEndings = .binary
    var ident = false
    /// The `filter` driver's name, when it names a driver configured with a `clean` command
    /// or as `required`.
    var filter: String?
    /// The `working-tree-encoding`, when not UTF-8.
    var encoding: String?

    /// No conversion at all.
    var isIdentity: Bool { lineEndings == .binary && !ident && filter == nil && encoding == nil }

    /// The attributes git reads for a conversion, in `convert_attrs`' order.
    static let attributeNames = ["crlf", "ident", "filter", "eol", "text", "working-tree-encoding"]

    /// An attribute's state as libgit2 gives it.
    enum Value: Equatable {
        case set, unset, unspecified
        case string(String)
    }

    /// The rules for a path whose attributes (``attributeNames``' order) are `values`, with
    /// `core.autocrlf` `autocrlf` (`nil` for false, `true` for true, `false` for input), and
    /// `hasDriver` telling whether a `filter.<name>` driver is configured.
    init(_ values: [Value], autocrlf: Bool?, hasDriver: (String) -> Bool) {
        var action = Self.lineEndings(values[4])
        if action == nil { action = Self.lineEndings(values[0]) }
        if action != .binary, case .string(let eol) = values[3], eol == "lf" || eol == "crlf" {
            if action == nil { action = .text }
        }
        lineEndings = action ?? (autocrlf == nil ? .binary : .auto)
        ident = values[1] == .set
        if case .string(let name) = values[2], hasDriver(name) { filter = name }
        if case .string(let name) = values[5] { encoding = WorkingTreeEncoding.named(name) }
    }

    init() {}

    /// git's `git_path_check_crlf`; `nil` for undefined.
    private static func lineEndings(_ value: Value) -> ContentConversion.LineEndings? {
        switch value {
        case .set: return .text
        case .unset: return .binary
        case .unspecified: return nil
        case .string(let text):
            if text == "input" { return .text }
            if text == "auto" { return .auto }
            return nil
        }
    }
}

extension ConversionRules.Value {
    /// The state of a value libgit2's attribute lookup returned.
    init(_ pointer: UnsafePointer<CChar>?) {
        switch git_attr_value(pointer) {
        case GIT_ATTR_VALUE_TRUE: self = .set
        case GIT_ATTR_VALUE_FALSE: self = .unset
        case GIT_ATTR_VALUE_STRING: self = pointer.map { .string(String(cString: $0)) } ?? .unspecified
        default: self = .unspecified
        }
    }
}
