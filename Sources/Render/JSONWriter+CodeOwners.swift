import Annotations

extension JSONWriter {
    /// `"codeOwners"`: the side the CODEOWNERS file was read from and the file found,
    /// `{"side": "base", "read": "revision", "revision": "…", "path": ".github/CODEOWNERS", "tooLarge": false}`
    /// (see `Docs/JSON.md#comparison`).
    mutating func writeCodeOwners(_ source: CodeOwnersSource) {
        key(literal: "codeOwners")
        beginObject()
        field("side", source.side.rawValue)
        let read: StaticString = switch source.place {
        case .revision: "revision"
        case .emptyTree: "emptyTree"
        case .index: "index"
        case .workingTree: "workingTree"
        }
        literalField("read", read)
        field("revision", source.revision)
        field("path", source.path)
        field("tooLarge", source.tooLarge)
        endObject()
    }
}
