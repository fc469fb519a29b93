import ArgumentParser
import Club
import Foundation

/// `touchline itinerary`: a guide's itineraries, day by day.
struct ItineraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "itinerary",
        abstract: "Itineraries of guides: a few days, each an ordered list of the guide's places.",
        discussion: """
            Each --day lists one day's place ids in order, day 1 first.

            Example:
              touchline itinerary create Bilbao 'Match weekend' --days 2 \\
                --day 3,1,4 --day 2,5
            """,
        subcommands: [Create.self, Show.self, List.self, Map.self, Edit.self, Delete.self])

    static func printItinerary(_ itinerary: ItineraryInfo) {
        Output.fields([("itinerary", itinerary.name), ("id", String(itinerary.id)), ("guide", itinerary.guide),
                       ("days", String(itinerary.days)), ("score", String(itinerary.score))]
                      + (itinerary.description.map { [("about", $0)] } ?? []))
        for (day, stops) in itinerary.stops.enumerated() {
            print("day \(day + 1): " + (stops.isEmpty ? "free" : stops.map { "\($0.name) (\($0.placeId))" }.joined(separator: " → ")))
        }
    }

    /// `--day 3,1,4`: one day's place ids.
    static func stops(_ days: [String]) throws -> [[Int64]] {
        try days.enumerated().map { index, text in
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
            return try text.split(separator: ",", omittingEmptySubsequences: false).map {
                guard let id = Int64($0.trimmingCharacters(in: .whitespaces)), id > 0 else {
                    throw CommandError(.dataError, "--day \(index + 1): '\(text)' is not a list of place ids like 3,1,4")
                }
                return id
            }
        }
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Add an itinerary to a guide (its owner and editors); prints its id.")
        @Argument(help: "The guide, by name or id.") var guide: String
        @Argument(help: "The itinerary's name.") var name: String
        @Option(help: "How many days, 1 to 30.") var days: Int
        @Option(help: ArgumentHelp("One day's place ids in order; repeat for each day.", valueName: "id,id,...")) var day: [String] = []
        @Option(help: "What to know about it.") var description: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let stops = try ItineraryCommand.stops(day)
            let (store, actor) = try club.session()
            let itinerary = try Guides(store: store).createItinerary(actor, in: GuideReference(guide), name: name, days: days,
                                                                     description: description, stops: stops)
            try Output.created(itinerary, id: itinerary.id, json: output.json)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show an itinerary day by day.")
        @Argument(help: "The itinerary's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let itinerary = try Guides(store: store).itinerary(viewer, id)
            if output.json { return try Output.json(itinerary) }
            ItineraryCommand.printItinerary(itinerary)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "A guide's itineraries by days, or the five most voted (--top).")
        @Argument(help: "The guide, by name or id.") var guide: String
        @Flag(help: "The five most voted.") var top = false
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let itineraries = try Guides(store: store).itineraries(viewer, in: GuideReference(guide), mostVoted: top)
            if output.json { return try Output.json(itineraries) }
            Output.table(["ID", "ITINERARY", "DAYS", "STOPS", "SCORE"], itineraries.map {
                [String($0.id), $0.name, String($0.days), String($0.stops.joined().count), String($0.score)]
            }, empty: "no itineraries")
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change an itinerary; --day replaces every day's stops (the guide's owner and editors).")
        @Argument(help: "The itinerary's id.") var id: Int64
        @Option(name: .customLong("name"), help: "A new name.") var newName: String?
        @Option(help: "How many days, 1 to 30.") var days: Int?
        @Option(help: ArgumentHelp("One day's place ids in order; repeat for each day.", valueName: "id,id,...")) var day: [String] = []
        @Option(help: "A new description ('' clears it).") var description: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let stops = day.isEmpty ? nil : try ItineraryCommand.stops(day)
            let (store, actor) = try club.session()
            let itinerary = try Guides(store: store).editItinerary(actor, id, name: newName, days: days, description: description,
                                                                   stops: stops)
            if output.json { return try Output.json(itinerary) }
            ItineraryCommand.printItinerary(itinerary)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an itinerary (the guide's owner and editors).")
        @Argument(help: "The itinerary's id.") var id: Int64
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Guides(store: store).deleteItinerary(actor, id)
            print("deleted itinerary \(id)")
        }
    }
}
