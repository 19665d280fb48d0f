/// What a piece of text is, so the terminal can colour it (or not, under NO_COLOR).
public enum Style: Hashable, Sendable, CaseIterable {
    case normal
    /// The header line: where you are.
    case header
    /// The status line background.
    case status
    /// A key name inside the status line ("a", "Enter").
    case statusKey
    /// The selected row of a list.
    case selected
    /// A text field being edited.
    case field
    case dim
    case accent
    case error
    case warning
    case success
    /// Map layers.
    case land
    case route
    case pin
    case pinSelected
    /// A QR code: bright white on black whatever the terminal's colours, so a camera reads it.
    case code
}
