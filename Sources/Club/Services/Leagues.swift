import Foundation
import League
import Support

/// League seasons: their teams, fixtures, results, deductions and tables. Everyone may view a
/// public league; a private one only its owner and editors see (to anyone else, logged in or
/// not, it does not exist: "no league"). Only its owner and editors change a league; only the
/// owner grants, revokes, sets the joining password or makes it private or public.
///
/// Reads are made for ``viewer`` (nil: nobody logged in), given once: `Leagues(store:viewer:)`
/// or ``viewing(as:)``. Changes are made for their `actor`, who must see the league too.
///
/// ```swift
/// let leagues = Leagues(store: store)
/// let league = try leagues.create(alice, name: "Liga Amigos", season: "2024/25", kind: .friends, rules: "la-liga")
/// try leagues.addTeam(alice, .id(league.id), name: "Los Rápidos")
/// let table = try leagues.table(.id(league.id))
/// let secret = try leagues.create(alice, name: "Liga Secreta", season: "2024/25", kind: .friends, private: true)
/// _ = try leagues.viewing(as: alice).show(.id(secret.id))   // nil viewer: "no league"
/// ```
public struct Leagues: Sendable {
    let store: ClubStore
    let hasher: PasswordHasher
    /// Who reads: private leagues exist only for their owner and editors.
    public let viewer: ActingUser?

    public init(store: ClubStore, hasher: PasswordHasher = PasswordHasher(), viewer: ActingUser? = nil) {
        self.store = store
        self.hasher = hasher
        self.viewer = viewer
    }

    /// The same service reading for `viewer` (nil: nobody logged in).
    public func viewing(as viewer: ActingUser?) -> Leagues {
        Leagues(store: store, hasher: hasher, viewer: viewer)
    }

    /// Creates a league owned by `actor`, ranked by the rule preset `rules`, whose kick-off
    /// times are local to `timeZone` (an IANA name); with `private`, seen by its owner and
    /// editors only.
    @discardableResult
    public func create(_ actor: ActingUser, name: String, season: String, kind: LeagueKind, rules: String = "premier-league",
                       points: PointsSystem = .threeForAWin, seed: UInt64 = 0,
                       timeZone: String = Calendars.defaultTimeZone, private: Bool = false) throws -> LeagueInfo {
        let name = try Validation.text(name, field: "name", maximum: 100)
        let season = try Validation.leagueSeason(season)
        let preset = try Self.rules(named: rules)
        let timeZone = try Validation.timeZone(timeZone)
        return try store.write { db in
            try Self.create(db, actor: actor, name: name, season: season, kind: kind, rules: preset.name, points: points,
                            seed: seed, timeZone: timeZone, private: `private`)
        }
    }

    /// Every league the viewer sees, by season (newest first) and name.
    public func list() throws -> [LeagueInfo] {
        try store.read { db in try db.leagues.leagues(seenBy: viewer) }
    }

    /// One page of ``list()``: the `limit` leagues (1 to `PagingCursor.maximumLimit`, 100)
    /// after the previous page's ``ListPage/next`` (nil for the first). Keyset paging: a league
    /// renamed, created or deleted meanwhile never shifts a page.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for an `after` that no league listing gave.
    public func list(after cursor: String?, limit: Int = PagingCursor.defaultLimit) throws -> ListPage<LeagueInfo> {
        try store.read { db in try db.leagues.leagues(seenBy: viewer, after: cursor, limit: limit) }
    }

    /// One league.
    public func show(_ reference: LeagueReference) throws -> LeagueInfo {
        try store.read { db in try Self.info(db, id: try Self.resolve(db, reference, as: viewer)) }
    }

    /// Sets (or, with nil, removes) the password that lets users join as editors; owner only.
    /// Who may is checked before the password is hashed (``checkPasswordChange(_:_:to:)``), so a
    /// stranger's call costs no hash.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such league,
    ///   ``ClubError/permissionDenied(_:)`` for anyone but its owner,
    ///   ``ClubError/invalid(field:message:)`` for a password too short or too long.
    public func setPassword(_ actor: ActingUser, _ reference: LeagueReference, to password: String?) throws {
        try checkPasswordChange(actor, reference, to: password)
        let hash = try password.map { try hasher.hash($0) }
        try store.write { db in
            // Again in the transaction: the league may have changed hands meanwhile.
            let id = try Self.resolve(db, reference, editor: actor, owner: true)
            try db.leagues.setPasswordHash(id, to: hash)
        }
    }

    /// Refuses, without hashing anything, what ``setPassword(_:_:to:)`` would refuse: no such
    /// league, an actor who is not its owner, a password that breaks the rules. `setPassword`
    /// checks this first itself; a caller that hashes through a bounded gate (the server) calls
    /// it before the gate, so that a stranger never waits for it nor takes a place in it.
    ///
    /// - Throws: as `setPassword` does.
    public func checkPasswordChange(_ actor: ActingUser, _ reference: LeagueReference, to password: String?) throws {
        _ = try store.read { db in try Self.resolve(db, reference, editor: actor, owner: true) }
        if let password { try PasswordHasher.check(password) }
    }

    /// Joins as editor with the league's password.
    public func join(_ actor: ActingUser, _ reference: LeagueReference, password: String) throws {
        try join(actor, reference, password: { password })
    }

    /// Joins as editor, asking `password` for the league's password only when the league has
    /// one, so that nobody is prompted for a password that cannot exist.
    ///
    /// - Throws: ``ClubError/permissionDenied(_:)`` when the league has no password, or for a
    ///   wrong one.
    public func join(_ actor: ActingUser, _ reference: LeagueReference, password: () throws -> String) throws {
        let (id, stored) = try joinable(actor, reference)
        guard hasher.verify(try password(), against: stored) else {
            throw ClubError.permissionDenied("wrong password for league '\(reference)'")
        }
        try store.write { db in try db.leagues.addEditor(id, user: actor.userID) }
    }

    /// Refuses, without hashing anything, what ``join(_:_:password:)`` refuses before it checks
    /// the password: no such league, or a league without a password. A caller that hashes
    /// through a bounded gate (the server) calls it before the gate.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)``, ``ClubError/permissionDenied(_:)``.
    public func checkJoin(_ actor: ActingUser, _ reference: LeagueReference) throws {
        _ = try joinable(actor, reference)
    }

    /// The league's id and its password's hash, or the refusal of a league without one. A
    /// private league is found here though the joiner cannot see it yet (joining is how one
    /// comes to see it), but only when it has a password: one without is "no league", as it is
    /// everywhere else to a stranger.
    private func joinable(_ actor: ActingUser, _ reference: LeagueReference) throws -> (Int64, String) {
        let (id, stored) = try store.read { db -> (Int64, String?) in
            let id = try Self.resolve(db, reference, as: actor, joining: true)
            return (id, try db.leagues.passwordHash(id))
        }
        guard let stored else {
            throw ClubError.permissionDenied("league '\(reference)' has no password to join with: ask its owner to make you an editor")
        }
        return (id, stored)
    }

    /// Makes `username` an editor; owner only.
    public func grant(_ actor: ActingUser, _ reference: LeagueReference, to username: String) throws {
        try store.write { db in
            let id = try Self.resolve(db, reference, editor: actor, owner: true)
            let user = try db.users.id(username: username)
            try db.leagues.addEditor(id, user: user)
        }
    }

    /// Takes `username`'s editor right away; owner only.
    public func revoke(_ actor: ActingUser, _ reference: LeagueReference, from username: String) throws {
        try store.write { db in
            let id = try Self.resolve(db, reference, editor: actor, owner: true)
            let user = try db.users.id(username: username)
            try db.leagues.removeEditor(id, user: user)
        }
    }

    /// Adds a team: a plain name, or a club team (`team`) the actor may edit, under its name,
    /// which no team of the league may have already, ignoring case (``CaseFold``). Linking
    /// needs the right to edit the club team, since the league's matches then count on that
    /// team's player cards.
    @discardableResult
    public func addTeam(_ actor: ActingUser, _ reference: LeagueReference, name: String? = nil,
                        team: TeamReference? = nil) throws -> LeagueTeam {
        try store.write { db in
            let id = try Self.resolve(db, reference, editor: actor)
            var linked: Int64?
            var teamName = try name.map { try Validation.text($0, field: "team", maximum: 100) }
            if let team {
                let (teamID, _) = try Teams.resolve(db, team, for: actor, needs: .editor)
                linked = teamID
                if teamName == nil {
                    teamName = try db.teams.team(id: teamID).name
                }
            }
            guard let teamName else { throw ClubError.invalid(field: "team", message: "give a name or a club team") }
            if let existing = try db.leagues.teamName(league: id, matching: teamName) {
                throw ClubError.duplicate(field: "team", value: existing)
            }
            try db.leagues.addTeam(league: id, name: teamName, clubTeam: linked)
            return LeagueTeam(name: teamName, teamID: linked)
        }
    }

    /// A league's teams, in the order they were added.
    public func teams(_ reference: LeagueReference) throws -> [LeagueTeam] {
        try store.read { db in
            let id = try Self.resolve(db, reference, as: viewer)
            return try db.leagues.teams(league: id)
        }
    }

    /// Generates the round robin between the league's teams and stores it. Matches with a
    /// result stay exactly as they are (id, matchday, date, events): the schedule must put
    /// their pairing on their matchday, else nothing changes and the error says which match
    /// would move (``FixtureGenerator/regenerate(teams:options:keeping:)``). Scheduled matches
    /// are replaced by new ones with new ids; an id is never given to another match. Returns
    /// the fixtures with their breaks and longest runs.
    @discardableResult
    public func generateFixtures(_ actor: ActingUser, _ reference: LeagueReference, options: FixtureOptions) throws -> Fixtures {
        try store.write { db in
            let id = try Self.resolve(db, reference, editor: actor)
            let teams = try db.leagues.teamNames(league: id)
            let existing = try db.matches.matches(league: id)
            let fixtures: Fixtures
            do throws(FixtureError) {
                fixtures = try FixtureGenerator.regenerate(teams: teams, options: options, keeping: existing.map(\.match))
            } catch {
                // Another start or interval is the command line's --start or --interval, the API's startDate or intervalDays.
                if case .teamTwiceOnOneDate = error {
                    throw ClubError.refused(field: "fixtures", message: error.reason, remedy: .rescheduleFixtures)
                }
                throw ClubError.invalid(field: "fixtures", message: error.reason)
            }
            // Played matches keep their rows; the rest are replaced.
            for stored in existing where !stored.match.hasResult {
                try db.matches.delete(id: stored.id)
            }
            for match in fixtures.matches where !match.hasResult {
                _ = try db.matches.insert(match, league: id, recordedBy: nil)
            }
            return fixtures
        }
    }

    /// The league's matches (of one matchday when given), in playing order.
    public func matches(_ reference: LeagueReference, matchday: Int? = nil) throws -> [StoredMatch] {
        try store.read { db in
            try db.matches.matches(league: try Self.resolve(db, reference, as: viewer), matchday: matchday)
        }
    }

    /// Records a deduction (negative points add); returns it with the team's name as the
    /// league spells it.
    @discardableResult
    public func deduct(_ actor: ActingUser, _ reference: LeagueReference, team: String, points: Int, reason: String,
                       date: String? = nil) throws -> PointDeduction {
        let reason = try Validation.text(reason, field: "reason", maximum: 500)
        guard points != 0, (-100...100).contains(points) else {
            throw ClubError.invalid(field: "points", message: "\(points) is not a deduction from -100 to 100 other than 0")
        }
        let date = try date.map { try Validation.pastOrFutureDate($0, field: "date") }
        return try store.write { db in
            let id = try Self.resolve(db, reference, editor: actor)
            let name = try Self.teamName(db, league: id, team)
            let deduction = PointDeduction(team: name, points: points, reason: reason, date: date)
            try db.leagues.addDeduction(league: id, deduction)
            return deduction
        }
    }

    /// The league's deductions, in the order they were recorded.
    public func deductions(_ reference: LeagueReference) throws -> [PointDeduction] {
        try store.read { db in try db.leagues.deductions(league: try Self.resolve(db, reference, as: viewer)) }
    }

    /// The league as a plain season value: teams, matches with events, deductions.
    public func season(_ reference: LeagueReference) throws -> Season {
        try store.read { db in try Self.season(db, of: try Self.info(db, id: try Self.resolve(db, reference, as: viewer))) }
    }

    /// The table, by the league's rules unless `rules` names another preset.
    public func table(_ reference: LeagueReference, rules: String? = nil, venue: Venue = .all, matchday: Int? = nil,
                      asOf date: String? = nil) throws -> Standings {
        let (season, info) = try store.read { db -> (Season, LeagueInfo) in
            // The league's row once: the season's name and the rules both come from it.
            let info = try Self.info(db, id: try Self.resolve(db, reference, as: viewer))
            return (try Self.season(db, of: info), info)
        }
        let ruleSet = try Self.ruleSet(of: info, preset: rules)
        return StandingsEngine.table(for: season, rules: ruleSet, venue: venue, matchday: matchday, asOf: date)
    }

    /// Everything a printed league needs, read at one moment: its name and season label, the
    /// whole season (matches with events, deductions), its rules (those of the preset `rules`
    /// when given, with the league's points and seed) and its zones. `Reports.LeagueBook`
    /// lays it out.
    public func dossier(_ reference: LeagueReference, rules: String? = nil) throws -> LeagueDossier {
        let (info, season, zones) = try store.read { db -> (LeagueInfo, Season, [LeagueZone]) in
            let info = try Self.info(db, id: try Self.resolve(db, reference, as: viewer))
            return (info, try Self.season(db, of: info), try db.leagues.zones(league: info.id))
        }
        return LeagueDossier(name: info.name, seasonLabel: info.season, season: season,
                             rules: try Self.ruleSet(of: info, preset: rules), zones: zones)
    }

    /// Creates a league from an import file in one transaction: its teams and matches, named
    /// after the file's title unless `name` is given. The report lists what was skipped.
    ///
    /// - Throws: the importer's ``ImportError`` (`FILE:LINE: FIELD: ...`) for a file that cannot
    ///   be imported, before anything is written; ``ClubError`` for the league itself.
    public func importSeason(_ actor: ActingUser, data: Data, source: String, name: String? = nil, season: String? = nil,
                             kind: LeagueKind = .federation, rules: String = "premier-league") throws -> (LeagueInfo, ImportResult) {
        let result = try SeasonImporter.read(data, source: source)
        let preset = try Self.rules(named: rules)
        let title = name ?? result.season.name
        let label = try season.map(Validation.leagueSeason) ?? CivilSeason.named(inTitle: result.season.name)?.label ?? "imported"
        let info = try store.write { db -> LeagueInfo in
            let info = try Self.create(db, actor: actor, name: try Validation.text(title, field: "name", maximum: 100),
                                       season: label, kind: kind, rules: preset.name, points: .threeForAWin, seed: 0)
            try db.leagues.addTeams(league: info.id, names: result.season.teams)
            for match in result.season.matches {
                _ = try db.matches.insert(match, league: info.id, recordedBy: nil)
            }
            for deduction in result.season.deductions {
                try db.leagues.addDeduction(league: info.id, deduction)
            }
            return info
        }
        return (info, result)
    }

    /// The results that count in the table (played and awarded matches), of one matchday when
    /// given, in playing order.
    public func results(_ reference: LeagueReference, matchday: Int? = nil) throws -> [StoredMatch] {
        try matches(reference, matchday: matchday).filter { $0.match.status.counts }
    }

    /// One page of ``matches(_:matchday:)``, or with `results`, of ``results(_:matchday:)``: the
    /// `limit` matches (1 to `PagingCursor.maximumLimit`, 100) after the previous page's
    /// ``ListPage/next`` (nil for the first), in playing order. A league holds up to a
    /// 1,000-team round robin or a 200,000-match import, so its matches come a page at a time.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such league,
    ///   ``ClubError/invalid(field:message:)`` for an `after` that no match listing gave.
    public func matches(_ reference: LeagueReference, matchday: Int? = nil, results: Bool = false, after cursor: String?,
                        limit: Int = PagingCursor.defaultLimit) throws -> ListPage<StoredMatch> {
        // The results are the matches whose status counts in the table.
        let statuses = results ? MatchStatus.allCases.filter(\.counts) : nil
        return try store.read { db in
            try db.matches.page(league: try Self.resolve(db, reference, as: viewer), matchday: matchday, statuses: statuses,
                                after: cursor, limit: limit)
        }
    }

    /// Top scorers: players with a goal or an assist, by goals, then assists
    /// (``PlayerRanking/scorers``).
    public func scorers(_ reference: LeagueReference) throws -> [PlayerStatistics] {
        PlayerRanking.scorers.ranked(StatisticsEngine.players(in: try season(reference).matches))
    }

    /// Every result of the league as a grid, teams in table order.
    public func resultsGrid(_ reference: LeagueReference) throws -> ResultsGrid {
        let season = try season(reference)
        return ResultsGrid(season: season, order: try table(reference).rows.map(\.team))
    }

    /// Discipline: players with cards, most reds, then most yellows first
    /// (``PlayerRanking/discipline``).
    public func discipline(_ reference: LeagueReference) throws -> [PlayerStatistics] {
        PlayerRanking.discipline.ranked(StatisticsEngine.players(in: try season(reference).matches))
    }

    // MARK: - Shared with Matches

    /// League `id`, whoever may see it.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such league.
    static func info(_ db: StoreTransaction, id: Int64) throws -> LeagueInfo {
        guard let info = try db.leagues.info(id: id) else {
            throw ClubError.notFound(kind: "league", reference: String(id))
        }
        return info
    }

    /// Refuses a name another league of the owner has in that season (ignoring case).
    static func checkNameFree(_ db: StoreTransaction, owner: Int64, name: String, season: String, except: Int64?) throws {
        if try db.leagues.nameTaken(owner: owner, name: name, season: season, except: except) {
            throw ClubError.duplicate(field: "league", value: "\(name) \(season)")
        }
    }

    static func create(_ db: StoreTransaction, actor: ActingUser, name: String, season: String, kind: LeagueKind, rules: String,
                       points: PointsSystem, seed: UInt64, timeZone: String = Calendars.defaultTimeZone,
                       private: Bool = false) throws -> LeagueInfo {
        try checkNameFree(db, owner: actor.userID, name: name, season: season, except: nil)
        let id = try db.leagues.create(name: name, season: season, kind: kind, rules: rules, points: points, seed: seed,
                                       owner: actor.userID, timeZone: timeZone, private: `private`)
        return try info(db, id: id)
    }

    /// The league `reference` names among those `viewer` sees (the visibility rule,
    /// ``LeagueStore/visibility(to:)``: a public league is seen by everyone, a private one by
    /// its owner and editors; nil: nobody logged in), so that a private league is "no league"
    /// to anyone else, exactly as a missing one, and a name is never ambiguous with one. With
    /// `editor`, who sees is that user, who must be its owner or an editor (its owner only with
    /// `owner`). With `joining`, a private league with a joining password is found for anyone:
    /// joining is how one comes to see it.
    static func resolve(_ db: StoreTransaction, _ reference: LeagueReference, as viewer: ActingUser? = nil,
                        editor actor: ActingUser? = nil, owner: Bool = false, joining: Bool = false) throws -> Int64 {
        let ids = try db.leagues.ids(reference, seenBy: actor ?? viewer, joining: joining)
        guard let id = ids.first else { throw ClubError.notFound(kind: "league", reference: reference.description) }
        guard ids.count == 1 else { throw ClubError.ambiguous(kind: "league", reference: reference.description, ids: ids) }
        guard let actor else { return id }
        let isOwner = try db.leagues.isOwner(id, user: actor.userID)
        if isOwner { return id }
        let isEditor = try db.leagues.isEditor(id, user: actor.userID)
        guard !owner, isEditor else {
            let who = owner ? "only the owner" : "only the owner and editors"
            throw ClubError.permissionDenied("\(who) of league '\(reference)' may do that; \(actor.username) is not")
        }
        return id
    }

    /// True when `viewer` sees league `id` (``LeagueStore/visibility(to:)``).
    static func isVisible(_ db: StoreTransaction, league id: Int64, to viewer: ActingUser?) throws -> Bool {
        try db.leagues.isVisible(id, to: viewer)
    }

    /// The name of a team of the league, as stored (matching ignoring case).
    static func teamName(_ db: StoreTransaction, league: Int64, _ name: String) throws -> String {
        guard let stored = try db.leagues.teamName(league: league, matching: name) else {
            throw ClubError.notFound(kind: "team in the league", reference: name)
        }
        return stored
    }

    /// League `info`'s season: its teams, its matches with their events, its deductions.
    static func season(_ db: StoreTransaction, of info: LeagueInfo) throws -> Season {
        Season(name: "\(info.name) \(info.season)", teams: try db.leagues.teamNames(league: info.id),
               matches: try db.matches.matches(league: info.id).map(\.match), deductions: try db.leagues.deductions(league: info.id))
    }

    /// The rules `info`'s league is ranked by: its preset, or `preset` when given, with the
    /// league's own points and seed.
    static func ruleSet(of info: LeagueInfo, preset: String?) throws -> RuleSet {
        var ruleSet = try rules(named: preset ?? info.rules)
        ruleSet.seed = info.seed
        ruleSet.points = PointsSystem(info.points) ?? .threeForAWin
        return ruleSet
    }

    static func rules(named name: String) throws -> RuleSet {
        guard let preset = RuleSet.preset(named: name) else {
            throw ClubError.invalid(field: "rules", message: "unknown preset '\(name)' (expected \(RuleSet.presets.keys.sorted().joined(separator: ", ")))")
        }
        return preset
    }
}
