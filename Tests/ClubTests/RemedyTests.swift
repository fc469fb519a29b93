import Foundation
import League
import Testing
@testable import Club

/// Refusals whose way out is another step carry it as a ``ClubError/Remedy`` value, which each
/// front end words itself; the library's own message names no command line option or route.
@Suite struct RemedyTests {
    @Test func eachRefusalCarriesItsRemedy() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let (leagues, matches, league) = try club.league(owner: alice, teams: ["A", "B", "C", "D"])
        let options = FixtureOptions(rounds: .single, seed: 1, startDate: "2024-08-10")
        try leagues.generateFixtures(alice, .id(league.id), options: options)
        let first = try #require(try leagues.matches(.id(league.id), matchday: 1).first)
        let (id, home) = (first.id, first.match.home)

        let status = ClubError.refused(field: "status", message: "'played' comes with a result",
                                       remedy: .enterResult(match: id, status: .played))
        #expect(throws: status) { try matches.edit(alice, match: id, MatchChanges(status: .played)) }
        #expect(status.errorDescription == "status: 'played' comes with a result: enter it as match \(id)'s result, with status played")

        try matches.result(alice, match: id, fullTime: Score(1, 0))
        let played = ClubError.refused(field: "status", message: "match \(id) has a result (played 1-0)", remedy: .changeResult(match: id))
        #expect(throws: played) { try matches.edit(alice, match: id, MatchChanges(status: .postponed)) }
        #expect(played.errorDescription == "status: match \(id) has a result (played 1-0): change it along with match \(id)'s result")

        let withEvent = try matches.addEvent(alice, match: id, MatchEvent(team: home, kind: .goal(scorer: "Ana", assist: nil,
                                                                                                  penalty: false, ownGoal: false), minute: 10))
        let eventID = try #require(withEvent.eventIDs.first)
        let contradicted = ClubError.refused(field: "result", message: "match \(id) has events this change would contradict: "
                                             + "its 10' event of \(home): \(home) scored 0 in \(first.match.home) 0-0 "
                                             + "\(first.match.away), and 0 of its goals are entered already",
                                             remedy: .deleteEvent(match: id, event: eventID))
        #expect(throws: contradicted) { try matches.result(alice, match: id, fullTime: Score(0, 0)) }
        #expect(contradicted.errorDescription?.hasSuffix("; delete the event first (event \(eventID) of match \(id))") == true)

        let removal = ClubError.refused(field: "team", message: "\(home) has played 1 match in league '\(league.id)' (the first: "
                                        + "match \(id)); removing it would change the table", remedy: .forceTeamRemoval)
        #expect(throws: removal) { try leagues.removeTeam(alice, .id(league.id), team: home) }
        #expect(removal.errorDescription?.hasSuffix("would change the table: remove it with force to delete those matches too") == true)

        // The played match moved onto matchday 2's date: the same fixtures would put its teams twice on that day.
        try matches.edit(alice, match: id, MatchChanges(date: .some("2024-08-17")))
        do {
            try leagues.generateFixtures(alice, .id(league.id), options: options)
            Issue.record("the fixtures were generated")
        } catch let error as ClubError {
            guard case .refused(let field, let message, let remedy) = error else { throw error }
            #expect(field == "fixtures" && remedy == .rescheduleFixtures)
            #expect(message.hasSuffix(" would play twice on 2024-08-17 between the results kept and the new fixtures"))
            #expect(error.errorDescription?.hasSuffix("; choose another start date or interval between matchdays") == true)
        }
    }

    @Test func frontEndsWordTheRemedy() {
        let error = ClubError.refused(field: "team", message: "in the way", remedy: .forceTeamRemoval)
        #expect(error.description { _ in "say it so" } == "team: in the way: say it so")
        #expect(ClubError.refused(field: "x", message: "m", remedy: .rescheduleFixtures).description { _ in "w" } == "x: m; w")
        // Other errors keep their message.
        #expect(ClubError.notFound(kind: "team", reference: "7").description { _ in "w" } == "no team '7'")
        for remedy: ClubError.Remedy in [.forceTeamRemoval, .enterResult(match: 1, status: .played), .changeResult(match: 1),
                                         .deleteEvent(match: 1, event: 2), .deleteEvent(match: 1, event: nil), .rescheduleFixtures] {
            #expect(!remedy.neutralWording.contains("--") && !remedy.neutralWording.contains("/api/"))
        }
    }
}
