import Foundation

/// Dates as ISO 8601 text, the way the data file and `--json` output carry them.
///
/// Written with seconds and a numeric offset ("2026-03-28T22:00:00+01:00", or "Z" for UTC);
/// read with or without fractional seconds and with any offset.
public enum ISO8601Text {
    /// `date` as wall-clock time in `zone`, with that zone's offset.
    public static func string(_ date: Date, in zone: TimeZone = TimeZone(identifier: "UTC")!) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// The instant `text` names, or nil when it is not ISO 8601 with a time and an offset.
    public static func date(_ text: String) -> Date? {
        try? Date(text, strategy: .iso8601)
    }

    /// Decodes an optional ISO 8601 string, naming the key when the text is not a date.
    static func decodeIfPresent<K: CodingKey>(_ container: KeyedDecodingContainer<K>, forKey key: K) throws -> Date? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = date(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "\(key.stringValue) \"\(text)\" is not an ISO 8601 date-time such as 2026-07-01T08:00:00+02:00"
            )
        }
        return date
    }
}
