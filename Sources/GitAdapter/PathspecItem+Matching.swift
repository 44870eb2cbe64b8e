extension PathspecItem {
    /// git's `match_pathspec_item` on a whole path: the path equals the pattern, lies below it
    /// (a directory prefix), or matches it as a wildcard pattern; `directory` lets `d/` match
    /// `d` itself; `leading` also accepts a directory on the way to a match.
    func matches(_ name: [UInt8], directory: Bool, leading: Bool, attributes: PathspecAttributeLookup?) rethrows -> Bool {
        guard prefixAgrees(name, count: prefixLength), pathMatches(name, directory: directory, leading: leading) else {
            return false
        }
        if !self.attributes.isEmpty {
            let names = self.attributes.map(\.name)
            let states = try attributes?(name, names) ?? names.map { _ in .unspecified }
            return zip(states, self.attributes).allSatisfy { $0 == $1.state }
        }
        return true
    }

    private func pathMatches(_ name: [UInt8], directory: Bool, leading: Bool) -> Bool {
        let slash = UInt8(ascii: "/")
        let length = match.count
        if length == 0 { return true }
        if length <= name.count && same(name, count: length) {
            if length == name.count || match[length - 1] == slash || name[length] == slash { return true }
        } else if directory && match[length - 1] == slash && name.count == length - 1 && same(name, count: name.count) {
            return true
        }
        if literalLength < length && wildcardMatches(name) { return true }
        guard leading, let last = name.last else { return false }
        let offset = last == slash ? 1 : 0
        if name.count < length && match[name.count - offset] == slash && same(name, count: name.count) { return true }
        if literalLength < length && !(name.count >= literalLength && same(name, count: literalLength)) { return false }
        return literalLength < length
    }

    /// git's `git_fnmatch`: the literal part compared, the rest by `wildmatch`.
    private func wildcardMatches(_ name: [UInt8]) -> Bool {
        guard name.count >= literalLength && same(name, count: literalLength) else { return false }
        let wildmatch = PathspecWildmatch(pathname: magic.contains(.glob), caseFold: magic.contains(.icase))
        return wildmatch.matches(match[literalLength...], name[literalLength...])
    }

    /// Whether the first `count` bytes of `name` and the pattern are the same (ASCII case
    /// folded under `icase`).
    func same(_ name: [UInt8], count: Int) -> Bool {
        if !magic.contains(.icase) { return match.prefix(count).elementsEqual(name.prefix(count)) }
        for index in 0..<count where PathspecBytes.lower(match[index]) != PathspecBytes.lower(name[index]) { return false }
        return true
    }

    /// Under `icase`, whether `name` starts exactly with the first `count` bytes of the
    /// current directory's part of the pattern (always true without `icase`).
    func prefixAgrees(_ name: [UInt8], count: Int) -> Bool {
        guard magic.contains(.icase) && count > 0 else { return true }
        return name.count >= count && match.prefix(count).elementsEqual(name.prefix(count))
    }
}
