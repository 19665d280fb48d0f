import Foundation
import QRCode
import RoadtripCore
import Testing

@testable import TripDetail

/// The "Send to a phone" presenter over an interactor double: scopes, apps, the selected link's code.
@MainActor
@Suite struct PhoneLinksModuleTests {
    final class InteractorDouble: PhoneLinksInteractorProtocol {
        var tripName = "Coast"
        var avoid: RoadAvoidance = []
        var failDay = false
        let stops: [LinkStop] = (0..<14).map {
            LinkStop(
                name: "Stop \($0 + 1)",
                coordinate: Coordinate(latitude: 36 + Double($0) * 0.1, longitude: -121 - Double($0) * 0.1),
                number: $0 + 1)
        }
        func stops(_ scope: PhoneLinkScope) -> Result<(stops: [LinkStop], label: String), PhoneLinksError> {
            switch scope {
            case .trip: return .success((stops, "Whole trip"))
            case .day:
                return failDay
                    ? .failure(PhoneLinksError(message: "The days are known once every leg is."))
                    : .success((Array(stops[3...5]), "Day 2"))
            case .fromStop: return .success((Array(stops[12...]), "From stop 13"))
            }
        }
    }

    final class ViewSpy: PhoneLinksViewProtocol {
        var model: PhoneLinksViewModel?
        func show(_ model: PhoneLinksViewModel) { self.model = model }
    }

    func make(_ interactor: InteractorDouble = InteractorDouble()) -> (PhoneLinksPresenter, ViewSpy, () -> Int) {
        var closed = 0
        let presenter = PhoneLinksPresenter(interactor: interactor, close: { closed += 1 })
        let view = ViewSpy()
        presenter.view = view
        presenter.viewWillAppear()
        return (presenter, view, { closed })
    }

    @Test func theWholeTripIsChainedGoogleLinksAndTheSelectedOnesCodeIsDrawn() throws {
        let (presenter, view, _) = make()
        let model = try #require(view.model)
        #expect(model.rows.count == 2 && model.rows[0].hasPrefix("1/2 Stops 1–11") && model.rows[1].hasPrefix("2/2 Stops 11–14"))
        #expect(model.scope.hasPrefix("Whole trip · Google Maps · 2 links"))
        #expect(model.codes.count == 2 && model.url?.contains("origin=36.00000,-121.00000") == true)
        presenter.didSelectRow(1)
        let second = try #require(view.model)
        #expect(second.selection == 1 && second.url?.contains("origin=37.00000,-122.00000") == true)
        #expect(second.codes.first != model.codes.first)
    }

    @Test func tabStepsThroughTheDayAndFromTheStopAndAStepsTheApps() throws {
        let interactor = InteractorDouble()
        let (presenter, view, closed) = make(interactor)
        presenter.handle(.scope)
        #expect(
            view.model?.scope.hasPrefix("Day 2 · Google Maps · 1 link") == true
                && view.model?.rows == ["Stops 4–6: Stop 4 → Stop 6"])
        presenter.handle(.scope)
        #expect(view.model?.rows == ["Stops 13–14: Stop 13 → Stop 14"])
        presenter.handle(.app)
        #expect(view.model?.scope.contains("Apple Maps") == true && view.model?.url?.hasPrefix("https://maps.apple.com/") == true)
        presenter.handle(.app)
        presenter.handle(.app)
        #expect(view.model?.scope.contains("Google Maps") == true)
        presenter.handle(.scope)
        #expect(view.model?.scope.hasPrefix("Whole trip") == true)
        interactor.failDay = true
        presenter.handle(.scope)
        #expect(view.model?.rows.isEmpty == true && view.model?.emptyText == "The days are known once every leg is.")
        presenter.handle(.back)
        #expect(closed() == 1)
    }
}
