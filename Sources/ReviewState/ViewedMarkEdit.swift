import TreeModel

/// One change to the viewed marks: a path marked with an id, or unmarked.
public struct ViewedMarkEdit: Equatable, Sendable {
    /// The file's path.
    public var path: RawPath
    /// The id the path is marked with; `nil` takes its mark away.
    public var id: ObjectHash?

    /// `path` marked viewed with its new side's id (`nil`: no new side, a deletion), as
    /// ``ViewedMarks/markViewed(_:newObject:)`` marks it.
    public static func viewed(_ path: RawPath, newObject: ObjectHash?) -> ViewedMarkEdit {
        ViewedMarkEdit(path: path, id: newObject ?? ViewedMarks.deletion)
    }

    /// `path`'s mark taken away.
    public static func unviewed(_ path: RawPath) -> ViewedMarkEdit {
        ViewedMarkEdit(path: path, id: nil)
    }
}
