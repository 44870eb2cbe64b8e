// The glob matcher's speed: 100,000 repository paths like a monorepo's against the ~40
// patterns of 20 paths-filter groups, in one thread. Built by Benchmarks/glob-speed with the
// PathGlobs sources in one optimized module.
import Glibc

struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

func repositoryPaths(count: Int) -> [[UInt8]] {
    var random = Generator(state: 42)
    let tops = ["packages", "packages", "packages", "apps", "services", "docs", "tools", ".github", "src", "test"]
    let middles = ["src", "lib", "components", "utils", "internal", "api", "__tests__", "fixtures", "styles", "hooks", "Sources", "Tests"]
    let names = ["index", "main", "util", "helpers", "Button", "types", "config", "README", "server", "client", "model", "view"]
    let extensions = [".ts", ".tsx", ".js", ".test.ts", ".md", ".json", ".swift", ".go", ".py", ".css", ".yml", ".spec.tsx"]
    var paths: [[UInt8]] = []
    paths.reserveCapacity(count)
    for index in 0..<count {
        var parts: [String] = []
        let top = tops[random.next(tops.count)]
        parts.append(top)
        if top == "packages" || top == "apps" || top == "services" { parts.append("pkg\(random.next(40))") }
        if top == ".github" { parts.append(random.next(2) == 0 ? "workflows" : "actions") }
        for _ in 0..<random.next(4) { parts.append(middles[random.next(middles.count)]) }
        let name = index % 97 == 0 ? "Package.swift" : names[random.next(names.count)] + extensions[random.next(extensions.count)]
        parts.append(name)
        paths.append(Array(parts.joined(separator: "/").utf8))
    }
    return paths
}

let groups: [[String]] = [
    ["packages/pkg1/**"], ["packages/pkg2/**", "!packages/pkg2/**/*.md"], ["packages/pkg3/**", "packages/pkg4/**"],
    ["apps/pkg5/**"], ["services/pkg6/**", "services/pkg7/**"], ["**/*.md", "docs/**"], ["src/**/*.{ts,tsx}", "!**/*.test.ts"],
    [".github/workflows/**", ".github/actions/**"], ["**/Package.swift", "**/*.swift"], ["**/*.go", "go.mod", "go.sum"],
    ["**/*.py", "requirements.txt"], ["**/*.css", "**/styles/**"], ["docs/**/*.md", "README.md"], ["**/*.test.ts", "**/*.spec.tsx"],
    ["tools/**", "!tools/**/*.md"], ["**/__tests__/**"], ["*.json", "**/package.json"], ["**/*.yml", "**/*.yaml"],
    ["packages/pkg1{0,1,2}/**"], ["test/**", "**/fixtures/**", "**/*.snap"],
]

let patterns = groups.flatMap { $0 }
let globs = patterns.map { try! Glob($0) }
let paths = repositoryPaths(count: 100_000)
let fast = globs.filter { $0.usesFastPath }.count

/// This thread's CPU time: on a shared machine, wall time counts other processes' turns.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// One pass: every path against every glob, as the groups feature asks (a function, not
/// top-level code, whose globals are the main actor's and checked on each access).
func countMatches(_ globs: [Glob], _ paths: [[UInt8]]) -> Int {
    var count = 0
    for path in paths {
        path.withUnsafeBufferPointer { bytes in
            for glob in globs where glob.matches(utf8: bytes) { count += 1 }
        }
    }
    return count
}

var best = Double.infinity
var matched = 0
for _ in 0..<7 {
    let start = now()
    matched = countMatches(globs, paths)
    best = min(best, now() - start)
}
let pairs = Double(paths.count * globs.count)
func decimal(_ value: Double) -> String { String(Double(Int(value * 10)) / 10) }
print("glob-speed: \(paths.count) paths × \(globs.count) patterns (\(groups.count) groups, \(fast) on a fast path): best of 7 \(decimal(best * 1000)) ms, \(decimal(best * 1e9 / pairs)) ns per match, \(matched) matches")

// Each pattern's share, slowest first.
var shares: [(String, Double)] = []
for (pattern, glob) in zip(patterns, globs) {
    let start = now()
    var count = 0
    for path in paths {
        path.withUnsafeBufferPointer { bytes in if glob.matches(utf8: bytes) { count += 1 } }
    }
    shares.append((pattern, now() - start))
}
for (pattern, time) in shares.sorted(by: { $0.1 > $1.1 }).prefix(8) {
    print("  \(pattern): \(decimal(time * 1000)) ms")
}
