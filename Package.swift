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
        .target(name: "TreeModel"),
        .target(name: "TreeBrowser", dependencies: ["TreeModel"]),
        .target(name: "Render", dependencies: ["TreeModel", "Annotations"]),
        .target(name: "GitAdapter", dependencies: ["CLibGit2", "TreeModel", "Annotations"]),
        .target(name: "ReviewState", dependencies: ["TreeModel"]),
        .target(name: "TreeReviewCLI", dependencies: ["GitAdapter", "Render", "ReviewState", "TreeModel", "Annotations"]),
        .executableTarget(name: "treereview", dependencies: ["TreeReviewCLI"]),
        .target(name: "Annotations", dependencies: ["TreeModel"]),
        .target(name: "TerminalUI"),
        .executableTarget(name: "TerminalUIDemo", dependencies: ["TerminalUI"]),
        .target(name: "TestSupport", dependencies: ["TreeModel"], path: "Tests/TestSupport"),
        .testTarget(name: "TreeModelTests", dependencies: ["TreeModel"]),
        .testTarget(name: "TreeBrowserTests", dependencies: ["TreeBrowser", "TreeModel"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "TreeModel", "Annotations", "TestSupport"]),
        .testTarget(name: "GitAdapterTests", dependencies: ["GitAdapter", "TreeModel", "Annotations", "TestSupport"]),
        .testTarget(name: "TreeReviewCLITests", dependencies: ["TreeReviewCLI", "TreeModel", "Annotations", "TestSupport"]),
        .testTarget(name: "AnnotationsTests", dependencies: ["Annotations", "TreeModel", "TestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "ReviewStateTests", dependencies: ["ReviewState", "TreeModel", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
