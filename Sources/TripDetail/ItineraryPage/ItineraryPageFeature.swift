import RoadtripCore
import TermUI

/// `i`: the itinerary on a page of its own, following the trip as it changes.
@MainActor
final class ItineraryPageFeature: TripFeature {
    /// The trip screen owns its features, so it outlives them.
    private unowned let screen: TripScreenContext
    private let interactor: ItineraryPageInteractorProtocol
    private let router: TripPageRouting
    let mode: TripDetailViewModel.Mode? = nil

    init(screen: TripScreenContext, interactor: ItineraryPageInteractorProtocol, router: TripPageRouting) {
        self.screen = screen
        self.interactor = interactor
        self.router = router
    }

    /// The itinerary page's own key, declared once for the page, its hints, help and docs/keys.md.
    static func addNightKey(_ run: @escaping @MainActor () -> StatusMessage?) -> TextPagerScreen.PageCommand {
        TextPagerScreen.PageCommand(
            keys: [.char("a")], help: "add the first suggested night as a stop (one night there)", hint: "add night",
            run: run)
    }

    func handle(_ action: TripDetailAction, typed: String) -> Bool {
        guard case .itinerary = action else { return false }
        guard let trip = screen.trip else { return true }
        let addNight = Self.addNightKey { [weak self] in
            guard let self, let trip = self.screen.trip else { return nil }
            let said =
                self.interactor.addSuggestedNight(to: trip)
                ?? StatusMessage("No suggested night: every day's driving ends at a stop.", isError: false)
            // The trip screen under the page follows the new stop.
            self.screen.show(nil)
            return said
        }
        router.openPage(title: "Trips › \(TextLimits.shown(trip.name)) › itinerary", commands: [addNight]) { [weak self] in
            guard let self, let trip = self.screen.trip else { return [] }
            return self.interactor.lines(of: trip, legs: self.screen.knownLegs, unit: self.screen.unit)
        }
        return true
    }

    func leave() {}
}
