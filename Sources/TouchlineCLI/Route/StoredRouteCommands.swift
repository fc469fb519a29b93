import ArgumentParser
import Club
import Foundation
import Routes

/// `--near LAT,LON`, as ``GeoPoint/init(coordinates:)`` reads it.
struct NearPoint: ExpressibleByArgument {
    var point: GeoPoint

    init?(argument: String) {
        guard let point = GeoPoint(coordinates: argument) else { return nil }
        self.point = point
    }

    static var defaultValueDescription: String { "LAT,LON" }
}

/// The formats `route export` writes.
extension RouteExportFormat: ExpressibleByArgument {}

extension RouteCommand {
    /// The rows of a route listing.
    static func routeTable(_ routes: [RouteSummary], near: Bool) {
        var headers = ["ID", "NAME", "CATEGORY", "DISTANCE", "POINTS", "HR", "START", "CREATED"]
        if near { headers.insert("FROM YOU", at: 1) }
        Output.table(headers, routes.map { route in
            var row = [String(route.id), route.name, route.category ?? "", Format.distance(route.distanceMeters),
                       String(route.pointCount), route.heartRate.map(String.init) ?? "",
                       String(format: "%.5f,%.5f", route.startLatitude, route.startLongitude), Output.date(route.createdAt)]
            if near { row.insert(route.distanceFromMeters.map(Format.distance) ?? "", at: 1) }
            return row
        }, empty: "no routes")
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Keep a track or route file in the database, as yours.",
            discussion: """
                Routes are personal: only you list, show, export or delete yours.

                Example:
                  touchline route import ride.gpx --name 'Sunday loop' --category ride \\
                    --heart-rate 142 --as alice
                """)
        @Argument(help: "The track or route file (GPX, KML, GeoJSON, TCX or an encoded polyline).") var input: String
        @Option(help: "The route's name (default: the file's own name, else the file name).") var name: String?
        @Option(help: "A category, such as run, ride or walk.") var category: String?
        @Option(help: "A note.") var note: String?
        @Option(name: .customLong("heart-rate"), help: ArgumentHelp("Average heart rate, 0 to 250.", valueName: "bpm"))
        var heartRate: Int?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            if let size = try? FileManager.default.attributesOfItem(atPath: input)[.size] as? Int {
                try StoredRoutes.checkFileSize(size, source: input)
            }
            let result = try RouteCommand.read(input, quiet: output.json)
            let fallback = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
            let title = StoredRoutes.name(name, of: result.document, otherwise: fallback)
            let (store, actor) = try club.session()
            let route = try StoredRoutes(store: store).add(actor, document: result.document, name: title,
                                                           category: category, note: note, heartRate: heartRate)
            if output.json { return try Output.json(route) }
            print("imported route \(route.id): \(route.name) (\(Format.distance(route.distanceMeters)), \(route.pointCount) points)")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List your stored routes: nearest start first with --near, else newest first.")
        @Option(help: ArgumentHelp("Order by the geodesic distance from this point to each route's start.",
                                   valueName: "lat,lon"))
        var near: NearPoint?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let routes = try StoredRoutes(store: store).list(actor, near: near?.point)
            if output.json { return try Output.json(routes) }
            RouteCommand.routeTable(routes, near: near != nil)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one of your stored routes.")
        @Argument(help: "The route's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let (route, document) = try StoredRoutes(store: store).show(actor, id)
            if output.json { return try Output.json(route) }
            Output.fields([
                ("id", String(route.id)), ("name", route.name), ("category", route.category ?? ""),
                ("note", route.note ?? ""), ("heart rate", route.heartRate.map { "\($0) bpm" } ?? ""),
                ("distance", Format.distance(route.distanceMeters)),
                ("start", String(format: "%.6f,%.6f", route.startLatitude, route.startLongitude)),
                ("points", String(route.pointCount)),
                ("contents", "\(document.tracks.count) tracks, \(document.routes.count) planned routes, "
                    + "\(document.waypoints.count) waypoints"),
                ("created", Output.date(route.createdAt)),
            ])
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change the name, category, note or heart rate of one of your stored routes.",
            discussion: """
                Options left out keep their value; an empty --category or --note clears it.

                Example:
                  touchline route edit 3 --name 'Sunday loop' --category ride --heart-rate 138
                """)
        @Argument(help: "The route's id.") var id: Int64
        @Option(help: "A new name.") var name: String?
        @Option(help: "A new category ('' clears it).") var category: String?
        @Option(help: "A new note ('' clears it).") var note: String?
        @Option(name: .customLong("heart-rate"), help: ArgumentHelp("A new average heart rate, 0 to 250.", valueName: "bpm"))
        var heartRate: Int?
        @Flag(name: .customLong("no-heart-rate"), help: "Clear the heart rate.") var noHeartRate = false
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            if heartRate != nil && noHeartRate { throw ValidationError("give --heart-rate or --no-heart-rate, not both") }
            if name == nil && category == nil && note == nil && heartRate == nil && !noHeartRate {
                throw ValidationError("nothing to change: give --name, --category, --note, --heart-rate or --no-heart-rate")
            }
        }

        func run() throws {
            let (store, actor) = try club.session()
            let route = try StoredRoutes(store: store).edit(actor, id, name: name, category: category, note: note,
                                                            heartRate: heartRate, clearHeartRate: noHeartRate)
            if output.json { return try Output.json(route) }
            print("updated route \(route.id): \(route.name)")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete one of your stored routes.")
        @Argument(help: "The route's id.") var id: Int64
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try StoredRoutes(store: store).delete(actor, id)
            print("deleted route \(id)")
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write one of your stored routes as GPX, GeoJSON or KML.",
            discussion: """
                Without -o the file goes to standard output.

                Example:
                  touchline route export 3 --format gpx -o loop.gpx
                """)
        @Argument(help: "The route's id.") var id: Int64
        @Option(help: "gpx, geojson or kml.") var format: RouteExportFormat
        @Option(name: .shortAndLong, help: ArgumentHelp("The output file (written atomically).", valueName: "file"))
        var output: String?
        @OptionGroup var club: ClubOptions

        func run() throws {
            if let output { try Files.checkWritable(output) }
            let (store, actor) = try club.session()
            let (document, metadata) = try StoredRoutes(store: store).export(actor, id)
            let data = format.data(document, metadata: metadata)
            if let output {
                try Files.write(data, to: output)
            } else {
                FileHandle.standardOutput.write(data)
            }
        }
    }
}
