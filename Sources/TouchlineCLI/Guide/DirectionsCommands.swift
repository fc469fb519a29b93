import ArgumentParser
import Canvas
import Club
import Foundation
import Routes

/// `-o FILE` and `--size` of the guides' maps, and how they are written.
struct GuideMapOutput: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("The map to write: .png, .svg or .pdf.", valueName: "file")) var output: String
    @Option(help: ArgumentHelp("Its size in pixels (points for PDF and SVG).", valueName: "WxH"))
    var size = Size(width: 800, height: 600)

    func validate() throws {
        guard OutputFormat(fileExtensionOf: URL(fileURLWithPath: output)) != nil else {
            throw ValidationError("-o must name a .png, .svg or .pdf file")
        }
    }

    /// Draws `document` and writes it, all or nothing.
    func write(_ document: RouteDocument) throws {
        try Files.checkWritable(output)
        let format = OutputFormat(fileExtensionOf: URL(fileURLWithPath: output)) ?? .png
        let renderer = try RouteMapRenderer(document: document, options: RouteMapOptions(size: size))
        try Files.write(try renderer.render(format: format).data, to: output)
    }
}

extension PlaceCommand {
    struct Route: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "route",
            abstract: "Draw the straight line from where you are to a place, with the distance.",
            discussion: """
                The line goes as the crow flies, from stop 1 (you) to stop 2 (the place), labelled \
                with its length: Touchline has no street data offline, so it gives no walking or \
                driving route.

                Example:
                  touchline place route 12 --from 43.263,-2.935 -o to-the-ground.png
                """)
        @Argument(help: "The place's id.") var id: Int64
        @Option(help: ArgumentHelp("Where you are, LAT,LON in decimal degrees.", valueName: "lat,lon")) var from: String
        @OptionGroup var map: GuideMapOutput
        @OptionGroup var club: ClubOptions

        func run() throws {
            guard let start = GeoPoint(coordinates: from) else {
                throw CommandError(.dataError, "--from: '\(from)' is not LAT,LON in decimal degrees, for example 43.263,-2.935")
            }
            let place = try Guides(store: try club.publicStore()).place(nil, id)
            let end = GeoPoint(latitude: place.latitude, longitude: place.longitude)
            let distance = RouteStatisticsText.distance(Geodesic.distance(start, end))
            try map.write(.plan([Routes.Place(name: "You", point: start), Routes.Place(name: place.name, point: end)]))
            print("\(place.name): \(distance) in a straight line (no street routing offline); wrote \(map.output)")
        }
    }
}

extension ItineraryCommand {
    struct Map: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "map",
            abstract: "Draw one day of an itinerary as a planned route: numbered stops, legs with their lengths.",
            discussion: """
                Example:
                  touchline itinerary map 3 --day 1 -o day1.png
                """)
        @Argument(help: "The itinerary's id.") var id: Int64
        @Option(help: "The day, from 1.") var day: Int
        @OptionGroup var map: GuideMapOutput
        @OptionGroup var club: ClubOptions

        func run() throws {
            let itinerary = try Guides(store: try club.publicStore()).itinerary(nil, id)
            guard itinerary.stops.indices.contains(day - 1) else {
                throw CommandError(.dataError, "--day: '\(itinerary.name)' has days 1 to \(itinerary.days), not \(day)")
            }
            let stops = itinerary.stops[day - 1].map {
                Routes.Place(name: $0.name, point: GeoPoint(latitude: $0.latitude, longitude: $0.longitude))
            }
            guard !stops.isEmpty else { throw CommandError(.dataError, "--day: day \(day) of '\(itinerary.name)' has no stops") }
            try map.write(.plan(stops, name: "Day \(day)"))
            print("\(itinerary.name), day \(day): \(stops.count) stops; wrote \(map.output)")
        }
    }
}
