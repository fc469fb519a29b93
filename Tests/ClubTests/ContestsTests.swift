import Foundation
import Routes
import Stickers
import Testing
@testable import Club

/// Battles, treasure hunts and challenge results on both stores.
@Suite struct ContestsTests {
    /// "Liga Demo" (cards 10, 20, 35, 401 common, 400 rare, 999 special) owned by alice;
    /// bob and carol collect it with the cards given here; dave does not.
    private func club(bob: [Int] = [10, 10, 20], carol: [Int] = [35, 400], seed: UInt64 = 7)
        throws -> (ScratchClub, Battles, Collections, [String: ActingUser]) {
        let club = try ScratchClub()
        var users: [String: ActingUser] = [:]
        for name in ["alice", "bob", "carol", "dave"] { users[name] = try club.user(name) }
        let collections = Collections(store: club.store, random: .seeded(seed))
        let alice = try #require(users["alice"])
        _ = try collections.importCollection(alice, manifest: CollectionsTests.manifest(), images: CollectionsTests.images)
        for (name, cards) in [("bob", bob), ("carol", carol)] {
            _ = try collections.start(try #require(users[name]), "Liga Demo")
            try collections.give(alice, "Liga Demo", to: name, cards: cards)
        }
        return (club, Battles(store: club.store, random: .seeded(seed)), collections, users)
    }

    /// Copies owned of each card `user` holds.
    private func owned(_ collections: Collections, _ user: ActingUser?) throws -> [Int: Int] {
        let album = try collections.album(try #require(user), "Liga Demo")
        return Dictionary(uniqueKeysWithValues: album.cards.filter { $0.owned > 0 }.map { ($0.number, $0.owned) })
    }

    // MARK: - Battles

    @Test func theWinnerOfARandomBattleTakesOneOfTheLosersCardsAndAnEnvelope() throws {
        let (_, battles, collections, users) = try club()
        let bob = try #require(users["bob"]), carol = try #require(users["carol"])
        let battle = try battles.propose(bob, "Liga Demo", to: "carol", kind: .random)
        #expect(battle.state == .pending && battle.challenger == "bob" && battle.opponent == "carol")
        #expect(try battles.accept(carol, battle.id).state == .accepted)
        #expect(try battles.report(carol, battle.id, score: 80).state == .accepted)
        let finished = try battles.report(bob, battle.id, score: 120)
        #expect(finished.state == .finished && finished.winner == "bob" && finished.challengerScore == 120)
        let prize = try #require(finished.prize)
        #expect([35, 400].contains(prize) && finished.prizeTitle == (prize == 35 ? "Nico" : "Isco"))
        #expect(try owned(collections, carol) == [35: 1, 400: 1].filter { $0.key != prize })
        #expect(try owned(collections, bob)[prize] == 1)
        let album = try collections.album(bob, "Liga Demo")
        #expect(album.envelopes == 2, "the start envelope and the battle's")
        _ = try collections.open(bob, "Liga Demo")
        _ = try collections.open(bob, "Liga Demo")
        #expect(try collections.draws(bob, "Liga Demo").map(\.source) == ["battle", "start", "gift"])
    }

    @Test func aTieGivesNothingAndASurrenderEndsWithNoCard() throws {
        let (_, battles, collections, users) = try club()
        let bob = try #require(users["bob"]), carol = try #require(users["carol"])
        let tie = try battles.propose(bob, "Liga Demo", to: "carol", kind: .random)
        _ = try battles.accept(carol, tie.id)
        _ = try battles.report(bob, tie.id, score: 5)
        let tied = try battles.report(carol, tie.id, score: 5)
        #expect(tied.state == .finished && tied.winner == nil && tied.prize == nil)
        let given = try battles.propose(carol, "Liga Demo", to: "bob", kind: .selective)
        _ = try battles.accept(bob, given.id)
        #expect(try battles.surrender(carol, given.id).state == .surrendered)
        #expect(try owned(collections, bob) == [10: 2, 20: 1] && owned(collections, carol) == [35: 1, 400: 1])
        #expect(try collections.album(bob, "Liga Demo").envelopes == 1)
    }

    @Test func aSelectiveBattlesWinnerChoosesAmongTheLosersFreeCards() throws {
        let (club, battles, collections, users) = try club()
        let bob = try #require(users["bob"]), carol = try #require(users["carol"])
        let swaps = Swaps(store: club.store)
        // carol promises her 400 in a swap: it is not hers to lose.
        let promised = try swaps.propose(carol, "Liga Demo", to: "bob", give: 400, get: 20)
        let battle = try battles.propose(bob, "Liga Demo", to: "carol", kind: .selective)
        _ = try battles.accept(carol, battle.id)
        _ = try battles.report(bob, battle.id, score: 3)
        let resolved = try battles.report(carol, battle.id, score: 1)
        #expect(resolved.state == .resolved && resolved.winner == "bob" && resolved.reason == "waiting for bob to choose a card")
        #expect(try battles.show(bob, battle.id).choices == [35] && battles.show(carol, battle.id).choices == nil)
        #expect(throws: ClubError.conflict(field: "battle \(battle.id)",
                                           message: "carol: every copy of card 400 is already promised in another swap")) {
            try battles.claim(bob, battle.id, card: 400)
        }
        #expect(throws: ClubError.invalid(field: "card", message: "battle \(battle.id) is selective: choose one of the loser's free cards (its choices)")) {
            try battles.claim(bob, battle.id)
        }
        #expect(throws: ClubError.permissionDenied("only the winner of battle \(battle.id) may claim its card")) {
            try battles.claim(carol, battle.id, card: 35)
        }
        let finished = try battles.claim(bob, battle.id, card: 35)
        #expect(finished.state == .finished && finished.prize == 35)
        #expect(try owned(collections, carol) == [400: 1] && owned(collections, bob)[35] == 1)
        #expect(try swaps.show(carol, promised.id).state == .pending, "the swap is untouched")
    }

    @Test func aBattleWhoseLoserHasOnlyPromisedCardsWaitsAndSaysSo() throws {
        // The seed's case: carol's only card is promised in a swap when she loses.
        let (club, battles, collections, users) = try club(carol: [35])
        let bob = try #require(users["bob"]), carol = try #require(users["carol"])
        let swaps = Swaps(store: club.store)
        let promised = try swaps.propose(carol, "Liga Demo", to: "bob", give: 35, get: 20)
        let battle = try battles.propose(bob, "Liga Demo", to: "carol", kind: .random)
        _ = try battles.accept(carol, battle.id)
        _ = try battles.report(bob, battle.id, score: 9)
        let waiting = try battles.report(carol, battle.id, score: 2)
        #expect(waiting.state == .resolved && waiting.reason == "waiting: carol has no card that is not promised in a swap")
        #expect(throws: ClubError.conflict(field: "battle \(battle.id)", message: "waiting: carol has no card that is not promised in a swap")) {
            try battles.claim(bob, battle.id)
        }
        _ = try swaps.cancel(carol, promised.id)
        let finished = try battles.claim(bob, battle.id)
        #expect(finished.state == .finished && finished.prize == 35 && finished.reason == nil)
        #expect(try owned(collections, carol).isEmpty && owned(collections, bob)[35] == 1)
    }

    @Test func onlyTheRightSideActsAndStrangersSeeNothing() throws {
        let (_, battles, _, users) = try club()
        let bob = try #require(users["bob"]), carol = try #require(users["carol"])
        let alice = try #require(users["alice"]), dave = try #require(users["dave"])
        let battle = try battles.propose(bob, "Liga Demo", to: "carol", kind: .random)
        #expect(throws: ClubError.conflict(field: "battle \(battle.id)", message: "cannot accept the battle: it is for the opponent to do")) {
            try battles.accept(bob, battle.id)
        }
        #expect(throws: ClubError.conflict(field: "battle \(battle.id)", message: "cannot report a score: it is pending")) {
            try battles.report(bob, battle.id, score: 1)
        }
        #expect(throws: ClubError.notFound(kind: "battle", reference: String(battle.id))) { try battles.accept(dave, battle.id) }
        #expect(throws: ClubError.notFound(kind: "battle", reference: String(battle.id))) { try battles.show(dave, battle.id) }
        #expect(try battles.show(alice, battle.id).id == battle.id, "the owner may audit it")
        #expect(throws: ClubError.invalid(field: "to", message: "a battle is with another collector, not with yourself")) {
            try battles.propose(bob, "Liga Demo", to: "bob", kind: .random)
        }
        #expect(throws: ClubError.conflict(field: "collector", message: "dave has not started 'Liga Demo'")) {
            try battles.propose(bob, "Liga Demo", to: "dave", kind: .random)
        }
        _ = try battles.accept(carol, battle.id)
        #expect(throws: ClubError.conflict(field: "battle \(battle.id)", message: "score: expected a score from 0 to 1000000000")) {
            try battles.report(carol, battle.id, score: -1)
        }
        #expect(throws: ClubError.conflict(field: "battle \(battle.id)", message: "cannot cancel the battle: it is accepted")) {
            try battles.cancel(bob, battle.id)
        }
    }

    @Test func leavingEndsEveryOpenBattleWithNoCard() throws {
        let (_, battles, collections, users) = try club()
        let bob = try #require(users["bob"]), carol = try #require(users["carol"])
        let pending = try battles.propose(bob, "Liga Demo", to: "carol", kind: .random)
        let accepted = try battles.propose(carol, "Liga Demo", to: "bob", kind: .selective)
        _ = try battles.accept(bob, accepted.id)
        let resolved = try battles.propose(bob, "Liga Demo", to: "carol", kind: .selective)
        _ = try battles.accept(carol, resolved.id)
        _ = try battles.report(bob, resolved.id, score: 1)
        _ = try battles.report(carol, resolved.id, score: 2)
        try collections.leave(carol, "Liga Demo")
        let states = try [pending, accepted, resolved].map { try battles.show(bob, $0.id) }
        #expect(states.map(\.state) == [.cancelled, .surrendered, .finished])
        #expect(states.allSatisfy { $0.reason == "carol left the collection" && $0.prize == nil })
        #expect(try battles.list(bob).isEmpty && battles.list(bob, all: true).count == 3)
    }

    // MARK: - Treasure hunts

    private let bilbao = (latitude: 43.2630, longitude: -2.9350)

    @Test func aTreasureIsHiddenAwayAndFoundWithin150Metres() throws {
        let (club, _, collections, users) = try club()
        let bob = try #require(users["bob"])
        let hunts = TreasureHunts(store: club.store, random: .seeded(11))
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let hunt = try hunts.start(bob, "Liga Demo", latitude: bilbao.latitude, longitude: bilbao.longitude, now: now)
        #expect(hunt.state == .open && hunt.target == nil && hunt.expiresAt == now.addingTimeInterval(86_400))
        let target = try #require(try club.store.read { db in
            try db.contests.latestHunt(collection: 1, user: bob.userID)?.target
        })
        let away = Geodesic.distance(latitude1: bilbao.latitude, longitude1: bilbao.longitude,
                                     latitude2: target.latitude, longitude2: target.longitude)
        #expect(away >= 499.9 && away <= 2_000.1, "\(away) m")
        #expect(throws: ClubError.self) {
            try hunts.start(bob, "Liga Demo", latitude: bilbao.latitude, longitude: bilbao.longitude, now: now)
        }
        do {
            _ = try hunts.claim(bob, "Liga Demo", latitude: bilbao.latitude, longitude: bilbao.longitude, now: now)
            Issue.record("claimed from the start")
        } catch let ClubError.conflict(field, message) {
            #expect(field == "treasure" && message == "not there yet: the treasure is \(Int(away.rounded())) m away, "
                    + "and a claim must come within 150 m")
        }
        // 140 m from the target, due north of it, is close enough.
        let near = try #require(Geodesic.destination(from: GeoPoint(latitude: target.latitude, longitude: target.longitude),
                                                     bearingDegrees: 0, distanceMeters: 140))
        let found = try hunts.claim(bob, "Liga Demo", latitude: near.latitude, longitude: near.longitude, now: now.addingTimeInterval(3_600))
        #expect(found.state == .found && found.target == target && found.foundAt == now.addingTimeInterval(3_600))
        #expect(try collections.album(bob, "Liga Demo").specialEnvelopes == 1)
        _ = try collections.open(bob, "Liga Demo")  // the start envelope
        let special = try collections.open(bob, "Liga Demo")
        #expect(special.source == "treasure" && special.kind == "special" && special.cards.map(\.number) == [999])
        #expect(throws: ClubError.refused(field: "treasure", message: "bob has no treasure hunt going in 'Liga Demo'",
                                           remedy: .startTreasureHunt(collection: "Liga Demo", id: 1))) {
            try hunts.claim(bob, "Liga Demo", latitude: near.latitude, longitude: near.longitude, now: now)
        }
    }

    @Test func aHuntExpiresAfter24HoursAndAnotherCanStart() throws {
        let (club, _, _, users) = try club()
        let bob = try #require(users["bob"])
        let hunts = TreasureHunts(store: club.store, random: .seeded(3))
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        _ = try hunts.start(bob, "Liga Demo", latitude: bilbao.latitude, longitude: bilbao.longitude, now: now)
        let later = now.addingTimeInterval(86_400)
        #expect(try hunts.show(bob, "Liga Demo", now: later).state == .expired)
        #expect(throws: ClubError.refused(field: "treasure", message: "the treasure hunt expired",
                                           remedy: .startTreasureHunt(collection: "Liga Demo", id: 1))) {
            try hunts.claim(bob, "Liga Demo", latitude: bilbao.latitude, longitude: bilbao.longitude, now: later)
        }
        #expect(try club.store.read { db in try db.value(String.self, "SELECT state FROM treasureHunt") } == "expired")
        #expect(try hunts.start(bob, "Liga Demo", latitude: bilbao.latitude, longitude: bilbao.longitude, now: later).state == .open)
        #expect(try club.count("treasureHunt") == 2)
    }

    @Test func positionsOutOfRangeAndHuntsOutsideACollectionAreRefused() throws {
        let (club, _, _, users) = try club()
        let bob = try #require(users["bob"]), dave = try #require(users["dave"])
        let hunts = TreasureHunts(store: club.store)
        for (latitude, longitude, field) in [(Double.nan, 0.0, "latitude"), (91, 0, "latitude"), (0, 180.5, "longitude"),
                                             (0, -.infinity, "longitude"), (1e308, 0, "latitude")] {
            #expect(throws: ClubError.invalid(field: "at", message: field == "latitude" ? "latitude: expected degrees from -90 to 90"
                                                  : "longitude: expected degrees from -180 to 180")) {
                try hunts.start(bob, "Liga Demo", latitude: latitude, longitude: longitude)
            }
        }
        #expect(throws: ClubError.refused(field: "collector", message: "dave has not started 'Liga Demo'", remedy: .startCollection(collection: "Liga Demo", id: 1))) {
            try hunts.start(dave, "Liga Demo", latitude: 0, longitude: 0)
        }
        #expect(throws: ClubError.notFound(kind: "treasure hunt", reference: "of bob in 'Liga Demo'")) { try hunts.show(bob, "Liga Demo") }
        #expect(try club.count("treasureHunt") == 0)
    }

    // MARK: - Challenges

    @Test func aWonChallengeGrantsAnEnvelopeRecordedWithTheResult() throws {
        let (club, _, collections, users) = try club()
        let alice = try #require(users["alice"]), bob = try #require(users["bob"]), carol = try #require(users["carol"])
        let challenges = Challenges(store: club.store)
        let won = try challenges.record(alice, "Liga Demo", collector: "bob", game: "Penalties", score: 4, won: true)
        #expect(won.collector == "bob" && won.game == "Penalties" && won.score == 4 && won.won && won.recordedBy == "alice")
        _ = try challenges.record(alice, "Liga Demo", collector: "bob", game: "Penalties", score: 1, won: false)
        #expect(try collections.album(bob, "Liga Demo").envelopes == 2)
        _ = try collections.open(bob, "Liga Demo")
        _ = try collections.open(bob, "Liga Demo")
        let draw = try #require(try collections.draws(bob, "Liga Demo").first)
        #expect(draw.source == "challenge" && draw.grantedBy == "alice")
        #expect(throws: ClubError.self) {
            try challenges.record(bob, "Liga Demo", collector: "bob", game: "Penalties", score: 9, won: true)
        }
        for (game, score) in [("", 1), (String(repeating: "x", count: 101), 1), ("Penalties", -1), ("Penalties", 1_000_000_001)] {
            #expect(throws: ClubError.self) { try challenges.record(alice, "Liga Demo", collector: "bob", game: game, score: score, won: true) }
        }
        #expect(try challenges.list(bob, "Liga Demo").map(\.score) == [1, 4])
        #expect(try challenges.list(alice, "Liga Demo").count == 2)
        #expect(try challenges.list(carol, "Liga Demo").isEmpty)
        #expect(throws: ClubError.self) { try challenges.list(carol, "Liga Demo", of: "bob") }
        // The record stays when bob leaves.
        try collections.leave(bob, "Liga Demo")
        #expect(try challenges.list(alice, "Liga Demo", of: "bob").count == 2)
    }
}
