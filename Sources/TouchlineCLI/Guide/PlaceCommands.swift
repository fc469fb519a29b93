import ArgumentParser
import Club
import Foundation
import Routes

/// `touchline place`: the places of guides.
struct PlaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "place",
        abstract: "Places in guides: add, show, find near a point, comment on.",
        discussion: """
            Places are named by id. Opening hours are OpenStreetMap's opening_hours: weekday \
            ranges, several time ranges and off ("Mo-Fr 09:00-14:00,16:00-20:00; Sa 10:00-14:00; \
            Su off").

            Examples:
              touchline place add Bilbao 'San Mamés' --at 43.2641,-2.9494 --category ground
              touchline place near 43.263,-2.935 --within 5 --json
              touchline place show 12 --json
            """,
        subcommands: [Add.self, Show.self, Edit.self, Delete.self, Near.self, Search.self, Route.self, Picture.self,
                      Comment.self, Comments.self, Uncomment.self]
    )

    static func printPlaces(_ places: [PlaceInfo], empty: String, distances: Bool = false) {
        var headers = ["ID", "PLACE", "GUIDE", "CATEGORY", "PRICE", "SCORE"]
        if distances { headers.insert("DISTANCE", at: 2) }
        Output.table(headers, places.map { place in
            var row = [String(place.id), place.name, place.guide, place.category.rawValue, place.priceRange ?? "",
                       String(place.score)]
            if distances { row.insert(place.distanceMeters.map(RouteStatisticsText.distance) ?? "", at: 2) }
            return row
        }, empty: empty)
    }

    static func printPlace(_ place: PlaceInfo) {
        var fields = [("place", place.name), ("id", String(place.id)), ("guide", place.guide),
                      ("category", place.category.rawValue),
                      ("at", String(format: "%.6f,%.6f", place.latitude, place.longitude))]
        if let address = place.address { fields.append(("address", address)) }
        if let hours = place.openingHours { fields.append(("hours", hours)) }
        if let price = place.priceRange { fields.append(("price", price)) }
        fields += [("score", String(place.score) + (place.voted ? " (you voted)" : "")), ("photos", String(place.photos)),
                   ("comments", String(place.comments)), ("author", place.author ?? "deleted user")]
        if let description = place.description { fields.append(("about", description)) }
        Output.fields(fields)
    }

    /// The fields `place add` and `place edit` share.
    struct Fields: ParsableArguments {
        @Option(help: ArgumentHelp("Where it is, LAT,LON in decimal degrees.", valueName: "lat,lon")) var at: String?
        @Option(help: "ground, food, drink, sight, shop, transport, stay or other.") var category: PlaceCategory?
        @Option(help: ArgumentHelp("Opening hours in opening_hours syntax ('' clears them).", valueName: "opening-hours"))
        var hours: String?
        @Option(help: ArgumentHelp("A price range: €€, 10-20 EUR, free ('' clears it).", valueName: "text")) var price: String?
        @Option(help: "Its address ('' clears it).") var address: String?
        @Option(help: "What to know about it ('' clears it).") var description: String?

        func fields(name: String?) throws -> PlaceFields {
            var latitude: Double?, longitude: Double?
            if let at {
                guard let point = GeoPoint(coordinates: at) else {
                    throw CommandError(.dataError, "--at: '\(at)' is not LAT,LON in decimal degrees with a latitude from -90 to 90 "
                                       + "and a longitude from -180 to 180, for example 43.2641,-2.9494")
                }
                latitude = point.latitude
                longitude = point.longitude
            }
            return PlaceFields(name: name, description: description, category: category, openingHours: hours,
                               priceRange: price, address: address, latitude: latitude, longitude: longitude)
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a place to a guide (its owner and editors); prints its id.")
        @Argument(help: "The guide, by name or id.") var guide: String
        @Argument(help: "The place's name (at most 120 characters).") var name: String
        @OptionGroup var details: Fields
        @Option(help: ArgumentHelp("A picture of it, PNG or JPEG (at most 8 MiB).", valueName: "file")) var picture: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            guard details.at != nil else { throw ValidationError("give where the place is: --at LAT,LON") }
        }

        func run() throws {
            let fields = try details.fields(name: name)
            let image = try picture.map(Files.read)
            let (store, actor) = try club.session()
            let place = try Guides(store: store).addPlace(actor, to: GuideReference(guide), fields, picture: image)
            try Output.created(place, id: place.id, json: output.json)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a place, with its score.")
        @Argument(help: "The place's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let place = try Guides(store: store).place(viewer, id)
            if output.json { return try Output.json(place) }
            PlaceCommand.printPlace(place)
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a place (the guide's owner and editors).")
        @Argument(help: "The place's id.") var id: Int64
        @Option(name: .customLong("name"), help: "A new name.") var newName: String?
        @OptionGroup var details: Fields
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let fields = try details.fields(name: newName)
            let (store, actor) = try club.session()
            let place = try Guides(store: store).editPlace(actor, id, fields)
            if output.json { return try Output.json(place) }
            PlaceCommand.printPlace(place)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a place with its photos, votes and comments (the guide's owner and editors).")
        @Argument(help: "The place's id.") var id: Int64
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Guides(store: store).deletePlace(actor, id)
            print("deleted place \(id)")
        }
    }

    struct Near: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "near",
            abstract: "The places within a distance of a point, nearest first (geodesic distance, straight line).",
            discussion: """
                --json prints an array of places, nearest first, each with id, name and \
                distanceMeters; when more follow, 'more: --after CURSOR' goes to standard error.
                """)
        @Argument(help: ArgumentHelp("The point, LAT,LON in decimal degrees.", valueName: "lat,lon")) var point: String
        @Option(help: ArgumentHelp("How far, in kilometres.", valueName: "km")) var within: Double
        @Option(help: "Only this guide's places (by name or id).") var guide: String?
        @OptionGroup var page: PageOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            guard let point = GeoPoint(coordinates: point) else {
                throw CommandError(.dataError, "'\(self.point)' is not LAT,LON in decimal degrees with a latitude from -90 to 90 "
                                   + "and a longitude from -180 to 180, for example 43.263,-2.935")
            }
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let places = try Guides(store: store).near(viewer, point, within: within, guide: guide.map { GuideReference($0) },
                                                       after: page.after, limit: page.limit)
            if output.json {
                try Output.json(places.items)
                if let next = places.next { StandardError.print("more: --after \(next)") }
                return
            }
            PlaceCommand.printPlaces(places.items, empty: "no places within \(within) km", distances: true)
            if let next = places.next { print("more: --after \(next)") }
        }
    }

    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search", abstract: "The places of every guide whose name contains the text, ignoring case and accents.")
        @Argument(help: "The text.") var text: String
        @OptionGroup var page: PageOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let places = try Guides(store: store).searchPlaces(viewer, text, after: page.after, limit: page.limit)
            if output.json { return try Output.json(places) }
            PlaceCommand.printPlaces(places.items, empty: "no places match '\(text)'")
            if let next = places.next { print("more: --after \(next)") }
        }
    }

    struct Picture: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "picture", abstract: "Set (--set FILE), remove (--remove) or save (-o FILE) a place's picture.")
        @Argument(help: "The place's id.") var id: Int64
        @OptionGroup var action: PictureAction
        @OptionGroup var club: ClubOptions

        func run() throws {
            try action.run(club, what: "the picture of place \(id)",
                           save: { try $0.placePicture(id) }, set: { try $0.setPlacePicture($1, id, $2) })
        }
    }

    struct Comment: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "comment", abstract: "Comment on a place; prints the comment's id.")
        @Argument(help: "The place's id.") var id: Int64
        @Option(help: "A title (at most 120 characters).") var title: String
        @Option(help: "The text (at most 5000 characters).") var text: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let comment = try Guides(store: store).comment(actor, on: id, title: title, text: text)
            try Output.created(comment, id: comment.id, json: output.json)
        }
    }

    struct Comments: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "comments", abstract: "A place's comments, newest first.")
        @Argument(help: "The place's id.") var id: Int64
        @OptionGroup var page: PageOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let comments = try Guides(store: store).comments(viewer, on: id, after: page.after, limit: page.limit)
            if output.json { return try Output.json(comments) }
            Output.table(["ID", "AUTHOR", "WHEN", "TITLE", "TEXT"], comments.items.map {
                [String($0.id), $0.author, Output.date($0.createdAt), $0.title, $0.text]
            }, empty: "no comments")
            if let next = comments.next { print("more: --after \(next)") }
        }
    }

    struct Uncomment: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "uncomment", abstract: "Delete a comment: yours, or any in a guide you edit.")
        @Argument(help: "The comment's id.") var comment: Int64
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Guides(store: store).deleteComment(actor, comment)
            print("deleted comment \(comment)")
        }
    }
}
