import Foundation
import Testing
@testable import League

@Suite struct StatisticsTests {
    static func match() -> Match {
        var match = Match.played("Athletic", Score(2, 1), "Real Sociedad", matchday: 1, date: "2024-01-10")
        match.lineups = ["Athletic": ["Simón", "Vivian", "Sancet", "Williams"], "Real Sociedad": ["Remiro", "Oyarzabal"]]
        match.events = [
            MatchEvent(team: "Athletic", kind: .goal(scorer: "Sancet", assist: "Williams", penalty: false, ownGoal: false), minute: 12),
            MatchEvent(team: "Real Sociedad", kind: .goal(scorer: "Oyarzabal", assist: nil, penalty: true, ownGoal: false), minute: 30),
            MatchEvent(team: "Athletic", kind: .yellowCard(player: "Vivian"), minute: 40),
            MatchEvent(team: "Athletic", kind: .substitution(off: "Williams", on: "Guruzeta"), minute: 70),
            MatchEvent(team: "Athletic", kind: .goal(scorer: "Remiro", assist: nil, penalty: false, ownGoal: true), minute: 80),
            MatchEvent(team: "Athletic", kind: .yellowCard(player: "Vivian"), minute: 85),
            MatchEvent(team: "Athletic", kind: .secondYellow(player: "Vivian"), minute: 85),
        ]
        return match
    }

    @Test func playersFromLineupsAndEvents() throws {
        let players = StatisticsEngine.players(in: [Self.match()])
        let byName = Dictionary(uniqueKeysWithValues: players.map { ($0.player, $0) })
        let sancet = try #require(byName["Sancet"])
        #expect(sancet.goals == 1 && sancet.minutes == 90 && sancet.starts == 1 && sancet.appearances == 1)
        #expect(byName["Williams"]?.assists == 1 && byName["Williams"]?.minutes == 70)
        #expect(byName["Guruzeta"]?.appearances == 1 && byName["Guruzeta"]?.starts == 0 && byName["Guruzeta"]?.minutes == 20)
        #expect(byName["Vivian"]?.yellowCards == 2 && byName["Vivian"]?.redCards == 1 && byName["Vivian"]?.minutes == 85)
        // An own goal counts for the team, not for the scorer.
        #expect(byName["Remiro"]?.goals == 0)
        #expect(players.first?.player == "Oyarzabal" || players.first?.player == "Sancet")
    }

    @Test func theSameMatchesAlwaysGiveTheSameNumbers() {
        // Nothing is a running counter: removing a match removes its numbers.
        let second = Match.played("Real Sociedad", Score(0, 0), "Athletic", matchday: 2, date: "2024-02-10")
        let both = StatisticsEngine.teams(in: [Self.match(), second])
        let athletic = both.first { $0.team == "Athletic" }
        #expect(athletic?.played == 2 && athletic?.cleanSheets == 1 && athletic?.form == [.win, .draw])
        let one = StatisticsEngine.teams(in: [Self.match()])
        #expect(one.first { $0.team == "Athletic" }?.played == 1)
    }

    @Test func extraTimeLastsOneHundredAndTwentyMinutes() {
        var match = Self.match()
        match.extraTime = Score(3, 1)
        let sancet = StatisticsEngine.players(in: [match]).first { $0.player == "Sancet" }
        #expect(sancet?.minutes == 120)
    }

    @Test func unplayedMatchesCountForNothing() {
        var match = Self.match()
        match.status = .postponed
        #expect(StatisticsEngine.players(in: [match]).isEmpty)
        #expect(StatisticsEngine.teams(in: [match]).allSatisfy { $0.played == 0 })
    }

    // MARK: - Goals conceded and clean sheets

    /// Bilbao 0-1 Girona: Bilbao's keeper Agirre goes off at 70 for Padilla, the goal comes at
    /// 75; Vivian is sent off at 50; Girona's keeper Gazzaniga plays throughout.
    static func keeperChange() -> Match {
        var match = Match.played("Bilbao", Score(0, 1), "Girona", date: "2024-03-01")
        match.lineups = ["Bilbao": ["Agirre", "Vivian", "Sancet"], "Girona": ["Gazzaniga", "Stuani"]]
        match.events = [
            MatchEvent(team: "Bilbao", kind: .redCard(player: "Vivian"), minute: 50),
            MatchEvent(team: "Bilbao", kind: .substitution(off: "Agirre", on: "Padilla"), minute: 70),
            MatchEvent(team: "Girona", kind: .goal(scorer: "Stuani", assist: nil, penalty: false, ownGoal: false), minute: 75),
        ]
        return match
    }

    static func byName(_ matches: [Match]) -> [String: PlayerStatistics] {
        Dictionary(uniqueKeysWithValues: StatisticsEngine.players(in: matches).map { ($0.player, $0) })
    }

    @Test func goalsCountAgainstThePlayersOnThePitch() throws {
        let players = Self.byName([Self.keeperChange()])
        let agirre = try #require(players["Agirre"]), padilla = try #require(players["Padilla"])
        // Off at 70, before the goal: 70 minutes without conceding is a clean sheet.
        #expect(agirre.minutes == 70 && agirre.goalsConceded == 0 && agirre.cleanSheets == 1)
        #expect(padilla.minutes == 20 && padilla.goalsConceded == 1 && padilla.cleanSheets == 0)
        // Sent off at 50: not on for the goal, but short of the 60 minutes a clean sheet needs.
        #expect(players["Vivian"]?.goalsConceded == 0 && players["Vivian"]?.cleanSheets == 0)
        #expect(players["Sancet"]?.goalsConceded == 1 && players["Sancet"]?.cleanSheets == 0)
        // The winners kept a clean sheet; the scorer's goal is not against them.
        #expect(players["Gazzaniga"]?.goalsConceded == 0 && players["Gazzaniga"]?.cleanSheets == 1)
        #expect(players["Stuani"]?.cleanSheets == 1)
    }

    @Test func aSubstituteOnAtMinuteThirtyConcedesOnlyAfterwards() throws {
        var match = Match.played("Bilbao", Score(0, 2), "Girona", date: "2024-03-08")
        match.lineups = ["Bilbao": ["Agirre"], "Girona": ["Gazzaniga"]]
        match.events = [
            MatchEvent(team: "Girona", kind: .goal(scorer: "Stuani", assist: nil, penalty: false, ownGoal: false), minute: 20),
            MatchEvent(team: "Bilbao", kind: .substitution(off: "Agirre", on: "Padilla"), minute: 30),
            // Same minute as a second substitution, listed after it: the newcomer is on.
            MatchEvent(team: "Bilbao", kind: .substitution(off: "Padilla", on: "Simón"), minute: 88),
            MatchEvent(team: "Girona", kind: .goal(scorer: "Stuani", assist: nil, penalty: false, ownGoal: false), minute: 88),
        ]
        let players = Self.byName([match])
        #expect(players["Agirre"]?.goalsConceded == 1)
        #expect(players["Padilla"]?.goalsConceded == 0 && players["Padilla"]?.minutes == 58)
        #expect(players["Padilla"]?.cleanSheets == 0)
        #expect(players["Simón"]?.goalsConceded == 1)
    }

    @Test func anOwnGoalCountsAgainstTheScorersTeam() throws {
        var match = Match.played("Bilbao", Score(1, 0), "Girona", date: "2024-03-15")
        match.lineups = ["Bilbao": ["Agirre"], "Girona": ["Gazzaniga", "Blind"]]
        match.events = [
            MatchEvent(team: "Bilbao", kind: .goal(scorer: "Blind", assist: nil, penalty: false, ownGoal: true), minute: 10),
        ]
        let players = Self.byName([match])
        #expect(players["Gazzaniga"]?.goalsConceded == 1 && players["Gazzaniga"]?.cleanSheets == 0)
        #expect(players["Blind"]?.goals == 0 && players["Blind"]?.goalsConceded == 1)
        #expect(players["Agirre"]?.goalsConceded == 0 && players["Agirre"]?.cleanSheets == 1)
    }

    @Test func goalsWithoutEventsCountAgainstWholeMatchPlayersAndCancelCleanSheets() throws {
        // 0-2 with one goal entered: the other goal's minute is unknown.
        var match = Self.keeperChange()
        match.fullTime = Score(0, 2)
        let players = Self.byName([match])
        #expect(players["Sancet"]?.goalsConceded == 2)
        #expect(players["Agirre"]?.goalsConceded == 0 && players["Agirre"]?.cleanSheets == 0)
        #expect(players["Padilla"]?.goalsConceded == 1)
        // Goals after extra time count too.
        var extra = Self.keeperChange()
        extra.extraTime = Score(0, 3)
        #expect(Self.byName([extra])["Sancet"]?.goalsConceded == 3)
    }

    @Test func cleanSheetsAndGoalsConcededAddUpOverMatches() throws {
        let second = { () -> Match in
            var match = Match.played("Girona", Score(0, 0), "Bilbao", date: "2024-04-01")
            match.lineups = ["Bilbao": ["Agirre"], "Girona": ["Gazzaniga"]]
            return match
        }()
        let agirre = try #require(Self.byName([Self.keeperChange(), second, Self.match()])["Agirre"])
        #expect(agirre.appearances == 2 && agirre.minutes == 160 && agirre.cleanSheets == 2 && agirre.goalsConceded == 0)
    }

    @Test func statisticsDecodeWithoutTheNewerFields() throws {
        let earlier = #"{"player":"Ana","team":"Rápidos","appearances":3,"starts":2,"minutes":200,"goals":1,"assists":0,"yellowCards":1,"redCards":0}"#
        let decoded = try JSONDecoder().decode(PlayerStatistics.self, from: Data(earlier.utf8))
        #expect(decoded == PlayerStatistics(player: "Ana", team: "Rápidos", appearances: 3, starts: 2, minutes: 200,
                                            goals: 1, yellowCards: 1))
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(decoded)) as? [String: Any]
        #expect(encoded?["goalsConceded"] as? Int == 0 && encoded?["cleanSheets"] as? Int == 0)
        #expect(try JSONDecoder().decode(PlayerStatistics.self, from: JSONEncoder().encode(decoded)) == decoded)
    }
}
