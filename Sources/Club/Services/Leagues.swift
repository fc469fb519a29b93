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
        try store.read { db in try Self.rows(db, seenBy: viewer, after: nil, limit: nil).map(Self.info) }
    }

    /// One page of ``list()``: the `limit` leagues (1 to `PagingCursor.maximumLimit`, 100)
    /// after the previous page's ``ListPage/next`` (nil for the first). Keyset paging: a league
    /// renamed, created or deleted meanwhile never shifts a page.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for an `after` that no league listing gave.
    public func list(after cursor: String?, limit: Int = PagingCursor.defaultLimit) throws -> ListPage<LeagueInfo> {
        try store.read { db in
            try Self.order.page(limit: limit, fetch: { try Self.rows(db, seenBy: viewer, after: cursor, limit: $0) },
                                items: { try $0.map(Self.info) })
        }
    }

    /// The order of league listings.
    static let order = Keyset(list: "league listing", [.text("league.season", .descending),
                                                       .text("league.name", ignoringCase: true), .integer("league.id")])

    private static func rows(_ db: StoreTransaction, seenBy viewer: ActingUser?, after cursor: String?, limit: Int?) throws -> [SQLRow] {
        let (after, arguments) = try order.after(cursor, db.dialect)
        let visible = visible(to: viewer)
        return try db.fetchAll("""
            SELECT league.*, "user".username AS owner, \(order.selection) FROM league JOIN "user" ON "user".id = league.ownerId
            WHERE \(visible.condition) AND \(after) ORDER BY \(order.orderBy(db.dialect)) LIMIT ?
            """, visible.arguments + arguments + [limit ?? Int.max])
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
            try db.execute("UPDATE league SET passwordHash = ? WHERE id = ?", [hash, id])
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
        try store.write { db in
            try db.execute("INSERT INTO leagueEditor (leagueId, userId) VALUES (?, ?) ON CONFLICT DO NOTHING", [id, actor.userID])
        }
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
            return (id, try db.value(String.self, "SELECT passwordHash FROM league WHERE id = ?", [id]))
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
            let user = try Accounts.userID(db, username: username)
            try db.execute("INSERT INTO leagueEditor (leagueId, userId) VALUES (?, ?) ON CONFLICT DO NOTHING", [id, user])
        }
    }

    /// Takes `username`'s editor right away; owner only.
    public func revoke(_ actor: ActingUser, _ reference: LeagueReference, from username: String) throws {
        try store.write { db in
            let id = try Self.resolve(db, reference, editor: actor, owner: true)
            let user = try Accounts.userID(db, username: username)
            try db.execute("DELETE FROM leagueEditor WHERE leagueId = ? AND userId = ?", [id, user])
        }
    }

    /// Adds a team: a plain name, or a club team (`team`) the actor may edit, under its name.
    /// Linking needs the right to edit the club team, since the league's matches then count on
    /// that team's player cards.
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
                    teamName = try db.value(String.self, "SELECT name FROM team WHERE id = ?", [teamID])
                }
            }
            guard let teamName else { throw ClubError.invalid(field: "team", message: "give a name or a club team") }
            if try db.exists("SELECT 1 FROM leagueTeam WHERE leagueId = ? AND name = ?", [id, teamName]) {
                throw ClubError.duplicate(field: "team", value: teamName)
            }
            try db.execute("INSERT INTO leagueTeam (leagueId, name, teamId) VALUES (?, ?, ?)", [id, teamName, linked])
            return LeagueTeam(name: teamName, teamID: linked)
        }
    }

    /// A league's teams, in the order they were added.
    public func teams(_ reference: LeagueReference) throws -> [LeagueTeam] {
        try store.read { db in
            let id = try Self.resolve(db, reference, as: viewer)
            return try db.fetchAll("SELECT name, teamId FROM leagueTeam WHERE leagueId = ? ORDER BY id", [id])
                .map { LeagueTeam(name: try $0("name"), teamID: try $0("teamId")) }
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
            let teams = try db.values(String.self, "SELECT name FROM leagueTeam WHERE leagueId = ? ORDER BY id", [id])
            let existing = try MatchStorage.fetch(db, where: "leagueId = ?", arguments: [id])
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
                try db.execute("DELETE FROM match WHERE id = ?", [stored.id])
            }
            for match in fixtures.matches where !match.hasResult {
                _ = try MatchStorage.insert(db, match, league: id, recordedBy: nil)
            }
            return fixtures
        }
    }

    /// The league's matches (of one matchday when given), in playing order.
    public func matches(_ reference: LeagueReference, matchday: Int? = nil) throws -> [StoredMatch] {
        try store.read { db in
            let id = try Self.resolve(db, reference, as: viewer)
            if let matchday {
                return try MatchStorage.fetch(db, where: "leagueId = ? AND matchday = ?", arguments: [id, matchday])
            }
            return try MatchStorage.fetch(db, where: "leagueId = ?", arguments: [id])
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
            try db.execute("INSERT INTO deduction (leagueId, team, points, reason, date) VALUES (?, ?, ?, ?, ?)",
                           [id, name, points, reason, date])
            return PointDeduction(team: name, points: points, reason: reason, date: date)
        }
    }

    /// The league's deductions, in the order they were recorded.
    public func deductions(_ reference: LeagueReference) throws -> [PointDeduction] {
        try store.read { db in try Self.deductions(db, league: try Self.resolve(db, reference, as: viewer)) }
    }

    /// The league as a plain season value: teams, matches with events, deductions.
    public func season(_ reference: LeagueReference) throws -> Season {
        try store.read { db in try Self.season(db, id: try Self.resolve(db, reference, as: viewer)) }
    }

    /// The table, by the league's rules unless `rules` names another preset.
    public func table(_ reference: LeagueReference, rules: String? = nil, venue: Venue = .all, matchday: Int? = nil,
                      asOf date: String? = nil) throws -> Standings {
        let (season, info) = try store.read { db -> (Season, LeagueInfo) in
            let id = try Self.resolve(db, reference, as: viewer)
            return (try Self.season(db, id: id), try Self.info(db, id: id))
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
            let id = try Self.resolve(db, reference, as: viewer)
            return (try Self.info(db, id: id), try Self.season(db, id: id), try Self.zones(db, league: id))
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
            for team in result.season.teams {
                try db.execute("INSERT INTO leagueTeam (leagueId, name) VALUES (?, ?)", [info.id, team])
            }
            for match in result.season.matches {
                _ = try MatchStorage.insert(db, match, league: info.id, recordedBy: nil)
            }
            for deduction in result.season.deductions {
                try db.execute("INSERT INTO deduction (leagueId, team, points, reason, date) VALUES (?, ?, ?, ?, ?)",
                               [info.id, deduction.team, deduction.points, deduction.reason, deduction.date])
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
        try store.read { db in
            var condition = "leagueId = ?"
            var arguments: [any SQLBindable] = [try Self.resolve(db, reference, as: viewer)]
            if let matchday {
                condition += " AND matchday = ?"
                arguments += [matchday]
            }
            if results {
                let counting = MatchStatus.allCases.filter(\.counts)
                condition += " AND status IN (\(counting.map { _ in "?" }.joined(separator: ", ")))"
                arguments += counting.map(\.rawValue)
            }
            return try MatchStorage.page(db, where: condition, arguments: arguments, after: cursor, limit: limit)
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

    static let select = """
        SELECT league.*, "user".username AS owner FROM league JOIN "user" ON "user".id = league.ownerId
        """

    static func info(_ row: SQLRow) throws -> LeagueInfo {
        let seed: Int64 = try row("seed")
        return LeagueInfo(id: try row("id"), name: try row("name"), season: try row("season"),
                          kind: LeagueKind(rawValue: try row("kind")) ?? .friends, rules: try row("rules"), points: try row("points"),
                          seed: UInt64(bitPattern: seed), owner: try row("owner"),
                          hasPassword: (try row("passwordHash") as String?) != nil, private: try row("private") as Int != 0,
                          createdAt: try row("createdAt"), timeZone: try row("timeZone"))
    }

    static func info(_ db: StoreTransaction, id: Int64) throws -> LeagueInfo {
        guard let row = try db.fetchOne(select + " WHERE league.id = ?", [id]) else {
            throw ClubError.notFound(kind: "league", reference: String(id))
        }
        return try info(row)
    }

    /// Refuses a name another league of the owner has in that season (ignoring case).
    static func checkNameFree(_ db: StoreTransaction, owner: Int64, name: String, season: String, except: Int64?) throws {
        if try db.exists("""
            SELECT 1 FROM league WHERE ownerId = ? AND \(db.dialect.textEqualsIgnoringCase("name")) AND season = ?
              AND id IS DISTINCT FROM ?
            """, [owner, name, season, except]) {
            throw ClubError.duplicate(field: "league", value: "\(name) \(season)")
        }
    }

    static func create(_ db: StoreTransaction, actor: ActingUser, name: String, season: String, kind: LeagueKind, rules: String,
                       points: PointsSystem, seed: UInt64, timeZone: String = Calendars.defaultTimeZone,
                       private: Bool = false) throws -> LeagueInfo {
        try checkNameFree(db, owner: actor.userID, name: name, season: season, except: nil)
        // private is an INTEGER 0 or 1 in both stores.
        let id = try db.insert("""
            INSERT INTO league (name, season, kind, rules, points, seed, ownerId, createdAt, timeZone, private)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [name, season, kind.rawValue, rules, points.description, Int64(bitPattern: seed), actor.userID, Date(),
                  timeZone, `private` ? 1 : 0])
        return try info(db, id: id)
    }

    /// The league `reference` names among those `viewer` sees (``visible(to:)``; nil: nobody
    /// logged in), so that a private league is "no league" to anyone else, exactly as a missing
    /// one, and a name is never ambiguous with one. With `editor`, who sees is that user, who
    /// must be its owner or an editor (its owner only with `owner`). With `joining`, a private
    /// league with a joining password is found for anyone: joining is how one comes to see it.
    static func resolve(_ db: StoreTransaction, _ reference: LeagueReference, as viewer: ActingUser? = nil,
                        editor actor: ActingUser? = nil, owner: Bool = false, joining: Bool = false) throws -> Int64 {
        let visible = visible(to: actor ?? viewer)
        let seen = joining ? "(\(visible.condition) OR league.passwordHash IS NOT NULL)" : visible.condition
        let ids: [Int64]
        switch reference {
        case .id(let id):
            ids = try db.values(Int64.self, "SELECT id FROM league WHERE id = ? AND \(seen)", [id] + visible.arguments)
        case .name(let name):
            ids = try db.values(Int64.self, """
                SELECT id FROM league WHERE \(db.dialect.textEqualsIgnoringCase("name")) AND \(seen) ORDER BY id
                """, [name] + visible.arguments)
        }
        guard let id = ids.first else { throw ClubError.notFound(kind: "league", reference: reference.description) }
        guard ids.count == 1 else { throw ClubError.ambiguous(kind: "league", reference: reference.description, ids: ids) }
        guard let actor else { return id }
        let isOwner = try db.exists("SELECT 1 FROM league WHERE id = ? AND ownerId = ?", [id, actor.userID])
        if isOwner { return id }
        let isEditor = try db.exists("SELECT 1 FROM leagueEditor WHERE leagueId = ? AND userId = ?", [id, actor.userID])
        guard !owner, isEditor else {
            let who = owner ? "only the owner" : "only the owner and editors"
            throw ClubError.permissionDenied("\(who) of league '\(reference)' may do that; \(actor.username) is not")
        }
        return id
    }

    /// The visibility rule, decided here once for every read and listing, as an SQL condition
    /// on a `league` row with its bound arguments: a public league is seen by everyone; a
    /// private one by its owner and its editors (granted, or joined with the password), and by
    /// nobody logged out.
    static func visible(to viewer: ActingUser?) -> (condition: String, arguments: [any SQLBindable]) {
        guard let viewer else { return ("league.private = 0", []) }
        return ("""
            (league.private = 0 OR league.ownerId = ? OR EXISTS (SELECT 1 FROM leagueEditor \
            WHERE leagueEditor.leagueId = league.id AND leagueEditor.userId = ?))
            """, [viewer.userID, viewer.userID])
    }

    /// True when `viewer` sees league `id` (``visible(to:)``).
    static func isVisible(_ db: StoreTransaction, league id: Int64, to viewer: ActingUser?) throws -> Bool {
        let visible = visible(to: viewer)
        return try db.exists("SELECT 1 FROM league WHERE id = ? AND \(visible.condition)", [id] + visible.arguments)
    }

    /// The name of a team of the league, as stored (matching ignoring case).
    static func teamName(_ db: StoreTransaction, league: Int64, _ name: String) throws -> String {
        guard let stored = try db.value(String.self, """
            SELECT name FROM leagueTeam WHERE leagueId = ? AND \(db.dialect.textEqualsIgnoringCase("name"))
            """, [league, name]) else {
            throw ClubError.notFound(kind: "team in the league", reference: name)
        }
        return stored
    }

    static func season(_ db: StoreTransaction, id: Int64) throws -> Season {
        let info = try info(db, id: id)
        let teams = try db.values(String.self, "SELECT name FROM leagueTeam WHERE leagueId = ? ORDER BY id", [id])
        let matches = try MatchStorage.fetch(db, where: "leagueId = ?", arguments: [id]).map(\.match)
        return Season(name: "\(info.name) \(info.season)", teams: teams, matches: matches,
                      deductions: try deductions(db, league: id))
    }

    static func deductions(_ db: StoreTransaction, league id: Int64) throws -> [PointDeduction] {
        try db.fetchAll("SELECT * FROM deduction WHERE leagueId = ? ORDER BY id", [id]).map {
            PointDeduction(team: try $0("team"), points: try $0("points"), reason: try $0("reason"), date: try $0("date"))
        }
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
