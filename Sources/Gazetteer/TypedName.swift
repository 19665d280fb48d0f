import Foundation

/// How what a person typed compares with a place's name: one rule for the editor's highlight, its
/// rows and the command line's choice of a place.
public enum TypedName {
    /// `text` trimmed, without case or accents: "Zürich " and "zurich" compare equal.
    public static func folded(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whether `typed` shows the place `name`: it begins the name ("Greno" for Grenoble), or it is
    /// the name with a qualifier after it ("Athens GA", "Portland, ME").
    public static func shows(_ name: String, typed: String) -> Bool {
        let name = folded(name), typed = folded(typed)
        return !typed.isEmpty && (name.hasPrefix(typed) || typed.hasPrefix(name + " ") || typed.hasPrefix(name + ","))
    }
}
