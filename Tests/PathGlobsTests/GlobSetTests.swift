@testable import PathGlobs
import Testing

/// A ``GlobSet``'s answers against each ``Glob``'s own, for sets of generated patterns (most
/// in the shapes CI filters use) asked about every path generated for any of them, the
/// patterns themselves, and the same paths behind `./`; and the keys that let it skip globs.
@Suite struct GlobSetTests {
    @Test func answersAsEachGlobDoes() throws {
        var generator = GlobCaseGenerator(seed: 7)
        var asked = 0, skipped = 0, matched = 0, keyedGlobs = 0, globCount = 0
        for _ in 0..<40 {
            var globs: [Glob] = []
            var paths: [[UInt8]] = []
            while globs.count < 30 {
                let (pattern, near) = generator.next()
                guard let glob = try? Glob(pattern) else { continue }
                globs.append(glob)
                paths += near
                paths.append(Array(pattern.utf8))
            }
            paths += paths.prefix(40).map { Array("./".utf8) + $0 }
            let set = GlobSet(globs)
            keyedGlobs += globs.filter { $0.matcher.fastPath?.key != nil }.count
            globCount += globs.count
            set.withProbe { probe in
                for path in paths {
                    path.withUnsafeBufferPointer { bytes in
                        probe.look(at: bytes)
                        for (number, glob) in globs.enumerated() {
                            asked += 1
                            if !probe.isTried(number) { skipped += 1 }
                            let expected = glob.matches(utf8: bytes)
                            if expected { matched += 1 }
                            #expect(probe.matches(number) == expected,
                                    "\(glob.pattern.debugDescription) against \(String(decoding: path, as: UTF8.self).debugDescription)")
                            #expect(probe.matches(number) == expected, "asked twice: \(glob.pattern.debugDescription)")
                        }
                    }
                }
            }
        }
        #expect(keyedGlobs > globCount / 8, "only \(keyedGlobs) of \(globCount) globs have a key")
        #expect(skipped > asked / 10, "only \(skipped) of \(asked) answers came from keys")
        #expect(matched > asked / 50, "only \(matched) of \(asked) pairs match")
    }

    @Test func filterShapedGlobsHaveTheKeysTheirPathsNeed() throws {
        func key(_ pattern: String) throws -> GlobKey? { try Glob(pattern).matcher.fastPath?.key }
        func bytes(_ words: String...) -> [[UInt8]] { words.map { Array($0.utf8) } }
        #expect(try key("src/**") == .firstSegment(bytes("src")))
        #expect(try key("packages/pkg1/**") == .firstSegment(bytes("packages")))
        #expect(try key("src/a.ts") == .firstSegment(bytes("src")))
        #expect(try key("**/*.md") == .lastExtension(bytes("md")))
        #expect(try key("**/Package.swift") == .lastExtension(bytes("swift")))
        #expect(try key("**") == nil)
        #expect(try key("**/src/**") == nil)
        #expect(try key("!src/**") == nil)
        #expect(try key("*-x") == nil)
    }

    @Test func keysAreReadFromPathsAsGlobsWriteThem() {
        func first(_ path: String) -> String { String(decoding: GlobKey.firstSegment(of: Array(path.utf8)), as: UTF8.self) }
        func last(_ path: String) -> String { String(decoding: GlobKey.lastExtension(of: Array(path.utf8)), as: UTF8.self) }
        #expect(first("src/a/b.ts") == "src")
        #expect(first("README") == "README")
        #expect(first("/abs") == "")
        #expect(last("src/a/b.test.ts") == "ts")
        #expect(last("src/Makefile") == "Makefile")
        #expect(last("docs/a.md/") == "md")
        #expect(last("a.b/c") == "c")
        #expect(last(".github") == "github")
        #expect(last("") == "")
    }

    @Test func anEmptySetAndUnkeyedGlobsAreStillAsked() throws {
        let set = GlobSet([try Glob("**/src/**"), try Glob("!*.md")])
        let path = Array("x/src/y".utf8)
        let answers: [Bool] = set.withProbe { probe in
            path.withUnsafeBufferPointer { bytes in
                probe.look(at: bytes)
                return [probe.isTried(0), probe.isTried(1), probe.matches(0), probe.matches(1)]
            }
        }
        #expect(answers == [true, true, true, true])
        #expect(GlobSet([]).withProbe { _ in 1 } == 1)
    }
}
