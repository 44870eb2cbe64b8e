import Render
import Testing
import TreeModel

@Suite struct StyleTests {
    private func text(_ style: Style) -> String { String(decoding: style.sequence, as: UTF8.self) }

    @Test func sequencesAreSGR() {
        #expect(text(Style(parameters: "1;34")) == "\u{1B}[1;34m")
        #expect(String(decoding: Style.reset, as: UTF8.self) == "\u{1B}[0m")
    }

    @Test func statusColors() {
        let expected: [ChangeStatus: String] = [
            .added: "32", .modified: "33", .deleted: "31", .renamed: "36", .copied: "36",
            .typeChanged: "35", .untracked: "32", .unmerged: "1;31",
        ]
        for status in ChangeStatus.allCases {
            #expect(text(Style.status(status)) == "\u{1B}[\(expected[status] ?? "?")m", "\(status)")
        }
    }

    @Test func directoryColorFollowsWholeStatus() {
        let added = ChangeSummary([FileChange(status: .added, path: RawPath("a"))])
        let mixed = ChangeSummary([FileChange(status: .added, path: RawPath("a")), FileChange(status: .modified, path: RawPath("b"))])
        #expect(Style.directory(added) == .boldGreen)
        #expect(Style.directory(mixed) == .boldBlue)
    }

    @Test func appendWrapsOnlyWhenEnabled() {
        var plain: [UInt8] = []
        Style.green.append(Array("ok".utf8), to: &plain, enabled: false)
        #expect(plain == Array("ok".utf8))
        var colored: [UInt8] = []
        Style.green.append(Array("ok".utf8), to: &colored, enabled: true)
        #expect(String(decoding: colored, as: UTF8.self) == "\u{1B}[32mok\u{1B}[0m")
    }
}
