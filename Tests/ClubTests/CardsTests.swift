import Foundation
import League
import TestSupport
import Testing
@testable import Club

/// A card's numbers against hand-entered matches: a league match under a linked league team,
/// a cup with an unlinked team of the same name, friendlies in and out of the season, and an
/// opponent who shares a squad player's name.
@Suite struct CardsTests {
    static let photo = TestImages.png(claimingWidth: 60, height: 80)

    struct Setup {
        let club: ScratchClub
        let cards: Cards
        let alice: ActingUser, bob: ActingUser, carol: ActingUser
        let team: Team
        let unai: Player, sancet: Player, nico: Player
    }

    static func goal(_ team: String, _ scorer: String, assist: String? = nil, _ minute: Int, own: Bool = false) -> MatchEvent {
        MatchEvent(team: team, kind: .goal(scorer: scorer, assist: assist, penalty: false, ownGoal: own), minute: minute)
    }

    static func setUp() throws -> Setup {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob"), carol = try club.user("carol")
        let team = try club.teams.add(alice, name: "Athletic Infantil A", season: "2024/25", primaryColor: "#EE2523",
                                      secondaryColor: "#FFFFFF")
        try club.teams.grant(alice, .id(team.id), to: "bob", role: .viewer)
        let nico = try club.squads.add(alice, to: .id(team.id), PlayerDraft(firstName: "Nico", surnames: "Williams", number: 10,
                                                                            position: .forward, positionDetail: "LW"))
        let unai = try club.squads.add(alice, to: .id(team.id), PlayerDraft(firstName: "Unai", surnames: "Simón", number: 1,
                                                                            position: .goalkeeper, photo: photo))
        let sancet = try club.squads.add(alice, to: .id(team.id), PlayerDraft(firstName: "Oihan", surnames: "Sancet", number: 8,
                                                                              position: .midfielder))
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        let matches = Matches(store: club.store)

        // A league where the club team is linked under another name: Athletic 2-1 Real Sociedad.
        let liga = try leagues.create(alice, name: "Liga Vasca", season: "2024/25", kind: .federation)
        try leagues.addTeam(alice, .id(liga.id), name: "Athletic", team: .id(team.id))
        try leagues.addTeam(alice, .id(liga.id), name: "Real Sociedad")
        let derby = try matches.add(alice, league: .id(liga.id), home: "Athletic", away: "Real Sociedad", date: "2024-10-05")
        try matches.result(alice, match: derby.id, fullTime: Score(2, 1))
        try matches.setLineup(alice, match: derby.id, team: "Athletic", players: ["Unai Simon", "nico  williams", "Oihan Sancet"])
        try matches.setLineup(alice, match: derby.id, team: "Real Sociedad", players: ["Remiro", "Oyarzabal", "Nico Williams"])
        for event in [goal("Athletic", "NICO WILLIAMS", assist: "Oihan Sancet", 10), goal("Real Sociedad", "Oyarzabal", 50),
                      MatchEvent(team: "Real Sociedad", kind: .yellowCard(player: "Nico Williams"), minute: 55),
                      goal("Athletic", "Oihan Sancet", 80)] {
            try matches.addEvent(alice, match: derby.id, event)
        }

        // A cup of the same season with an unlinked team of the club team's name: 1-0.
        let copa = try leagues.create(alice, name: "Copa", season: "2024/25", kind: .federation)
        try leagues.addTeam(alice, .id(copa.id), name: "athletic infantil a")
        try leagues.addTeam(alice, .id(copa.id), name: "Eibar")
        let cup = try matches.add(alice, league: .id(copa.id), home: "Eibar", away: "athletic infantil a", date: "2025-01-11")
        try matches.result(alice, match: cup.id, fullTime: Score(0, 1))
        try matches.setLineup(alice, match: cup.id, team: "athletic infantil a", players: ["Nico Williams"])
        try matches.addEvent(alice, match: cup.id, goal("athletic infantil a", "Nico Williams", 33))

        // Last season's league, same name, unlinked: not this team's season.
        let old = try leagues.create(alice, name: "Liga Vasca", season: "2023/24", kind: .federation)
        try leagues.addTeam(alice, .id(old.id), name: "Athletic Infantil A")
        try leagues.addTeam(alice, .id(old.id), name: "Alavés")
        let before = try matches.add(alice, league: .id(old.id), home: "Athletic Infantil A", away: "Alavés", date: "2024-03-01")
        try matches.result(alice, match: before.id, fullTime: Score(5, 0))
        try matches.setLineup(alice, match: before.id, team: "Athletic Infantil A", players: ["Nico Williams"])
        try matches.addEvent(alice, match: before.id, goal("Athletic Infantil A", "Nico Williams", 1))

        // Alice's friendlies: one in the season (0-0, Nico booked and replaced), one before it.
        let friendly = try matches.add(alice, league: nil, home: "Athletic Infantil A", away: "Osasuna", date: "2025-03-01")
        try matches.result(alice, match: friendly.id, fullTime: Score(0, 0))
        try matches.setLineup(alice, match: friendly.id, team: "Athletic Infantil A", players: ["Unai Simón", "Nico Williams"])
        try matches.addEvent(alice, match: friendly.id, MatchEvent(team: "Athletic Infantil A", kind: .yellowCard(player: "Nico Williams"), minute: 30))
        try matches.addEvent(alice, match: friendly.id, MatchEvent(team: "Athletic Infantil A", kind: .substitution(off: "Nico Williams", on: "Iker"), minute: 70))
        let earlier = try matches.add(alice, league: nil, home: "Athletic Infantil A", away: "Osasuna", date: "2024-05-01")
        try matches.result(alice, match: earlier.id, fullTime: Score(3, 0))
        try matches.setLineup(alice, match: earlier.id, team: "Athletic Infantil A", players: ["Nico Williams"])

        // Bob's friendly: his own, seen only when he asks.
        let bobs = try matches.add(bob, league: nil, home: "Athletic Infantil A", away: "Eibar", date: "2024-11-01")
        try matches.result(bob, match: bobs.id, fullTime: Score(1, 1))
        try matches.setLineup(bob, match: bobs.id, team: "Athletic Infantil A", players: ["Nico Williams"])

        return Setup(club: club, cards: Cards(store: club.store), alice: alice, bob: bob, carol: carol, team: team,
                     unai: unai, sancet: sancet, nico: nico)
    }

    @Test func aForwardsSeasonCountsTheTeamsMatchesOnly() throws {
        let setup = try Self.setUp()
        let card = try setup.cards.player(setup.alice, id: setup.nico.id)
        #expect(card.player.fullName == "Nico Williams" && card.player.number == 10 && card.player.positionDetail == "LW")
        #expect(card.team.name == "Athletic Infantil A" && card.team.season == "2024/25" && card.team.primaryColor == "#EE2523")
        #expect(card.photo == nil)
        let numbers = card.statistics
        #expect(numbers.player == "Nico Williams" && numbers.team == "Athletic Infantil A")
        // Derby (90'), cup (90'), friendly (70'); not last season's league nor the earlier friendly.
        #expect(numbers.appearances == 3 && numbers.starts == 3 && numbers.minutes == 250)
        #expect(numbers.goals == 2 && numbers.assists == 0)
        // His namesake's yellow in the derby is not his.
        #expect(numbers.yellowCards == 1 && numbers.redCards == 0)
    }

    @Test func aGoalkeepersCleanSheetsAndGoalsConceded() throws {
        let setup = try Self.setUp()
        let card = try setup.cards.player(setup.alice, id: setup.unai.id)
        #expect(card.player.position == .goalkeeper)
        #expect(card.photo == Self.photo)
        let numbers = card.statistics
        #expect(numbers.appearances == 2 && numbers.minutes == 180)
        #expect(numbers.cleanSheets == 1 && numbers.goalsConceded == 1)
        let sancet = try setup.cards.player(setup.alice, id: setup.sancet.id).statistics
        #expect(sancet.goals == 1 && sancet.assists == 1 && sancet.goalsConceded == 1 && sancet.cleanSheets == 0)
    }

    @Test func friendliesCountForWhoeverRecordedThem() throws {
        let setup = try Self.setUp()
        // Bob sees the league matches and his own friendly, not Alice's.
        let bobs = try setup.cards.player(setup.bob, id: setup.nico.id).statistics
        #expect(bobs.appearances == 3 && bobs.minutes == 90 + 90 + 90 && bobs.yellowCards == 0)
        #expect(try setup.cards.player(setup.bob, id: setup.unai.id).statistics.cleanSheets == 0)
    }

    @Test func nobodyElsesLeagueAddsToTheCards() throws {
        let setup = try Self.setUp()
        let leagues = Leagues(store: setup.club.store, hasher: ScratchClub.fastHasher)
        let matches = Matches(store: setup.club.store)
        let before = try setup.cards.player(setup.alice, id: setup.nico.id).statistics
        // Carol names a team of her own league of the same season after alice's, and scores for Nico.
        let fake = try leagues.create(setup.carol, name: "Liga Pirata", season: "2024/25", kind: .friends)
        try leagues.addTeam(setup.carol, .id(fake.id), name: "Athletic Infantil A")
        try leagues.addTeam(setup.carol, .id(fake.id), name: "Rivals")
        let match = try matches.add(setup.carol, league: .id(fake.id), home: "Athletic Infantil A", away: "Rivals", date: "2024-12-01")
        try matches.result(setup.carol, match: match.id, fullTime: Score(9, 0))
        try matches.setLineup(setup.carol, match: match.id, team: "Athletic Infantil A", players: ["Nico Williams"])
        for minute in 1...9 { try matches.addEvent(setup.carol, match: match.id, Self.goal("Athletic Infantil A", "Nico Williams", minute)) }
        #expect(try setup.cards.player(setup.alice, id: setup.nico.id).statistics == before)
        // Bob only views the team: he may not link a league team of his to it.
        let bobs = try leagues.create(setup.bob, name: "Liga de Bob", season: "2024/25", kind: .friends)
        #expect(throws: ClubError.self) { try leagues.addTeam(setup.bob, .id(bobs.id), name: "Athletic", team: .id(setup.team.id)) }
        // Once alice makes carol an editor of her league's team, carol's league counts: its organiser is trusted.
        try setup.club.teams.grant(setup.alice, .id(setup.team.id), to: "carol", role: .editor)
        #expect(try setup.cards.player(setup.alice, id: setup.nico.id).statistics.goals == before.goals + 9)
    }

    /// One season rule (``CivilSeason``) for the cards: friendlies count from 1 July to 30 June,
    /// and a league whose season was written `2024-2025` is the team's `2024/25`.
    @Test func theSeasonRunsFromJulyToJuneWhateverTheSpelling() throws {
        let setup = try Self.setUp()
        let leagues = Leagues(store: setup.club.store, hasher: ScratchClub.fastHasher)
        let matches = Matches(store: setup.club.store)
        let before = try setup.cards.player(setup.alice, id: setup.nico.id).statistics
        for (date, score) in [("2024-06-30", Score(4, 0)), ("2024-07-01", Score(1, 0)), ("2025-06-30", Score(1, 0)),
                              ("2025-07-01", Score(4, 0))] {
            let friendly = try matches.add(setup.alice, league: nil, home: "Athletic Infantil A", away: "Leioa", date: date)
            try matches.result(setup.alice, match: friendly.id, fullTime: score)
            try matches.setLineup(setup.alice, match: friendly.id, team: "Athletic Infantil A", players: ["Nico Williams"])
            try matches.addEvent(setup.alice, match: friendly.id, Self.goal("Athletic Infantil A", "Nico Williams", 10))
        }
        var after = try setup.cards.player(setup.alice, id: setup.nico.id).statistics
        #expect(after.appearances == before.appearances + 2 && after.goals == before.goals + 2)
        let summer = try leagues.create(setup.alice, name: "Torneo de Verano", season: "2024-2025", kind: .friends)
        try leagues.addTeam(setup.alice, .id(summer.id), name: "Athletic Infantil A")
        try leagues.addTeam(setup.alice, .id(summer.id), name: "Danok Bat")
        let match = try matches.add(setup.alice, league: .id(summer.id), home: "Danok Bat", away: "Athletic Infantil A")
        try matches.result(setup.alice, match: match.id, fullTime: Score(0, 1))
        try matches.setLineup(setup.alice, match: match.id, team: "Athletic Infantil A", players: ["Nico Williams"])
        try matches.addEvent(setup.alice, match: match.id, Self.goal("Athletic Infantil A", "Nico Williams", 50))
        after = try setup.cards.player(setup.alice, id: setup.nico.id).statistics
        #expect(after.appearances == before.appearances + 3 && after.goals == before.goals + 3)
    }

    @Test func theSquadInNumberOrder() throws {
        let setup = try Self.setUp()
        let (team, squad) = try setup.cards.squad(setup.alice, team: .name("athletic infantil a"))
        #expect(team.id == setup.team.id)
        #expect(squad.map(\.player.number) == [1, 8, 10])
        #expect(squad.map(\.player.fullName) == ["Unai Simón", "Oihan Sancet", "Nico Williams"])
        #expect(squad[0].photo == Self.photo && squad[0].statistics.cleanSheets == 1)
        #expect(squad[2].statistics.goals == 2)
        #expect(try setup.cards.squad(setup.bob, team: .id(setup.team.id)).players.count == 3)
        // A player who has not played has all-zero numbers under their name.
        let newcomer = try setup.club.squads.add(setup.alice, to: .id(setup.team.id),
                                                 PlayerDraft(firstName: "Beñat", surnames: "Prados", number: 24, position: .midfielder))
        let card = try setup.cards.player(setup.alice, id: newcomer.id)
        #expect(card.statistics == PlayerStatistics(player: "Beñat Prados", team: "Athletic Infantil A"))
    }

    @Test func strangersCannotSeeCards() throws {
        let setup = try Self.setUp()
        // As for the squad itself, a team or player one may not see is reported as not found.
        #expect(throws: ClubError.notFound(kind: "player", reference: String(setup.nico.id))) {
            try setup.cards.player(setup.carol, id: setup.nico.id)
        }
        #expect(throws: ClubError.notFound(kind: "team", reference: String(setup.team.id))) {
            try setup.cards.squad(setup.carol, team: .id(setup.team.id))
        }
        #expect(throws: ClubError.notFound(kind: "player", reference: "999")) {
            try setup.cards.player(setup.alice, id: 999)
        }
    }

    @Test func lineupsAreCheckedAndReplaced() throws {
        let setup = try Self.setUp()
        let matches = Matches(store: setup.club.store)
        let friendly = try matches.add(setup.alice, league: nil, home: "Athletic Infantil A", away: "Getafe")
        #expect(throws: ClubError.self) {
            try matches.setLineup(setup.alice, match: friendly.id, team: "Girona", players: ["A"])
        }
        #expect(throws: ClubError.invalid(field: "players", message: "'ana' is named twice")) {
            try matches.setLineup(setup.alice, match: friendly.id, team: "Getafe", players: ["Ana", "ana"])
        }
        #expect(throws: ClubError.self) {
            try matches.setLineup(setup.alice, match: friendly.id, team: "Getafe", players: (1...12).map { "P\($0)" })
        }
        // Only who may change the match sets its line-ups.
        #expect(throws: ClubError.self) {
            try matches.setLineup(setup.carol, match: friendly.id, team: "Getafe", players: ["Ana"])
        }
        try matches.setLineup(setup.alice, match: friendly.id, team: "getafe", players: ["Ana", "Bea"])
        try matches.setLineup(setup.alice, match: friendly.id, team: "Getafe", players: ["Eva"])
        #expect(try matches.show(setup.alice, match: friendly.id).match.lineups == ["Getafe": ["Eva"]])
        try matches.setLineup(setup.alice, match: friendly.id, team: "Getafe", players: [])
        #expect(try matches.show(setup.alice, match: friendly.id).match.lineups.isEmpty)
    }
}
