import Foundation
import League
import Testing
@testable import Club

/// Events keep ids while they exist: `match show` lists them and `match event --delete` takes them.
@Suite struct MatchEventIDsTests {
    static func goal(_ team: String, _ scorer: String, _ minute: Int) -> MatchEvent {
        MatchEvent(team: team, kind: .goal(scorer: scorer, assist: nil, penalty: false, ownGoal: false), minute: minute)
    }

    @Test func aWrongEventIsDeletedAndTheOthersKeepTheirIds() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let matches = Matches(store: club.store)
        let match = try matches.add(alice, league: nil, home: "Rápidos", away: "Lentos")
        try matches.result(alice, match: match.id, fullTime: Score(2, 1))
        let first = try matches.addEvent(alice, match: match.id, Self.goal("Rápidos", "Ana", 10))
        let second = try matches.addEvent(alice, match: match.id, Self.goal("Lentos", "Fantasma", 20))
        let third = try matches.addEvent(alice, match: match.id, Self.goal("Rápidos", "Bea", 80))
        #expect(first.eventIDs.count == 1 && second.eventIDs.count == 2 && third.eventIDs.count == 3)
        #expect(Set(third.eventIDs).count == 3)
        // A correction of the result rewrites no event: the ids stay.
        try matches.result(alice, match: match.id, fullTime: Score(2, 1), halfTime: Score(1, 1))
        #expect(try matches.show(alice, match: match.id).eventIDs == third.eventIDs)

        let wrong = third.eventIDs[1]
        #expect(throws: ClubError.notFound(kind: "match", reference: String(match.id))) {
            try matches.deleteEvent(bob, match: match.id, event: wrong)
        }
        let after = try matches.deleteEvent(alice, match: match.id, event: wrong)
        #expect(after.eventIDs == [third.eventIDs[0], third.eventIDs[2]])
        #expect(after.match.events.map(\.minute) == [10, 80])
        let shown = try matches.show(alice, match: match.id)
        #expect(shown.eventIDs == after.eventIDs && shown.match.events == after.match.events)
        #expect(throws: ClubError.notFound(kind: "event of match \(match.id)", reference: String(wrong))) {
            try matches.deleteEvent(alice, match: match.id, event: wrong)
        }
        // Another match's event id is not this match's.
        let other = try matches.add(alice, league: nil, home: "Rápidos", away: "Otros")
        #expect(throws: ClubError.self) { try matches.deleteEvent(alice, match: other.id, event: third.eventIDs[0]) }
        #expect(try club.count("matchEvent") == 2)
        // A new event never takes a deleted one's id, not even the newest one's.
        let newest = try #require(after.eventIDs.last)
        try matches.deleteEvent(alice, match: match.id, event: newest)
        let again = try matches.addEvent(alice, match: match.id, Self.goal("Lentos", "Carla", 60))
        #expect(again.eventIDs.last.map { !third.eventIDs.contains($0) } == true)
    }

    @Test func anEventALaterOneNeedsStays() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let matches = Matches(store: club.store)
        let match = try matches.add(alice, league: nil, home: "Rápidos", away: "Lentos")
        try matches.result(alice, match: match.id, fullTime: Score(0, 0))
        try matches.setLineup(alice, match: match.id, team: "Rápidos", players: ["Ana", "Bea"])
        let sub = try matches.addEvent(alice, match: match.id,
                                       MatchEvent(team: "Rápidos", kind: .substitution(off: "Ana", on: "Eva"), minute: 60))
        let card = try matches.addEvent(alice, match: match.id, MatchEvent(team: "Rápidos", kind: .yellowCard(player: "Eva"), minute: 70))
        let (subID, cardID) = (sub.eventIDs[0], card.eventIDs[1])
        // Eva's card needs the substitution that brought her on.
        #expect(throws: ClubError.self) { try matches.deleteEvent(alice, match: match.id, event: subID) }
        #expect(try matches.show(alice, match: match.id).eventIDs == [subID, cardID])
        try matches.deleteEvent(alice, match: match.id, event: cardID)
        #expect(try matches.deleteEvent(alice, match: match.id, event: subID).eventIDs.isEmpty)
    }
}
