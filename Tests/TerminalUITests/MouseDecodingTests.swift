import Testing
@testable import TerminalUI

@Suite struct MouseDecodingTests {
    private func mouse(_ action: MouseAction, _ column: Int, _ row: Int, _ modifiers: Modifiers = []) -> [InputEvent] {
        [.mouse(MouseEvent(action, column: column, row: row, modifiers: modifiers))]
    }

    @Test func decodesSGRPressAndRelease() {
        #expect(decodeAll("\u{1B}[<0;5;7M") == mouse(.press(.left), 4, 6))
        #expect(decodeAll("\u{1B}[<0;5;7m") == mouse(.release(.left), 4, 6))
        #expect(decodeAll("\u{1B}[<1;1;1M") == mouse(.press(.middle), 0, 0))
        #expect(decodeAll("\u{1B}[<2;300;120M") == mouse(.press(.right), 299, 119))
        #expect(decodeAll("\u{1B}[<128;3;4M") == mouse(.press(.other(8)), 2, 3))
    }

    @Test func decodesSGRWheel() {
        #expect(decodeAll("\u{1B}[<64;10;2M") == mouse(.scroll(.up), 9, 1))
        #expect(decodeAll("\u{1B}[<65;10;2M") == mouse(.scroll(.down), 9, 1))
        #expect(decodeAll("\u{1B}[<66;10;2M") == mouse(.scroll(.left), 9, 1))
        #expect(decodeAll("\u{1B}[<67;10;2M") == mouse(.scroll(.right), 9, 1))
        #expect(decodeAll("\u{1B}[<81;1;1M") == mouse(.scroll(.down), 0, 0, .control))
    }

    @Test func decodesSGRDragMoveAndModifiers() {
        #expect(decodeAll("\u{1B}[<32;8;9M") == mouse(.drag(.left), 7, 8))
        #expect(decodeAll("\u{1B}[<35;8;9M") == mouse(.move, 7, 8))
        #expect(decodeAll("\u{1B}[<4;1;1M") == mouse(.press(.left), 0, 0, .shift))
        #expect(decodeAll("\u{1B}[<8;1;1M") == mouse(.press(.left), 0, 0, .alt))
        #expect(decodeAll("\u{1B}[<16;1;1M") == mouse(.press(.left), 0, 0, .control))
    }

    @Test func decodesLegacyReports() {
        #expect(decodeAll([0x1B, 0x5B, 0x4D, 32, 33 + 4, 33 + 6]) == mouse(.press(.left), 4, 6))
        #expect(decodeAll([0x1B, 0x5B, 0x4D, 35, 33, 33]) == mouse(.release(nil), 0, 0))
        #expect(decodeAll([0x1B, 0x5B, 0x4D, 96, 40, 40]) == mouse(.scroll(.up), 7, 7))
        #expect(decodeAll([0x1B, 0x5B, 0x4D, 67, 33, 33]) == mouse(.move, 0, 0))
    }

    @Test func dropsMalformedReports() {
        #expect(decodeAll("\u{1B}[<0;5M") == [])
        #expect(decodeAll("\u{1B}[<0;5;7;9M") == [])
        #expect(decodeAll("\u{1B}[<3;5;7M") == [])
        #expect(decodeAll("\u{1B}[<999;5;7M") == [])
        #expect(decodeAll("\u{1B}[<0;0;0M") == mouse(.press(.left), 0, 0))
        #expect(decodeAll("\u{1B}[<0;99999999999999;1M") == mouse(.press(.left), 999_999, 0))
    }

    @Test func describesMouseEvents() {
        #expect(MouseEvent(.press(.left), column: 4, row: 6).description == "press left at 4,6")
        #expect(MouseEvent(.scroll(.down), column: 0, row: 0, modifiers: .control).description
            == "ctrl+scroll down at 0,0")
        #expect(MouseEvent(.release(nil), column: 1, row: 2).description == "release at 1,2")
    }
}
