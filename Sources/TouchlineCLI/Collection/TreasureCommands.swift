import ArgumentParser
import Club
import Foundation
import Routes

/// `touchline treasure`: hunts for an envelope of special cards hidden near you.
struct TreasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "treasure",
        abstract: "Hunt for treasure: an envelope of special cards hidden 0.5 to 2 km from you.",
        discussion: """
            A hunt lasts 24 hours; one at a time in each collection. A claim within 150 m of the
            hidden point finds it; a claim farther away says how far. --at is LAT,LON in degrees.

            Examples:
              touchline treasure start 'Liga 2024/25' --at 43.2641,-2.9494 --as bob
              touchline treasure claim 'Liga 2024/25' --at 43.2702,-2.9391 --as bob
              touchline treasure show 'Liga 2024/25' --as bob
            """,
        subcommands: [Start.self, Claim.self, Show.self]
    )

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a hunt from where you stand.")
        @Argument(help: "The collection's name.") var name: String
        @Option(help: "Where you stand.") var at: NearPoint
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let hunt = try TreasureHunts(store: store).start(actor, name, latitude: at.point.latitude, longitude: at.point.longitude)
            if output.json { return try Output.json(hunt) }
            print("a treasure is hidden 0.5 to 2 km from you; find it by \(Output.date(hunt.expiresAt))")
        }
    }

    struct Claim: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "claim", abstract: "Claim the treasure from where you stand.")
        @Argument(help: "The collection's name.") var name: String
        @Option(help: "Where you stand.") var at: NearPoint
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let hunt = try TreasureHunts(store: store).claim(actor, name, latitude: at.point.latitude, longitude: at.point.longitude)
            if output.json { return try Output.json(hunt) }
            print("found! an envelope of special cards is yours (touchline collection open '\(hunt.collection)')")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Your latest hunt.")
        @Argument(help: "The collection's name.") var name: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var json: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let hunt = try TreasureHunts(store: store).show(actor, name)
            if json.json { return try Output.json(hunt) }
            var fields = [("collection", hunt.collection), ("state", hunt.state.rawValue),
                          ("started at", String(format: "%.5f,%.5f", hunt.start.latitude, hunt.start.longitude)),
                          ("started", Output.date(hunt.startedAt)), ("expires", Output.date(hunt.expiresAt))]
            if let target = hunt.target { fields.append(("treasure", String(format: "%.5f,%.5f", target.latitude, target.longitude))) }
            if let foundAt = hunt.foundAt { fields.append(("found", Output.date(foundAt))) }
            Output.fields(fields)
        }
    }
}
