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
    case name, latitude, longitude

    public var label: String {
        switch self {
        case .name: "Name"
        case .latitude: "Latitude"
        case .longitude: "Longitude"
        }
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
}

@MainActor
public protocol WaypointEditorInteractorProtocol: AnyObject {
    var tripName: String { get }
    /// The stop being edited, or nil when adding one.
    func existingWaypoint() -> Waypoint?
    /// Inserts or replaces the stop; returns the save error, if any.
    func save(name: String, coordinate: Coordinate) -> String?
}

@MainActor
public protocol WaypointEditorRouterProtocol: AnyObject {
    func close()
}
