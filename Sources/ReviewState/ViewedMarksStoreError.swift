/// A change to the viewed marks that could not be made.
public enum ViewedMarksStoreError: Error, Equatable, CustomStringConvertible {
    /// The marks could not be written at `path`.
    case cannotWrite(path: String, reason: String)
    /// The marks file was written by a newer treereview: left as it is.
    case newerVersion(path: String, version: Int)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write the viewed marks: \(path): \(reason)"
        case .newerVersion(let path, let version):
            "the viewed marks in \(path) were written by a newer treereview (version \(version)); not changing them"
        }
    }
}
