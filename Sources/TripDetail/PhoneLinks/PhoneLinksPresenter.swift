import QRCode
import RoadtripCore
import TermUI

/// Keeps the scope, the app and the selected link; turns the links into rows and the selected
/// one into its QR code.
@MainActor
final class PhoneLinksPresenter: PhoneLinksPresenterProtocol {
    weak var view: (any PhoneLinksViewProtocol)?
    private let interactor: PhoneLinksInteractorProtocol
    private let close: @MainActor () -> Void
    private var scope = PhoneLinkScope.trip
    private var app = NavigationApp.google
    private var selection: Int? = 0
    private var message: StatusMessage?

    init(interactor: PhoneLinksInteractorProtocol, close: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.close = close
    }

    func viewWillAppear() { refresh() }

    func didSelectRow(_ row: Int) {
        selection = row
        refresh()
    }

    func handle(_ action: PhoneLinksAction) {
        message = nil
        switch action {
        case .scope:
            let all = PhoneLinkScope.allCases
            scope = all[(all.firstIndex(of: scope)! + 1) % all.count]
            selection = 0
        case .app:
            let all = NavigationApp.allCases
            app = all[(all.firstIndex(of: app)! + 1) % all.count]
            selection = 0
        case .back:
            close()
            return
        case .move, .help:
            break
        }
        refresh()
    }

    private func refresh() {
        view?.show(model())
    }

    func model() -> PhoneLinksViewModel {
        let title = "Send “\(PlainText.line(interactor.tripName))” to a phone"
        switch interactor.stops(scope) {
        case let .failure(error):
            return PhoneLinksViewModel(
                title: title, scope: Self.scopeName(scope) + " · " + app.title, rows: [], selection: nil, url: nil, codes: [],
                emptyText: error.message, message: message)
        case let .success((stops, label)):
            let links = NavigationLinks.links(for: stops, app: app, avoid: interactor.avoid)
            let chosen = selection.map { min(max($0, 0), links.count - 1) }
            selection = chosen
            let link = chosen.flatMap { links.indices.contains($0) ? links[$0] : nil }
            let codes =
                link.map { link in
                    [QRCode.Correction.medium, .low].compactMap { QRCode(link.url, correction: $0)?.halfBlockLines(quiet: 2) }
                } ?? []
            let count = "\(links.count) link\(links.count == 1 ? "" : "s")"
            let per =
                app == .google
                ? " (up to 9 waypoints a link, each starting where the last ends)"
                : " (a link a leg: \(app.title) takes one destination)"
            return PhoneLinksViewModel(
                title: title, scope: "\(label) · \(app.title) · \(count)" + (links.count > 1 ? per : ""),
                rows: links.enumerated().map {
                    links.count > 1 ? "\($0.offset + 1)/\(links.count) \($0.element.title)" : $0.element.title
                },
                selection: chosen, url: link?.url, codes: codes, emptyText: "No stops to link to.", message: message)
        }
    }

    static func scopeName(_ scope: PhoneLinkScope) -> String {
        switch scope {
        case .trip: "Whole trip"
        case .day: "The selected stop's day"
        case .fromStop: "From the selected stop"
        }
    }
}
