import Foundation
import League

/// A club team's numbers in its season, from the stored matches it played.
///
/// Which matches: a match of a league the actor sees (``Leagues``) counts when one of its sides is a league team linked to the
/// club team (`league add-team --club-team`, which needs the right to edit the club team), or
/// an unlinked league team of the same name (ignoring case) in a league of the same season
/// that the club team's owner or one of its editors owns or edits. So nobody else can put
/// numbers on a team's cards by naming a team of their own league after it. A friendly the actor recorded counts when
/// one side is linked to the team (``FriendlyLinks``: the team of that name whose season, as
/// ``CivilSeason`` reads it, holds the match's date: `2024/25` from 1 July 2024 to 30 June 2025,
/// `2025` the calendar year).
///
/// Each match is seen from the team's side only: the other side's players are left out, and
/// of its events only the goals stay (for goals conceded and clean sheets), so a namesake in
/// the other team never adds to a squad player's numbers.
enum SeasonStatistics {
    /// The statistics of each of `players` (squad players of `team`), by player id; players
    /// who have not played are missing.
    static func players(_ db: StoreTransaction, _ players: [Player], team: Team, actor: ActingUser) throws -> [Int64: PlayerStatistics] {
        guard !players.isEmpty else { return [:] }
        // Names as the matches may spell them, folded, to the name each player is counted under.
        var canonical: [String: String] = [:]
        for player in players where canonical[NameKey.of(player.fullName)] == nil {
            canonical[NameKey.of(player.fullName)] = player.fullName
        }
        let views = try matches(db, team: team, actor: actor).map { stored, side in
            view(of: stored.match, from: side) { canonical[NameKey.of($0)] ?? $0 }
        }
        let table = Dictionary(StatisticsEngine.players(in: views).map { ($0.player, $0) }) { first, _ in first }
        var result: [Int64: PlayerStatistics] = [:]
        for player in players {
            guard var statistics = table[player.fullName] else { continue }
            statistics.player = player.fullName
            statistics.team = team.name
            result[player.id] = statistics
        }
        return result
    }

    /// The team's matches that `actor` may see, each with the name the team has in it.
    static func matches(_ db: StoreTransaction, team: Team, actor: ActingUser) throws -> [(StoredMatch, String)] {
        var sides: [Int64: Set<String>] = [:]
        for side in try db.leagues.sides(ofClubTeam: team) where try Leagues.isVisible(db, league: side.league, to: actor) {
            sides[side.league, default: []].insert(side.name)
        }
        let playedAtHome = try db.matches.friendlies(recordedBy: actor.userID, homeTeam: team.id)
        let stored = try db.matches.matches(ofClubTeam: team, friendliesOf: actor.userID)
        return stored.compactMap { stored in
            let match = stored.match
            guard let league = stored.leagueID else {
                return (stored, playedAtHome.contains(stored.id) ? match.home : match.away)
            }
            let names = sides[league] ?? []
            return names.contains(match.home) ? (stored, match.home) : names.contains(match.away) ? (stored, match.away) : nil
        }
    }

    /// `match` as the side `side` saw it: only its line-up, its events, and the other side's
    /// goals, kept as goals without a scorer (marked own goals, which credit nobody) so that
    /// they count as conceded and add to no one's tally; its players' names mapped through
    /// `rename`.
    static func view(of match: Match, from side: String, rename: (String) -> String) -> Match {
        var view = match
        view.lineups = [side: (match.lineups[side] ?? []).map(rename)]
        view.events = match.events.compactMap { event in
            var event = event
            switch event.kind {
            case .goal(let scorer, let assist, let penalty, let ownGoal):
                event.kind = event.team == side
                    ? .goal(scorer: rename(scorer), assist: assist.map(rename), penalty: penalty, ownGoal: ownGoal)
                    : .goal(scorer: "", assist: nil, penalty: penalty, ownGoal: true)
                return event
            case _ where event.team != side:
                return nil
            case .yellowCard(let player): event.kind = .yellowCard(player: rename(player))
            case .secondYellow(let player): event.kind = .secondYellow(player: rename(player))
            case .redCard(let player): event.kind = .redCard(player: rename(player))
            case .substitution(let off, let on): event.kind = .substitution(off: rename(off), on: rename(on))
            }
            return event
        }
        return view
    }
}
