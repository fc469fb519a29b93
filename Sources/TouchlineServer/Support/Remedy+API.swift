import Club

extension ClubError.Remedy {
    /// The remedy in the API's terms: the route or parameter that does it (the library's own
    /// words name none, the command line's name its options).
    var apiWording: String {
        switch self {
        case .forceTeamRemoval:
            return "repeat the DELETE with ?force=true to delete those matches too"
        case .enterResult(let match, let status):
            return "enter it with PUT /api/v1/matches/\(match)/result, the score with \"status\": \"\(status.rawValue)\""
        case .changeResult(let match):
            return "change it with PUT /api/v1/matches/\(match)/result, the score with its \"status\""
        case .deleteEvent(let match, let event?):
            return "delete the event first (DELETE /api/v1/matches/\(match)/events/\(event))"
        case .deleteEvent(let match, nil):
            return "delete the event first (DELETE /api/v1/matches/\(match)/events/EVENT, ids in GET /api/v1/matches/\(match))"
        case .rescheduleFixtures:
            return "choose another \"startDate\" or \"intervalDays\""
        case .startCollection(_, let id):
            return "(POST /api/v1/collections/\(id)/start)"
        case .startTreasureHunt(_, let id):
            return "(POST /api/v1/collections/\(id)/treasure-hunt)"
        }
    }
}
