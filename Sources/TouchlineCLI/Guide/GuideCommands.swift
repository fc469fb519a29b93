import ArgumentParser
import Club
import Foundation
import Routes

extension PlaceCategory: ExpressibleByArgument {}
extension PlaceOrder: ExpressibleByArgument {}

/// `touchline guide`: city guides, their editors and pictures, export and import.
struct GuideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guide",
        abstract: "City guides for away days: places, itineraries, votes and comments, printable and offline.",
        discussion: """
            A guide is a city. Its owner adds editors; the owner and editors add places \
            ('touchline place add') and itineraries ('touchline itinerary create'). Anyone logged \
            in adds photos, votes ('touchline vote place ID') and comments. Guides are named by \
            name, ignoring case and accents, or by id.

            Examples:
              touchline guide create Bilbao --country Spain
              touchline place add Bilbao 'San Mamés' --at 43.2641,-2.9494 --category ground
              touchline guide top --json
            """,
        subcommands: [Create.self, Show.self, List.self, Top.self, Edit.self, Editor.self, Picture.self, Places.self,
                      Export.self, Import.self, Delete.self]
    )

    static func printCard(_ guide: GuideInfo) {
        Output.fields([("guide", guide.name), ("id", String(guide.id)), ("country", guide.country), ("owner", guide.owner),
                       ("editors", guide.editors.isEmpty ? "none" : guide.editors.joined(separator: ", ")),
                       ("places", String(guide.places)), ("itineraries", String(guide.itineraries)),
                       ("photos", String(guide.photos)), ("score", String(guide.score))]
                      + (guide.description.map { [("about", $0)] } ?? []))
    }

    static func printGuides(_ guides: [GuideInfo], empty: String) {
        Output.table(["ID", "GUIDE", "COUNTRY", "PLACES", "ITINERARIES", "PHOTOS", "SCORE"], guides.map {
            [String($0.id), $0.name, $0.country, String($0.places), String($0.itineraries), String($0.photos), String($0.score)]
        }, empty: empty)
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a guide; you own it. Prints its id.")
        @Argument(help: "The city's name, unique ignoring case and accents (at most 100 characters).") var name: String
        @Option(help: "Its country (at most 60 characters).") var country: String
        @Option(help: "What to know about it (at most 5000 characters).") var description: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let guide = try Guides(store: store).create(actor, name: name, country: country, description: description)
            try Output.created(guide, id: guide.id, json: output.json)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a guide's card: counts, score, editors.")
        @Argument(help: "The guide, by name or id.") var guide: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let guide = try Guides(store: store).show(viewer, GuideReference(self.guide))
            if output.json { return try Output.json(guide) }
            GuideCommand.printCard(guide)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List guides by name, or those whose name contains --search (ignoring case and accents).")
        @Option(help: "Text the name contains.") var search: String?
        @OptionGroup var page: PageOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let guides = try Guides(store: store).list(viewer, search: search, after: page.after, limit: page.limit)
            if output.json { return try Output.json(guides) }
            GuideCommand.printGuides(guides.items, empty: "no guides")
            if let next = guides.next { print("more: --after \(next)") }
        }
    }

    struct Top: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "top", abstract: "The most voted guides, five unless --limit says.")
        @Option(help: "How many, 1 to 100.") var limit = 5
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            guard (1...100).contains(limit) else { throw ValidationError("--limit must be from 1 to 100") }
        }

        func run() throws {
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let guides = try Guides(store: store).top(viewer, limit: limit)
            if output.json { return try Output.json(guides) }
            GuideCommand.printGuides(guides, empty: "no guides")
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change a guide's name, country or description (owner and editors).")
        @Argument(help: "The guide, by name or id.") var guide: String
        @Option(name: .customLong("name"), help: "A new name.") var newName: String?
        @Option(help: "A new country.") var country: String?
        @Option(help: "A new description ('' clears it).") var description: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let guide = try Guides(store: store).edit(actor, GuideReference(self.guide), name: newName, country: country,
                                                      description: description)
            if output.json { return try Output.json(guide) }
            GuideCommand.printCard(guide)
        }
    }

    struct Editor: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "editor", abstract: "Add or remove an editor of a guide (its owner; an editor may remove themselves).")
        enum Action: String, ExpressibleByArgument, CaseIterable { case add, remove }
        @Argument(help: "add or remove.") var action: Action
        @Argument(help: "The guide, by name or id.") var guide: String
        @Argument(help: "The editor's username.") var username: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let guides = Guides(store: store)
            let reference = GuideReference(guide)
            let guide = action == .add ? try guides.addEditor(actor, reference, username)
                : try guides.removeEditor(actor, reference, username)
            if output.json { return try Output.json(guide) }
            print("\(guide.name) editors: \(guide.editors.isEmpty ? "none" : guide.editors.joined(separator: ", "))")
        }
    }

    struct Picture: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "picture",
            abstract: "Set, remove or save a guide's cover or transit map.",
            discussion: """
                With --set FILE (PNG or JPEG, at most 8 MiB) the owner or an editor sets it; with \
                --remove they remove it; with -o FILE anyone saves it.
                """)
        @Argument(help: "The guide, by name or id.") var guide: String
        @Argument(help: "cover or transit-map.") var kind: GuidePictureKind
        @OptionGroup var action: PictureAction
        @OptionGroup var club: ClubOptions

        func run() throws {
            let reference = GuideReference(guide)
            try action.run(club, what: "the \(kind.rawValue) of \(guide)",
                           save: { try $0.picture(reference, kind) }, set: { try $0.setPicture($1, reference, kind, $2) })
        }
    }

    struct Places: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "places",
            abstract: "List a guide's places: by name, by score (most voted) or those not yet in your offline copy.")
        @Argument(help: "The guide, by name or id.") var guide: String
        @Option(help: "name, score or not-downloaded (added or changed since your last 'guide export -o FILE.zip').")
        var order: PlaceOrder = .name
        @Option(help: "Only places whose name contains this (ignoring case and accents).") var search: String?
        @OptionGroup var page: PageOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let places = try Guides(store: store).places(viewer, in: GuideReference(guide), order: order, search: search,
                                                         after: page.after, limit: page.limit)
            if output.json { return try Output.json(places) }
            PlaceCommand.printPlaces(places.items, empty: "no places")
            if let next = places.next { print("more: --after \(next)") }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a guide with its places, itineraries, photos, votes and comments (its owner).")
        @Argument(help: "The guide, by name or id.") var guide: String
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Guides(store: store).delete(actor, GuideReference(guide))
            print("deleted guide \(guide)")
        }
    }
}

extension GuidePictureKind: ExpressibleByArgument {}

/// `--set FILE`, `--remove` or `-o FILE`: what `guide picture` and `place picture` do with a
/// picture, one of the three.
struct PictureAction: ParsableArguments {
    @Option(help: ArgumentHelp("The picture to set, PNG or JPEG (at most 8 MiB).", valueName: "file")) var set: String?
    @Flag(help: "Remove it.") var remove = false
    @Option(name: .shortAndLong, help: ArgumentHelp("Save it to this file.", valueName: "file")) var output: String?

    func validate() throws {
        guard [set != nil, remove, output != nil].filter({ $0 }).count == 1 else {
            throw ValidationError("give one of --set FILE, --remove or -o FILE")
        }
    }

    /// Saves the picture `save` reads (anyone may), or sets or removes it through `set` (as
    /// the logged-in user); `what` names it in the message.
    func run(_ club: ClubOptions, what: String, save: (Guides) throws -> Club.Picture,
             set: (Guides, ActingUser, Data?) throws -> Void) throws {
        if let output {
            try Files.write(try save(Guides(store: try club.publicStore())).data, to: output)
            return
        }
        let data = try self.set.map(Files.read)
        let (store, actor) = try club.session()
        try set(Guides(store: store), actor, data)
        print(data == nil ? "removed \(what)" : "set \(what)")
    }
}
