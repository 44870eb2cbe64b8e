@testable import Browser
import Render
import TerminalUI
import Testing
import TreeBrowser
import TreeModel

/// The first frame drawn from the change tree before the model exists is, line for line,
/// the frame the browser draws once built: for generated trees, every initial expansion,
/// flattened or not, in color or not, with and without viewed marks, on wide, narrow, short
/// and tiny terminals.
struct BrowserPreviewTests {
    static let expansions: [InitialExpansion] = [.expanded, .depth(1), .depth(2), .collapsed]
    static let sizes = [TerminalSize(columns: 100, rows: 30), TerminalSize(columns: 38, rows: 9),
                        TerminalSize(columns: 200, rows: 200), TerminalSize(columns: 12, rows: 1),
                        TerminalSize(columns: 60, rows: 2)]

    static func configuration(flatten: Bool, expansion: InitialExpansion, color: Bool, marks: Bool,
                              ascii: Bool = false) -> BrowserConfiguration {
        let render = RenderOptions(color: color, charset: ascii ? .ascii : .unicode, icons: color ? .nerdFont : .names)
        return BrowserConfiguration(title: "main...feature", style: BrowserStyle(render: render, linesCounted: !ascii),
                                    flatten: flatten, expansion: expansion,
                                    marks: marks ? BrowserReviewTests.RecordedMarks() : nil)
    }

    @Test(arguments: 0..<10)
    func theFirstFrameIsTheBrowsersFrame(seed: Int) throws {
        var changes = BrowserFilterTests.changes(seed: seed)
        for index in changes.indices where index % 4 == seed % 4 { changes[index].viewState = .viewed }
        var compared = 0
        for flatten in [true, false] {
            for (index, expansion) in Self.expansions.enumerated() {
                let color = (seed + index) % 2 == 0
                let configuration = Self.configuration(flatten: flatten, expansion: expansion, color: color,
                                                       marks: index % 2 == 1, ascii: seed % 3 == 0)
                let tree = ChangeTree(changes: changes, order: configuration.order)
                let preview = try #require(BrowserPreview(changeTree: tree, configuration: configuration))
                for size in Self.sizes {
                    var browser = try Browser(changeTree: tree, configuration: configuration, size: size)
                    browser.resize(to: size)
                    let expected = browser.frame()
                    #expect(preview.frame(size: size) == expected, "seed \(seed), \(flatten), \(expansion), \(size)")
                    compared += 1
                }
            }
        }
        #expect(compared == 2 * Self.expansions.count * Self.sizes.count)
    }

    @Test func theGeneratedTreesFillTheScreenWithChainsAndClosedRows() throws {
        let changes = BrowserFilterTests.changes(seed: 1)
        let configuration = Self.configuration(flatten: true, expansion: .depth(1), color: false, marks: false)
        let browser = try Browser(changes: changes, configuration: configuration, size: TerminalSize(columns: 100, rows: 30))
        let rows = browser.model.rows
        #expect(rows.count > 28)
        #expect(rows.contains { $0.chain.count > 1 })
        #expect(rows.contains { $0.isDirectory && !$0.isExpanded })
    }

    @Test func noChangesSaySo() throws {
        let configuration = Self.configuration(flatten: true, expansion: .expanded, color: true, marks: true)
        let tree = ChangeTree(changes: [], order: .foldersFirst)
        let preview = try #require(BrowserPreview(changeTree: tree, configuration: configuration))
        let size = TerminalSize(columns: 50, rows: 6)
        var browser = try Browser(changeTree: tree, configuration: configuration, size: size)
        browser.resize(to: size)
        #expect(preview.frame(size: size) == browser.frame())
        #expect(String(decoding: preview.frame(size: size).rows[1].bytes, as: UTF8.self).hasPrefix("no changes"))
    }

    @Test func namesTheModelRewritesAndIdentityExpansionHaveNoPreview() {
        let odd = ChangeTree(changes: [FileChange(status: .added, path: RawPath("a/./b.txt"))], order: .foldersFirst)
        #expect(BrowserPreview(changeTree: odd, configuration: BrowserConfiguration(title: "t")) == nil)
        let plain = ChangeTree(changes: [FileChange(status: .added, path: RawPath("a/b.txt"))], order: .foldersFirst)
        #expect(BrowserPreview(changeTree: plain, configuration: BrowserConfiguration(title: "t")) != nil)
        let byIdentity = BrowserConfiguration(title: "t", expansion: .identities([]))
        #expect(BrowserPreview(changeTree: plain, configuration: byIdentity) == nil)
    }
}
