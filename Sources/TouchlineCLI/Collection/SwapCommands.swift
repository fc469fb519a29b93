import ArgumentParser
import Club
import Foundation

/// `touchline swap`: one-for-one swaps between collectors, who to swap with, and the swap day.
struct SwapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swap",
        abstract: "Propose, answer and plan one-for-one swaps of sticker cards.",
        discussion: """
            A proposal offers one of your cards for one of another collector's and promises
            (blocks) your copy until it is accepted, rejected or cancelled. A ring is a cycle of
            three or more collectors from the swap-day plan (swap plan --propose): each member
            accepts their leg, and the cards move when the last one does (swap ring).

            Examples:
              touchline swap matches 'Liga 2024/25' --as bob
              touchline swap propose 'Liga 2024/25' --to carol --give 3 --get 7 --as bob
              touchline swap accept 1 --as carol
              touchline swap plan 'Liga 2024/25' --max-cycle 3 --json --as bob
              touchline swap plan 'Liga 2024/25' --max-cycle 3 --propose --as bob
              touchline swap ring accept 1 --as dave
            """,
        subcommands: [Propose.self, Accept.self, Reject.self, Cancel.self, List.self, Show.self, Matches.self, Plan.self,
                      SwapRingCommand.self]
    )

    struct Propose: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "propose", abstract: "Offer one of your cards for one of another collector's.")
        @Argument(help: "The collection's name.") var name: String
        @Option(help: "The other collector.") var to: String
        @Option(help: ArgumentHelp("The number of the card you give.", valueName: "n")) var give: Int
        @Option(help: ArgumentHelp("The number of the card you get.", valueName: "n")) var get: Int
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let proposal = try Swaps(store: store).propose(actor, .name(name), to: to, give: give, get: get)
            if output.json { return try Output.json(proposal) }
            print("proposed swap \(proposal.id): your \(SwapOutput.card(proposal.give, proposal.giveTitle)) for "
                  + "\(to)'s \(SwapOutput.card(proposal.get, proposal.getTitle))")
        }
    }

    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "accept", abstract: "Accept a swap offered to you: both cards move.")
        @Argument(help: "The proposal's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            try SwapOutput.print(try Swaps(store: store).accept(actor, id), json: output.json)
        }
    }

    struct Reject: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reject", abstract: "Turn down a swap offered to you.")
        @Argument(help: "The proposal's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            try SwapOutput.print(try Swaps(store: store).reject(actor, id), json: output.json)
        }
    }

    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Take back a swap you proposed.")
        @Argument(help: "The proposal's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            try SwapOutput.print(try Swaps(store: store).cancel(actor, id), json: output.json)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Your pending proposals, made and received (--all: every state), newest first.")
        @Option(help: "Only this collection's.") var collection: String?
        @Flag(help: "Accepted, rejected, cancelled and closed ones too.") var all = false
        @Option(help: "At most this many (1 to 500).") var limit = 100
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let proposals = try Swaps(store: store).list(actor, collection: collection.map(CollectionReference.name), all: all, limit: limit)
            if output.json { return try Output.json(proposals) }
            Output.table(["ID", "COLLECTION", "FROM", "TO", "GIVES", "GETS", "STATE"], proposals.map {
                [String($0.id), $0.collection, $0.proposer ?? "(deleted)", $0.recipient ?? "(deleted)", String($0.give), String($0.get),
                 $0.state.rawValue + ($0.reason.map { " (\($0))" } ?? "")]
            }, empty: all ? "no swap proposals" : "no pending swap proposals")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one proposal.")
        @Argument(help: "The proposal's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let proposal = try Swaps(store: store).show(actor, id)
            if output.json { return try Output.json(proposal) }
            var fields = [("swap", String(proposal.id)), ("collection", proposal.collection),
                          ("from", proposal.proposer ?? "(deleted)"), ("to", proposal.recipient ?? "(deleted)"),
                          ("gives", SwapOutput.card(proposal.give, proposal.giveTitle)),
                          ("gets", SwapOutput.card(proposal.get, proposal.getTitle)), ("state", proposal.state.rawValue),
                          ("proposed", Output.date(proposal.createdAt))]
            if let endedAt = proposal.endedAt { fields.append(("ended", Output.date(endedAt))) }
            if let reason = proposal.reason { fields.append(("why", reason)) }
            Output.fields(fields)
        }
    }

    struct Matches: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "matches", abstract: "Who to swap with: other collectors by the one-for-one swaps possible with them.")
        @Argument(help: "The collection's name.") var name: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let matches = try Swaps(store: store).matches(actor, .name(name))
            if output.json { return try Output.json(matches) }
            Output.table(["COLLECTOR", "SWAPS", "THEY CAN GIVE", "YOU CAN GIVE"], matches.map {
                [$0.collector, String($0.swaps), String($0.theyCanGive), String($0.youCanGive)]
            }, empty: "no one to swap with yet")
        }
    }

    struct Plan: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plan",
            abstract: "The swap day: swaps for every collector at once, cycles of more than two included.",
            discussion: """
                With --propose, you propose the plan's cycles that are yours: a two-person swap as a
                proposal, a cycle of three to 8 collectors as a ring for its members to accept (swap
                ring); longer cycles are listed, to swap in person on the day. Pending proposals and
                rings count as done: the copies they take are not spare and the cards they bring are
                not missing.
                """)
        @Argument(help: "The collection's name.") var name: String
        @Option(name: .customLong("max-cycle"), help: "At most this many collectors a cycle (3 for swapping in person).")
        var maximumCycleLength: Int?
        @Flag(help: "Propose your cycles of the plan: swaps with one collector, rings with more.") var propose = false
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let swaps = Swaps(store: store)
            if propose {
                let made = try swaps.proposePlan(actor, .name(name), maximumCycleLength: maximumCycleLength)
                if output.json { return try Output.json(made) }
                for proposal in made.proposed {
                    print("proposed swap \(proposal.id): your \(SwapOutput.card(proposal.give, proposal.giveTitle)) for "
                          + "\(proposal.recipient ?? "")'s \(SwapOutput.card(proposal.get, proposal.getTitle))")
                }
                for ring in made.rings { print("proposed ring \(ring.id): " + SwapOutput.ring(ring)) }
                for cycle in made.cycles { print("in person: " + SwapOutput.cycle(cycle)) }
                if made.proposed.isEmpty && made.rings.isEmpty && made.cycles.isEmpty { print("the plan has no swap for you") }
                return
            }
            let plan = try swaps.plan(actor, .name(name), maximumCycleLength: maximumCycleLength)
            if output.json { return try Output.json(plan) }
            for cycle in plan.cycles { print(SwapOutput.cycle(cycle)) }
            print("\(plan.cards) cards in \(plan.cycles.count) cycles; two-person swaps alone would move \(plan.pairwiseCards)")
        }
    }
}

/// How swap commands print proposals and cycles.
enum SwapOutput {
    static func card(_ number: Int, _ title: String) -> String { "\(number) (\(title))" }

    static func print(_ proposal: SwapProposalRecord, json: Bool) throws {
        if json { return try Output.json(proposal) }
        Swift.print("swap \(proposal.id) \(proposal.state.rawValue): \(proposal.proposer ?? "(deleted)") gives "
                    + "\(card(proposal.give, proposal.giveTitle)), \(proposal.recipient ?? "(deleted)") gives "
                    + "\(card(proposal.get, proposal.getTitle))")
    }

    /// `alice -3-> bob -7-> carol -9-> alice`.
    static func cycle(_ steps: [SwapPlanReport.Step]) -> String {
        guard let first = steps.first else { return "" }
        return steps.reduce(first.giver) { $0 + " -\($1.card)-> " + $1.receiver }
    }

    /// A ring's cycle, each member who has accepted marked: `alice* -3-> bob -7-> carol -9-> alice*`.
    static func ring(_ ring: SwapRingRecord) -> String {
        func name(_ username: String?) -> String {
            let name = username ?? "(deleted)"
            return ring.legs.contains { $0.giver == username && $0.accepted } ? name + "*" : name
        }
        guard let first = ring.legs.first else { return "" }
        return ring.legs.reduce(name(first.giver)) { $0 + " -\($1.card)-> " + name($1.receiver) }
    }

    static func print(_ ring: SwapRingRecord, json: Bool) throws {
        if json { return try Output.json(ring) }
        Swift.print("ring \(ring.id) \(ring.state.rawValue): " + self.ring(ring) + (ring.reason.map { " (\($0))" } ?? ""))
    }
}

/// `touchline swap ring`: swap-day cycles of three or more collectors, which `swap plan
/// --propose` makes and every member accepts.
struct SwapRingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ring",
        abstract: "Accept, reject, cancel and list swap rings: cycles of three or more collectors.",
        discussion: """
            A ring's members each give one card to the next (alice -3-> bob -7-> carol -9-> alice).
            Accepting promises (blocks) your copy, as an offer does; the proposer's is promised when
            the ring is made. When the last member accepts, every card moves at once. A member may
            reject it and the proposer cancel it while it is pending, which frees every promised
            copy. In listings, * marks the members who have accepted.

            Examples:
              touchline swap plan 'Liga 2024/25' --max-cycle 3 --propose --as bob
              touchline swap ring list --as carol
              touchline swap ring accept 1 --as carol
            """,
        subcommands: [Accept.self, Reject.self, Cancel.self, List.self, Show.self]
    )

    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "accept", abstract: "Accept your leg of a ring; the last acceptance moves every card.")
        @Argument(help: "The ring's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            try SwapOutput.print(try Swaps(store: store).acceptRing(actor, id), json: output.json)
        }
    }

    struct Reject: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reject", abstract: "Turn down a ring you are in.")
        @Argument(help: "The ring's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            try SwapOutput.print(try Swaps(store: store).rejectRing(actor, id), json: output.json)
        }
    }

    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Take back a ring you proposed.")
        @Argument(help: "The ring's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            try SwapOutput.print(try Swaps(store: store).cancelRing(actor, id), json: output.json)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Your pending rings (--all: every state), newest first.")
        @Option(help: "Only this collection's.") var collection: String?
        @Flag(help: "Accepted, rejected, cancelled and closed ones too.") var all = false
        @Option(help: "At most this many (1 to 500).") var limit = 100
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let rings = try Swaps(store: store).listRings(actor, collection: collection.map(CollectionReference.name), all: all,
                                                         limit: limit)
            if output.json { return try Output.json(rings) }
            Output.table(["ID", "COLLECTION", "RING", "STATE"], rings.map {
                [String($0.id), $0.collection, SwapOutput.ring($0), $0.state.rawValue + ($0.reason.map { " (\($0))" } ?? "")]
            }, empty: all ? "no swap rings" : "no pending swap rings")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one ring, leg by leg.")
        @Argument(help: "The ring's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let ring = try Swaps(store: store).showRing(actor, id)
            if output.json { return try Output.json(ring) }
            var fields = [("ring", String(ring.id)), ("collection", ring.collection), ("proposed by", ring.proposer ?? "(deleted)"),
                          ("state", ring.state.rawValue), ("proposed", Output.date(ring.createdAt))]
            if let endedAt = ring.endedAt { fields.append(("ended", Output.date(endedAt))) }
            if let reason = ring.reason { fields.append(("why", reason)) }
            Output.fields(fields)
            Output.table(["GIVER", "CARD", "TO", "ACCEPTED"], ring.legs.map {
                [$0.giver ?? "(deleted)", SwapOutput.card($0.card, $0.title), $0.receiver ?? "(deleted)", $0.accepted ? "yes" : "no"]
            })
        }
    }
}
