import ArgumentParser
import Club
import Foundation

extension CollectionCommand {
    struct Challenge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "challenge",
            abstract: "Record a collector's mini-game result (owner and editors); a won one grants an envelope.",
            discussion: "The app plays the game and reports the result through an account that administers the collection.")
        @Argument(help: "The collection's name.") var name: String
        @Option(help: "The collector.") var collector: String
        @Option(help: "The game's name (1 to 100 characters).") var game: String
        @Option(help: "The collector's score, 0 to 1000000000.") var score: Int
        @Flag(help: "The collector won: they get an envelope.") var won = false
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let result = try Challenges(store: store).record(actor, .name(name), collector: collector, game: game, score: score, won: won)
            if output.json { return try Output.json(result) }
            print("recorded challenge \(result.id): \(collector) scored \(score) at \(result.game)"
                  + (won ? ", won: 1 envelope granted" : ", lost"))
        }
    }

    struct ChallengeList: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "challenges", abstract: "Challenge results: yours, or any collector's for the owner and editors.")
        @Argument(help: "The collection's name.") var name: String
        @Option(help: "Only this collector's (yours unless you administer the collection).") var of: String?
        @Option(help: "At most this many, newest first (1 to 500).") var limit = 100
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let results = try Challenges(store: store).list(actor, .name(name), of: of, limit: limit)
            if output.json { return try Output.json(results) }
            Output.table(["ID", "WHEN", "COLLECTOR", "GAME", "SCORE", "RESULT", "BY"], results.map {
                [String($0.id), Output.date($0.recordedAt), $0.collector, $0.game, String($0.score), $0.won ? "won" : "lost",
                 $0.recordedBy ?? ""]
            }, empty: "no challenge results")
        }
    }
}
