import ArgumentParser
import Club
import Foundation
import Stickers

extension Battle.Kind: ExpressibleByArgument {}

/// `touchline battle`: battles between collectors, played in the app and scored here.
struct BattleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "battle",
        abstract: "Challenge another collector: the higher score takes one of the loser's cards and an envelope.",
        discussion: """
            A random battle's winner gets a random free copy of the loser's (one not promised in a
            swap); a selective battle's winner chooses one of the loser's free cards. A tie gives
            nothing; a surrender ends the battle with no card. When the loser has no free card the
            battle waits, resolved, until the winner claims again.

            Examples:
              touchline battle propose 'Liga 2024/25' --to carol --kind random --as bob
              touchline battle accept 1 --as carol
              touchline battle score 1 120 --as bob
              touchline battle score 1 95 --as carol
              touchline battle claim 2 --card 7 --as bob
            """,
        subcommands: [Propose.self, Accept.self, Reject.self, Cancel.self, Surrender.self, Score.self, Claim.self, List.self,
                      Show.self]
    )

    struct Propose: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "propose", abstract: "Challenge another collector of a collection.")
        @Argument(help: "The collection's name.") var name: String
        @Option(help: "The other collector.") var to: String
        @Option(help: "random (a random free copy) or selective (the winner chooses).") var kind: Battle.Kind = .random
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let battle = try Battles(store: store).propose(actor, .name(name), to: to, kind: kind)
            if output.json { return try Output.json(battle) }
            print("proposed battle \(battle.id): \(battle.kind.rawValue), with \(to)")
        }
    }

    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "accept", abstract: "Accept a battle you were challenged to.")
        @Argument(help: "The battle's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            try BattleOutput.print(try Battles(store: store).accept(actor, id), json: output.json)
        }
    }

    struct Reject: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reject", abstract: "Turn down a battle you were challenged to.")
        @Argument(help: "The battle's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            try BattleOutput.print(try Battles(store: store).reject(actor, id), json: output.json)
        }
    }

    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Take back a battle you proposed.")
        @Argument(help: "The battle's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            try BattleOutput.print(try Battles(store: store).cancel(actor, id), json: output.json)
        }
    }

    struct Surrender: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "surrender", abstract: "Give up an accepted battle: no card moves.")
        @Argument(help: "The battle's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            try BattleOutput.print(try Battles(store: store).surrender(actor, id), json: output.json)
        }
    }

    struct Score: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "score", abstract: "Report your score in an accepted battle (once); the app plays the game.")
        @Argument(help: "The battle's id.") var id: Int64
        @Argument(help: "Your score, 0 to 1000000000.") var score: Int
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            try BattleOutput.print(try Battles(store: store).report(actor, id, score: score), json: output.json)
        }
    }

    struct Claim: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "claim", abstract: "Take the card you won: your choice (selective), or a random one again (random).")
        @Argument(help: "The battle's id.") var id: Int64
        @Option(help: "The loser's card you choose (selective battles).") var card: Int?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            try BattleOutput.print(try Battles(store: store).claim(actor, id, card: card), json: output.json)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Your open battles (--all: every state), newest first.")
        @Option(help: "Only this collection's.") var collection: String?
        @Flag(help: "Finished, rejected, cancelled and surrendered ones too.") var all = false
        @Option(help: "At most this many (1 to 500).") var limit = 100
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let battles = try Battles(store: store).list(actor, collection: collection.map(CollectionReference.name), all: all, limit: limit)
            if output.json { return try Output.json(battles) }
            Output.table(["ID", "COLLECTION", "CHALLENGER", "OPPONENT", "KIND", "STATE", "SCORE", "WINNER", "CARD"], battles.map {
                [String($0.id), $0.collection, $0.challenger ?? "(deleted)", $0.opponent ?? "(deleted)", $0.kind.rawValue,
                 $0.state.rawValue, BattleOutput.score($0), $0.winner ?? "", $0.prize.map(String.init) ?? ""]
            }, empty: all ? "no battles" : "no open battles")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one battle.")
        @Argument(help: "The battle's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let battle = try Battles(store: store).show(actor, id)
            if output.json { return try Output.json(battle) }
            var fields = [("battle", String(battle.id)), ("collection", battle.collection), ("kind", battle.kind.rawValue),
                          ("challenger", battle.challenger ?? "(deleted)"), ("opponent", battle.opponent ?? "(deleted)"),
                          ("state", battle.state.rawValue), ("score", BattleOutput.score(battle))]
            if let winner = battle.winner { fields.append(("winner", winner)) }
            if let prize = battle.prize { fields.append(("card", "\(prize) (\(battle.prizeTitle ?? ""))")) }
            if let reason = battle.reason { fields.append(("why", reason)) }
            if let choices = battle.choices { fields.append(("choose from", choices.map(String.init).joined(separator: ","))) }
            Output.fields(fields)
        }
    }
}

/// How battle commands print a battle.
enum BattleOutput {
    /// The challenger's score, then the opponent's: `120-95`, `120-?` while one is missing.
    static func score(_ battle: BattleRecord) -> String {
        guard battle.challengerScore != nil || battle.opponentScore != nil else { return "" }
        return "\(battle.challengerScore.map(String.init) ?? "?")-\(battle.opponentScore.map(String.init) ?? "?")"
    }

    static func print(_ battle: BattleRecord, json: Bool) throws {
        if json { return try Output.json(battle) }
        var line = "battle \(battle.id) \(battle.state.rawValue)"
        let score = score(battle)
        if !score.isEmpty { line += ", \(score)" }
        if let winner = battle.winner { line += ", won by \(winner)" }
        if let prize = battle.prize { line += ": card \(prize) (\(battle.prizeTitle ?? "")) and an envelope" }
        if let reason = battle.reason { line += " (\(reason))" }
        Swift.print(line)
    }
}
