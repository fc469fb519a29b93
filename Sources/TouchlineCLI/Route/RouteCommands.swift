import ArgumentParser
import Canvas
import Club
import Foundation
import MapTiles
import Routes

/// `touchline route`: GPS tracks and planned routes.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Statistics and maps of GPS tracks and planned routes (GPX, KML, GeoJSON, TCX, encoded polylines).",
        discussion: """
            The format is detected from the content.

            Examples:
              touchline route stats examples/routes/garmin-hike.gpx
              touchline route render examples/routes/garmin-hike.gpx -o hike.png \\
                --colour-by elevation --profile
              touchline route thumbs tracks/*.gpx --out thumbs --size 320x200 \\
                --size 160x100
            """,
        subcommands: [Stats.self, Render.self, Thumbs.self, Import.self, List.self, Show.self, Edit.self, Delete.self,
                      Export.self]
    )

    /// Reads a route file, reporting what the reader dropped as notes on standard error.
    static func read(_ path: String, quiet: Bool = false) throws -> ReadResult {
        guard FileManager.default.fileExists(atPath: path) else { throw CommandError(.noInput, "\(path): no such file") }
        let result = try RouteReader.read(contentsOf: URL(fileURLWithPath: path))
        if !quiet {
            for (reason, count) in result.report.dropped.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where count > 0 {
                StandardError.print("touchline: note: \(path): dropped \(count) × \(reason.rawValue)")
            }
        }
        return result
    }

    /// Opens `--tiles`: exit 66 when the file is missing, 65 (one line naming it) when it is
    /// not MBTiles. Notes on standard error when its tiles cannot be decoded here.
    static func openTiles(_ path: String?, quiet: Bool = false) throws -> MBTilesSource? {
        guard let path else { return nil }
        guard FileManager.default.fileExists(atPath: path) else { throw CommandError(.noInput, "\(path): no such file") }
        let source: MBTilesSource
        do {
            source = try MBTilesSource(path: path)
        } catch let error as MBTilesError {
            let message = (error.errorDescription ?? "\(error)").replacingOccurrences(of: "\n", with: " ")
            if case .notFound = error { throw CommandError(.noInput, message) }
            throw CommandError(.dataError, message.hasPrefix(path) ? message : "\(path): \(message)")
        }
        if !quiet, !source.hasDecodableFormat {
            StandardError.print("touchline: note: \(path): \(source.format ?? "") tiles cannot be decoded (only PNG and JPEG): "
                + "the background shows instead")
        }
        return source
    }

    /// The help of an argument that names a route file or a stored route.
    static let inputHelp = ArgumentHelp(
        "The track or route file, or the id of one of your stored routes (digits only: write ./12 for a file named 12).",
        valueName: "file-or-id")

    /// A file's document, or, when `input` is all digits, the document of the acting user's
    /// stored route with that id.
    static func document(_ input: String, club: ClubOptions, quiet: Bool = false) throws -> RouteDocument {
        if !input.isEmpty, input.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            guard let id = Int64(input) else { throw CommandError(.dataError, "route \(input): no such route") }
            let (store, actor) = try club.session()
            return try StoredRoutes(store: store).show(actor, id).1
        }
        return try read(input, quiet: quiet).document
    }

    /// Numbers for people, as the Routes module writes them.
    typealias Format = RouteStatisticsText

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Distance, time, pace, climb and splits of a track.",
            discussion: """
                Distance is measured on the WGS84 ellipsoid (Karney's geodesic) per segment; the gap \
                between segments is not distance. Climb is smoothed (5-point average, 3 m threshold) \
                and reported raw too; moving time and moving distance count the steps of 0.5 m/s or more, \
                however long they took. Steps without times count in the distance only: the average speed \
                is the timed distance over the duration, the moving speed the moving distance over the \
                moving time. A split's ELAPSED time includes its stops; its MOVING PACE is moving time per \
                kilometre moved.

                Example:
                  touchline route stats ride.gpx --split 5000 --json
                """)
        @Argument(help: RouteCommand.inputHelp) var input: String
        @Option(help: ArgumentHelp("Split length in metres.", valueName: "metres")) var split: Double = 1000
        @OptionGroup var output: JSONFlag
        @OptionGroup var club: ClubOptions

        func validate() throws {
            guard split.isFinite, split >= RouteStatisticsCalculator.minimumSplitMeters else {
                throw ValidationError("--split must be \(Int(RouteStatisticsCalculator.minimumSplitMeters)) metres or more")
            }
        }

        func run() throws {
            let document = try RouteCommand.document(input, club: club)
            guard let statistics = RouteStatisticsCalculator.statistics(of: document, splitMeters: split) else {
                throw CommandError(.dataError, "\(input): no track or route to measure")
            }
            if output.json { return try Output.json(statistics) }
            Output.fields([
                ("distance", Format.distance(statistics.distanceMeters)),
                ("3-D distance", Format.distance(statistics.distance3DMeters)),
                ("duration", statistics.durationSeconds.map(Format.duration) ?? "not timed"),
                ("timed distance", statistics.timedDistanceMeters.map(Format.distance) ?? "not timed"),
                ("moving time", statistics.movingTimeSeconds.map(Format.duration) ?? ""),
                ("moving distance", statistics.movingDistanceMeters.map(Format.distance) ?? ""),
                ("average speed", Format.speed(statistics.averageSpeed)),
                ("moving speed", Format.speed(statistics.movingSpeed)),
                ("maximum speed", Format.speed(statistics.maximumSpeed)
                    + (statistics.rawMaximumSpeed.map { " (raw \(Format.speed($0)))" } ?? "")),
                ("pace", Format.pace(statistics.paceSecondsPerKilometer)),
                ("climb", "\(Format.metres(statistics.elevationGainMeters)) (raw \(Format.metres(statistics.rawElevationGainMeters)))"),
                ("descent", "\(Format.metres(statistics.elevationLossMeters)) (raw \(Format.metres(statistics.rawElevationLossMeters)))"),
                ("altitude", [statistics.minimumElevationMeters, statistics.maximumElevationMeters].compactMap { $0 }
                    .map { Format.metres($0) }.joined(separator: " to ")),
                ("points", "\(statistics.pointCount) in \(statistics.segmentCount) segments"),
            ])
            guard !statistics.splits.isEmpty else { return }
            print("")
            Output.table(["SPLIT", "DISTANCE", "ELAPSED", "MOVING PACE", "CLIMB"], statistics.splits.map {
                [String($0.index + 1), Format.distance($0.distanceMeters), $0.durationSeconds.map(Format.duration) ?? "",
                 Format.pace($0.paceSecondsPerKilometer), Format.metres($0.climbMeters)]
            })
        }
    }

    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "render",
            abstract: "Draw a map of a track or route to PNG, SVG or PDF.",
            discussion: """
                Start green, finish red (one marker for a loop), kilometre marks purple, a scale bar; \
                optionally coloured by speed, elevation or grade with a legend, kilometre labels and \
                an elevation profile with a stats line.

                Example:
                  touchline route render ride.gpx -o ride.png --size 1200x800 \\
                    --colour-by speed --profile
                  touchline route render ride.gpx -o ride.png --tiles alps.mbtiles

                --tiles reads an MBTiles 1.3 file offline (PNG or JPEG tiles, scaled to the map's zoom, its \
                attribution drawn in the corner); a missing tile leaves the background and a note.
                """)
        @Argument(help: RouteCommand.inputHelp) var input: String
        @Option(name: .shortAndLong, help: ArgumentHelp("The output file: .png, .svg or .pdf.", valueName: "file")) var output: String
        @Option(help: ArgumentHelp("Output size in pixels (points for PDF and SVG).", valueName: "WxH"))
        var size = Size(width: 600, height: 400)
        @Option(help: "Device pixels per unit for PNG.") var scale: Double = 1
        @Option(name: .customLong("colour-by"), help: "none, speed, elevation or grade.") var colourBy: RouteColouring = .none
        @Flag(name: .customLong("km-labels"), help: "Label the kilometre marks.") var kilometreLabels = false
        @Flag(help: "Add an elevation profile with a stats line.") var profile = false
        @Option(help: ArgumentHelp("Offline PNG or JPEG map tiles under the route, from an MBTiles file.", valueName: "file.mbtiles"))
        var tiles: String?
        @Option(help: ArgumentHelp("PNG compression: fastest, fast, balanced or smallest.", valueName: "level"))
        var compression: PNGOptions.Compression = .fast
        @Flag(name: .shortAndLong, help: "Print nothing on success.") var quiet = false
        @OptionGroup var club: ClubOptions

        func validate() throws {
            guard OutputFormat(fileExtensionOf: URL(fileURLWithPath: output)) != nil else {
                throw ValidationError("cannot tell the format of '\(output)': use a .png, .svg or .pdf file name")
            }
            guard RenderScale.isValid(scale) else { throw ValidationError("--scale must be \(RenderScale.rule())") }
        }

        func run() throws {
            let document = try RouteCommand.document(input, club: club, quiet: quiet)
            let source = try RouteCommand.openTiles(tiles, quiet: quiet)
            let statsLine = RouteStatisticsText.statsLine(of: document)
            let options = RouteMapOptions(size: size, scale: scale, colourBy: colourBy, kilometreLabels: kilometreLabels,
                                          profile: profile, tiles: source, attribution: source?.attribution,
                                          statsLine: statsLine)
            let renderer = try RouteMapRenderer(document: document, options: options)
            try Files.checkWritable(output)
            let format = OutputFormat(fileExtensionOf: URL(fileURLWithPath: output)) ?? .png
            let rendered = try renderer.render(format: format, png: PNGOptions(compression: compression))
            try Files.write(rendered.data, to: output)
            if !quiet {
                for note in rendered.notes { StandardError.print("touchline: note: \(note)") }
                print("wrote \(output) (\(Files.describeSize(rendered.data.count)))")
            }
        }
    }
}

extension RouteColouring: ExpressibleByArgument {}
