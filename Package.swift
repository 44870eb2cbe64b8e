// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "treereview",
    products: [
        .executable(name: "treereview", targets: ["treereview"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibGit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(name: "CSystem"),
        .target(name: "Background", dependencies: ["CSystem"]),
        .target(name: "GitRules"),
        .target(name: "Locking"),
        .target(name: "Packages"),
        .target(name: "PathGlobs"),
        .target(name: "PathFilters", dependencies: ["CYAML", "PathGlobs"]),
        .target(name: "TreeModel", dependencies: ["GitRules", "Locking"]),
        .target(name: "TreeBrowser", dependencies: ["TreeModel"]),
        .target(name: "Render", dependencies: ["GitRules", "TreeModel", "Annotations", "Packages", "Background"]),
        .target(name: "GitAdapter", dependencies: ["CLibGit2", "CDeflate", "CZlib", "GitRules", "Locking", "TreeModel", "Annotations", "Background", "Packages"]),
        .target(name: "ReviewState", dependencies: ["GitRules", "TreeModel"]),
        .target(name: "ChangeList", dependencies: ["GitRules", "TreeModel"]),
        .target(name: "TreeReviewCLI", dependencies: ["ChangeList", "CSystem", "GitAdapter", "GitRules", "Locking", "Render", "ReviewState", "TreeModel", "Annotations", "Browser", "TerminalUI", "TreeBrowser", "Packages", "PathFilters", "Background"]),
        .executableTarget(name: "treereview", dependencies: ["TreeReviewCLI"]),
        .target(name: "Annotations", dependencies: ["TreeModel"]),
        .target(name: "TerminalUI"),
        .executableTarget(name: "TerminalUIDemo", dependencies: ["TerminalUI"]),
        .target(name: "Browser", dependencies: ["TreeBrowser", "TerminalUI", "Render", "TreeModel", "Background", "Locking"]),
        .target(name: "TestSupport", dependencies: ["TreeModel"], path: "Tests/TestSupport"),
        .testTarget(name: "GitRulesTests", dependencies: ["GitRules", "TestSupport"]),
        .testTarget(name: "TreeModelTests", dependencies: ["TreeModel", "TestSupport"]),
        .testTarget(name: "TreeBrowserTests", dependencies: ["TreeBrowser", "TreeModel", "TestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "GitRules", "TreeModel", "Annotations", "GitAdapter", "Background", "TestSupport"]),
        .testTarget(name: "GitAdapterTests", dependencies: ["GitAdapter", "GitRules", "TreeModel", "Annotations", "TestSupport"]),
        .testTarget(name: "TreeReviewCLITests", dependencies: ["TreeReviewCLI", "TreeModel", "Annotations", "TestSupport"]),
        .testTarget(name: "AnnotationsTests", dependencies: ["Annotations", "TreeModel", "TestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"]),
        .testTarget(name: "BrowserTests", dependencies: ["Background", "Browser", "Locking", "TreeBrowser", "TerminalUI", "TreeModel", "TestSupport"]),
        .testTarget(name: "ChangeListTests", dependencies: ["ChangeList", "TreeModel", "TestSupport"]),
        .testTarget(name: "PackagesTests", dependencies: ["Packages", "TestSupport"]),
        .testTarget(name: "PathFiltersTests", dependencies: ["PathFilters", "PathGlobs", "TestSupport"]),
        .testTarget(name: "PathGlobsTests", dependencies: ["PathGlobs", "TestSupport"]),
        .testTarget(name: "ReviewStateTests", dependencies: ["ReviewState", "TreeModel", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
