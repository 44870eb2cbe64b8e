/// One node of a YAML document, as ``YAMLReader`` builds it: a scalar, a sequence or a
/// mapping (pairs in the document's order, merge keys applied), with aliases replaced by the
/// nodes their anchors name. Line and column count from 1 and say where the node was written
/// (for an alias, where its anchor's node was).
struct YAMLNode: Sendable {
    /// What a node holds.
    enum Value: Sendable {
        /// A scalar's text and how it resolves (``YAMLScalar``).
        case scalar(YAMLScalar)
        /// A sequence's items.
        case sequence([YAMLNode])
        /// A mapping's pairs, in order.
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    /// What the node holds.
    var value: Value
    /// Where the node starts, from 1.
    var line: Int
    /// Where the node starts on its line, from 1.
    var column: Int

    /// The scalar's text when the node is a scalar that resolves to a string, else `nil`.
    var string: String? {
        if case .scalar(let scalar) = value, scalar.kind == .string { return scalar.text }
        return nil
    }

    /// The node's kind in words, for error messages: `a string`, `a number`, `a list`, `a mapping`.
    var kindWords: String {
        switch value {
        case .scalar(let scalar): scalar.kind.words
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

/// A scalar's text and the type YAML's core schema (as js-yaml reads it) gives it.
struct YAMLScalar: Sendable, Equatable {
    /// The types a scalar resolves to.
    enum Kind: Sendable, Equatable {
        case string, null, boolean, number, timestamp

        /// `a string`, `null`, `a boolean`, `a number`, `a timestamp`.
        var words: String {
            switch self {
            case .string: "a string"
            case .null: "null"
            case .boolean: "a boolean"
            case .number: "a number"
            case .timestamp: "a timestamp"
            }
        }
    }

    /// The text as written, quotes and escapes resolved.
    var text: String
    /// Its type.
    var kind: Kind
    /// Whether it was written plain (not quoted, not a block scalar), with no tag.
    var isPlain: Bool
}
