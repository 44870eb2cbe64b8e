@testable import GitAdapter
import Testing

/// ``UniqueBasenames`` against a dictionary of counts, with the table's own hashes and with
/// every name given the same hash (each lookup then walks past other names' slots).
@Suite struct UniqueBasenamesTests {
    private static let names: [[UInt8]] = ["a.c", "b.c", "a.c", "Makefile", "", "é.swift", "b.c", "b.c", "x"].map { Array($0.utf8) }

    @Test(arguments: [false, true])
    func findsTheNamesExactlyOneMemberHas(colliding: Bool) {
        let hashes = Self.names.map { colliding ? 7 : UniqueBasenames.hash($0[...]) }
        let name = { (k: Int) in Self.names[k][...] }
        let table = UniqueBasenames(count: Self.names.count, hashes: hashes, name: name)
        var counts: [[UInt8]: Int] = [:]
        for n in Self.names { counts[n, default: 0] += 1 }
        for (k, n) in Self.names.enumerated() {
            let expected = counts[n] == 1 ? k : nil
            #expect(table.unique(n[...], hash: hashes[k], name: name) == expected, "\(String(decoding: n, as: UTF8.self))")
        }
        for absent in ["a", "a.cc", "y"].map({ Array($0.utf8) }) {
            #expect(table.unique(absent[...], hash: colliding ? 7 : UniqueBasenames.hash(absent[...]), name: name) == nil)
        }
    }

    @Test func aTableOfThousandsFindsEachUniqueName() {
        let names = (0..<5000).map { Array("file\($0 % 4000).txt".utf8) }
        let hashes = names.map { UniqueBasenames.hash($0[...]) }
        let table = UniqueBasenames(count: names.count, hashes: hashes, name: { names[$0][...] })
        let unique = names.indices.filter { table.unique(names[$0][...], hash: hashes[$0], name: { names[$0][...] }) == $0 }
        #expect(unique.count == 3000)
        #expect(unique.allSatisfy { $0 >= 1000 && $0 < 4000 })
    }
}
