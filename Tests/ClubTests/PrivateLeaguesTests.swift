import Foundation
import League
import Testing
import TestSupport
@testable import Club

/// Private leagues: seen by their owner and editors only; "no league" to anyone else, as a
/// missing one, in every read.
@Suite struct PrivateLeaguesTests {
    /// alice owns a private league "Liga Secreta" (teams A and B, a played match with a goal
    /// and a card, a deduction, a zone) with a joining password; bob is an editor by grant,
    /// dave by joining; carol is nobody. Beside it, alice's public "Liga Abierta" alike.
    struct Fixture {
        let club: ScratchClub
        let leagues: Leagues
        let matches: Matches
        let calendars: Calendars
        let secret: LeagueInfo
        let open: LeagueInfo
        let secretMatch: Int64
        let openMatch: Int64
        let alice: ActingUser, bob: ActingUser, carol: ActingUser, dave: ActingUser
    }

    func fixture() throws -> Fixture {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob"), carol = try club.user("carol"), dave = try club.user("dave")
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        let matches = Matches(store: club.store)
        let secret = try leagues.create(alice, name: "Liga Secreta", season: "2024/25", kind: .friends, private: true)
        let open = try leagues.create(alice, name: "Liga Abierta", season: "2024/25", kind: .friends)
        var played: [Int64] = []
        for league in [secret, open] {
            for team in ["A", "B"] { try leagues.addTeam(alice, .id(league.id), name: team) }
            let match = try matches.add(alice, league: .id(league.id), home: "A", away: "B", matchday: 1, date: "2024-10-01")
            try matches.result(alice, match: match.id, fullTime: Score(1, 0))
            try matches.addEvent(alice, match: match.id, MatchEvent(team: "A", kind: .goal(scorer: "Ana", assist: nil, penalty: false,
                                                                                               ownGoal: false), minute: 5))
            try matches.addEvent(alice, match: match.id, MatchEvent(team: "B", kind: .yellowCard(player: "Beto"), minute: 7))
            try leagues.deduct(alice, .id(league.id), team: "B", points: 1, reason: "late")
            try leagues.setZones(alice, .id(league.id), [LeagueZone(kind: .champion, positions: 1...1, name: "Champion", mark: "C")])
            played.append(match.id)
        }
        try leagues.grant(alice, .id(secret.id), to: "bob")
        try leagues.setPassword(alice, .id(secret.id), to: "secreto-compartido")
        try leagues.join(dave, .id(secret.id), password: "secreto-compartido")
        return Fixture(club: club, leagues: leagues, matches: matches, calendars: Calendars(store: club.store), secret: secret,
                       open: open, secretMatch: played[0], openMatch: played[1], alice: alice, bob: bob, carol: carol, dave: dave)
    }

    /// Every read of a league, by `viewer`, each named.
    func reads(_ f: Fixture, _ reference: LeagueReference, as viewer: ActingUser?) -> [(String, () throws -> Void)] {
        let leagues = f.leagues.viewing(as: viewer)
        return [
            ("show", { _ = try leagues.show(reference) }),
            ("teams", { _ = try leagues.teams(reference) }),
            ("matches", { _ = try leagues.matches(reference) }),
            ("matches of a matchday", { _ = try leagues.matches(reference, matchday: 1) }),
            ("results", { _ = try leagues.results(reference) }),
            ("a page of matches", { _ = try leagues.matches(reference, after: nil) }),
            ("a page of results", { _ = try leagues.matches(reference, results: true, after: nil) }),
            ("table", { _ = try leagues.table(reference) }),
            ("dossier", { _ = try leagues.dossier(reference) }),
            ("scorers", { _ = try leagues.scorers(reference) }),
            ("discipline", { _ = try leagues.discipline(reference) }),
            ("results grid", { _ = try leagues.resultsGrid(reference) }),
            ("deductions", { _ = try leagues.deductions(reference) }),
            ("zones", { _ = try leagues.zones(reference) }),
            ("season", { _ = try leagues.season(reference) }),
            ("calendar", { _ = try f.calendars.leagueCalendar(reference, as: viewer) }),
            ("a team's calendar", { _ = try f.calendars.leagueCalendar(reference, team: "A", as: viewer) }),
        ]
    }

    @Test func ownerAndEditorsSeeEverythingOfAPrivateLeague() throws {
        let f = try fixture()
        for viewer in [f.alice, f.bob, f.dave] {
            for reference in [LeagueReference.id(f.secret.id), .name("liga secreta")] {
                for (name, read) in reads(f, reference, as: viewer) {
                    #expect(throws: Never.self, "\(viewer.username): \(name)") { try read() }
                }
            }
            #expect(try f.leagues.viewing(as: viewer).table(.id(f.secret.id)).rows.first?.team == "A")
            #expect(try f.matches.show(viewer, match: f.secretMatch).leagueID == f.secret.id)
            #expect(try f.leagues.viewing(as: viewer).list().map(\.name) == ["Liga Abierta", "Liga Secreta"])
            #expect(try f.leagues.viewing(as: viewer).list(after: nil, limit: 1).next != nil)
            #expect(try f.matches.overallStatistics(viewer).players.first { $0.player == "Ana" }?.goals == 2)
        }
        #expect(try f.leagues.viewing(as: f.alice).show(.id(f.secret.id)).private)
        #expect(try !f.leagues.show(.id(f.open.id)).private)
    }

    @Test func aPrivateLeagueIsNoLeagueToStrangersAndToNobodyLoggedIn() throws {
        let f = try fixture()
        for viewer in [f.carol, nil] {
            for reference in [LeagueReference.id(f.secret.id), .name("Liga Secreta")] {
                for (name, read) in reads(f, reference, as: viewer) {
                    #expect(throws: ClubError.notFound(kind: "league", reference: reference.description),
                            "\(viewer?.username ?? "anonymous"): \(name)") { try read() }
                }
            }
            #expect(throws: ClubError.notFound(kind: "match", reference: String(f.secretMatch))) {
                try f.matches.show(viewer, match: f.secretMatch)
            }
            let listed = try f.leagues.viewing(as: viewer).list()
            #expect(listed.map(\.name) == ["Liga Abierta"])
            let page = try f.leagues.viewing(as: viewer).list(after: nil, limit: 1)
            #expect(page.items.map(\.name) == ["Liga Abierta"] && page.next == nil)
            // Its goals count nowhere the viewer looks.
            #expect(try f.matches.overallStatistics(viewer).players.first { $0.player == "Ana" }?.goals == 1)
        }
    }

    @Test func aStrangersChangesFindNoLeagueNorMatch() throws {
        let f = try fixture()
        let (secret, carol) = (LeagueReference.id(f.secret.id), f.carol)
        let noLeague = ClubError.notFound(kind: "league", reference: String(f.secret.id))
        #expect(throws: noLeague) { try f.leagues.addTeam(carol, secret, name: "C") }
        #expect(throws: noLeague) { try f.leagues.setPrivate(carol, secret, false) }
        #expect(throws: noLeague) { try f.leagues.rename(carol, secret, to: "Mía") }
        #expect(throws: noLeague) { try f.calendars.rotateToken(carol, league: secret) }
        #expect(throws: noLeague) { try f.matches.add(carol, league: secret, home: "A", away: "B") }
        let noMatch = ClubError.notFound(kind: "match", reference: String(f.secretMatch))
        #expect(throws: noMatch) { try f.matches.result(carol, match: f.secretMatch, fullTime: Score(0, 0)) }
        #expect(throws: noMatch) { try f.matches.delete(carol, match: f.secretMatch) }
        // An editor sees it but may not make it public.
        #expect(throws: ClubError.permissionDenied("only the owner of league '\(f.secret.id)' may do that; bob is not")) {
            try f.leagues.setPrivate(f.bob, secret, false)
        }
    }

    @Test func publicLeaguesAreUnchangedForEveryone() throws {
        let f = try fixture()
        for viewer in [f.alice, f.bob, f.carol, f.dave, nil] {
            for (name, read) in reads(f, .id(f.open.id), as: viewer) {
                #expect(throws: Never.self, "\(viewer?.username ?? "anonymous"): \(name)") { try read() }
            }
            #expect(try f.matches.show(viewer, match: f.openMatch).leagueID == f.open.id)
        }
        #expect(try f.leagues.viewing(as: nil).table(.name("liga abierta")).rows.first?.points == 3)
    }

    @Test func switchingMakesALeagueAppearAndDisappear() throws {
        let f = try fixture()
        let made = try f.leagues.setPrivate(f.alice, .id(f.secret.id), false)
        #expect(!made.private)
        #expect(try f.leagues.show(.id(f.secret.id)).name == "Liga Secreta")
        try f.leagues.setPrivate(f.alice, .id(f.secret.id), true)
        #expect(throws: ClubError.notFound(kind: "league", reference: String(f.secret.id))) { try f.leagues.show(.id(f.secret.id)) }
        // Renaming and switching together: both or neither.
        #expect(throws: ClubError.self) { try f.leagues.edit(f.alice, .id(f.secret.id), name: " ", private: false) }
        #expect(try f.leagues.viewing(as: f.alice).show(.id(f.secret.id)).private)
        let edited = try f.leagues.edit(f.alice, .id(f.secret.id), name: "Liga Pública", private: false)
        #expect(edited.name == "Liga Pública" && !edited.private)
    }

    @Test func joiningWithThePasswordFindsAPrivateLeagueOnlyWhenItHasOne() throws {
        let f = try fixture()
        let erin = try f.club.user("erin")
        #expect(throws: ClubError.notFound(kind: "league", reference: "Liga Secreta")) {
            try f.leagues.viewing(as: erin).show(.name("Liga Secreta"))
        }
        #expect(throws: ClubError.permissionDenied("wrong password for league 'Liga Secreta'")) {
            try f.leagues.join(erin, .name("Liga Secreta"), password: "adivino")
        }
        try f.leagues.join(erin, .name("Liga Secreta"), password: "secreto-compartido")
        #expect(try f.leagues.viewing(as: erin).show(.name("Liga Secreta")).id == f.secret.id)
        // Without a password a private league is no league to join, not "no password".
        try f.leagues.setPassword(f.alice, .id(f.secret.id), to: nil)
        #expect(throws: ClubError.notFound(kind: "league", reference: String(f.secret.id))) {
            try f.leagues.checkJoin(f.carol, .id(f.secret.id))
        }
        // A revoked editor no longer sees it.
        try f.leagues.revoke(f.alice, .id(f.secret.id), from: "bob")
        #expect(throws: ClubError.notFound(kind: "league", reference: String(f.secret.id))) {
            try f.leagues.viewing(as: f.bob).show(.id(f.secret.id))
        }
    }

    @Test func aNameIsNeverAmbiguousWithALeagueOneCannotSee() throws {
        let f = try fixture()
        let carolsOwn = try f.leagues.create(f.carol, name: "Liga Secreta", season: "2024/25", kind: .friends)
        #expect(try f.leagues.viewing(as: f.carol).show(.name("Liga Secreta")).id == carolsOwn.id)
        #expect(try f.leagues.show(.name("Liga Secreta")).id == carolsOwn.id)
        #expect(throws: ClubError.ambiguous(kind: "league", reference: "Liga Secreta", ids: [f.secret.id, carolsOwn.id])) {
            try f.leagues.viewing(as: f.alice).show(.name("Liga Secreta"))
        }
    }

    @Test func aPrivateLeaguesCalendarIsReadWithItsTokenWhichTheOwnerRotates() throws {
        let f = try fixture()
        let secret = LeagueReference.id(f.secret.id)
        let noLeague = ClubError.notFound(kind: "league", reference: String(f.secret.id))
        #expect(throws: noLeague) { try f.calendars.leagueCalendar(secret, token: "guess") }
        let subscription = try f.calendars.rotateToken(f.alice, league: secret)
        #expect(subscription.leagueID == f.secret.id && subscription.teamID == nil)
        #expect(subscription.path == "/api/v1/leagues/\(f.secret.id)/calendar.ics?token=\(subscription.token)")
        let stored = try f.club.store.read { db in
            try db.value(Data.self, "SELECT calendarTokenHash FROM league WHERE id = ?", [f.secret.id])
        }
        #expect(stored?.count == 32 && stored != Data(subscription.token.utf8))
        let events = CalendarsTests.events(try f.calendars.leagueCalendar(secret, token: subscription.token))
        #expect(events.values.contains { $0["SUMMARY"] == "A 1-0 B" })
        #expect(try f.calendars.leagueCalendar(secret, team: "A", token: subscription.token).count > 0)
        // Only by id, and only the right token.
        #expect(throws: ClubError.notFound(kind: "league", reference: "Liga Secreta")) {
            try f.calendars.leagueCalendar(.name("Liga Secreta"), token: subscription.token)
        }
        #expect(throws: noLeague) { try f.calendars.leagueCalendar(secret, token: subscription.token + "x") }
        // A token of one league reads no other.
        let other = try f.leagues.create(f.alice, name: "Otra", season: "2024/25", kind: .friends, private: true)
        #expect(throws: ClubError.notFound(kind: "league", reference: String(other.id))) {
            try f.calendars.leagueCalendar(.id(other.id), token: subscription.token)
        }
        // Rotating makes the old token "no league"; revoking leaves none.
        let rotated = try f.calendars.rotateToken(f.alice, league: secret)
        #expect(rotated.token != subscription.token)
        #expect(throws: noLeague) { try f.calendars.leagueCalendar(secret, token: subscription.token) }
        _ = try f.calendars.leagueCalendar(secret, token: rotated.token)
        try f.calendars.revokeToken(f.alice, league: secret)
        #expect(throws: noLeague) { try f.calendars.leagueCalendar(secret, token: rotated.token) }
        // Editors read it logged in but may not rotate; strangers find nothing.
        _ = try f.calendars.leagueCalendar(secret, as: f.bob)
        #expect(throws: ClubError.permissionDenied("only the owner of league '\(f.secret.id)' may do that; bob is not")) {
            try f.calendars.rotateToken(f.bob, league: secret)
        }
        #expect(throws: noLeague) { try f.calendars.revokeToken(f.carol, league: secret) }
        // A public league's calendar needs no token, and a wrong one changes nothing.
        _ = try f.calendars.leagueCalendar(.id(f.open.id), token: "wrong")
    }

    @Test func aTeamsCalendarTokenStillWorksThroughTheSharedCheck() throws {
        let f = try fixture()
        let team = try f.club.teams.add(f.alice, name: "Infantil A", season: "2024/25")
        let subscription = try f.calendars.rotateToken(f.alice, team: .id(team.id))
        #expect(subscription.teamID == team.id && subscription.leagueID == nil)
        _ = try f.calendars.teamCalendar(teamID: team.id, token: subscription.token)
        #expect(throws: ClubError.notFound(kind: "team", reference: String(team.id))) {
            try f.calendars.teamCalendar(teamID: team.id, token: String(subscription.token.dropLast()))
        }
    }

    @Test func aPrivateLeaguesMatchesCountOnCardsOnlyForThoseWhoSeeIt() throws {
        let f = try fixture()
        let team = try f.club.teams.add(f.alice, name: "Infantil A", season: "2024/25")
        try f.club.teams.grant(f.alice, .id(team.id), to: "carol", role: .viewer)
        let ana = try f.club.squads.add(f.alice, to: .id(team.id), PlayerDraft(firstName: "Ana", surnames: "Sola", number: 9,
                                                                                position: .forward))
        try f.leagues.addTeam(f.alice, .id(f.secret.id), name: "Infantil", team: .id(team.id))
        let match = try f.matches.add(f.alice, league: .id(f.secret.id), home: "Infantil", away: "A", date: "2024-11-02")
        try f.matches.result(f.alice, match: match.id, fullTime: Score(1, 0))
        try f.matches.addEvent(f.alice, match: match.id, MatchEvent(team: "Infantil", kind: .goal(scorer: "Ana Sola", assist: nil,
                                                                                                    penalty: false, ownGoal: false),
                                                                    minute: 3))
        let cards = Cards(store: f.club.store)
        #expect(try cards.player(f.alice, id: ana.id).statistics.goals == 1)
        // carol sees the team, not the league: the match is not hers to count.
        #expect(try cards.player(f.carol, id: ana.id).statistics.goals == 0)
    }

    @Test(.upgradesAnOlderSQLiteFile)
    func olderDatabasesKeepTheirLeaguesPublic() throws {
        let club = try ScratchClub(upgradingFrom: "v9 calendars", seeding: """
                INSERT INTO user (id, username, displayName, email, searchKey, passwordHash, createdAt)
                VALUES (1, 'alice', 'Alice', 'alice@example.org', 'alice', '$scrypt$x', '2025-01-01');
                INSERT INTO league (id, name, season, kind, rules, ownerId, createdAt) VALUES
                    (1, 'Liga', '2024/25', 'friends', 'la-liga', 1, '2025-01-01');
                """)
        let info = try Leagues(store: club.store).show(.id(1))
        #expect(!info.private)
        #expect(throws: (any Error).self) {
            try club.store.write { db in try db.execute("UPDATE league SET private = 2 WHERE id = 1") }
        }
        #expect(throws: (any Error).self) {
            try club.store.write { db in try db.execute("UPDATE league SET calendarTokenHash = ? WHERE id = 1", [Data([0])]) }
        }
    }
}
