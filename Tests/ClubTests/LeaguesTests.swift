import Foundation
import GRDB
import League
import Testing
import TestSupport
@testable import Club

@Suite struct LeaguesTests {
    /// A friends' league of four teams owned by alice, with bob an editor and carol nobody.
    func league() throws -> (ScratchClub, Leagues, Matches, LeagueInfo, ActingUser, ActingUser, ActingUser) {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob"), carol = try club.user("carol")
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        let info = try leagues.create(alice, name: "Liga Amigos", season: "2024/25", kind: .friends, rules: "la-liga")
        for team in ["Rápidos", "Lentos", "Medianos", "Otros"] { try leagues.addTeam(alice, .id(info.id), name: team) }
        try leagues.grant(alice, .id(info.id), to: "bob")
        return (club, leagues, Matches(store: club.store), info, alice, bob, carol)
    }

    @Test func resultsMakeTheTableAndCorrectionsChangeIt() throws {
        let (_, leagues, matches, info, alice, bob, _) = try league()
        let first = try matches.add(alice, league: .id(info.id), home: "rápidos", away: "Lentos", matchday: 1)
        #expect(first.match.home == "Rápidos") // stored as the league spells it
        try matches.result(bob, match: first.id, fullTime: Score(2, 0), halfTime: Score(1, 0))
        var table = try leagues.table(.name("liga amigos"))
        #expect(table.rows.first?.team == "Rápidos" && table.rows.first?.points == 3)
        try matches.result(alice, match: first.id, fullTime: Score(0, 1))
        table = try leagues.table(.id(info.id))
        #expect(table.rows.first?.team == "Lentos")
        try matches.delete(alice, match: first.id)
        table = try leagues.table(.id(info.id))
        #expect(table.rows.allSatisfy { $0.played == 0 })
    }

    @Test func aLeagueCanCountTwoPointsForAWin() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        let info = try leagues.create(alice, name: "Veteranos", season: "1990", kind: .friends, points: .twoForAWin)
        #expect(info.points == "2-1-0")
        try leagues.addTeam(alice, .id(info.id), name: "A")
        try leagues.addTeam(alice, .id(info.id), name: "B")
        let match = try Matches(store: club.store).add(alice, league: .id(info.id), home: "A", away: "B", matchday: 1)
        try Matches(store: club.store).result(alice, match: match.id, fullTime: Score(1, 0))
        #expect(try leagues.table(.id(info.id)).rows.first?.points == 2)
        // The results grid, in table order.
        let grid = try leagues.resultsGrid(.id(info.id))
        #expect(grid.teams == ["A", "B"] && grid.text(row: 0, column: 1) == "1-0")
    }

    @Test func overallStatisticsCoverEveryLeagueAndOnesOwnFriendlies() throws {
        let (_, _, matches, info, alice, bob, _) = try league()
        let leagueMatch = try matches.add(alice, league: .id(info.id), home: "Rápidos", away: "Lentos", matchday: 1)
        try matches.result(alice, match: leagueMatch.id, fullTime: Score(1, 0))
        try matches.addEvent(alice, match: leagueMatch.id, MatchEvent(team: "Rápidos", kind: .goal(scorer: "Ana", assist: nil, penalty: false, ownGoal: false), minute: 5))
        let friendly = try matches.add(bob, league: nil, home: "Rápidos", away: "Vecinos")
        try matches.result(bob, match: friendly.id, fullTime: Score(2, 0))
        try matches.addEvent(bob, match: friendly.id, MatchEvent(team: "Rápidos", kind: .goal(scorer: "Ana", assist: nil, penalty: false, ownGoal: false), minute: 9))
        #expect(try matches.overallStatistics(bob).players.first { $0.player == "Ana" }?.goals == 2)
        #expect(try matches.overallStatistics(alice).players.first { $0.player == "Ana" }?.goals == 1)
        #expect(try matches.overallStatistics(nil).teams.first { $0.team == "Rápidos" }?.played == 1)
    }

    @Test func statisticsNarrowToAPlayerOrATeam() throws {
        let (_, _, matches, info, alice, _, _) = try league()
        let first = try matches.add(alice, league: .id(info.id), home: "Rápidos", away: "Lentos", matchday: 1)
        try matches.result(alice, match: first.id, fullTime: Score(1, 1))
        try matches.addEvent(alice, match: first.id, MatchEvent(team: "Rápidos", kind: .goal(scorer: "Ana", assist: nil, penalty: false, ownGoal: false), minute: 5))
        try matches.addEvent(alice, match: first.id, MatchEvent(team: "Lentos", kind: .goal(scorer: "Eva", assist: nil, penalty: false, ownGoal: false), minute: 50))
        let all = try matches.statistics(nil)
        #expect(all.players.map(\.player).sorted() == ["Ana", "Eva"] && all.teams.count == 2)
        // A player (ignoring case) leaves the teams out, unless a team is asked for too.
        let ana = try matches.statistics(nil, player: "ANA")
        #expect(ana.players.map(\.player) == ["Ana"] && ana.teams.isEmpty)
        let lentos = try matches.statistics(nil, team: "lentos")
        #expect(lentos.players.map(\.player) == ["Eva"] && lentos.teams.map(\.team) == ["Lentos"])
        #expect(try matches.statistics(nil, player: "Ana", team: "Lentos").players.isEmpty)
    }

    @Test func resultsAreTheMatchesThatCountAndDeductionsAreListed() throws {
        let (_, leagues, matches, info, alice, bob, _) = try league()
        let played = try matches.add(alice, league: .id(info.id), home: "Rápidos", away: "Lentos", matchday: 1)
        try matches.result(alice, match: played.id, fullTime: Score(2, 1))
        let postponed = try matches.add(alice, league: .id(info.id), home: "Medianos", away: "Otros", matchday: 1)
        try matches.result(alice, match: postponed.id, fullTime: Score(0, 0), status: .postponed)
        try matches.add(alice, league: .id(info.id), home: "Rápidos", away: "Otros", matchday: 2)
        #expect(try leagues.results(.id(info.id)).map(\.id) == [played.id])
        #expect(try leagues.results(.id(info.id), matchday: 2).isEmpty)
        let deduction = try leagues.deduct(bob, .id(info.id), team: "otros", points: -2, reason: "appeal won")
        #expect(deduction == PointDeduction(team: "Otros", points: -2, reason: "appeal won"))
        #expect(try leagues.deductions(.name("Liga Amigos")) == [deduction])
    }

    @Test func onlyTheOwnerAndEditorsChangeALeague() throws {
        let (club, leagues, matches, info, alice, _, carol) = try league()
        let match = try matches.add(alice, league: .id(info.id), home: "Rápidos", away: "Lentos", matchday: 1)
        #expect(throws: ClubError.permissionDenied("only the owner and editors of league '\(info.id)' may do that; carol is not")) {
            try matches.result(carol, match: match.id, fullTime: Score(5, 0))
        }
        #expect(throws: ClubError.self) { try leagues.addTeam(carol, .id(info.id), name: "Intrusos") }
        #expect(throws: ClubError.self) { try leagues.deduct(carol, .id(info.id), team: "Lentos", points: 3, reason: "x") }
        #expect(throws: ClubError.self) { try leagues.grant(carol, .id(info.id), to: "carol") }
        // Everyone can view, and nothing changed.
        #expect(try leagues.table(.id(info.id)).rows.allSatisfy { $0.played == 0 })
        #expect(try leagues.teams(.id(info.id)).count == 4)
        #expect(try club.count("deduction") == 0)
        // Editors cannot grant; the owner revokes.
        let bob = try club.accounts.authenticate(username: "bob", password: "bob-password")
        #expect(throws: ClubError.self) { try leagues.grant(bob, .id(info.id), to: "carol") }
        try leagues.revoke(alice, .id(info.id), from: "bob")
        #expect(throws: ClubError.self) { try matches.result(bob, match: match.id, fullTime: Score(1, 0)) }
    }

    @Test func joiningWithTheLeaguePassword() throws {
        let (club, leagues, matches, info, alice, _, carol) = try league()
        #expect(throws: ClubError.self) { try leagues.join(carol, .id(info.id), password: "anything at all") }
        try leagues.setPassword(alice, .id(info.id), to: "secreto de liga")
        #expect(throws: ClubError.permissionDenied("wrong password for league '\(info.id)'")) {
            try leagues.join(carol, .id(info.id), password: "secreto de ligas")
        }
        try leagues.join(carol, .id(info.id), password: "secreto de liga")
        try matches.add(carol, league: .id(info.id), home: "Otros", away: "Lentos", matchday: 1)
        #expect(try leagues.show(.id(info.id)).hasPassword)
        #expect(try !club.holdsInClear("secreto de liga"))
    }

    @Test func enteringMatchesChecksTeamsPairsAndGoals() throws {
        let (club, _, matches, info, alice, _, _) = try league()
        #expect(throws: ClubError.notFound(kind: "team in the league", reference: "Fantasmas")) {
            try matches.add(alice, league: .id(info.id), home: "Fantasmas", away: "Lentos", matchday: 1)
        }
        #expect(throws: ClubError.self) { try matches.add(alice, league: .id(info.id), home: "Lentos", away: "lentos") }
        let match = try matches.add(alice, league: .id(info.id), home: "Rápidos", away: "Lentos", matchday: 1)
        #expect(throws: ClubError.duplicate(field: "match", value: "Lentos v Rápidos on matchday 1")) {
            try matches.add(alice, league: .id(info.id), home: "Lentos", away: "Rápidos", matchday: 1)
        }
        try matches.add(alice, league: .id(info.id), home: "Lentos", away: "Rápidos", matchday: 1, allowRepeat: true)
        #expect(throws: ClubError.self) { try matches.result(alice, match: match.id, fullTime: Score(-1, 0)) }
        #expect(throws: ClubError.self) { try matches.result(alice, match: match.id, fullTime: Score(1, 0), halfTime: Score(2, 0)) }
        #expect(throws: ClubError.self) {
            try matches.addEvent(alice, match: match.id, MatchEvent(team: "Otros", kind: .yellowCard(player: "X"), minute: 3))
        }
        #expect(try club.count("matchEvent") == 0)
        #expect(try club.count("match") == 2)
    }

    @Test func eventsFeedScorersAndDiscipline() throws {
        let (_, leagues, matches, info, alice, _, _) = try league()
        let match = try matches.add(alice, league: .id(info.id), home: "Rápidos", away: "Lentos", matchday: 1)
        try matches.result(alice, match: match.id, fullTime: Score(2, 1))
        try matches.addEvent(alice, match: match.id, MatchEvent(team: "rápidos", kind: .goal(scorer: "Ana", assist: "Bea", penalty: false, ownGoal: false), minute: 10))
        try matches.addEvent(alice, match: match.id, MatchEvent(team: "Rápidos", kind: .goal(scorer: "Ana", assist: nil, penalty: true, ownGoal: false), minute: 90, stoppage: 3))
        try matches.addEvent(alice, match: match.id, MatchEvent(team: "Lentos", kind: .redCard(player: "Cris"), minute: 50))
        let scorers = try leagues.scorers(.id(info.id))
        #expect(scorers.first?.player == "Ana" && scorers.first?.goals == 2)
        #expect(try leagues.discipline(.id(info.id)).map(\.player) == ["Cris"])
        #expect(try matches.show(nil, match: match.id).match.events.count == 3)
    }

    @Test func aDossierGathersEverythingAPrintedLeagueNeeds() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        let info = try leagues.create(alice, name: "Liga Amigos", season: "2024/25", kind: .friends, rules: "la-liga",
                                      points: .twoForAWin, seed: 7)
        for team in ["Rápidos", "Lentos", "Medianos"] { try leagues.addTeam(alice, .id(info.id), name: team) }
        let matches = Matches(store: club.store)
        let match = try matches.add(alice, league: .id(info.id), home: "Rápidos", away: "Lentos", matchday: 1, date: "2024-09-01")
        try matches.result(alice, match: match.id, fullTime: Score(1, 0))
        try matches.addEvent(alice, match: match.id, MatchEvent(team: "Rápidos", kind: .goal(scorer: "Ana", assist: nil, penalty: false,
                                                                                            ownGoal: false), minute: 9))
        try leagues.deduct(alice, .id(info.id), team: "Medianos", points: 2, reason: "late", date: "2024-10-01")
        let zones = [LeagueZone(kind: .champion, positions: 1...1), LeagueZone(kind: .relegation, positions: 3...3)]
        try leagues.setZones(alice, .id(info.id), zones)

        let dossier = try leagues.dossier(.name("liga amigos"))
        #expect(dossier.name == "Liga Amigos" && dossier.seasonLabel == "2024/25")
        #expect(dossier.season == (try leagues.season(.id(info.id))))
        #expect(dossier.season.matches.first?.events.count == 1 && dossier.season.deductions.map(\.reason) == ["late"])
        #expect(dossier.zones == zones)
        // The league's rules with its own points and seed; its table is the service's.
        #expect(dossier.rules.name == "la-liga" && dossier.rules.points == .twoForAWin && dossier.rules.seed == 7)
        #expect(dossier.table() == (try leagues.table(.id(info.id))))
        #expect(dossier.table(venue: .home, matchday: 1) == (try leagues.table(.id(info.id), venue: .home, matchday: 1)))
        // Another preset on request, still with the league's points and seed; an unknown one is refused.
        let other = try leagues.dossier(.id(info.id), rules: "uefa-groups")
        #expect(other.rules.name == "uefa-groups" && other.rules.points == .twoForAWin && other.rules.seed == 7)
        #expect(other.table() == (try leagues.table(.id(info.id), rules: "uefa-groups")))
        #expect(throws: ClubError.self) { try leagues.dossier(.id(info.id), rules: "no-such-rules") }
        #expect(throws: ClubError.notFound(kind: "league", reference: "Nada")) { try leagues.dossier(.name("Nada")) }
    }

    @Test func deductionsAndFixturesKeepEnteredResults() throws {
        let (_, leagues, matches, info, alice, _, _) = try league()
        var options = FixtureOptions(rounds: .double, seed: 3)
        options.startDate = "2024-09-07"
        let fixtures = try leagues.generateFixtures(alice, .id(info.id), options: options)
        #expect(fixtures.matches.count == 12 && fixtures.breaks == 6)
        let stored = try leagues.matches(.id(info.id), matchday: 1)
        let first = try #require(stored.first)
        try matches.result(alice, match: first.id, fullTime: Score(3, 3))
        let before = try leagues.matches(.id(info.id))
        let highest = try #require(before.map(\.id).max())
        try leagues.generateFixtures(alice, .id(info.id), options: options)
        let again = try leagues.matches(.id(info.id))
        #expect(again.count == 12)
        // The played match keeps its id, matchday, date and score; the others are new, with new ids.
        let kept = try #require(again.first { $0.id == first.id })
        #expect(kept.match.matchday == 1 && kept.match.date == "2024-09-07" && kept.match.fullTime == Score(3, 3))
        #expect(again.filter { $0.id != first.id }.allSatisfy { $0.id > highest })
        // No team plays twice on one date.
        var seen = Set<String>()
        for match in again.map(\.match) {
            for team in [match.home, match.away] { #expect(seen.insert(team + (match.date ?? "")).inserted, "\(team)") }
        }
        // A seed that puts the played pairing on another matchday would move it: refused, and
        // nothing changes.
        let teams = try leagues.teams(.id(info.id)).map(\.name)
        options.seed = try #require((4...200).map(UInt64.init).first { seed in
            var trial = options
            trial.seed = seed
            let schedule = try? FixtureGenerator.generate(teams: teams, options: trial)
            return schedule?.matches.contains { $0.home == first.match.home && $0.away == first.match.away && $0.matchday == 1 } == false
        })
        #expect(throws: ClubError.self) { try leagues.generateFixtures(alice, .id(info.id), options: options) }
        #expect(try leagues.matches(.id(info.id)) == again)
        // An id is never given to another match, even after the newest is deleted.
        let newest = try #require(again.map(\.id).max())
        try matches.delete(alice, match: newest)
        let added = try matches.add(alice, league: .id(info.id), home: "Rápidos", away: "Lentos", matchday: 9)
        #expect(added.id > newest)
        try leagues.deduct(alice, .id(info.id), team: "lentos", points: 6, reason: "unpaid fees", date: "2024-10-01")
        #expect(try leagues.table(.id(info.id)).row(of: "Lentos")?.deducted == 6)
        #expect(throws: ClubError.self) { try leagues.deduct(alice, .id(info.id), team: "Nadie", points: 1, reason: "x") }
    }

    @Test func eventsAreCheckedAgainstTheScoreTheLineUpAndTheSquad() throws {
        let (club, leagues, matches, info, alice, _, _) = try league()
        func goal(_ team: String, _ scorer: String, own: Bool = false) -> MatchEvent {
            MatchEvent(team: team, kind: .goal(scorer: scorer, assist: nil, penalty: false, ownGoal: own), minute: 10)
        }
        let match = try matches.add(alice, league: .id(info.id), home: "Rápidos", away: "Lentos", matchday: 1)
        // Not played yet: no events.
        #expect(throws: ClubError.invalid(field: "event", message: "match \(match.id): match Rápidos v Lentos is scheduled: "
                                            + "events belong to played matches; enter its result first")) {
            try matches.addEvent(alice, match: match.id, goal("Rápidos", "Ana"))
        }
        try matches.result(alice, match: match.id, fullTime: Score(2, 0))
        try matches.setLineup(alice, match: match.id, team: "Rápidos", players: ["Ana", "Bea", "Carla"])
        try matches.setLineup(alice, match: match.id, team: "Lentos", players: ["Dora"])
        // A misspelled scorer is not a phantom player: refused; accents and case do not matter.
        #expect(throws: ClubError.self) { try matches.addEvent(alice, match: match.id, goal("Rápidos", "Anna")) }
        try matches.addEvent(alice, match: match.id, goal("rápidos", "ÁNA"))
        // An own goal by Lentos' Dora counts for Rápidos: the second and last of their goals.
        try matches.addEvent(alice, match: match.id, goal("Rápidos", "Dora", own: true))
        #expect(throws: ClubError.self) { try matches.addEvent(alice, match: match.id, goal("Rápidos", "Bea")) }
        #expect(throws: ClubError.self) { try matches.addEvent(alice, match: match.id, goal("Lentos", "Dora")) }
        // A substitute who came on may be booked afterwards.
        try matches.addEvent(alice, match: match.id, MatchEvent(team: "Rápidos", kind: .substitution(off: "Carla", on: "Eva"), minute: 60))
        try matches.addEvent(alice, match: match.id, MatchEvent(team: "Rápidos", kind: .yellowCard(player: "Eva"), minute: 70))
        #expect(try matches.show(alice, match: match.id).match.events.count == 4)
        #expect(try leagues.scorers(.id(info.id)).map(\.player) == ["ÁNA"])

        // The events entered hold later changes to the match too: a score below its goals, a
        // status without events or a line-up without the scorer is refused, and nothing changes.
        let before = try matches.show(alice, match: match.id)
        // The refusal names the first event that no longer fits (the own goal) for deleting first.
        #expect(throws: ClubError.refused(field: "result", message: "match \(match.id) has events this change would contradict: "
                                            + "its 10' event of Rápidos: Rápidos scored 1 in Rápidos 1-0 Lentos, and 1 of its goals "
                                            + "are entered already", remedy: .deleteEvent(match: match.id, event: before.eventIDs[1]))) {
            try matches.result(alice, match: match.id, fullTime: Score(1, 0))
        }
        #expect(throws: ClubError.self) { try matches.result(alice, match: match.id, fullTime: Score(2, 0), status: .scheduled) }
        #expect(throws: ClubError.self) { try matches.setLineup(alice, match: match.id, team: "Rápidos", players: ["Bea", "Carla"]) }
        #expect(throws: ClubError.self) { try matches.setLineup(alice, match: match.id, team: "Lentos", players: ["Otra"]) }
        #expect(try matches.show(alice, match: match.id) == before)
        // A change the events still fit is taken: a higher score, a line-up with the scorer.
        try matches.result(alice, match: match.id, fullTime: Score(3, 1))
        try matches.setLineup(alice, match: match.id, team: "Rápidos", players: ["Ana", "Carla"])

        // Without a line-up, a side linked to a club team is checked against its squad.
        let team = try club.teams.add(alice, name: "Club Rápido", season: "2024/25")
        try club.squads.add(alice, to: .id(team.id), PlayerDraft(firstName: "Aymeric", surnames: "Laporte", number: 4, position: .defender))
        try leagues.addTeam(alice, .id(info.id), name: "Club Rápido", team: .id(team.id))
        let friendly = try matches.add(alice, league: .id(info.id), home: "Club Rápido", away: "Otros", matchday: 2)
        try matches.result(alice, match: friendly.id, fullTime: Score(1, 1))
        #expect(throws: ClubError.self) { try matches.addEvent(alice, match: friendly.id, goal("Club Rápido", "Nadie")) }
        try matches.addEvent(alice, match: friendly.id, goal("Club Rápido", "aymeric laporte"))
        // A plain-named side with no line-up takes any name.
        try matches.addEvent(alice, match: friendly.id, goal("Otros", "Whoever"))
    }

    @Test func renamingDeletingAndRemovingTeamsAreTheOwnersAndMendMistakes() throws {
        let (club, leagues, matches, info, alice, bob, _) = try league()
        // Bob edits the league but does not own it.
        #expect(throws: ClubError.self) { try leagues.rename(bob, .id(info.id), to: "Mía") }
        #expect(throws: ClubError.self) { try leagues.delete(bob, .id(info.id)) }
        #expect(throws: ClubError.self) { try leagues.removeTeam(bob, .id(info.id), team: "Otros") }
        #expect(try leagues.rename(alice, .id(info.id), to: "Liga de los Jueves").name == "Liga de los Jueves")
        #expect(throws: ClubError.self) { try leagues.rename(alice, .id(info.id), to: "  ") }
        // Another of alice's leagues of the season has the name: refused; its own name (in
        // another case) is fine.
        try leagues.create(alice, name: "Copa", season: "2024/25", kind: .friends)
        #expect(throws: ClubError.duplicate(field: "league", value: "copa 2024/25")) {
            try leagues.rename(alice, .id(info.id), to: "copa")
        }
        #expect(try leagues.rename(alice, .id(info.id), to: "liga de los jueves").name == "liga de los jueves")

        let played = try matches.add(alice, league: .id(info.id), home: "Rápidos", away: "Otros", matchday: 1)
        try matches.result(alice, match: played.id, fullTime: Score(1, 0))
        let scheduled = try matches.add(alice, league: .id(info.id), home: "Lentos", away: "Otros", matchday: 2)
        try leagues.deduct(alice, .id(info.id), team: "Otros", points: 3, reason: "late fees")
        // A team with a result: refused, nothing changes; with force, its matches and deductions go.
        #expect(throws: ClubError.self) { try leagues.removeTeam(alice, .id(info.id), team: "otros") }
        #expect(try leagues.teams(.id(info.id)).count == 4)
        #expect(try leagues.removeTeam(alice, .id(info.id), team: "otros", force: true) == 2)
        #expect(try leagues.teams(.id(info.id)).map(\.name) == ["Rápidos", "Lentos", "Medianos"])
        #expect(try leagues.matches(.id(info.id)).isEmpty)
        #expect(throws: ClubError.self) { try matches.show(nil, match: scheduled.id) }
        #expect(try club.count("deduction") == 0)
        // A team without results goes without --force.
        #expect(try leagues.removeTeam(alice, .id(info.id), team: "Medianos") == 0)

        try leagues.delete(alice, .id(info.id))
        #expect(throws: ClubError.notFound(kind: "league", reference: String(info.id))) { try leagues.show(.id(info.id)) }
        #expect(try club.count("leagueTeam") == 0 && club.count("match") == 0 && club.count("leagueEditor") == 0)
    }

    @Test func importingARealSeasonIsAllOrNothing() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        let data = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LeagueTests/Fixtures/football.json/2022-23/es.1.json"))
        let (info, result) = try leagues.importSeason(alice, data: data, source: "es.1.json", rules: "la-liga")
        #expect(info.season == "2022/23" && result.issues.isEmpty)
        let table = try leagues.table(.id(info.id))
        #expect(table.rows.map(\.team)[9...11].map { $0.contains("Girona") || $0.contains("Rayo") || $0.contains("Sevilla") } == [true, true, true])
        #expect(try club.count("match") == 380)
        // A broken file creates nothing, and says where it is broken as the importer's own error.
        let broken = #expect(throws: ImportError.self) {
            try leagues.importSeason(alice, data: Data("{\"name\": \"X\", \"matches\": [".utf8), source: "broken.json")
        }
        #expect(broken?.kind == .syntax && broken?.errorDescription?.hasPrefix("broken.json:") == true)
        #expect(try leagues.list().count == 1)
    }

    /// A league's season is free text, kept as ``CivilSeason`` writes it when it is a season:
    /// given (`--season`) or, on import, the title's last season-like word.
    @Test func leagueSeasonsThatAreSeasonsAreKeptInOneForm() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        #expect(try leagues.create(alice, name: "A", season: "2024-2025", kind: .friends).season == "2024/25")
        #expect(try leagues.create(alice, name: "B", season: "Apertura 2024", kind: .friends).season == "Apertura 2024")
        #expect(throws: ClubError.duplicate(field: "league", value: "a 2024/25")) {
            try leagues.create(alice, name: "a", season: "2024/25", kind: .friends)
        }
        let txt = Data("= Liga Vasca 2009-10 Round 1\n[Aug/15]\n  Athletic  1-0  Alavés\n".utf8)
        let (imported, result) = try leagues.importSeason(alice, data: txt, source: "vasca.txt")
        #expect(imported.season == "2009/10" && result.season.matches.first?.date == "2009-08-15")
        let (given, _) = try leagues.importSeason(alice, data: txt, source: "vasca.txt", name: "C", season: "2009/2010")
        #expect(given.season == "2009/10")
        let csv = Data("Round,Date,Team 1,FT,Team 2\n1,2024-08-16,A,1-0,B\n".utf8)
        #expect(try leagues.importSeason(alice, data: csv, source: "liga-2024.csv").0.season == "imported")
        #expect(throws: ClubError.invalid(field: "season", message: "must not be empty")) {
            try leagues.importSeason(alice, data: csv, source: "x.csv", season: " ")
        }
    }

    @Test(.enabled(if: !TestDatabase.isPostgres, "SQLite's database-wide write lock, which another connection holds; PostgreSQL has none"))
    func anImportIsReadBeforeItTakesTheWriteLock() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        // Another process holds the write lock. A file that cannot be imported is refused for
        // what is wrong with it at once, not after waiting the busy timeout: the import parses
        // and checks before its (short) write transaction.
        let other = try DatabaseQueue(path: club.folder.appendingPathComponent("touchline.sqlite").path)
        try other.inDatabase { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            #expect(throws: ImportError.self) {
                try leagues.importSeason(alice, data: Data("Round,Date,Team 1,FT,Team 2\n1,2024-09-01,A,x-y,B\n".utf8),
                                         source: "broken.csv")
            }
        }
    }

    @Test func deletingAnAccountDeletesTheLeaguesItOwns() throws {
        let (club, leagues, matches, info, alice, bob, _) = try league()
        try matches.add(bob, league: .id(info.id), home: "Rápidos", away: "Lentos", matchday: 1)
        try matches.add(bob, league: nil, home: "Amigos", away: "Vecinos")
        try club.accounts.delete(alice, currentPassword: "alice-password")
        #expect(try leagues.list().isEmpty)
        #expect(try club.count("match") == 1) // bob's friendly stays
        #expect(try matches.friendlies(bob).map(\.match.home) == ["Amigos"])
    }

    @Test func anEditorLeavingKeepsTheMatchesTheyEntered() throws {
        let (club, leagues, matches, info, _, bob, _) = try league()
        try matches.add(bob, league: .id(info.id), home: "Rápidos", away: "Lentos", matchday: 1)
        try club.accounts.delete(bob, currentPassword: "bob-password")
        #expect(try leagues.matches(.id(info.id)).count == 1)
    }
}
