import ArgumentParser
import Club
import Foundation
import Canvas
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
              touchline treasure show 'Liga 2024/25' --map -o hunt.png --as bob
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
            let hunt = try TreasureHunts(store: store).start(actor, .name(name), latitude: at.point.latitude, longitude: at.point.longitude)
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
            let hunt = try TreasureHunts(store: store).claim(actor, .name(name), latitude: at.point.latitude, longitude: at.point.longitude)
            if output.json { return try Output.json(hunt) }
            print("found! an envelope of special cards is yours (touchline collection open '\(hunt.collection)')")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Your latest hunt; with --map -o FILE its map (PNG, SVG or PDF).",
            discussion: """
                The map shows the area the treasure may be in (grey), you where the hunt started
                (blue) with the 150 m a claim reaches, and the treasure (red) only once found.
                """)
        @Argument(help: "The collection's name.") var name: String
        @Flag(help: "Draw the hunt's map to -o.") var map = false
        @Option(name: .shortAndLong, help: "The map's file: .png, .svg or .pdf (with --map).") var output: String?
        @Option(help: ArgumentHelp("The map's size in pixels (points for PDF and SVG).", valueName: "WxH"))
        var size = Size(width: 800, height: 800)
        @OptionGroup var club: ClubOptions
        @OptionGroup var json: JSONFlag

        func validate() throws {
            guard map == (output != nil) else { throw ValidationError("--map and -o go together") }
            if let output, OutputFormat(fileExtensionOf: URL(fileURLWithPath: output)) == nil {
                throw ValidationError("cannot tell the format of '\(output)': use a .png, .svg or .pdf file name")
            }
        }

        func run() throws {
            let (store, actor) = try club.session()
            let hunt = try TreasureHunts(store: store).show(actor, .name(name))
            if let output {
                let format = OutputFormat(fileExtensionOf: URL(fileURLWithPath: output)) ?? .png
                let rendered = try RouteMapRenderer(document: RouteDocument(), options: hunt.mapOptions(size: size)).render(format: format)
                try Files.write(rendered.data, to: output)
            }
            if json.json { return try Output.json(hunt) }
            var fields = [("collection", hunt.collection), ("state", hunt.state.rawValue),
                          ("started at", String(format: "%.5f,%.5f", hunt.start.latitude, hunt.start.longitude)),
                          ("started", Output.date(hunt.startedAt)), ("expires", Output.date(hunt.expiresAt))]
            if let target = hunt.target { fields.append(("treasure", String(format: "%.5f,%.5f", target.latitude, target.longitude))) }
            if let foundAt = hunt.foundAt { fields.append(("found", Output.date(foundAt))) }
            if let output { fields.append(("map", output)) }
            Output.fields(fields)
        }
    }
}
