import ArgumentParser
import Club
import Foundation
import Stickers

extension Rarity: ExpressibleByArgument {}

extension CollectionCommand {
    struct FamilyCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "family", abstract: "Add, rename or remove a family of a collection (owner and editors).",
            subcommands: [Add.self, Rename.self, Remove.self])

        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a family.")
            @Argument(help: "The collection's name.") var name: String
            @Argument(help: "The family's name (unique in the collection, ignoring case).") var family: String
            @OptionGroup var club: ClubOptions

            func run() throws {
                let (store, actor) = try club.session()
                try Collections(store: store).addFamily(actor, .name(name), family: family)
                print("added family \(family) to \(name)")
            }
        }

        struct Rename: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a family.")
            @Argument(help: "The collection's name.") var name: String
            @Argument(help: "The family's name.") var family: String
            @Argument(help: "Its new name.") var newName: String
            @OptionGroup var club: ClubOptions

            func run() throws {
                let (store, actor) = try club.session()
                try Collections(store: store).renameFamily(actor, .name(name), family: family, to: newName)
                print("renamed family \(family) to \(newName)")
            }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a family no card uses.")
            @Argument(help: "The collection's name.") var name: String
            @Argument(help: "The family's name.") var family: String
            @OptionGroup var club: ClubOptions

            func run() throws {
                let (store, actor) = try club.session()
                try Collections(store: store).removeFamily(actor, .name(name), family: family)
                print("removed family \(family) from \(name)")
            }
        }
    }

    struct CollectionCardCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "card", abstract: "Add, edit, remove or reuse a card of a collection (owner and editors).",
            discussion: """
                A card's title and description are the card's own: reused in another collection
                (card reuse), it keeps them there, with its own number, family, rarity and image.
                """,
            subcommands: [Add.self, Edit.self, Remove.self, Reuse.self])

        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a card.")
            @Argument(help: "The collection's name.") var name: String
            @Option(help: "Its number, 1 to 99999, unique in the collection.") var number: Int
            @Option(help: "Its title, 1 to 100 characters.") var title: String
            @Option(help: "Its family.") var family: String
            @Option(help: "common, rare or special.") var rarity: Rarity = .common
            @Option(help: "Its description, up to 2000 characters.") var description = ""
            @Option(help: ArgumentHelp("A PNG or JPEG.", valueName: "file")) var image: String?
            @OptionGroup var club: ClubOptions

            func run() throws {
                let data = try image.map(CollectionFolder.readImage)
                let (store, actor) = try club.session()
                try Collections(store: store).addCard(actor, .name(name), number: number, title: title, family: family,
                                                      description: description, rarity: rarity, image: data)
                print("added card \(number) (\(title)) to \(name)")
            }
        }

        struct Edit: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a card; what is not given stays.")
            @Argument(help: "The collection's name.") var name: String
            @Argument(help: "The card's number.") var number: Int
            @Option(help: "A new title (in every collection that reuses the card).") var title: String?
            @Option(help: "A new description (in every collection that reuses the card).") var description: String?
            @Option(help: "Another family.") var family: String?
            @Option(help: "common, rare or special.") var rarity: Rarity?
            @Option(help: ArgumentHelp("A new PNG or JPEG.", valueName: "file")) var image: String?
            @OptionGroup var club: ClubOptions

            func validate() throws {
                if title == nil, description == nil, family == nil, rarity == nil, image == nil {
                    throw ValidationError("give at least one of --title, --description, --family, --rarity and --image")
                }
            }

            func run() throws {
                let data = try image.map(CollectionFolder.readImage)
                let (store, actor) = try club.session()
                try Collections(store: store).editCard(actor, .name(name), number: number, .init(
                    title: title, description: description, family: family, rarity: rarity, image: data))
                print("changed card \(number) of \(name)")
            }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "remove", abstract: "Remove a card no collector holds and no swap names.")
            @Argument(help: "The collection's name.") var name: String
            @Argument(help: "The card's number.") var number: Int
            @OptionGroup var club: ClubOptions

            func run() throws {
                let (store, actor) = try club.session()
                try Collections(store: store).removeCard(actor, .name(name), number: number)
                print("removed card \(number) from \(name)")
            }
        }

        struct Reuse: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "reuse", abstract: "Put a card in another collection you administer, with its own number there.")
            @Argument(help: "The collection it is in.") var name: String
            @Argument(help: "Its number there.") var number: Int
            @Option(name: .customLong("in"), help: "The other collection.") var other: String
            @Option(name: .customLong("number"), help: "Its number in the other collection.") var newNumber: Int
            @Option(help: "Its family in the other collection.") var family: String
            @Option(help: "Its rarity in the other collection.") var rarity: Rarity = .common
            @Option(help: ArgumentHelp("Its image in the other collection (default: the same).", valueName: "file")) var image: String?
            @OptionGroup var club: ClubOptions

            func run() throws {
                let data = try image.map(CollectionFolder.readImage)
                let (store, actor) = try club.session()
                try Collections(store: store).reuseCard(actor, .name(name), number: number, in: .name(other), as: newNumber, family: family,
                                                        rarity: rarity, image: data)
                print("card \(number) of \(name) is card \(newNumber) of \(other) too")
            }
        }
    }

    struct Cover: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cover", abstract: "Set a collection's cover image (--remove: none).")
        @Argument(help: "The collection's name.") var name: String
        @Argument(help: ArgumentHelp("A PNG or JPEG.", valueName: "file")) var image: String?
        @Flag(help: "Take the cover away.") var remove = false
        @OptionGroup var club: ClubOptions

        func validate() throws {
            guard (image == nil) == remove else { throw ValidationError("give an image file, or --remove") }
        }

        func run() throws {
            let data = try image.map(CollectionFolder.readImage)
            let (store, actor) = try club.session()
            try Collections(store: store).setCover(actor, .name(name), image: data)
            print(remove ? "\(name) has no cover" : "set the cover of \(name)")
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write a collection as FOLDER/collection.json and its images, as collection import reads them.")
        @Argument(help: "The collection's name.") var name: String
        @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write (made if missing).", valueName: "folder"))
        var output: String
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            let export = try Collections(store: store).export(actor, .name(name))
            let manifest = try export.manifest.encoded()
            let written = try StagedFolder(directory: output).write(replacing: { $0 == "collection.json" || $0.hasPrefix("image-") }) { save in
                for (file, data) in export.images.sorted(by: { $0.key < $1.key }) { try save(file, data) }
                try save("collection.json", manifest)
            }
            print("wrote \(output): collection.json and \(written.count - 1) image\(written.count == 2 ? "" : "s")")
        }
    }
}
