/// The gitattributes line that gave a path an attribute's state: what `treereview explain`
/// says of why a file is generated or vendored.
public struct AttributeOrigin: Hashable, Sendable {
    /// The attribute (`linguist-generated`).
    public var attribute: String
    /// Its state for the path, as `git check-attr` gives it.
    public var state: AttributeState
    /// The attributes file, from the top (`.gitattributes`, `web/.gitattributes`), or
    /// `$GIT_DIR/info/attributes` and the user's file (`~/.config/git/attributes`) by those
    /// names; `nil` when the line was not found (a file treereview does not read, such as
    /// `core.attributesFile`'s).
    public var file: String?
    /// The line's number in the file, from 1.
    public var line: Int?
    /// The line's pattern, as written (unquoted).
    public var pattern: String?
    /// The macro (`[attr]<name>`) through which the line gives the attribute, when it names
    /// a macro rather than the attribute itself.
    public var macro: String?

    /// An origin as given.
    public init(attribute: String, state: AttributeState, file: String?, line: Int? = nil,
                pattern: String? = nil, macro: String? = nil) {
        self.attribute = attribute
        self.state = state
        self.file = file
        self.line = line
        self.pattern = pattern
        self.macro = macro
    }
}
