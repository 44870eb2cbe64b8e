/// Patterns and paths with picomatch's answers (`{ dot: true }`), by feature. The answers were
/// read from picomatch and are checked against it again by `GlobFeatureTests`.
enum GlobExamples {
    struct Example {
        let pattern: String
        let answers: [(path: String, matches: Bool)]
    }

    static func example(_ pattern: String, _ answers: (String, Bool)...) -> Example {
        Example(pattern: pattern, answers: answers.map { (path: $0.0, matches: $0.1) })
    }

    /// dorny/paths-filter's README patterns.
    static let pathsFilter = [
        example("src/**", ("src", true), ("src/", true), ("src/a.ts", true), ("src/a/b/c.ts", true), ("srcx/a", false),
                ("src/../a", false), ("src/./a", false), ("src/a/./b", false), (".src/a", false)),
        example("**/*.js", ("a.js", true), ("x/y/a.js", true), ("a.js/", true), ("x/.a.js", true), ("a.jsx", false),
                (".js", true), ("x/../a.js", false), ("a\nb.js", true)),
        example("!**/*.md", ("a.md", false), ("docs/a.md", false), ("a.js", true), ("a\nb.js", false), ("docs/a.mdx", true)),
        example("docs/**/*.md", ("docs/a.md", true), ("docs/x/y/a.md", true), ("docs/a.md/", false), ("docs.md", false),
                ("docs//a.md", true), ("docs/../a.md", false)),
        example(".github/**", (".github", true), (".github/workflows/ci.yml", true), (".githubx/a", false)),
    ]

    static let wildcards = [
        example("*", ("a", true), ("a/", true), ("a/b", false), (".", false), ("..", false), (".git", true)),
        example("a?c", ("abc", true), ("a/c", false), ("aéc", true), ("a😀c", false)),
        example("a/**b", ("a/xb", true), ("a/x/b", false), ("a/b", true)),
    ]

    static let braces = [
        example("{a,b}/c", ("a/c", true), ("b/c", true), ("c/c", false), ("{a,b}/c", true)),
        example("{a,{b,c}}", ("a", true), ("b", true), ("c", true), ("d", false)),
        example("{a}", ("a", false), ("{a}", true)),
        example("file{1..3}", ("file1", true), ("file2", true), ("file4", false)),
        example("file{1..10}", ("file1", true), ("file0", true), ("file10", false), ("file5", false)),
        example("{c..a}", ("a", true), ("b", true), ("c", true), ("d", false)),
    ]

    static let classes = [
        example("[abc]", ("a", true), ("d", false), ("[abc]", true)),
        example("[a-z]x", ("mx", true), ("Mx", false)),
        example("[!a]", ("!", true), ("a", true), ("b", false)),
        example("[^a]", ("b", true), ("a", false), ("/", false)),
        example("[[:alpha:]]1", ("a1", true), ("11", false)),
        example("[[:digit:]]", ("5", true), ("a", false)),
        example("a[b", ("a[b", true), ("ab", false)),
        example("a]b", ("a]b", true)),
    ]

    static let extglobs = [
        example("!(a)", ("a", false), ("b", true), ("ab", true)),
        example("@(a|b)", ("a", true), ("b", true), ("ab", false)),
        example("*(a|b)", ("ab", true), ("abba", true), ("c", false)),
        example("+(a|b)", ("a", true), ("abab", true), ("c", false)),
        example("?(a|b)", ("a", true), ("ab", false)),
        example("a/!(b)/c", ("a/b/c", false), ("a/x/c", true), ("a/bb/c", false)),
        example("+(a|@(b|c))", ("abc", true), ("d", false)),
        example("!(*.d).ts", ("a.ts", true), ("a.d.ts", false)),
    ]

    static let escapesAndNegation = [
        example("\\*", ("*", true), ("a", false)),
        example("a\\?", ("a?", true), ("ab", false)),
        example("!a", ("a", false), ("b", true)),
        example("!!a", ("a", true), ("b", false)),
        example("!!!a", ("a", false), ("b", true)),
    ]

    static let slashes = [
        example("a/", ("a", false), ("a/", true)),
        example("./a", ("a", true), ("./a", true)),
        example("a//b", ("a/b", false), ("a//b", true)),
    ]

    /// Regular-expression syntax picomatch leaves in place.
    static let metacharacters = [
        example("a|b", ("a", false), ("b", false), ("a|b", true)),
        example("x/a|b", ("x/a", true), ("b", true), ("x/a|b", true)),
        example("a$$", ("a$", true), ("a$$", true)),
        example("a++", ("a+", true), ("a++", true), ("a+++", true)),
        example("(a)", ("a", true), ("(a)", true)),
        example("a.b", ("a.b", true), ("axb", false)),
        example("a\tb", ("a\tb", true)),
    ]

    /// Differences the differential test found while the matcher was written.
    static let found = [
        example("!!!?(\\@*|c/dx.y|*index.ts)[z-a]", ("x.y", false), ("a", false)),
        example("*[~[(/**", (".md[~[/..(/c", true), ("a[~[(/b", false), ("a[~[/b", true)),
        example("!./+#/@(b)..[(/**", ("+#/b..[(/c", true), ("v1.2", true)),
        example(")\\|/*)foo/+(bab|z-1)*{foo,\u{7F}}/*", (")|/a)foo/bab.mdfoo/é", false)),
        example("x/a|b{1..2}", ("x/", true), ("b1", true), ("x/a", false)),
        example("!!./a.md{ab,ab}/**", ("a.mdab/", false), ("./a.mdab/x", true), ("a.mdab", false)),
        example("!!*.md", ("\n.md", true), ("a.md", true)),
        example("!!./src/**", ("src/a", false), ("./src/a", true)),
        example("!!!**/*(a|ab)[#*(aab)/{c..a}@(@(x.y|x.y[xy]?)|.)?({index.ts,..}|\\bb|@(c/d)a)/é+(/{\\{,..}|aba)",
                ("c/a[#aab/2x.ybb/é", true), ("z-1", true)),
    ]

    static let all = pathsFilter + wildcards + braces + classes + extglobs + escapesAndNegation + slashes + metacharacters + found
}
