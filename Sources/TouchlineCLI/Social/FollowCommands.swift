import ArgumentParser
import Club
import Foundation
import Support

/// `touchline follow`: following users, follow requests and blocking.
struct FollowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow",
        abstract: "Follow users, answer follow requests, list followers, block.",
        discussion: """
            `touchline follow USER` follows USER at once when their profile is public, and asks \
            to when it is private (they accept or decline with `follow accept` or `follow decline`). \
            Lists go by username, 20 to a page (--limit, at most 100); pass the printed --after \
            value for the next page.

            Examples:
              touchline follow bob --as alice
              touchline follow requests --as bob --json
              touchline follow accept alice --as bob
              touchline follow followers bob
            """,
        subcommands: [Add.self, Requests.self, Accept.self, Decline.self, Cancel.self, Unfollow.self, Remove.self,
                      Followers.self, Following.self, Suggestions.self, Block.self, Unblock.self],
        defaultSubcommand: Add.self
    )

    /// `--json` for a change: the other user and where the actor now stands towards them.
    struct Change: Encodable {
        var user: String
        var state: FollowState
    }

    static func printList(_ page: ListPage<FollowEntry>, json: Bool, empty: String) throws {
        if json { return try Output.json(page) }
        Output.table(["USERNAME", "NAME", "SINCE"], page.items.map { [$0.username, $0.displayName, Output.date($0.since)] },
                     empty: empty)
        if let next = page.next { print("more: --after \(next)") }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Follow a user, or ask to when their profile is private (the default verb).")
        @Argument(help: "The user to follow.") var user: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let state = try Follows(store: store).follow(actor, user)
            if output.json { return try Output.json(Change(user: user, state: state)) }
            print(state == .following ? "following \(user)" : "asked to follow \(user); their profile is private")
        }
    }

    struct Requests: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "requests", abstract: "List pending requests to follow you (or, --outgoing, yours to others).")
        @Flag(help: "Your own requests that wait for an answer.") var outgoing = false
        @OptionGroup var page: PageOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let found = try Follows(store: store).requests(actor, outgoing ? .outgoing : .incoming, after: page.after,
                                                           limit: page.limit)
            try FollowCommand.printList(found, json: output.json, empty: outgoing ? "no requests of yours pending"
                                                                                : "no pending follow requests")
        }
    }

    /// A verb on one other user that prints one line.
    /// With `--json`, `{user, state}`: where the follow the verb changed now stands (the
    /// other user's of you for accept, decline and remove; yours of them for the others).
    struct UserArgument: ParsableArguments {
        @Argument(help: "The other user.") var user: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run(_ verb: (Follows, ActingUser, String) throws -> Void, saying line: String,
                 leaving state: FollowState = .none) throws {
            let (store, actor) = try club.session()
            try verb(Follows(store: store), actor, user)
            if output.json { return try Output.json(Change(user: user, state: state)) }
            print(line)
        }
    }

    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "accept", abstract: "Accept a user's request to follow you.")
        @OptionGroup var other: UserArgument
        func run() throws { try other.run({ try $0.accept($1, $2) }, saying: "\(other.user) now follows you", leaving: .following) }
    }

    struct Decline: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "decline", abstract: "Decline a user's request to follow you.")
        @OptionGroup var other: UserArgument
        func run() throws { try other.run({ try $0.decline($1, $2) }, saying: "declined \(other.user)'s request") }
    }

    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Withdraw your pending request to follow a user.")
        @OptionGroup var other: UserArgument
        func run() throws { try other.run({ try $0.cancelRequest($1, $2) }, saying: "withdrew the request to follow \(other.user)") }
    }

    struct Unfollow: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unfollow", abstract: "Stop following a user (or withdraw a request).")
        @OptionGroup var other: UserArgument
        func run() throws { try other.run({ try $0.unfollow($1, $2) }, saying: "no longer following \(other.user)") }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a user from your followers.")
        @OptionGroup var other: UserArgument
        func run() throws { try other.run({ try $0.removeFollower($1, $2) }, saying: "\(other.user) no longer follows you") }
    }

    struct Block: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "block",
            abstract: "Block a user: no follows, messages or invitations from them, and they no longer see your posts.",
            discussion: "Ends the follows between you, both ways. The same list as `touchline message block`.")
        @OptionGroup var other: UserArgument
        func run() throws { try other.run({ try $0.block($1, $2) }, saying: "blocked \(other.user)") }
    }

    struct Unblock: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unblock", abstract: "Unblock a user (follows do not come back).")
        @OptionGroup var other: UserArgument
        func run() throws { try other.run({ try $0.unblock($1, $2) }, saying: "unblocked \(other.user)") }
    }

    /// `followers` and `following`: a user's list, or the viewer's own.
    struct ListOptions: ParsableArguments {
        @Argument(help: "Whose list (default: yours). A private profile's is for its followers only.") var user: String?
        @OptionGroup var page: PageOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run(_ list: (Follows, String, ActingUser?) throws -> ListPage<FollowEntry>, empty: String) throws {
            let store = try club.store()
            let accounts = Accounts(store: store)
            let viewer = user == nil ? try club.actor(accounts) : try club.viewer(accounts)
            guard let name = user ?? viewer?.username else { throw CommandError(.usage, "name a user, or log in") }
            try FollowCommand.printList(try list(Follows(store: store), name, viewer), json: output.json, empty: empty)
        }
    }

    struct Followers: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "followers", abstract: "List a user's followers (yours by default).")
        @OptionGroup var options: ListOptions
        func run() throws {
            try options.run({ try $0.followers(of: $1, viewer: $2, after: options.page.after, limit: options.page.limit) },
                            empty: "no followers")
        }
    }

    struct Following: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "following", abstract: "List whom a user follows (you by default).")
        @OptionGroup var options: ListOptions
        func run() throws {
            try options.run({ try $0.following(of: $1, viewer: $2, after: options.page.after, limit: options.page.limit) },
                            empty: "follows no one")
        }
    }

    struct Suggestions: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "suggestions", abstract: "Whom you might follow: followed by those you follow, or publishing most.",
            discussion: """
                First the people followed by those you follow, by how many of them do; then the \
                authors of the most public posts lately. Never you, anyone you follow or asked to, \
                anyone who blocks you or whom you block.
                """)
        @Option(help: "How many, 1 to 100.") var limit = 20
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            guard (1...100).contains(limit) else { throw ValidationError("--limit must be from 1 to 100") }
        }

        func run() throws {
            let (store, actor) = try club.session()
            let suggestions = try Follows(store: store).suggestions(actor, limit: limit)
            if output.json { return try Output.json(["items": suggestions]) }
            Output.table(["USER", "NAME", "WHY"], suggestions.map { suggestion in
                let why = suggestion.followedBy > 0
                    ? "followed by \(suggestion.followedBy) you follow"
                    : "\(suggestion.recentPosts) public post\(suggestion.recentPosts == 1 ? "" : "s") lately"
                return [suggestion.username, suggestion.displayName + (suggestion.isPrivate ? " (private)" : ""), why]
            }, empty: "no suggestions yet: follow someone first")
        }
    }
}
