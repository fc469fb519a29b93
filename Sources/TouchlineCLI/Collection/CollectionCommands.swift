import ArgumentParser
import Club
import Foundation
import Reports
import Stickers

/// `touchline collection`: sticker collections, their envelopes and albums.
struct CollectionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collection",
        abstract: "Import sticker collections, start them, open envelopes and see your album and odds.",
        discussion: """
            NAME is a collection's name (told apart ignoring case).

            Examples:
              touchline collection import examples/collections/liga --as alice
              touchline collection start 'Liga Demo 2024/25' --as bob
              touchline collection open 'Liga Demo 2024/25' --as bob
              touchline collection album 'Liga Demo 2024/25' --as bob --json
              touchline collection odds 'Liga Demo 2024/25' --envelopes 200 --as bob --json
            """,
        subcommands: [Import.self, List.self, Show.self, Start.self, Open.self, Album.self, Odds.self, Grant.self,
                      Give.self, Draws.self, Challenge.self, ChallengeList.self, Leave.self, Editor.self, Delete.self,
                      FamilyCommand.self, CollectionCardCommand.self, Cover.self, Export.self]
    )

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Create a collection you own from a folder: collection.json or collection.csv and the images.",
            discussion: """
                FOLDER holds collection.json (the whole collection, as collection export writes it) or
                collection.csv, a spreadsheet's list of cards: a header line naming the columns family,
                number and title, and optionally description, image (a path inside FOLDER) and rarity
                (common, rare or special), then one card a line. A CSV manifest does not name the
                collection: give --name (and --description, --pack-size if you like).

                Examples:
                  touchline collection import examples/collections/liga --as alice
                  touchline collection import stickers --name 'Liga 2024/25' --as alice
                """)
        @Argument(help: ArgumentHelp("The folder holding collection.json or collection.csv and the images.", valueName: "folder"))
        var folder: String
        @Option(help: "The collection's name, for a collection.csv manifest.") var name: String?
        @Option(help: "The collection's description, for a collection.csv manifest.") var description: String?
        @Option(help: "Cards an envelope (default 5), for a collection.csv manifest.") var packSize: Int?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            if name == nil && (description != nil || packSize != nil) {
                throw ValidationError("--description and --pack-size go with --name, for a collection.csv manifest")
            }
        }

        func run() throws {
            let details = name.map { CollectionManifest.CSVDetails(name: $0, description: description, packSize: packSize) }
            let (manifest, images) = try CollectionFolder.read(folder, details: details)
            let (store, actor) = try club.session()
            let manifestFile = details == nil ? CollectionManifest.jsonFileName : CollectionManifest.csvFileName
            let summary = try Collections(store: store).importCollection(actor, manifest: manifest, images: images,
                                                                          source: CollectionFolder.path(folder, manifestFile))
            if output.json { return try Output.json(summary) }
            print("imported collection \(summary.id): \(summary.name), \(summary.families) families, \(summary.cards) cards, "
                  + "\(summary.images) images")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "The catalogue: collections you have not started (--all: every one).")
        @Flag(help: "Every collection, started or not.") var all = false
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let collections = try Collections(store: store).catalogue(actor, notStarted: !all)
            if output.json { return try Output.json(collections) }
            Output.table(["NAME", "CARDS", "FAMILIES", "COLLECTORS", "OWNER", "YOU"], collections.map {
                [$0.name, String($0.cards), String($0.families), String($0.collectors), $0.owner, $0.role.rawValue]
            }, empty: all ? "no collections" : "no collections you have not started")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a collection.")
        @Argument(help: "The collection's name.") var name: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let c = try Collections(store: store).show(actor, .name(name))
            if output.json { return try Output.json(c) }
            Output.fields([("name", c.name), ("description", c.description), ("owner", c.owner), ("cards", String(c.cards)),
                           ("families", String(c.families)), ("collectors", String(c.collectors)),
                           ("envelope", "\(c.packSize) cards"),
                           ("weights", "common \(c.weights.common), rare \(c.weights.rare), special \(c.weights.special)"),
                           ("you", c.role.rawValue)])
        }
    }

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a collection: your first envelope.")
        @Argument(help: "The collection's name.") var name: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let summary = try Collections(store: store).start(actor, .name(name))
            if output.json { return try Output.json(summary) }
            print("started \(summary.name): 1 envelope to open (touchline collection open '\(summary.name)')")
        }
    }

    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "open", abstract: "Open your oldest unopened envelope.")
        @Argument(help: "The collection's name.") var name: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let opening = try Collections(store: store).open(actor, .name(name))
            if output.json { return try Output.json(opening) }
            Output.table(["NUMBER", "TITLE", "RARITY", ""], opening.cards.map {
                [String($0.number), $0.title, $0.rarity, $0.new ? "new" : "duplicate"]
            })
            print("\(opening.envelopesLeft) envelope\(opening.envelopesLeft == 1 ? "" : "s") left")
        }
    }

    struct Album: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "album", abstract: "Your album: every card, with the copies you hold; -o prints it (PDF, or PNG a page).",
            discussion: """
                -o album.pdf prints every A4 page, -o album.png one (--page N, from 1) at 144 dpi, as
                touchline card album does: owned cards with their images, missing ones outlined, ×N on
                duplicates, and "N in swaps" on cards with copies promised in swap proposals.
                """)
        @Argument(help: "The collection's name.") var name: String
        @Option(name: .shortAndLong, help: ArgumentHelp("Print the album to this file: .pdf, or .png for one page.", valueName: "file"))
        var output: String?
        @Option(help: ArgumentHelp("With a .png output: the page to draw, from 1 (default 1).", valueName: "N")) var page: Int?
        @OptionGroup var club: ClubOptions
        @OptionGroup var json: JSONFlag

        func validate() throws {
            guard let output else {
                if page != nil { throw ValidationError("--page goes with -o FILE.png") }
                return
            }
            try AlbumPrint.validate(output: output, page: page)
        }

        func run() throws {
            let (store, actor) = try club.session()
            if let output {
                try Files.checkWritable(output)
                let printable = try Collections(store: store).printableAlbum(actor, .name(name))
                let album = try Reports.Album(collector: printable)
                let bytes = try AlbumPrint.bytes(album, for: output, page: page)
                try Files.write(bytes, to: output)
                if json.json { return try Output.json(printable.album.cards) }
                return print(AlbumPrint.summary(album, output: output, bytes: bytes.count))
            }
            let album = try Collections(store: store).album(actor, .name(name))
            if json.json { return try Output.json(album.cards) }
            Output.table(["NUMBER", "TITLE", "FAMILY", "RARITY", "OWNED", "BLOCKED"], album.cards.map {
                [String($0.number), $0.title, $0.family, $0.rarity.rawValue, String($0.owned), String($0.blocked)]
            })
            print("\(album.ownedCards) of \(album.cards.count) cards; \(album.envelopes + album.specialEnvelopes) envelopes to open")
        }
    }

    struct Odds: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "odds", abstract: "The envelopes you can expect to open to finish the album, and your chance within some.")
        @Argument(help: "The collection's name.") var name: String
        @Option(help: "Also the probability of finishing within this many envelopes.") var envelopes: Int?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let odds = try Collections(store: store).odds(actor, .name(name), envelopes: envelopes)
            if output.json { return try Output.json(odds) }
            var fields = [("missing", "\(odds.missing) of \(odds.cards) cards"),
                          ("expected envelopes", String(format: "%.1f", odds.expectedEnvelopes)),
                          ("swapping duplicates", String(format: "%.1f", odds.expectedEnvelopesSwapping))]
            if let envelopes = odds.envelopes {
                fields.append(("within \(envelopes)", odds.probabilityWithin.map { String(format: "%.4f", $0) } ?? "not computed"))
            }
            fields.append(("method", odds.method))
            Output.fields(fields)
        }
    }

    struct Grant: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "grant", abstract: "Grant a collector envelopes (owner and editors).")
        @Argument(help: "The collection's name.") var name: String
        @Option(help: "The collector.") var to: String
        @Option(help: "How many envelopes, 1 to 1000.") var envelopes: Int
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let grant = try Collections(store: store).grant(actor, .name(name), to: to, envelopes: envelopes)
            if output.json { return try Output.json(grant) }
            print("granted \(to) \(envelopes) envelope\(envelopes == 1 ? "" : "s")")
        }
    }

    struct Give: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "give", abstract: "Give a collector cards, a prize (owner and editors).")
        @Argument(help: "The collection's name.") var name: String
        @Option(help: "The collector.") var to: String
        @Option(help: ArgumentHelp("Card numbers, comma-separated; a number twice gives two copies.", valueName: "n,n,..."))
        var cards: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let numbers = try cards.split(separator: ",", omittingEmptySubsequences: false).map { part -> Int in
                guard let number = Int(part.trimmingCharacters(in: .whitespaces)) else {
                    throw CommandError(.usage, "--cards: expected card numbers separated by commas, not '\(cards)'")
                }
                return number
            }
            let (store, actor) = try club.session()
            let gift = try Collections(store: store).give(actor, .name(name), to: to, cards: numbers)
            if output.json { return try Output.json(gift) }
            print("gave \(to) \(numbers.count) card\(numbers.count == 1 ? "" : "s")")
        }
    }

    struct Draws: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "draws", abstract: "What envelopes and gifts gave: yours, or any collector's for the owner and editors.")
        @Argument(help: "The collection's name.") var name: String
        @Option(help: "Only this collector's (yours unless you administer the collection).") var of: String?
        @Option(help: "At most this many, newest first (1 to 500).") var limit = 100
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let draws = try Collections(store: store).draws(actor, .name(name), of: of, limit: limit)
            if output.json { return try Output.json(draws) }
            Output.table(["ID", "WHEN", "COLLECTOR", "WHY", "BY", "CARDS"], draws.map {
                [String($0.id), Output.date($0.at), $0.collector, $0.source + ($0.kind == "special" ? " (special)" : ""),
                 $0.grantedBy ?? "", $0.cards.map(String.init).joined(separator: ",")]
            }, empty: "no draws")
        }
    }

    struct Leave: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "leave", abstract: "Leave a collection: your album and envelopes go.")
        @Argument(help: "The collection's name.") var name: String
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Collections(store: store).leave(actor, .name(name))
            print("left \(name)")
        }
    }

    struct Editor: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "editor", abstract: "Let another user administer your collection (--remove: no longer).")
        @Argument(help: "The collection's name.") var name: String
        @Argument(help: "The user.") var user: String
        @Flag(help: "Take the role away.") var remove = false
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            let collections = Collections(store: store)
            if remove { try collections.removeEditor(actor, .name(name), user) } else { try collections.addEditor(actor, .name(name), user) }
            print(remove ? "\(user) no longer edits \(name)" : "\(user) edits \(name)")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete your collection and every album of it.")
        @Argument(help: "The collection's name.") var name: String
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Collections(store: store).delete(actor, .name(name))
            print("deleted \(name)")
        }
    }
}

/// An import folder: `collection.json` or `collection.csv` and the images it names, read with
/// limits before the service sees them.
enum CollectionFolder {
    /// `name` in `folder`, as messages name it (the folder itself for an empty name).
    static func path(_ folder: String, _ name: String = "") -> String {
        name.isEmpty ? folder : URL(fileURLWithPath: folder).appendingPathComponent(name).path
    }

    /// The manifest and every image it names that the folder holds (a missing one is left for
    /// the service to report with the rest). An image larger than the service accepts is read
    /// only that far, so a huge file never fills memory; one that leads outside the folder
    /// through a symbolic link is refused.
    static func read(_ folder: String, details: CollectionManifest.CSVDetails? = nil) throws -> (CollectionManifest, [String: Data]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError(.noInput, "\(folder): no such folder")
        }
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL.path
        let manifests = [CollectionManifest.jsonFileName, CollectionManifest.csvFileName]
        let options = ["name": "--name", "description": "--description", "packSize": "--pack-size"]
        return try CollectionManifest.readFolder(source: { path(folder, $0) }, details: details,
                                                 detailsOption: { options[$0] ?? $0 }) { relative in
            let url = URL(fileURLWithPath: folder).appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            guard url.resolvingSymlinksInPath().standardizedFileURL.path.hasPrefix(root + "/") else {
                throw CommandError(.dataError, "\(url.path): leads outside \(folder)")
            }
            let limit = manifests.contains(relative) ? CollectionManifest.maximumBytes + 1 : Squads.photoMaximumBytes + 1
            return try readPrefix(url.path, limit: limit, missing: "\(url.path): cannot be read")
        }
    }

    /// An image file given on the command line, read at most one byte past the service's limit.
    static func readImage(_ path: String) throws -> Data {
        try readPrefix(path, limit: Squads.photoMaximumBytes + 1, missing: "\(path): no such file")
    }

    private static func readPrefix(_ path: String, limit: Int, missing: String) throws -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CommandError(.noInput, missing) }
        defer { try? handle.close() }
        do {
            return try handle.read(upToCount: limit) ?? Data()
        } catch {
            throw CommandError(.noInput, "\(path): cannot be read")
        }
    }
}
