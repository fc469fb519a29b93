import Foundation

/// The rules an event must meet to be added to a match, so that statistics never count a
/// phantom player or more goals than the score.
public enum MatchEventCheck {
    /// Why `event` cannot be added to `match`, or nil when it can.
    ///
    /// - Events happen only in matches that were played (or abandoned part-way).
    /// - A side's goals (an own goal is the benefiting side's, as ``MatchEvent/team`` says)
    ///   never exceed its full-time score.
    /// - When the event's side has a line-up, or `squad` lists its players (a club team's
    ///   squad), every player the event names must be among them or have come on as a
    ///   substitute in an earlier event; names are compared ignoring case, accents and repeated
    ///   spaces, as player cards match them.
    public static func problem(adding event: MatchEvent, to match: Match, squad: [String]? = nil) -> String? {
        guard match.status == .played || match.status == .abandoned else {
            return "match \(match.home) v \(match.away) is \(match.status.rawValue): events belong to played matches; enter its result first"
        }
        if case .goal = event.kind {
            guard let fullTime = match.fullTime else {
                return "match \(match.home) v \(match.away) has no score yet: enter its result before its goals"
            }
            let scoring = event.team
            let allowed = scoring == match.home ? fullTime.home : fullTime.away
            let already = match.events.filter { if case .goal = $0.kind { return $0.team == scoring } else { return false } }.count
            guard already < allowed else {
                return "\(scoring) scored \(allowed) in \(match.home) \(fullTime) \(match.away), and \(already) of its goals are entered already"
            }
        }
        let opponent = event.team == match.home ? match.away : match.home
        for (name, side) in players(in: event, opponent: opponent) {
            // The side's own squad counts only for its own players; an own goal's scorer is
            // checked against the other side's line-up alone.
            var known = match.lineups[side] ?? (side == event.team ? squad : nil) ?? []
            guard !known.isEmpty else { continue }
            for earlier in match.events where earlier.team == side {
                if case .substitution(_, let on) = earlier.kind { known.append(on) }
            }
            guard !known.map(NameKey.of).contains(NameKey.of(name)) else { continue }
            let list = match.lineups[side] != nil ? "line-up" : "squad"
            return "'\(name)' is not in the \(list) of \(side) for this match (nor came on as a substitute)"
        }
        return nil
    }

    /// Why the events of `match` do not all fit it, or nil when they do: each event checked
    /// as ``problem(adding:to:squad:)`` checks it, against the match with the events before
    /// it. `squads` gives a side's club squad, by side. For a change to a match that already
    /// has events: a lower score, another status or another line-up.
    public static func problem(in match: Match, squads: [String: [String]] = [:]) -> String? {
        firstMisfit(in: match, squads: squads)?.problem
    }

    /// The first event of `match` that does not fit it, by its index in ``Match/events``, and
    /// why (as ``problem(in:squads:)`` says it): the event to delete before the change.
    public static func firstMisfit(in match: Match, squads: [String: [String]] = [:]) -> (index: Int, problem: String)? {
        var replay = match
        replay.events = []
        for (index, event) in match.events.enumerated() {
            if let problem = problem(adding: event, to: replay, squad: squads[event.team]) {
                let minute = event.stoppage > 0 ? "\(event.minute)+\(event.stoppage)" : "\(event.minute)"
                return (index, "its \(minute)' event of \(event.team): \(problem)")
            }
            replay.events.append(event)
        }
        return nil
    }

    /// The players an event names, each with the side they play for: the scorer (the other
    /// side's player for an own goal) and assist of a goal, the booked player, the one going off.
    static func players(in event: MatchEvent, opponent: String) -> [(String, String)] {
        switch event.kind {
        case .goal(let scorer, let assist, _, let ownGoal):
            return [(scorer, ownGoal ? opponent : event.team)] + (assist.map { [($0, event.team)] } ?? [])
        case .yellowCard(let player), .secondYellow(let player), .redCard(let player): return [(player, event.team)]
        case .substitution(let off, _): return [(off, event.team)]
        }
    }
}
