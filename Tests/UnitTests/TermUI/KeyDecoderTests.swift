import Testing
@testable import TermUI

/// Key codes are the values in ncurses's curses.h (stable for decades), written out here so
/// the table NCursesTerminal builds from the C constants is checked against the real numbers.
struct KeyDecoderTests {
    let decoder = NCursesTerminal.keyDecoder

    @Test(
        arguments: [
            (0o403, Key.up), (0o402, .down), (0o404, .left), (0o405, .right),
            (0o521, .shiftUp), (0o520, .shiftDown), (0o611, .shiftLeft), (0o622, .shiftRight),
            (0o406, .home), (0o550, .end), (0o523, .pageUp), (0o522, .pageDown),
            (0o527, .enter), (0o541, .backTab), (0o407, .backspace), (0o512, .delete), (0o513, .insert),
            (0o632, .resize), (0o411, .function(1)), (0o424, .function(12)),
            // Keypad corners and the vt220 Find/Select keys.
            (0o534, .home), (0o537, .end), (0o535, .pageUp), (0o540, .pageDown), (0o552, .home), (0o601, .end)
        ] as [(Int, Key)])
    func keyCodes(code: Int, key: Key) {
        #expect(decoder.key(code: UInt32(code), isKeyCode: true) == key)
    }

    @Test func unknownKeyCodesAreIgnored() {
        #expect(decoder.key(code: 0o777, isKeyCode: true) == nil)
        #expect(decoder.key(code: 0o631, isKeyCode: true) == nil)  // KEY_MOUSE: no mouse here
    }

    @Test func theSameNumberAsTextIsACharacter() {
        // 259 is KEY_UP as a key code but U+0103 (ă) as typed text.
        #expect(decoder.key(code: 259, isKeyCode: false) == .char("ă"))
    }

    @Test(
        arguments: [
            (0x0D, Key.enter), (0x0A, .enter), (0x09, .tab), (0x7F, .backspace), (0x08, .backspace),
            (0x1B, .escape), (0x01, .ctrl("a")), (0x05, .ctrl("e")), (0x0B, .ctrl("k")), (0x15, .ctrl("u")),
            (0x17, .ctrl("w")), (0x1A, .ctrl("z")), (0x20, .char(" ")), (0x71, .char("q")), (0xE9, .char("é")),
            (0x6771, .char("東")), (0x1F600, .char("😀"))
        ] as [(Int, Key)])
    func characters(code: Int, key: Key) {
        #expect(decoder.key(code: UInt32(code), isKeyCode: false) == key)
    }

    @Test(arguments: [0x00, 0x1C, 0x1F, 0x80, 0x9B, 0x202E, 0x2066, 0xD800, 0x110000])
    func controlsAndInvalidScalarsAreNotText(code: Int) {
        #expect(decoder.key(code: UInt32(code), isKeyCode: false) == nil)
    }

    @Test func everyFunctionKeyUpToF63() {
        for n in 1...63 {
            #expect(decoder.key(code: UInt32(0o410 + n), isKeyCode: true) == .function(n))
        }
    }
}
