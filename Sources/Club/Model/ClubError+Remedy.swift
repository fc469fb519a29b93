import Foundation
import League

extension ClubError {
    /// What would let a refused change through (``ClubError/refused(field:message:remedy:)``),
    /// as facts rather than words, since each front end says it in its own terms: the command
    /// line's `--force` is the API's `?force=true`.
    ///
    /// ```swift
    /// catch let error as ClubError {
    ///     print(error.description { remedy in
    ///         switch remedy {
    ///         case .forceTeamRemoval: return "give --force to delete those matches too"
    ///         default: return remedy.neutralWording
    ///         }
    ///     })
    /// }
    /// ```
    public enum Remedy: Sendable, Equatable {
        /// Take the team out of the league again with force, which deletes its played matches.
        case forceTeamRemoval
        /// Give match `match` the status `status` along with a result: a status that comes
        /// with one is not set alone.
        case enterResult(match: Int64, status: MatchStatus)
        /// Change match `match`'s status along with its result, which it has already.
        case changeResult(match: Int64)
        /// Delete an event of match `match` first: `event` is the first one the change would
        /// contradict (nil when it cannot be told).
        case deleteEvent(match: Int64, event: Int64?)
        /// Generate the fixtures from another start date or with another interval between
        /// matchdays.
        case rescheduleFixtures
        /// Start collection `collection` (its id `id`) first: the collector has not.
        case startCollection(collection: String, id: Int64)
        /// Start a treasure hunt in collection `collection` (its id `id`) first.
        case startTreasureHunt(collection: String, id: Int64)

        /// The remedy in words that name no front end's commands, options or routes (the
        /// library's own ``ClubError/errorDescription``).
        public var neutralWording: String {
            switch self {
            case .forceTeamRemoval: return "remove it with force to delete those matches too"
            case .enterResult(let match, let status): return "enter it as match \(match)'s result, with status \(status.rawValue)"
            case .changeResult(let match): return "change it along with match \(match)'s result"
            case .deleteEvent(let match, let event):
                return "delete the event first (\(event.map { "event \($0) of match \(match)" } ?? "an event of match \(match)"))"
            case .rescheduleFixtures: return "choose another start date or interval between matchdays"
            case .startCollection: return "(start the collection first)"
            case .startTreasureHunt: return "(start a treasure hunt first)"
            }
        }

        /// Whether what stands in the way is the state of things, which another step changes
        /// (HTTP's 409 Conflict), rather than a value of the request (422).
        public var isConflict: Bool {
            switch self {
            case .startCollection, .startTreasureHunt: return true
            case .forceTeamRemoval, .enterResult, .changeResult, .deleteEvent, .rescheduleFixtures: return false
            }
        }

        /// What goes between the refusal and the remedy: a remedy that says how to do the
        /// change follows a colon, one that asks for another step first a semicolon.
        var separator: String {
            switch self {
            case .forceTeamRemoval, .enterResult, .changeResult: return ": "
            case .deleteEvent, .rescheduleFixtures: return "; "
            case .startCollection, .startTreasureHunt: return " "
            }
        }
    }

    /// The error's message, with the remedy of a ``refused(field:message:remedy:)`` worded by
    /// `wording` (a front end's own terms); any other error's ``errorDescription``.
    public func description(wording: (Remedy) -> String) -> String {
        guard case .refused(let field, let message, let remedy) = self else { return errorDescription ?? "\(self)" }
        return "\(field): \(message)\(remedy.separator)\(wording(remedy))"
    }
}
