import CQRencode

/// A QR code of some text, encoded by libqrencode: a square of dark and light modules.
public struct QRCode: Sendable, Equatable {
    /// How much of the code may be lost and still read: more costs modules.
    public enum Correction: Sendable {
        /// 7%: the smallest code, for clean screens.
        case low
        /// 15%.
        case medium

        var level: QRecLevel { self == .low ? QR_ECLEVEL_L : QR_ECLEVEL_M }
    }

    /// Modules per side (21 for version 1, 4 more per version).
    public let size: Int
    /// Row after row, `true` for a dark module.
    public let modules: [Bool]
    /// The QR version (1–40).
    public let version: Int

    /// The code of `text` as bytes (so any URL reads back exactly), or nil when it is longer than
    /// the largest QR code holds (2,953 bytes at low correction) or the encoder fails.
    public init?(_ text: String, correction: Correction = .medium) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        let encoded = bytes.withUnsafeBufferPointer { buffer in
            QRcode_encodeData(Int32(buffer.count), buffer.baseAddress, 0, correction.level)
        }
        guard let encoded else { return nil }
        defer { QRcode_free(encoded) }
        let width = Int(encoded.pointee.width)
        size = width
        version = Int(encoded.pointee.version)
        // Bit 0 of each byte is the module's colour; the other bits say what part of the symbol it is.
        modules = (0..<(width * width)).map { encoded.pointee.data[$0] & 1 == 1 }
    }

    public func isDark(row: Int, column: Int) -> Bool {
        row >= 0 && column >= 0 && row < size && column < size && modules[row * size + column]
    }

    /// The code as lines of half blocks, two module rows to a line, with `quiet` light modules
    /// around it. Light modules are drawn (█ ▀ ▄) and dark ones left blank, so it reads on a
    /// terminal's dark background; the caller paints the light part white where it can.
    public func halfBlockLines(quiet: Int = 2) -> [String] {
        let side = size + 2 * quiet
        var lines: [String] = []
        for top in stride(from: 0, to: side, by: 2) {
            var line = ""
            for column in 0..<side {
                let upper = !isDark(row: top - quiet, column: column - quiet)
                let lower = top + 1 < side ? !isDark(row: top + 1 - quiet, column: column - quiet) : false
                line.append(upper ? (lower ? "█" : "▀") : (lower ? "▄" : " "))
            }
            lines.append(line)
        }
        return lines
    }
}
