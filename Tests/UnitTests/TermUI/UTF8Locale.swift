import Foundation

/// Measures text as a UTF-8 terminal does: libc's wcwidth (behind TextWidth and curses)
/// answers by the process locale, which starts as "C" and knows only ASCII.
func useUTF8Locale() {
    _ = utf8LocaleInstalled
}

// Set once (a lazy global), since setlocale must not race the wcwidth calls of tests running beside it.
private let utf8LocaleInstalled: Bool = setlocale(LC_CTYPE, "C.UTF-8") != nil
