/// How long a name or a note may be, and how many stops a trip may have: one home for the caps
/// that the editor's fields, the command line and the importers all keep to, so no text from
/// anywhere can make a screen, a save or a search slow.
public enum TextLimits {
    /// Characters in a trip's or a stop's name.
    public static let name = 200
    /// Characters in a stop's note.
    public static let note = 1000
    /// Stops in one trip. A trip of thousands of stops is a survey, not a road trip; this keeps
    /// every leg list, map and itinerary of one trip quick to draw.
    public static let stopsPerTrip = 5000

    /// `trip` with names and notes cut to their limits, and how many texts were cut.
    public static func capped(_ trip: Trip) -> (trip: Trip, cut: Int) {
        var trip = trip, cut = 0
        func cap(_ text: inout String, _ limit: Int) {
            guard text.count > limit else { return }
            text = String(text.prefix(limit))
            cut += 1
        }
        cap(&trip.name, name)
        for i in trip.waypoints.indices {
            cap(&trip.waypoints[i].name, name)
            cap(&trip.waypoints[i].note, note)
        }
        return (trip, cut)
    }

    /// `text` as screens and messages show a name: whole when it is within the limit, else its
    /// first `name` characters and "…". A hand-edited file may hold a name of millions of
    /// characters; every title made from it would otherwise copy them all on every frame.
    public static func shown(_ text: String) -> String {
        // The UTF-8 count is free for a native string; only a long one is counted in characters.
        guard text.utf8.count > name else { return text }
        let head = text.prefix(name + 1)
        return head.count > name ? String(head.prefix(name)) + "…" : text
    }

    /// Why `text` cannot be a name, or nil when it can.
    public static func nameProblem(_ text: String) -> String? {
        text.count > name ? "a name holds at most \(name) characters (this one has \(text.count))" : nil
    }

    /// Why `text` cannot be a note, or nil when it can.
    public static func noteProblem(_ text: String) -> String? {
        text.count > note ? "a note holds at most \(note) characters (this one has \(text.count))" : nil
    }
}
