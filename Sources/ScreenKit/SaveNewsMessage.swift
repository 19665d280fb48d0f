import RoadtripCore
import TermUI

extension SaveNews {
    /// The status line for news of the saves, on the trip list and the trip alike.
    public var statusMessage: StatusMessage {
        switch self {
        case let .failed(reason): StatusMessage(reason + " Kept in memory; trying again.", isError: true)
        case .savedAgain: StatusMessage("Saved: every edit is on disk again.")
        case let .changedElsewhere(notice): StatusMessage(notice, isError: true)
        }
    }
}
