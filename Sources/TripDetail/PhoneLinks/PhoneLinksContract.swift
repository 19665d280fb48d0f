import RoadtripCore
import TermUI

// The protocols of the "Send to a phone" screen (`p` on the trip screen): navigation links for
// the trip, a day of it, or from the selected stop on, each with its QR code to scan.

/// Which stops the links cover.
enum PhoneLinkScope: CaseIterable, Sendable {
    case trip, day, fromStop
}

/// What the screen draws, ready to draw.
struct PhoneLinksViewModel: Equatable, Sendable {
    var title: String
    /// "Whole trip · Google Maps · 2 links (9 waypoints a link)".
    var scope: String
    /// One title a link: "1/2 Stops 1–11: Chicago → Kingman".
    var rows: [String]
    var selection: Int?
    /// The selected link's address.
    var url: String?
    /// The selected link's code in half blocks, at medium then low correction: the view draws the
    /// first that fits.
    var codes: [[String]]
    /// Said where the links would be when there are none.
    var emptyText: String
    var message: StatusMessage?
}

@MainActor
protocol PhoneLinksViewProtocol: ModelView where Model == PhoneLinksViewModel {}

@MainActor
protocol PhoneLinksPresenterProtocol: AnyObject {
    func viewWillAppear()
    func didSelectRow(_ row: Int)
    func handle(_ action: PhoneLinksAction)
}

/// The stops of the trip as the links see them.
@MainActor
protocol PhoneLinksInteractorProtocol: AnyObject {
    var tripName: String { get }
    var avoid: RoadAvoidance { get }
    /// The points `scope` covers and the words for it ("Day 2 (stop 5's)"), or why there are none.
    func stops(_ scope: PhoneLinkScope) -> Result<(stops: [LinkStop], label: String), PhoneLinksError>
}

struct PhoneLinksError: Error, Equatable {
    let message: String
}

/// What a key does on the "Send to a phone" screen.
enum PhoneLinksAction: Sendable {
    case move(ListMove)
    case scope, app, help, back
}

/// Opens the "Send to a phone" screen.
@MainActor
protocol PhoneLinksRouting: AnyObject {
    /// Opens it for the trip as it is now, with the stop at `selected` (0-based) chosen and `legs` known.
    func openPhoneLinks(trip: Trip, selected: Int?, legs: [Leg])
}
