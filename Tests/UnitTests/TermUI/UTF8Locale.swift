import Foundation

/// Measures text as a UTF-8 terminal does: libc's wcwidth (behind TextWidth and curses)
/// answers by the process locale, which starts as "C" and knows only ASCII.
func useUTF8Locale() {
    setlocale(LC_CTYPE, "C.UTF-8")
}
