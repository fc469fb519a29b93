import ArgumentParser
import Club
import Foundation

/// What `vote` and `unvote` take: a kind and an id.
enum VoteKind: String, ExpressibleByArgument, CaseIterable {
    case place, itinerary, photo

    func target(_ id: Int64) -> VoteTarget { VoteTarget(kind: rawValue, id: id) ?? .place(id) }
}

/// A vote's outcome as `--json` prints it.
struct VoteOutcome: Encodable {
    var kind: String
    var id: Int64
    var score: Int
    var voted: Bool
}

/// The arguments `vote` and `unvote` share, and what they print.
struct VoteArguments: ParsableArguments {
    @Argument(help: "place, itinerary or photo.") var kind: VoteKind
    @Argument(help: "Its id.") var id: Int64
    @OptionGroup var club: ClubOptions
    @OptionGroup var output: JSONFlag

    func run(voted: Bool, _ action: (Guides, ActingUser, VoteTarget) throws -> Int) throws {
        let (store, actor) = try club.session()
        let target = kind.target(id)
        let score = try action(Guides(store: store), actor, target)
        if output.json { return try Output.json(VoteOutcome(kind: kind.rawValue, id: id, score: score, voted: voted)) }
        print("\(kind.rawValue) \(id): \(score == 1 ? "1 vote" : "\(score) votes")")
    }
}

/// `touchline vote KIND ID`.
struct VoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vote", abstract: "Vote for a place, an itinerary or a photo of a guide (once); prints its score.")
    @OptionGroup var arguments: VoteArguments
    func run() throws { try arguments.run(voted: true) { try $0.vote($1, $2) } }
}

/// `touchline unvote KIND ID`.
struct UnvoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unvote", abstract: "Take back your vote for a place, an itinerary or a photo; prints its score.")
    @OptionGroup var arguments: VoteArguments
    func run() throws { try arguments.run(voted: false) { try $0.unvote($1, $2) } }
}

/// `touchline votes [USER]`.
struct VotesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "votes",
        abstract: "A user's votes for places, itineraries and photos, by guide (yours without USER).",
        discussion: "A private profile's votes are for its owner and accepted followers.")
    @Argument(help: "The user; you when left out.") var username: String?
    @OptionGroup var page: PageOptions
    @OptionGroup var club: ClubOptions
    @OptionGroup var output: JSONFlag

    func run() throws {
        let store = try club.store()
        let viewer = try club.viewer(Accounts(store: store))
        guard let username = username ?? viewer?.username else {
            throw CommandError(.usage, "name the user, or log in to see your own votes")
        }
        let votes = try Guides(store: store).votes(viewer, of: username, after: page.after, limit: page.limit)
        if output.json { return try Output.json(votes) }
        Output.table(["GUIDE", "KIND", "ID", "NAME", "VOTED"], votes.items.map {
            [$0.guide, $0.kind, String($0.id), $0.name ?? "", Output.date($0.votedAt)]
        }, empty: "no votes")
        if let next = votes.next { print("more: --after \(next)") }
    }
}

/// `touchline photo`: photos of guides and their places.
struct PhotoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo", abstract: "Photos of guides and their places: add, list, save, delete.",
        subcommands: [Add.self, List.self, Get.self, Delete.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a photo (PNG or JPEG, at most 8 MiB) of a guide or one of its places; prints its id.")
        @Argument(help: "The guide, by name or id.") var guide: String
        @Argument(help: "The photo file.") var file: String
        @Option(help: "The place it shows (its id).") var place: Int64?
        @Option(help: "A caption (at most 200 characters).") var caption: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let data = try Files.read(file)
            let (store, actor) = try club.session()
            let photo = try Guides(store: store).addPhoto(actor, to: GuideReference(guide), place: place, data, caption: caption)
            try Output.created(photo, id: photo.id, json: output.json)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "A guide's photos: of the guide, of one place (--place), or all (--all).")
        @Argument(help: "The guide, by name or id.") var guide: String
        @Option(help: "The place's id.") var place: Int64?
        @Flag(help: "Every photo of the guide and its places.") var all = false
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let photos = try Guides(store: store).photos(viewer, in: GuideReference(guide), place: place, all: all)
            if output.json { return try Output.json(photos) }
            Output.table(["ID", "PLACE", "AUTHOR", "SIZE", "SCORE", "CAPTION"], photos.map {
                [String($0.id), $0.placeId.map(String.init) ?? "", $0.author, "\($0.width)x\($0.height)", String($0.score),
                 $0.caption ?? ""]
            }, empty: "no photos")
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get", abstract: "Save a photo to a file.")
        @Argument(help: "The photo's id.") var id: Int64
        @Option(name: .shortAndLong, help: ArgumentHelp("The file to write.", valueName: "file")) var output: String
        @OptionGroup var club: ClubOptions

        func run() throws {
            try Files.write(try Guides(store: try club.publicStore()).photo(id).data, to: output)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a photo: yours, or any in a guide you edit.")
        @Argument(help: "The photo's id.") var id: Int64
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Guides(store: store).deletePhoto(actor, id)
            print("deleted photo \(id)")
        }
    }
}
