/// Path validation (TreePath): agrees with the reference rules; normalizing is idempotent; invalid paths throw.
///
/// Input: the raw path bytes. `TreePath` must accept exactly the paths `ReferencePaths`
/// accepts, with the same normalized bytes and directory flag, refuse the others with the
/// matching error, and give back a path that is its own normal form (also from its identity).
import TreeModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaths(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let raw = RawPath(bytes: input)
    let result: Result<TreePath, TreePathError> = Result { () throws(TreePathError) in try TreePath(raw) }
    switch (result, ReferencePaths.normalize(input)) {
    case (.success(let path), .success(let reference)):
        Fuzz.check(path.normalized.bytes == reference.bytes && path.isDirectory == reference.isDirectory,
                   "\(input): got \(path.identity) (directory \(path.isDirectory)), reference \(reference)")
        let again = try? TreePath(path.normalized)
        Fuzz.check(again?.normalized == path.normalized && again?.isDirectory == false, "normalizing \(input) twice differs")
        let fromIdentity = try? TreePath(RawPath(bytes: path.identity))
        Fuzz.check(fromIdentity == path, "the identity of \(input) does not give the same path back")
        Fuzz.check(path.normalized.bytes.first != UInt8(ascii: "/") && path.normalized.bytes.last != UInt8(ascii: "/"),
                   "normalized path \(path.normalized.bytes) has an outer slash")
    case (.failure(let error), .failure(let refusal)):
        switch (error, refusal) {
        case (.absolute(let given), .absolute), (.parentReference(let given), .parentReference), (.empty(let given), .empty):
            Fuzz.check(given == raw, "the error for \(input) carries \(given.bytes)")
            Fuzz.check(!error.description.isEmpty, "the error for \(input) has no description")
        default:
            fatalError("fuzz check failed: \(input) refused as \(error), reference says \(refusal)")
        }
    case (.success(let path), .failure(let refusal)):
        fatalError("fuzz check failed: \(input) accepted as \(path.identity), reference refuses it (\(refusal))")
    case (.failure(let error), .success(let reference)):
        fatalError("fuzz check failed: \(input) refused (\(error)), reference accepts \(reference)")
    }
    return 0
}
