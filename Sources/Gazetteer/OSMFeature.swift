/// What a tagged OpenStreetMap object is as a road-trip place, from its tags.
///
/// The kinds are a fixed list, so rows and filters mean the same whatever the extract; each has a
/// prominence that stands in for population in the ranking (a national park outranks a village of
/// the same name). Used by `places import` and for the online geocoder's answers.
public enum OSMFeature {
    /// Every kind an import makes, with the size it ranks as when it has no population of its own.
    public static let prominence: [String: Int] = [
        "city": 100_000, "town": 10_000, "village": 1_000, "hamlet": 100,
        "park": 200_000, "peak": 5_000, "pass": 5_000, "waterfall": 5_000, "castle": 5_000,
        "sight": 5_000, "museum": 3_000, "lake": 3_000, "cave": 2_000, "viewpoint": 2_000,
        "beach": 2_000, "camp site": 500, "lodging": 300, "fuel": 300, "charging": 300, "food": 200
    ]

    /// Kinds a road trip stops at for what they serve, not for themselves: many are mapped with no
    /// name, only a brand or operator, and are still what a driver low on fuel or charge looks for.
    static let services: [String: String] = ["fuel": "Fuel station", "charging": "Charging station"]

    /// What a place of `kind` is called: its name, else for a fuel or charging station its brand
    /// or operator, else what it is ("Charging station"); nil for anything else without a name.
    public static func name(_ tags: [String: String], kind: String) -> String? {
        for key in ["name", "name:en"] {
            if let name = tags[key]?.trimmingCharacters(in: .whitespaces), !name.isEmpty { return name }
        }
        guard let generic = services[kind] else { return nil }
        for key in ["brand", "operator"] {
            if let name = tags[key]?.trimmingCharacters(in: .whitespaces), !name.isEmpty {
                return "\(name) (\(generic.lowercased()))"
            }
        }
        return generic
    }

    /// The kind of an object with these tags, or nil when it is nothing a road trip stops at.
    public static func kind(_ tags: [String: String]) -> String? {
        if let place = tags["place"], ["city", "town", "village", "hamlet"].contains(place) { return place }
        if tags["boundary"] == "national_park" || tags["leisure"] == "nature_reserve"
            || (tags["boundary"] == "protected_area" && ["1", "1a", "1b", "2", "3"].contains(tags["protect_class"] ?? ""))
        {
            return "park"
        }
        switch tags["natural"] {
        case "peak", "volcano": return "peak"
        case "saddle": return "pass"
        case "waterfall": return "waterfall"
        case "beach": return "beach"
        case "cave_entrance": return "cave"
        case "water" where tags["water"] == nil || tags["water"] == "lake": return "lake"
        default: break
        }
        if tags["mountain_pass"] == "yes" { return "pass" }
        if tags["waterway"] == "waterfall" { return "waterfall" }
        switch tags["tourism"] {
        case "viewpoint": return "viewpoint"
        case "camp_site", "caravan_site": return "camp site"
        case "hotel", "motel", "guest_house", "hostel": return "lodging"
        case "attraction", "theme_park", "zoo", "aquarium": return "sight"
        case "museum": return "museum"
        default: break
        }
        switch tags["historic"] {
        case "castle": return "castle"
        case "monument", "memorial", "ruins", "archaeological_site", "fort", "monastery": return "sight"
        default: break
        }
        switch tags["amenity"] {
        case "fuel": return "fuel"
        case "charging_station": return "charging"
        case "restaurant", "cafe", "fast_food", "food_court", "biergarten", "pub": return "food"
        default: return nil
        }
    }

    /// The other names people may type: English and international names, older and alternative ones.
    public static func aliases(_ tags: [String: String], name: String) -> [String] {
        var out: [String] = []
        for key in ["name:en", "int_name", "alt_name", "official_name", "short_name", "old_name", "loc_name"] {
            for alias in (tags[key] ?? "").split(separator: ";") {
                let trimmed = alias.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty, trimmed != name, !out.contains(trimmed) { out.append(trimmed) }
            }
        }
        return out
    }
}
