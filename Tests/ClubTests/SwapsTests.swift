import Foundation
import Stickers
import Testing
@testable import Club

/// Swap proposals on both stores: blocking, accepting, closing when a last copy leaves, who
/// may answer, leaving and account deletion, who to swap with and the swap-day plan.
@Suite struct SwapsTests {
    /// "Liga Demo" (cards 10, 20, 35, 401 common, 400 rare, 999 special) owned by alice;
    /// bob, carol and dave collect it with the cards given here.
    private func club(bob: [Int] = [10, 10, 20], carol: [Int] = [35, 400], dave: [Int] = [20, 20, 401])
        throws -> (ScratchClub, Swaps, Collections, [String: ActingUser]) {
        let club = try ScratchClub()
        var users: [String: ActingUser] = [:]
        for name in ["alice", "bob", "carol", "dave", "erin"] { users[name] = try club.user(name) }
        let collections = Collections(store: club.store, random: .seeded(1))
        let alice = try #require(users["alice"])
        _ = try collections.importCollection(alice, manifest: CollectionsTests.manifest(), images: CollectionsTests.images)
        for (name, cards) in [("bob", bob), ("carol", carol), ("dave", dave)] {
            _ = try collections.start(try #require(users[name]), "Liga Demo")
            if !cards.isEmpty { try collections.give(alice, "Liga Demo", to: name, cards: cards) }
        }
        return (club, Swaps(store: club.store), collections, users)
    }

    /// `user`'s (owned, blocked) copies of each card they hold.
    private func copies(_ collections: Collections, _ user: ActingUser?) throws -> [Int: [Int]] {
        let album = try collections.album(try #require(user), "Liga Demo")
        return Dictionary(uniqueKeysWithValues: album.cards.filter { $0.owned > 0 }.map { ($0.number, [$0.owned, $0.blocked]) })
    }

    /// Every copy blocked is promised by exactly one pending proposal or accepted leg of a
    /// pending ring, and the reverse.
    static func checkBlocksMatchPromises(_ club: ScratchClub) throws {
        let mismatches = try club.store.read { db in
            try db.values(Int64.self, """
                SELECT ownedCard.userId FROM ownedCard
                WHERE blocked <> (SELECT count(*) FROM swapProposal
                                  WHERE state = 'pending' AND swapProposal.collectionId = ownedCard.collectionId
                                    AND proposerId = ownedCard.userId AND giveNumber = ownedCard.number)
                                + (SELECT count(*) FROM swapRingLeg JOIN swapRing ON swapRing.id = swapRingLeg.ringId
                                   WHERE swapRing.state = 'pending' AND swapRingLeg.acceptedAt IS NOT NULL
                                     AND swapRingLeg.collectionId = ownedCard.collectionId
                                     AND swapRingLeg.giverId = ownedCard.userId AND swapRingLeg.number = ownedCard.number)
                UNION ALL
                SELECT proposerId FROM swapProposal WHERE state = 'pending' AND NOT EXISTS (
                    SELECT 1 FROM ownedCard WHERE ownedCard.collectionId = swapProposal.collectionId
                                              AND ownedCard.userId = swapProposal.proposerId
                                              AND ownedCard.number = swapProposal.giveNumber)
                UNION ALL
                SELECT swapRingLeg.giverId FROM swapRingLeg JOIN swapRing ON swapRing.id = swapRingLeg.ringId
                WHERE swapRing.state = 'pending' AND swapRingLeg.acceptedAt IS NOT NULL AND NOT EXISTS (
                    SELECT 1 FROM ownedCard WHERE ownedCard.collectionId = swapRingLeg.collectionId
                                              AND ownedCard.userId = swapRingLeg.giverId
                                              AND ownedCard.number = swapRingLeg.number)
                """)
        }
        #expect(mismatches.isEmpty, "blocked copies and pending promises disagree for users \(mismatches)")
    }

    private func checkBlocksMatchProposals(_ club: ScratchClub) throws {
        try Self.checkBlocksMatchPromises(club)
    }

    @Test func aProposalBlocksTheOfferedCopyAndAcceptingMovesBothCards() throws {
        let (club, swaps, collections, users) = try club()
        let bob = try #require(users["bob"]), carol = try #require(users["carol"])
        let proposal = try swaps.propose(bob, "liga demo", to: "carol", give: 10, get: 35)
        #expect(proposal.state == .pending && proposal.proposer == "bob" && proposal.recipient == "carol")
        #expect(proposal.giveTitle == "Unai" && proposal.getTitle == "Nico" && proposal.endedAt == nil)
        #expect(try copies(collections, bob)[10] == [2, 1])
        try checkBlocksMatchProposals(club)
        let accepted = try swaps.accept(carol, proposal.id)
        #expect(accepted.state == .accepted && accepted.endedAt != nil)
        #expect(try copies(collections, bob) == [10: [1, 0], 20: [1, 0], 35: [1, 0]])
        #expect(try copies(collections, carol) == [10: [1, 0], 400: [1, 0]])
        try checkBlocksMatchProposals(club)
        #expect(throws: ClubError.conflict(field: "swap \(proposal.id)", message: "already accepted")) {
            try swaps.accept(carol, proposal.id)
        }
    }

    @Test func aSingleCopyIsOfferedOnceAndABlockedCardCannotBeAskedFor() throws {
        let (club, swaps, _, users) = try club()
        let bob = try #require(users["bob"]), carol = try #require(users["carol"]), dave = try #require(users["dave"])
        _ = try swaps.propose(bob, "Liga Demo", to: "carol", give: 20, get: 35)
        #expect(throws: ClubError.conflict(field: "give", message: "bob: every copy of card 20 is already promised in another swap")) {
            try swaps.propose(bob, "Liga Demo", to: "dave", give: 20, get: 401)
        }
        // carol promises her only 400; no one may ask her for it now.
        _ = try swaps.propose(carol, "Liga Demo", to: "dave", give: 400, get: 401)
        #expect(throws: ClubError.conflict(field: "get", message: "carol: every copy of card 400 is already promised in another swap")) {
            try swaps.propose(dave, "Liga Demo", to: "carol", give: 20, get: 400)
        }
        #expect(throws: ClubError.conflict(field: "give", message: "bob: card 35 is not owned")) {
            try swaps.propose(bob, "Liga Demo", to: "carol", give: 35, get: 400)
        }
        #expect(throws: ClubError.conflict(field: "get", message: "carol: card 999 is not owned")) {
            try swaps.propose(bob, "Liga Demo", to: "carol", give: 10, get: 999)
        }
        try checkBlocksMatchProposals(club)
        #expect(try club.count("swapProposal") == 2)
    }

    @Test func whenTheLastCopyLeavesEveryProposalNamingItCloses() throws {
        let (club, swaps, collections, users) = try club()
        let bob = try #require(users["bob"]), carol = try #require(users["carol"]), dave = try #require(users["dave"])
        // Two collectors ask carol for her only 35.
        let first = try swaps.propose(bob, "Liga Demo", to: "carol", give: 10, get: 35)
        let second = try swaps.propose(dave, "Liga Demo", to: "carol", give: 401, get: 35)
        #expect(try copies(collections, dave)[401] == [1, 1])
        _ = try swaps.accept(carol, first.id)
        let orphan = try swaps.show(dave, second.id)
        #expect(orphan.state == .closed && orphan.reason == "card 35 left carol's album" && orphan.endedAt != nil)
        #expect(try copies(collections, dave)[401] == [1, 0], "dave's promised copy is free again")
        try checkBlocksMatchProposals(club)
        #expect(throws: ClubError.conflict(field: "swap \(second.id)", message: "already closed (card 35 left carol's album)")) {
            try swaps.accept(carol, second.id)
        }
    }

    @Test func acceptingChecksTheAskedCopyIsStillFree() throws {
        let (club, swaps, collections, users) = try club(carol: [35, 400])
        let bob = try #require(users["bob"]), carol = try #require(users["carol"])
        let asked = try swaps.propose(bob, "Liga Demo", to: "carol", give: 10, get: 400)
        // carol promises the 400 elsewhere: bob's proposal waits, and cannot be accepted now.
        let elsewhere = try swaps.propose(carol, "Liga Demo", to: "dave", give: 400, get: 401)
        #expect(throws: ClubError.conflict(field: "swap \(asked.id)",
                                           message: "cannot be accepted: every copy of card 400 is already promised in another swap")) {
            try swaps.accept(carol, asked.id)
        }
        #expect(try copies(collections, bob)[10] == [2, 1] && swaps.show(bob, asked.id).state == .pending)
        _ = try swaps.cancel(carol, elsewhere.id)
        #expect(try swaps.accept(carol, asked.id).state == .accepted)
        try checkBlocksMatchProposals(club)
    }

    @Test func onlyTheRecipientAnswersAndOnlyTheProposerCancels() throws {
        let (club, swaps, collections, users) = try club()
        let bob = try #require(users["bob"]), carol = try #require(users["carol"])
        let dave = try #require(users["dave"]), alice = try #require(users["alice"]), erin = try #require(users["erin"])
        let proposal = try swaps.propose(bob, "Liga Demo", to: "carol", give: 10, get: 35)
        #expect(throws: ClubError.permissionDenied("only the recipient of swap \(proposal.id) may accept it")) {
            try swaps.accept(bob, proposal.id)
        }
        #expect(throws: ClubError.permissionDenied("only the proposer of swap \(proposal.id) may cancel it")) {
            try swaps.cancel(carol, proposal.id)
        }
        for stranger in [dave, erin] {
            #expect(throws: ClubError.notFound(kind: "swap proposal", reference: String(proposal.id))) { try swaps.accept(stranger, proposal.id) }
            #expect(throws: ClubError.notFound(kind: "swap proposal", reference: String(proposal.id))) { try swaps.show(stranger, proposal.id) }
        }
        // The collection's owner may see it, for an audit, and not answer it.
        #expect(try swaps.show(alice, proposal.id).id == proposal.id)
        #expect(throws: ClubError.self) { try swaps.reject(alice, proposal.id) }
        #expect(try swaps.reject(carol, proposal.id).state == .rejected)
        #expect(try copies(collections, bob)[10] == [2, 0])
        let again = try swaps.propose(bob, "Liga Demo", to: "carol", give: 10, get: 35)
        #expect(try swaps.cancel(bob, again.id).state == .cancelled)
        #expect(try copies(collections, bob)[10] == [2, 0])
        #expect(throws: ClubError.notFound(kind: "swap proposal", reference: "9999")) { try swaps.accept(carol, 9999) }
        #expect(try swaps.list(bob).isEmpty && swaps.list(bob, all: true).map(\.state) == [.cancelled, .rejected])
        try checkBlocksMatchProposals(club)
    }

    @Test func badProposalsAreRefusedAndChangeNothing() throws {
        let (club, swaps, collections, users) = try club()
        let bob = try #require(users["bob"]), erin = try #require(users["erin"])
        #expect(throws: ClubError.notFound(kind: "collection", reference: "Nope")) {
            try swaps.propose(bob, "Nope", to: "carol", give: 10, get: 35)
        }
        #expect(throws: ClubError.invalid(field: "to", message: "a swap is with another collector, not with yourself")) {
            try swaps.propose(bob, "Liga Demo", to: "BOB", give: 10, get: 20)
        }
        #expect(throws: ClubError.invalid(field: "get", message: "a swap gives one card for another, not card 10 for itself")) {
            try swaps.propose(bob, "Liga Demo", to: "carol", give: 10, get: 10)
        }
        // A card of another collection, or none, is not a card of this one.
        #expect(throws: ClubError.notFound(kind: "card", reference: "7 in 'Liga Demo'")) {
            try swaps.propose(bob, "Liga Demo", to: "carol", give: 10, get: 7)
        }
        #expect(throws: ClubError.notFound(kind: "user", reference: "zed")) {
            try swaps.propose(bob, "Liga Demo", to: "zed", give: 10, get: 35)
        }
        // Only erin can start it: bob is told no remedy; erin is told how.
        #expect(throws: ClubError.conflict(field: "collector", message: "erin has not started 'Liga Demo'")) {
            try swaps.propose(bob, "Liga Demo", to: "erin", give: 10, get: 35)
        }
        #expect(throws: ClubError.refused(field: "collector", message: "erin has not started 'Liga Demo'", remedy: .startCollection(collection: "Liga Demo", id: 1))) {
            try swaps.propose(erin, "Liga Demo", to: "bob", give: 10, get: 35)
        }
        #expect(try club.count("swapProposal") == 0 && copies(collections, bob)[10] == [2, 0])
    }

    @Test func leavingOrDeletingTheAccountClosesPendingProposalsAndFreesTheOtherSide() throws {
        let (club, swaps, collections, users) = try club()
        let bob = try #require(users["bob"]), carol = try #require(users["carol"]), dave = try #require(users["dave"])
        let toCarol = try swaps.propose(bob, "Liga Demo", to: "carol", give: 10, get: 35)
        let fromCarol = try swaps.propose(carol, "Liga Demo", to: "dave", give: 400, get: 401)
        let fromDave = try swaps.propose(dave, "Liga Demo", to: "carol", give: 20, get: 35)
        try collections.leave(carol, "Liga Demo")
        for (id, reader) in [(toCarol.id, bob), (fromCarol.id, dave), (fromDave.id, dave)] {
            let closed = try swaps.show(reader, id)
            #expect(closed.state == .closed && closed.reason == "carol left the collection")
        }
        #expect(try copies(collections, bob)[10] == [2, 0] && copies(collections, dave)[20] == [2, 0])
        try checkBlocksMatchProposals(club)
        // dave deletes his account: bob's proposal to him closes and bob's copy is free.
        let toDave = try swaps.propose(bob, "Liga Demo", to: "dave", give: 10, get: 401)
        try club.accounts.delete(dave, currentPassword: "dave-password")
        let closed = try swaps.show(bob, toDave.id)
        #expect(closed.state == .closed && closed.reason == "dave deleted their account" && closed.recipient == nil)
        #expect(try copies(collections, bob)[10] == [2, 0])
        try checkBlocksMatchProposals(club)
    }

    @Test func matchesRankByTheSwapsPossibleAndThePlanBeatsPairs() throws {
        // bob: spare 10, misses 35; carol: spare 35, misses 20; dave: spare 20, misses 10.
        // No two can swap one for one; the three can, in a cycle.
        let (club, swaps, _, users) = try club(bob: [10, 10, 20, 401], carol: [35, 35, 10, 401], dave: [20, 20, 35, 401])
        let bob = try #require(users["bob"]), alice = try #require(users["alice"]), erin = try #require(users["erin"])
        #expect(try swaps.matches(bob, "Liga Demo").isEmpty)
        let plan = try swaps.plan(bob, "Liga Demo")
        #expect(plan.cards == 3 && plan.pairwiseCards == 0 && plan.cycles.count == 1 && plan.cycles[0].count == 3)
        #expect(Set(plan.cycles[0].map(\.giver)) == ["bob", "carol", "dave"])
        #expect(plan.cycles[0].contains { $0.giver == "bob" && $0.card == 10 && $0.receiver == "dave" && $0.title == "Unai" })
        #expect(try swaps.plan(alice, "Liga Demo").cards == 3, "the owner may plan the day")
        #expect(try swaps.plan(bob, "Liga Demo", maximumCycleLength: 2).cards == 0)
        #expect(throws: ClubError.self) { try swaps.plan(erin, "Liga Demo") }
        #expect(throws: ClubError.invalid(field: "max-cycle", message: "expected 2 or more collectors a cycle, not 1")) {
            try swaps.plan(bob, "Liga Demo", maximumCycleLength: 1)
        }
        // The cycle of three becomes a ring for its members to accept, not proposals.
        let made = try swaps.proposePlan(bob, "Liga Demo")
        #expect(made.proposed.isEmpty && made.rings.count == 1 && made.cycles.isEmpty)
        #expect(try club.count("swapProposal") == 0 && club.count("swapRing") == 1)
    }

    @Test func aCollectorProposesThePlansTwoPersonSwapsOnce() throws {
        // bob: spare 10, misses 35; carol: spare 35, misses 10: one swap each way.
        let (club, swaps, _, users) = try club(bob: [10, 10, 20], carol: [35, 35, 20], dave: [])
        let bob = try #require(users["bob"]), carol = try #require(users["carol"])
        let matches = try swaps.matches(bob, "Liga Demo")
        #expect(matches == [SwapMatchRecord(collector: "carol", swaps: 1, theyCanGive: 1, youCanGive: 1)])
        let made = try swaps.proposePlan(bob, "Liga Demo")
        #expect(made.proposed.count == 1 && made.proposed[0].give == 10 && made.proposed[0].get == 35)
        #expect(made.proposed[0].recipient == "carol" && made.cycles.isEmpty)
        // A pending proposal counts as done: neither carol's run nor bob's second proposes it twice.
        #expect(try swaps.proposePlan(carol, "Liga Demo").proposed.isEmpty)
        #expect(try swaps.proposePlan(bob, "Liga Demo").proposed.isEmpty)
        #expect(try swaps.plan(bob, "Liga Demo").cards == 0)
        #expect(try club.count("swapProposal") == 1)
        try checkBlocksMatchProposals(club)
    }

    // MARK: - Rings

    /// bob: spare 10, misses 35; carol: spare 35, misses 20; dave: spare 20, misses 10: the
    /// plan's one cycle is bob -10-> dave -20-> carol -35-> bob.
    private func ringClub() throws -> (ScratchClub, Swaps, Collections, [String: ActingUser]) {
        try club(bob: [10, 10, 20, 401], carol: [35, 35, 10, 401], dave: [20, 20, 35, 401])
    }

    @Test func aRingFromThePlanGoesThroughWhenEveryMemberHasAccepted() throws {
        let (club, swaps, collections, users) = try ringClub()
        let bob = try #require(users["bob"]), carol = try #require(users["carol"]), dave = try #require(users["dave"])
        let made = try swaps.proposePlan(bob, "Liga Demo")
        let ring = try #require(made.rings.first)
        #expect(ring.state == .pending && ring.proposer == "bob" && ring.collection == "Liga Demo" && ring.endedAt == nil)
        let legs = Dictionary(uniqueKeysWithValues: ring.legs.map { ($0.giver ?? "", $0) })
        #expect(legs["bob"]?.card == 10 && legs["bob"]?.receiver == "dave" && legs["bob"]?.title == "Unai")
        #expect(legs["dave"]?.card == 20 && legs["dave"]?.receiver == "carol")
        #expect(legs["carol"]?.card == 35 && legs["carol"]?.receiver == "bob")
        #expect(ring.legs.map(\.accepted) == ring.legs.map { $0.giver == "bob" }, "the proposer's leg is accepted at once")
        #expect(try copies(collections, bob)[10] == [2, 1])
        try checkBlocksMatchProposals(club)
        // A pending ring counts as done: no member's run proposes it again.
        for member in [bob, carol, dave] {
            let again = try swaps.proposePlan(member, "Liga Demo")
            #expect(again.rings.isEmpty && again.proposed.isEmpty)
        }
        #expect(try swaps.listRings(carol).map(\.id) == [ring.id] && swaps.listRings(carol, all: true).count == 1)
        let carolAccepted = try swaps.acceptRing(carol, ring.id)
        #expect(carolAccepted.state == .pending && carolAccepted.legs.filter(\.accepted).count == 2)
        #expect(try copies(collections, carol)[35] == [2, 1])
        #expect(throws: ClubError.conflict(field: "swap ring \(ring.id)", message: "carol has accepted it already")) {
            try swaps.acceptRing(carol, ring.id)
        }
        try checkBlocksMatchProposals(club)
        // The last acceptance moves every card at once.
        let done = try swaps.acceptRing(dave, ring.id)
        #expect(done.state == .accepted && done.endedAt != nil && done.legs.allSatisfy(\.accepted))
        #expect(try copies(collections, bob) == [10: [1, 0], 20: [1, 0], 35: [1, 0], 401: [1, 0]])
        #expect(try copies(collections, carol) == [35: [1, 0], 10: [1, 0], 20: [1, 0], 401: [1, 0]])
        #expect(try copies(collections, dave) == [20: [1, 0], 35: [1, 0], 10: [1, 0], 401: [1, 0]])
        try checkBlocksMatchProposals(club)
        #expect(try swaps.plan(bob, "Liga Demo").cards == 0)
        #expect(try swaps.listRings(bob).isEmpty && swaps.listRings(bob, all: true).first?.state == .accepted)
        #expect(throws: ClubError.conflict(field: "swap ring \(ring.id)", message: "already accepted")) {
            try swaps.rejectRing(carol, ring.id)
        }
    }

    @Test func membersRejectTheProposerCancelsAndOnlyMembersAndAdministratorsSeeARing() throws {
        let (club, swaps, collections, users) = try ringClub()
        let bob = try #require(users["bob"]), carol = try #require(users["carol"]), dave = try #require(users["dave"])
        let alice = try #require(users["alice"]), erin = try #require(users["erin"])
        let ring = try #require(try swaps.proposePlan(bob, "Liga Demo").rings.first)
        #expect(try swaps.showRing(alice, ring.id).id == ring.id, "the owner sees every ring of the collection")
        #expect(throws: ClubError.notFound(kind: "swap ring", reference: String(ring.id))) { try swaps.showRing(erin, ring.id) }
        #expect(throws: ClubError.notFound(kind: "swap ring", reference: String(ring.id))) { try swaps.acceptRing(erin, ring.id) }
        #expect(throws: ClubError.permissionDenied("only the proposer of swap ring \(ring.id) may cancel it; the other members reject it")) {
            try swaps.cancelRing(carol, ring.id)
        }
        #expect(throws: ClubError.permissionDenied("the proposer of swap ring \(ring.id) cancels it; the other members reject it")) {
            try swaps.rejectRing(bob, ring.id)
        }
        _ = try swaps.acceptRing(carol, ring.id)
        let rejected = try swaps.rejectRing(dave, ring.id)
        #expect(rejected.state == .rejected && rejected.reason == "dave rejected it" && rejected.endedAt != nil)
        #expect(try copies(collections, bob)[10] == [2, 0] && copies(collections, carol)[35] == [2, 0], "every promise is released")
        try checkBlocksMatchProposals(club)
        // Proposed again, then cancelled by its proposer.
        let again = try #require(try swaps.proposePlan(bob, "Liga Demo").rings.first)
        #expect(again.id != ring.id)
        #expect(try swaps.cancelRing(bob, again.id).state == .cancelled)
        #expect(try copies(collections, bob)[10] == [2, 0])
        try checkBlocksMatchProposals(club)
        #expect(throws: ClubError.conflict(field: "swap ring \(again.id)", message: "already cancelled")) {
            try swaps.acceptRing(dave, again.id)
        }
    }

    @Test func aRingClosesWhenACardItNamesLeavesItsGiverOrAMemberLeaves() throws {
        let (club, swaps, collections, users) = try ringClub()
        let bob = try #require(users["bob"]), carol = try #require(users["carol"]), dave = try #require(users["dave"])
        let ring = try #require(try swaps.proposePlan(bob, "Liga Demo").rings.first)
        // carol's 35s go one by one in swaps; the ring lives while she holds one.
        let first = try swaps.propose(dave, "Liga Demo", to: "carol", give: 20, get: 35)
        _ = try swaps.accept(carol, first.id)
        #expect(try swaps.showRing(bob, ring.id).state == .pending)
        let last = try swaps.propose(bob, "Liga Demo", to: "carol", give: 20, get: 35)
        _ = try swaps.accept(carol, last.id)
        let closed = try swaps.showRing(bob, ring.id)
        #expect(closed.state == .closed && closed.reason == "card 35 left carol's album")
        #expect(try copies(collections, bob)[10] == [2, 0], "bob's promised copy is free again")
        try checkBlocksMatchProposals(club)

        // A member leaving the collection closes the ring.
        let (club2, swaps2, collections2, users2) = try ringClub()
        let bob2 = try #require(users2["bob"]), dave2 = try #require(users2["dave"])
        let ring2 = try #require(try swaps2.proposePlan(bob2, "Liga Demo").rings.first)
        _ = try swaps2.acceptRing(dave2, ring2.id)
        try collections2.leave(try #require(users2["carol"]), "Liga Demo")
        let left = try swaps2.showRing(bob2, ring2.id)
        #expect(left.state == .closed && left.reason == "carol left the collection")
        #expect(try copies(collections2, bob2)[10] == [2, 0] && copies(collections2, dave2)[20] == [2, 0])
        try checkBlocksMatchProposals(club2)

        // So does a member deleting their account; the record keeps the leg, giver unnamed.
        let (club3, swaps3, collections3, users3) = try ringClub()
        let bob3 = try #require(users3["bob"]), dave3 = try #require(users3["dave"])
        let ring3 = try #require(try swaps3.proposePlan(bob3, "Liga Demo").rings.first)
        _ = try swaps3.acceptRing(try #require(users3["carol"]), ring3.id)
        try club3.accounts.delete(dave3, currentPassword: "dave-password")
        let deleted = try swaps3.showRing(bob3, ring3.id)
        #expect(deleted.state == .closed && deleted.reason == "dave deleted their account")
        #expect(deleted.legs.map(\.giver) == ["bob", nil, "carol"] && deleted.legs.map(\.receiver) == [nil, "carol", "bob"])
        #expect(try copies(collections3, bob3)[10] == [2, 0] && copies(collections3, try #require(users3["carol"]))[35] == [2, 0])
        try checkBlocksMatchProposals(club3)
    }

    @Test func acceptingALegChecksTheCopyIsStillFree() throws {
        let (club, swaps, collections, users) = try ringClub()
        let bob = try #require(users["bob"]), carol = try #require(users["carol"])
        let ring = try #require(try swaps.proposePlan(bob, "Liga Demo").rings.first)
        // carol promises both her 35s in swaps: her leg cannot be accepted while they are.
        let one = try swaps.propose(carol, "Liga Demo", to: "dave", give: 35, get: 20)
        _ = try swaps.propose(carol, "Liga Demo", to: "bob", give: 35, get: 20)
        #expect(throws: ClubError.conflict(field: "swap ring \(ring.id)",
                                           message: "cannot be accepted: every copy of card 35 is already promised in another swap")) {
            try swaps.acceptRing(carol, ring.id)
        }
        #expect(try swaps.showRing(carol, ring.id).legs.filter(\.accepted).count == 1)
        _ = try swaps.cancel(carol, one.id)
        #expect(try swaps.acceptRing(carol, ring.id).legs.filter(\.accepted).count == 2)
        #expect(try copies(collections, carol)[35] == [2, 2])
        try checkBlocksMatchProposals(club)
    }
}
