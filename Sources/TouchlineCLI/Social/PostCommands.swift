import ArgumentParser
import Club
import Foundation
import Routes
import Tactics

/// `touchline post`: publishing notes, routes and boards, liking them, reading one.
struct PostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Publish notes, routes and boards; show, like and delete posts.",
        discussion: """
            A post's audience is public (anyone), followers (your accepted followers), me (you \
            alone) or group:NAME (the group's members); users you block never see it. Publishing \
            prints the new post's id alone (with --json, the post), for scripts.

            Examples:
              touchline post note --text 'Training moved to 7pm' \\
                --audience 'group:Under-12 parents'
              touchline post route 3 --text 'Sunday loop' --audience public
              touchline post show 12 --json
              touchline post like 12
            """,
        subcommands: [Note.self, RoutePost.self, BoardPost.self, EventPost.self, Show.self, Like.self, Unlike.self, Delete.self]
    )

    /// `1 like`, `3 likes`.
    static func likes(_ count: Int) -> String { count == 1 ? "1 like" : "\(count) likes" }

    /// A post line for tables: its text's first line, at most 60 characters.
    static func excerpt(_ post: Post) -> String {
        let text = post.text ?? post.route?.name ?? post.board?.title ?? post.event?.title ?? ""
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }

    static func printPosts(_ posts: [Post], empty: String) {
        Output.table(["ID", "AUTHOR", "KIND", "AUDIENCE", "POSTED", "LIKES", "COMMENTS", "TEXT"], posts.map {
            [String($0.id), $0.author, $0.kind.rawValue, $0.audience, Output.date($0.createdAt), String($0.likes),
             String($0.comments), excerpt($0)]
        }, empty: empty)
    }

    static func printPage(_ page: ListPage<Post>, json: Bool, empty: String) throws {
        if json { return try Output.json(page) }
        printPosts(page.items, empty: empty)
        if let next = page.next { print("more: --after \(next)") }
    }

    /// The options every kind of post shares.
    struct Publishing: ParsableArguments {
        @Option(help: ArgumentHelp("Who sees it: public, followers, me or group:NAME.", valueName: "audience"))
        var audience: String = "followers"
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            if PostAudience(audience) == nil {
                throw ValidationError("--audience must be public, followers, me or group:NAME, not '\(audience)'")
            }
        }

        func publish(_ draft: (PostAudience) -> PostDraft) throws {
            guard let audience = PostAudience(audience) else { throw CommandError(.usage, "bad --audience") }
            let (store, actor) = try club.session()
            let post = try Posts(store: store).publish(actor, draft(audience))
            if output.json { return try Output.json(post) }
            print(post.id)
        }
    }

    struct Note: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "note", abstract: "Publish a note, with an optional image; prints its id.")
        @Option(help: "The text (at most 5000 characters), or - to read it from standard input.") var text: String
        @Option(help: ArgumentHelp("An image, PNG or JPEG (at most 2 MiB, 4096 px a side).", valueName: "file")) var image: String?
        @OptionGroup var publishing: Publishing

        func run() throws {
            let picture = try image.map(Files.read)
            let text = try self.text == "-" ? PostCommand.standardInput() : self.text
            try publishing.publish { .note(text, audience: $0, image: picture) }
        }
    }

    /// Text from standard input, at most four bytes a character of the longest post.
    static func standardInput() throws -> String {
        let data = FileHandle.standardInput.readData(ofLength: 4 * Posts.maximumText + 1)
        guard data.count <= 4 * Posts.maximumText else {
            throw CommandError(.dataError, "standard input: the text is longer than \(Posts.maximumText) characters")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandError(.dataError, "standard input: the text is not UTF-8")
        }
        return text
    }

    struct RoutePost: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "route", abstract: "Share one of your stored routes (its statistics and map); prints the post's id.")
        @Argument(help: "The stored route's id (touchline route list).") var route: Int64
        @Option(help: "A few words with it.") var text: String?
        @OptionGroup var publishing: Publishing

        func run() throws {
            try publishing.publish { PostDraft(kind: .route, audience: $0, text: text, routeID: route) }
        }
    }

    struct BoardPost: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "board", abstract: "Share one of your stored boards; prints the post's id.")
        @Argument(help: "The stored board's id (touchline board list).") var board: Int64
        @Option(help: "A few words with it.") var text: String?
        @OptionGroup var publishing: Publishing

        func run() throws {
            try publishing.publish { PostDraft(kind: .board, audience: $0, text: text, boardID: board) }
        }
    }

    struct EventPost: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "event", abstract: "Share an event you organise: its audience then sees it; prints the post's id.",
            discussion: "Only the invited answer an event; the audience of a post sees it and its counts.")
        @Argument(help: "The event's id (touchline event list).") var event: Int64
        @Option(help: "A few words with it.") var text: String?
        @OptionGroup var publishing: Publishing

        func run() throws {
            try publishing.publish { PostDraft(kind: .event, audience: $0, text: text, eventID: event) }
        }
    }

    struct Show: ParsableCommand {
        /// A post's picture as a file's bytes: a note's image as uploaded, a route's thumbnail
        /// (as `route thumbs` draws it), a board's image (as `board render` draws it), in PNG.
        static func picture(_ picture: PostPicture, post id: Int64) throws -> Data {
            switch picture {
            case .image(let image):
                return image.data
            case .route(let document):
                let options = RouteMapOptions(size: RouteMapOptions.thumbnailSize, scale: 1)
                return try RouteMapRenderer(document: document, options: options).render(format: .png).data
            case .board(let log):
                return try BoardRenderer(log: try StrokeLog(data: log, source: "post \(id)")).render(format: .png)
            }
        }

        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a post you may see; -o writes its picture.",
            discussion: """
                Without logging in (or --as), only public posts. A post you may not see is \
                "no post", as one that does not exist.
                """)
        @Argument(help: "The post's id.") var id: Int64
        @Option(name: .shortAndLong, help: ArgumentHelp("Write its picture here: a note's image, a route's thumbnail or a board's "
                                                        + "image (PNG).", valueName: "file"))
        var output: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var json: JSONFlag

        func run() throws {
            if let output { try Files.checkWritable(output) }
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let posts = Posts(store: store)
            let post = try posts.show(viewer, id)
            if let output { try Files.write(try Self.picture(try posts.picture(viewer, id), post: id), to: output) }
            if json.json { return try Output.json(post) }
            var fields = [("id", String(post.id)), ("author", "\(post.author) (\(post.authorName))"), ("kind", post.kind.rawValue),
                          ("audience", post.audience), ("posted", Output.date(post.createdAt)), ("likes", String(post.likes)),
                          ("comments", String(post.comments))]
            if let route = post.route {
                fields.append(("route", "\(route.name): \(String(format: "%.2f", route.distanceMeters / 1000)) km, "
                               + "\(route.pointCount) points (route \(route.id))"))
            }
            if let board = post.board { fields.append(("board", "\(board.title): \(board.strokes) strokes (board \(board.id))")) }
            if let event = post.event {
                fields.append(("event", "\(event.title), \(EventCommand.when(event))\(event.cancelled ? ", cancelled" : "") "
                               + "(event \(event.id))"))
            }
            if post.hasImage || post.kind == .route || post.kind == .board {
                fields.append(("image", output.map { "written to \($0)" } ?? "yes (-o FILE writes it)"))
            }
            if post.liked == true { fields.append(("you", "like it")) }
            Output.fields(fields)
            if let text = post.text {
                print("")
                print(TerminalText.printable(text, keepingLineBreaks: true))
            }
        }
    }

    /// A verb on one post that prints one line.
    struct PostArgument: ParsableArguments {
        @Argument(help: "The post's id.") var id: Int64
        @OptionGroup var club: ClubOptions

        func run(_ verb: (Posts, ActingUser) throws -> String) throws {
            let (store, actor) = try club.session()
            print(try verb(Posts(store: store), actor))
        }
    }

    struct Like: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "like", abstract: "Like a post (once); prints its likes.")
        @OptionGroup var post: PostArgument
        func run() throws { try post.run { "post \(post.id): " + PostCommand.likes(try $0.like($1, post.id)) } }
    }

    struct Unlike: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unlike", abstract: "Take back your like; prints the post's likes.")
        @OptionGroup var post: PostArgument
        func run() throws { try post.run { "post \(post.id): " + PostCommand.likes(try $0.unlike($1, post.id)) } }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a post: yours, or in a group you run, anyone's.")
        @OptionGroup var post: PostArgument
        func run() throws { try post.run { try $0.delete($1, post.id); return "deleted post \(post.id)" } }
    }
}

/// `touchline comment`: comments on posts.
struct CommentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comment",
        abstract: "Comment on posts; edit and delete comments.",
        discussion: """
            Examples:
              touchline comment add 12 --text 'See you there'
              touchline comment list 12 --json
              touchline comment edit 31 --text 'See you at 7'
            """,
        subcommands: [Add.self, List.self, Edit.self, Delete.self]
    )

    static func printComment(_ comment: PostComment, json: Bool) throws {
        if json { return try Output.json(comment) }
        print("comment \(comment.id) on post \(comment.postID)")
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Comment on a post you may see.")
        @Argument(help: "The post's id.") var post: Int64
        @Option(help: "The comment (at most 2000 characters).") var text: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            try CommentCommand.printComment(try Posts(store: store).comment(actor, on: post, text: text), json: output.json)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a post's comments, oldest first.")
        @Argument(help: "The post's id.") var post: Int64
        @OptionGroup var page: PageOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let comments = try Posts(store: store).comments(viewer, on: post, after: page.after, limit: page.limit)
            if output.json { return try Output.json(comments) }
            Output.table(["ID", "AUTHOR", "WHEN", "COMMENT"], comments.items.map {
                [String($0.id), $0.author, Output.date($0.createdAt) + ($0.editedAt == nil ? "" : " (edited)"), $0.text]
            }, empty: "no comments")
            if let next = comments.next { print("more: --after \(next)") }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change one of your comments.")
        @Argument(help: "The comment's id.") var id: Int64
        @Option(help: "The new text.") var text: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            try CommentCommand.printComment(try Posts(store: store).editComment(actor, id, text: text), json: output.json)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a comment: yours, one on your post, or in a group you run.")
        @Argument(help: "The comment's id.") var id: Int64
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Posts(store: store).deleteComment(actor, id)
            print("deleted comment \(id)")
        }
    }
}

/// `touchline feed`: the latest posts you may see.
struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Show your feed: the latest posts of the people you follow, your groups and you.",
        discussion: """
            Newest first, 20 to a page (--limit, at most 100); pass the printed --after value \
            for the next page (posts published meanwhile never shift a page).

            With --near LAT,LON, the route feed instead: the route posts you may see, nearest \
            first by where the route starts (public ones without logging in).

            Examples:
              touchline feed
              touchline feed --json --limit 50
              touchline feed --near 43.263,-2.935
            """)
    @Option(help: "The route feed: route posts nearest this point first.") var near: NearPoint?
    @OptionGroup var page: PageOptions
    @OptionGroup var club: ClubOptions
    @OptionGroup var output: JSONFlag

    func run() throws {
        guard let near else {
            let (store, actor) = try club.session()
            let feed = try Posts(store: store).feed(actor, after: page.after, limit: page.limit)
            return try PostCommand.printPage(feed, json: output.json, empty: "nothing in your feed yet: follow someone, or join a group")
        }
        let store = try club.store()
        let viewer = try club.viewer(Accounts(store: store))
        let feed = try Posts(store: store).routeFeed(viewer, near: near.point, after: page.after, limit: page.limit)
        if output.json { return try Output.json(feed) }
        Output.table(["ID", "FROM YOU", "AUTHOR", "ROUTE", "DISTANCE", "POSTED", "LIKES"], feed.items.map(Self.routeRow),
                     empty: "no routes shared near there that you may see")
        if let next = feed.next { print("more: --after \(next)") }
    }

    /// A route feed row: how far away, whose, which route and how long.
    private static func routeRow(_ post: Post) -> [String] {
        let away = post.distanceMeters.map(RouteStatisticsText.distance) ?? ""
        let length = post.route.map { RouteStatisticsText.distance($0.distanceMeters) } ?? ""
        return [String(post.id), away, post.author, post.route?.name ?? "", length, Output.date(post.createdAt), String(post.likes)]
    }
}
