/// A 1-based line and column in a text file, the column counted in characters (Unicode scalars).
struct TextPosition: Equatable, Sendable {
    var line: Int
    var column: Int

    /// The position of byte `offset` in UTF-8 `bytes`.
    init(offset: Int, in bytes: [UInt8]) {
        var line = 1, column = 1
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes belong to the character their lead byte started.
                column += 1
            }
            i += 1
        }
        self.line = line
        self.column = column
    }
}
