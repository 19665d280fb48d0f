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
public enum WaypointField: Int, CaseIterable, Sendable {
    case name, latitude, longitude, stay, overnight, arriveBy, note

    public var label: String {
        switch self {
        case .name: "Name"
        case .latitude: "Latitude"
        case .longitude: "Longitude"
        case .stay: "Stay"
        case .overnight: "Overnight"
        case .arriveBy: "Arrive by"
        case .note: "Note"
        }
    }

    /// What the field takes, shown beside it while it is empty.
    public var placeholder: String {
        switch self {
        case .stay: "e.g. 1h30 (none: pass through)"
        case .arriveBy: "YYYY-MM-DD HH:MM local (optional)"
        case .latitude: "e.g. 48.8584"
        case .longitude: "e.g. 2.2945"
        default: ""
        }
    }

    /// A yes/no field, toggled with Space rather than typed.
    public var isToggle: Bool { self == .overnight }
}

/// A stop as the editor saves it.
public struct WaypointDraft: Equatable, Sendable {
    public var name: String
    public var coordinate: Coordinate
    public var stay: TimeInterval
    public var overnight: Bool
    public var fixedArrival: Date?
    public var note: String
    /// The IANA zone of the place picked from the search, if one was.
    public var timeZone: String?
}

/// A place the search offers for the name field.
public struct PlaceSuggestion: Equatable, Sendable {
    /// "Portland, Maine, United States · 66,881".
    public var label: String
    public var name: String
    public var coordinate: Coordinate
    public var timeZone: String?

    public init(label: String, name: String, coordinate: Coordinate, timeZone: String?) {
        self.label = label
        self.name = name
        self.coordinate = coordinate
        self.timeZone = timeZone
    }
}

/// What the waypoint editor view draws; built by the presenter, ready to draw.
public struct WaypointEditorViewModel: Equatable, Sendable {
    public var title: String
    public var tripName: String
    public var values: [WaypointField: String]
    public var errors: [WaypointField: String]
    public var focus: WaypointField
    public var message: StatusMessage?
    /// Places matching the name as typed, best first; empty when the list is closed.
    public var suggestions: [String]
    /// The highlighted suggestion, nil until ↓ is pressed.
    public var selectedSuggestion: Int?
}

@MainActor
public protocol WaypointEditorViewProtocol: AnyObject {
    func show(_ model: WaypointEditorViewModel)
}

@MainActor
public protocol WaypointEditorPresenterProtocol: AnyObject {
    func viewWillAppear()
    func didEditField(_ field: WaypointField, text: String)
    func didMoveFocus(forward: Bool)
    func didPressSave()
    func didPressCancel()
    /// ↓ or ↑ in the open suggestion list.
    func didMoveSuggestion(by offset: Int)
    /// Esc while the suggestion list is open.
    func didCloseSuggestions()
}

@MainActor
public protocol WaypointEditorInteractorProtocol: AnyObject {
    var tripName: String { get }
    /// The stop being edited, or nil when adding one.
    func existingWaypoint() -> Waypoint?
    /// The time zone arrival times are typed in at `coordinate`.
    func timeZone(at coordinate: Coordinate?) -> TimeZone
    /// Inserts or replaces the stop; returns the save error, if any.
    func save(_ draft: WaypointDraft) -> String?
    /// Starts a place search off the UI thread; the answer arrives through `output`, stale ones never.
    func searchPlaces(_ query: String)
    var output: WaypointEditorInteractorOutput? { get set }
}

@MainActor
public protocol WaypointEditorInteractorOutput: AnyObject {
    func placesDidArrive(_ places: [PlaceSuggestion], for query: String)
}

@MainActor
public protocol WaypointEditorRouterProtocol: AnyObject {
    func close()
}
