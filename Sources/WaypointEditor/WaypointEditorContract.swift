import Foundation
import RoadtripCore
import TermUI

// The protocols between the parts of the waypoint editor module.

/// Where the editor starts: a new stop at a position, or an existing one.
public enum WaypointEditorTarget: Equatable, Sendable {
    case insert(at: Int)
    case edit(Waypoint.ID)
}

/// The editor's fields, in Tab order.
enum WaypointField: Int, CaseIterable, Sendable {
    case name, position, stay, nights, arriveBy, note

    var label: String {
        switch self {
        case .name: "Name"
        case .position: "Position"
        case .stay: "Stay"
        case .nights: "Nights"
        case .arriveBy: "Arrive by"
        case .note: "Note"
        }
    }

    /// What the field takes, shown in it while it is empty.
    var placeholder: String {
        switch self {
        case .name: "type a place to find it, or any name"
        case .position: "48.8584, 2.2945 · 48°51′N 2°17′E · a map link"
        case .stay: "hours here, e.g. 1h30 (none: pass through)"
        case .nights: "0: on the same day · 1, 2…: leave that morning"
        case .arriveBy: "YYYY-MM-DD HH:MM local (optional)"
        case .note: ""
        }
    }

    /// The most characters the field holds.
    public var limit: Int {
        switch self {
        case .name: 200
        case .note: 1000
        // A pasted Google Maps link runs to a few hundred characters.
        case .position: 2000
        case .arriveBy: 60
        case .stay, .nights: 20
        }
    }
}

/// Where a saved stop's position came from, which decides its region, country and time zone.
enum DraftPlace: Equatable, Sendable {
    /// The stop keeps the place it had (its region, country and zone stay).
    case kept
    /// A place chosen from the search: its region, country and zone come with it.
    case chosen(region: String, country: String, timeZone: String?)
    /// Coordinates typed by hand: no region or country; the zone is looked up when needed.
    case typed
}

/// A stop as the editor saves it.
struct WaypointDraft: Equatable, Sendable {
    public var name: String
    var coordinate: Coordinate
    var stay: TimeInterval
    var nights: Int
    var fixedArrival: Date?
    var note: String
    var place: DraftPlace
}

/// A place the search offers for the name field.
struct PlaceSuggestion: Equatable, Sendable {
    /// "Portland, Maine, United States · 66,881".
    var label: String
    public var name: String
    var region: String
    var country: String
    var coordinate: Coordinate
    var timeZone: String?
    /// The name a stop chosen as this place takes: the typed one when it is another name of the
    /// place (München for Munich), else `name`.
    var stopName: String
    /// Whether what was typed is exactly another name of this place (München for Munich), so
    /// that Enter may take it though its own name does not begin so (never a typo match).
    var isNamedByOtherName: Bool

    init(
        label: String, name: String, region: String = "", country: String = "", coordinate: Coordinate,
        timeZone: String?, stopName: String? = nil, isNamedByOtherName: Bool = false
    ) {
        self.label = label
        self.name = name
        self.stopName = stopName ?? name
        self.isNamedByOtherName = isNamedByOtherName
        self.region = region
        self.country = country
        self.coordinate = coordinate
        self.timeZone = timeZone
    }
}

/// What the waypoint editor view draws; built by the presenter, ready to draw.
struct WaypointEditorViewModel: Equatable, Sendable {
    var title: String
    var tripName: String
    var values: [WaypointField: String]
    var errors: [WaypointField: String]
    var focus: WaypointField
    public var message: StatusMessage?
    /// Where the stop is and how that was decided, in words ("Custom name at Joliet, Illinois…").
    var place: StatusMessage
    /// Places matching the name as typed, best first; empty when the list is closed.
    var suggestions: [String]
    /// The highlighted suggestion, which Enter takes; nil when none is (a weak best match).
    var selectedSuggestion: Int?
}

@MainActor
protocol WaypointEditorViewProtocol: ModelView where Model == WaypointEditorViewModel {}

@MainActor
protocol WaypointEditorPresenterProtocol: AnyObject {
    func viewWillAppear()
    /// The focused field's text after a key or a paste.
    func didEditField(_ field: WaypointField, text: String)
    /// A click on a field's line.
    func didFocusField(_ field: WaypointField)
    /// A click on a place match: once selects it, twice takes it.
    func didClickMatch(_ index: Int, twice: Bool)
    /// What a key asked for (the help overlay is the view's own).
    func handle(_ action: WaypointEditorAction)
}

@MainActor
protocol WaypointEditorInteractorProtocol: AnyObject {
    var tripName: String { get }
    /// The stop being edited, or nil when adding one.
    func existingWaypoint() -> Waypoint?
    /// The time zone arrival times are typed in at `coordinate`, or the zone named `identifier` when it is known.
    func timeZone(at coordinate: Coordinate?, identifier: String?) -> TimeZone
    /// Inserts or replaces the stop; returns the save error, if any.
    func save(_ draft: WaypointDraft) -> String?
    /// Starts a place search off the UI thread; the answer arrives through `output`, stale ones never.
    func searchPlaces(_ query: String)
    var output: WaypointEditorInteractorOutput? { get set }
}

@MainActor
protocol WaypointEditorInteractorOutput: AnyObject {
    func placesDidArrive(_ places: [PlaceSuggestion], for query: String)
    /// The online search, asked because no offline place is named so, failed: the offline matches stand.
    func onlineSearchDidFail(_ reason: String, for query: String)
}

@MainActor
protocol WaypointEditorRouterProtocol: AnyObject {
    func close()
}
