// libc's wcwidth: the measure curses itself applies to each cell.
@_silgen_name("wcwidth")
private func cellWcwidth(_ c: Int32) -> Int32

/// One character cell as curses stores it: a spacing character and the marks that combine with it.
///
/// curses measures a cell by `wcwidth` of its first character and keeps at most five
/// characters in it, while `TextWidth` measures whole grapheme clusters. This splits a
/// cluster into cells whose curses widths add up to the cluster's `TextWidth`, so the
/// columns curses counts are the columns the views laid out.
struct TerminalCell: Equatable, Sendable {
    /// The spacing character first, then combining marks.
    var scalars: [Unicode.Scalar]
    /// Columns the cell takes (1 or 2).
    var width: Int

    /// What curses keeps of a cell: a spacing character and up to four marks.
    static let maximumScalars = 5

    /// The cells for `character`, already sanitised; empty for a character of no width
    /// (a lone combining mark), which belongs to the cell before it.
    static func cells(for character: Character, unicode: Bool) -> [TerminalCell] {
        if !unicode && !character.isASCII { return [TerminalCell(scalars: ["?"], width: 1)] }
        let width = TextWidth.of(character)
        guard width > 0 else { return [] }
        let scalars = Array(character.unicodeScalars)
        // Split at each spacing character, keeping the zero-width ones that follow it.
        var cells: [TerminalCell] = []
        for scalar in scalars {
            let w = columns(scalar)
            if w == 0, !cells.isEmpty {
                if cells[cells.count - 1].scalars.count < maximumScalars { cells[cells.count - 1].scalars.append(scalar) }
            } else {
                cells.append(TerminalCell(scalars: [scalar], width: w))
            }
        }
        if cells.first?.width == width {
            // One cell is what the terminal shows. Of a joined sequence (👨‍👩‍👧) curses keeps only the
            // first person; a dangling joiner would glue it to whatever is drawn next.
            var first = cells[0]
            while first.scalars.count > 1, first.scalars.last == "\u{200D}" { first.scalars.removeLast() }
            return [first]
        }
        if cells.allSatisfy({ $0.width > 0 }), cells.reduce(0, { $0 + $1.width }) == width {
            // Two regional indicators (a flag): each is one column to curses, the pair two to us.
            return cells
        }
        // Unknown to the locale: a replacement character, padded to the width the layout gave it.
        return [TerminalCell(scalars: ["\u{FFFD}"], width: 1)]
            + Array(repeating: TerminalCell(scalars: [" "], width: 1), count: width - 1)
    }

    /// Columns curses gives a single scalar: its `wcwidth`, or -1 when the locale does not know it.
    static func columns(_ scalar: Unicode.Scalar) -> Int {
        Int(cellWcwidth(Int32(bitPattern: scalar.value)))
    }
}
