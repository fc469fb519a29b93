import Club

extension ClubError.Remedy {
    /// The remedy in the command line's terms: the command or option that does it.
    var commandLineWording: String {
        switch self {
        case .forceTeamRemoval: return "give --force to delete those matches too"
        case .enterResult(let match, let status): return "enter it with 'match result \(match) SCORE --status \(status.rawValue)'"
        case .changeResult(let match): return "change it with 'match result \(match) SCORE --status STATUS'"
        case .deleteEvent(let match, _): return "delete the event first ('match event \(match) --delete ID', ids in 'match show \(match)')"
        case .rescheduleFixtures: return "choose another --start or --interval"
        case .startCollection: return "(touchline collection start)"
        case .startTreasureHunt: return "(touchline treasure start)"
        }
    }
}
