import Foundation
import League
import Support

/// Single matches: of a league (its owner and editors enter them) or friendlies (recorded by
/// any user, changed by that user only). Results, events and deletions change every table and
/// statistic at once, since those are derived from the matches.
public struct Matches: Sendable {
    let store: ClubStore

    public init(store: ClubStore) {
        self.store = store
    }

    /// Adds a match. In a league both teams must be its teams, and the pair may not already
    /// meet on that matchday unless `allowRepeat`. `time` is the kick-off, `HH:MM` local to the
    /// venue (in the league's time zone, or the team's for a friendly).
    @discardableResult
    public func add(_ actor: ActingUser, league: LeagueReference?, home: String, away: String, matchday: Int? = nil,
                    date: String? = nil, time: String? = nil, venue: String? = nil,
                    allowRepeat: Bool = false) throws -> StoredMatch {
        let date = try date.map { try Validation.pastOrFutureDate($0, field: "date") }
        let time = try time.map(Validation.kickOffTime)
        let venue = try Validation.optionalText(venue, field: "venue", maximum: Self.venueMaximumLength)
        if let matchday, matchday < 1 { throw ClubError.invalid(field: "matchday", message: "must be 1 or more") }
        return try store.write { db in
            var homeName = try Validation.text(home, field: "home", maximum: 100)
            var awayName = try Validation.text(away, field: "away", maximum: 100)
            var leagueID: Int64?
            if let league {
                let id = try Leagues.resolve(db, league, editor: actor)
                homeName = try Leagues.teamName(db, league: id, homeName)
                awayName = try Leagues.teamName(db, league: id, awayName)
                leagueID = id
            }
            guard !CaseFold.same(homeName, awayName) else {
                throw ClubError.invalid(field: "away", message: "a team cannot play itself")
            }
            if let leagueID, let matchday, !allowRepeat,
               try db.matches.meet(league: leagueID, matchday: matchday, homeName, awayName) {
                throw ClubError.duplicate(field: "match", value: "\(homeName) v \(awayName) on matchday \(matchday)")
            }
            let match = Match(home: homeName, away: awayName, matchday: matchday,
                              round: matchday.map { "Matchday \($0)" }, date: date, time: time, venue: venue)
            // League matches belong to the league; only friendlies belong to who recorded them.
            let id = try db.matches.insert(match, league: leagueID, recordedBy: leagueID == nil ? actor.userID : nil)
            if leagueID == nil { try FriendlyLinks.link(db, .match(id)) }
            return StoredMatch(id: id, leagueID: leagueID, match: match)
        }
    }

    /// The longest venue kept, in characters.
    public static let venueMaximumLength = 200

    /// Moves a match (its date, kick-off time or venue) or calls it off or puts it back
    /// (`scheduled`, `postponed`, `cancelled`); the league's owner and editors, or who recorded
    /// a friendly. Each such change raises the match's calendar sequence, so subscribed
    /// calendars move or cancel their copy.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for nothing to change, a date or time
    ///   that is not one, or a status change of a match that has a result (its status goes with
    ///   the result: ``result(_:match:fullTime:halfTime:extraTime:penalties:status:)``).
    @discardableResult
    public func edit(_ actor: ActingUser, match id: Int64, _ changes: MatchChanges) throws -> StoredMatch {
        guard !changes.isEmpty else {
            throw ClubError.invalid(field: "match", message: "nothing to change: give a date, time, venue or status")
        }
        let date = try changes.date.map { try $0.map { try Validation.pastOrFutureDate($0, field: "date") } }
        let time = try changes.time.map { try $0.map(Validation.kickOffTime) }
        let venue = try changes.venue.map { try Validation.optionalText($0, field: "venue", maximum: Self.venueMaximumLength) }
        if let status = changes.status, ![.scheduled, .postponed, .cancelled].contains(status) {
            throw ClubError.refused(field: "status", message: "'\(status.rawValue)' comes with a result",
                                    remedy: .enterResult(match: id, status: status))
        }
        return try store.write { db in
            var stored = try Self.editable(db, id: id, actor: actor)
            if let status = changes.status, status != stored.match.status {
                let played = stored.match.fullTime != nil || [.played, .awarded, .abandoned].contains(stored.match.status)
                guard !played else {
                    throw ClubError.refused(field: "status", message: "match \(id) has a result "
                        + "(\(stored.match.status.rawValue)\(stored.match.fullTime.map { " \($0)" } ?? ""))",
                                            remedy: .changeResult(match: id))
                }
                stored.match.status = status
            }
            if let date { stored.match.date = date }
            if let time { stored.match.time = time }
            if let venue { stored.match.venue = venue }
            try db.matches.update(id: id, with: stored.match)
            return stored
        }
    }

    /// Enters or corrects a result.
    @discardableResult
    public func result(_ actor: ActingUser, match id: Int64, fullTime: Score, halfTime: Score? = nil, extraTime: Score? = nil,
                       penalties: Score? = nil, status: MatchStatus = .played) throws -> StoredMatch {
        for (field, score) in [("full time", fullTime), ("half time", halfTime), ("extra time", extraTime), ("penalties", penalties)] {
            if let score, score.home < 0 || score.away < 0 || score.home > 999 || score.away > 999 {
                throw ClubError.invalid(field: field, message: "goals must be whole numbers from 0 to 999")
            }
        }
        if let halfTime, halfTime.home > fullTime.home || halfTime.away > fullTime.away {
            throw ClubError.invalid(field: "half time", message: "\(halfTime) is more than the full-time \(fullTime)")
        }
        if let extraTime, extraTime.home < fullTime.home || extraTime.away < fullTime.away {
            throw ClubError.invalid(field: "extra time", message: "\(extraTime) is less than the full-time \(fullTime)")
        }
        return try store.write { db in
            var stored = try Self.editable(db, id: id, actor: actor)
            stored.match.fullTime = fullTime
            stored.match.halfTime = halfTime
            stored.match.extraTime = extraTime
            stored.match.penalties = penalties
            stored.match.status = status
            try Self.checkEvents(stored, field: "result")
            try db.matches.update(id: id, with: stored.match)
            return stored
        }
    }

    /// Adds an event (goal, card, substitution) to a match; its team must be one of the two.
    @discardableResult
    public func addEvent(_ actor: ActingUser, match id: Int64, _ event: MatchEvent) throws -> StoredMatch {
        guard (0...130).contains(event.minute), (0...30).contains(event.stoppage) else {
            throw ClubError.invalid(field: "minute", message: "\(event.minute)+\(event.stoppage) is not a minute of a match")
        }
        return try store.write { db in
            var stored = try Self.editable(db, id: id, actor: actor)
            let teams = [stored.match.home, stored.match.away]
            guard let team = teams.first(where: { CaseFold.same($0, event.team) }) else {
                throw ClubError.invalid(field: "team", message: "'\(event.team)' is not playing match \(id) (\(teams.joined(separator: " v ")))")
            }
            var event = event
            event.team = team
            if let problem = MatchEventCheck.problem(adding: event, to: stored.match, squad: try Self.squad(db, of: team, in: stored)) {
                throw ClubError.invalid(field: "event", message: "match \(id): \(problem)")
            }
            stored.match.events.append(event)
            stored.eventIDs.append(try db.matches.insertEvent(event, match: id))
            return stored
        }
    }

    /// Removes event `eventID` (as ``StoredMatch/eventIDs`` gives it) from match `id`: a goal,
    /// card or substitution entered by mistake. The other events keep their ids.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` when the match has no such event;
    ///   ``ClubError/invalid(field:message:)`` when a later event needs it (a substitution whose
    ///   incoming player a later event names).
    @discardableResult
    public func deleteEvent(_ actor: ActingUser, match id: Int64, event eventID: Int64) throws -> StoredMatch {
        try store.write { db in
            var stored = try Self.editable(db, id: id, actor: actor)
            guard let index = stored.eventIDs.firstIndex(of: eventID) else {
                throw ClubError.notFound(kind: "event of match \(id)", reference: String(eventID))
            }
            stored.match.events.remove(at: index)
            stored.eventIDs.remove(at: index)
            // A later event may rest on this one: a card for the player a substitution brought on.
            if let problem = MatchEventCheck.problem(in: stored.match) {
                throw ClubError.invalid(field: "event", message: "match \(id): event \(eventID) cannot go while a later one "
                                        + "needs it (\(problem)); delete that one first")
            }
            try db.matches.deleteEvent(eventID, match: id)
            return stored
        }
    }

    /// Sets who started for `team` (one of the two), replacing that team's earlier line-up;
    /// an empty list removes it. At most 11 players, each named once (ignoring case).
    @discardableResult
    public func setLineup(_ actor: ActingUser, match id: Int64, team: String, players: [String]) throws -> StoredMatch {
        let names = try players.map { try Validation.text($0, field: "player", maximum: 100) }
        guard names.count <= 11 else {
            throw ClubError.invalid(field: "players", message: "a line-up has at most 11 players, not \(names.count)")
        }
        var seen: Set<String> = []
        for name in names where !seen.insert(CaseFold.key(name)).inserted {
            throw ClubError.invalid(field: "players", message: "'\(name)' is named twice")
        }
        return try store.write { db in
            var stored = try Self.editable(db, id: id, actor: actor)
            let teams = [stored.match.home, stored.match.away]
            guard let side = teams.first(where: { CaseFold.same($0, team) }) else {
                throw ClubError.invalid(field: "team", message: "'\(team)' is not playing match \(id) (\(teams.joined(separator: " v ")))")
            }
            stored.match.lineups[side] = names.isEmpty ? nil : names
            try Self.checkEvents(stored, field: "players")
            try db.matches.update(id: id, with: stored.match)
            return stored
        }
    }

    /// A match of a league the actor sees (any public league's, a private one's only for its
    /// owner and editors), or a friendly the actor recorded.
    public func show(_ actor: ActingUser?, match id: Int64) throws -> StoredMatch {
        try store.read { db in
            guard let stored = try db.matches.match(id: id) else {
                throw ClubError.notFound(kind: "match", reference: String(id))
            }
            if let league = stored.leagueID {
                guard try Leagues.isVisible(db, league: league, to: actor) else {
                    throw ClubError.notFound(kind: "match", reference: String(id))
                }
                return stored
            }
            let recorder = try db.matches.recorder(of: id)
            guard actor != nil && recorder == actor?.userID else {
                throw ClubError.notFound(kind: "match", reference: String(id))
            }
            return stored
        }
    }

    /// The friendlies the actor recorded, in playing order (dated ones first, by date).
    public func friendlies(_ actor: ActingUser) throws -> [StoredMatch] {
        try store.read { db in try db.matches.friendlies(recordedBy: actor.userID) }
    }

    /// One page of ``friendlies(_:)``: the `limit` friendlies (1 to
    /// `PagingCursor.maximumLimit`, 100) after the previous page's ``ListPage/next`` (nil for
    /// the first). Keyset paging: a friendly moved, added or deleted meanwhile never shifts a page.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for an `after` that no match listing gave.
    public func friendlies(_ actor: ActingUser, after cursor: String?,
                           limit: Int = PagingCursor.defaultLimit) throws -> ListPage<StoredMatch> {
        try store.read { db in try db.matches.friendlies(recordedBy: actor.userID, after: cursor, limit: limit) }
    }

    /// Statistics over every match of the leagues the actor sees and, with an actor, their
    /// friendlies: players and teams across all competitions.
    public func overallStatistics(_ actor: ActingUser?) throws -> (players: [PlayerStatistics], teams: [TeamStatistics]) {
        let matches = try store.read { db in try db.matches.matches(seenBy: actor).map(\.match) }
        return (StatisticsEngine.players(in: matches), StatisticsEngine.teams(in: matches))
    }

    /// ``overallStatistics(_:)`` narrowed to one player and or one team (names ignoring case).
    /// With a player but no team, the teams are left out: the question was about the player.
    public func statistics(_ actor: ActingUser?, player: String? = nil, team: String? = nil) throws -> OverallStatistics {
        var (players, teams) = try overallStatistics(actor)
        if let player { players = players.filter { CaseFold.same($0.player, player) } }
        if let team {
            players = players.filter { CaseFold.same($0.team, team) }
            teams = teams.filter { CaseFold.same($0.team, team) }
        } else if player != nil {
            teams = []
        }
        return OverallStatistics(players: players, teams: teams)
    }

    /// Deletes a match.
    public func delete(_ actor: ActingUser, match id: Int64) throws {
        try store.write { db in
            _ = try Self.editable(db, id: id, actor: actor)
            try db.matches.delete(id: id)
        }
    }

    /// The current squad of the club team linked to `team` in the match's league ("first name
    /// surnames"), or nil when the side is a plain name or the match a friendly.
    static func squad(_ db: StoreTransaction, of team: String, in stored: StoredMatch) throws -> [String]? {
        guard let league = stored.leagueID, let teamID = try db.leagues.clubTeam(league: league, team: team) else { return nil }
        let players = try db.squads.squad(team: teamID)
        return players.isEmpty ? nil : players.map(\.fullName)
    }

    /// Refuses a change to a match (its result, status or a line-up) that the events already
    /// entered would no longer fit, naming the first event that does not. The squad is not
    /// checked again: players who left the club since keep their events.
    static func checkEvents(_ stored: StoredMatch, field: String) throws {
        guard !stored.match.events.isEmpty, let misfit = MatchEventCheck.firstMisfit(in: stored.match) else { return }
        let event = stored.eventIDs.indices.contains(misfit.index) ? stored.eventIDs[misfit.index] : nil
        throw ClubError.refused(field: field, message: "match \(stored.id) has events this change would contradict: \(misfit.problem)",
                                remedy: .deleteEvent(match: stored.id, event: event))
    }

    /// The match, if `actor` may change it: an editor of its league, or the recorder of a friendly.
    static func editable(_ db: StoreTransaction, id: Int64, actor: ActingUser) throws -> StoredMatch {
        guard let stored = try db.matches.match(id: id) else {
            throw ClubError.notFound(kind: "match", reference: String(id))
        }
        if let league = stored.leagueID {
            // A private league's match is no match to whoever cannot see the league.
            guard try Leagues.isVisible(db, league: league, to: actor) else {
                throw ClubError.notFound(kind: "match", reference: String(id))
            }
            _ = try Leagues.resolve(db, .id(league), editor: actor)
        } else if try db.matches.recorder(of: id) != actor.userID {
            throw ClubError.notFound(kind: "match", reference: String(id))
        }
        return stored
    }
}
