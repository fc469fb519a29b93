import ArgumentParser
import Club
import Foundation
import Support

extension Board {
    /// The rows of a board listing.
    static func boardTable(_ boards: [StoredBoardSummary]) {
        Output.table(["ID", "TITLE", "EVENTS", "STROKES", "DURATION", "SIZE", "CREATED"], boards.map { board in
            [String(board.id), board.title, String(board.events), String(board.strokes),
             board.durationMilliseconds.map(BoardCheck.duration) ?? "", Files.describeSize(board.bytes),
             Output.date(board.createdAt)]
        }, empty: "no boards")
    }

    /// The log file `input`, refused by its size before it is read when it is larger than a
    /// stored board's may be.
    static func storedLog(_ input: String) throws -> Data {
        if let size = try? FileManager.default.attributesOfItem(atPath: input)[.size] as? Int {
            try Boards.checkSize(size, source: input)
        }
        return try Files.read(input)
    }

    struct Save: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "save",
            abstract: "Keep a board recording in the database, as yours.",
            discussion: """
                The log is checked as 'board check' checks it and kept byte for byte (at most \
                4 MiB); a pointer log needs its header line. Boards are personal: only you list, \
                show, render or delete yours. Prints the new board's id.

                Example:
                  touchline board save examples/boards/433.json --title '4-3-3 pressing' \\
                    --as alice
                """)
        @Argument(help: "The stroke document (.json) or pointer-event log (.jsonl).") var input: String
        @Option(help: "The board's title, 1 to 100 characters.") var title: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let log = try Board.storedLog(input)
            let (store, actor) = try club.session()
            let board = try Boards(store: store).save(actor, title: title, log: log, source: input)
            if output.json { return try Output.json(board) }
            print("saved board \(board.id): \(board.title) (\(board.events) events, \(Files.describeSize(board.bytes)))")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List your stored boards, newest first.",
            discussion: """
                20 to a page (--limit, at most 100); pass the printed --after value for the next \
                page (boards saved meanwhile never shift a page).

                Example:
                  touchline board list --limit 10 --json
                """)
        @OptionGroup var page: PageOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let page = try Boards(store: store).list(actor, after: self.page.after, limit: self.page.limit)
            if output.json { return try Output.json(page) }
            Board.boardTable(page.items)
            if let next = page.next { print("more: --after \(next)") }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one of your stored boards; -o writes its log as it was saved.",
            discussion: """
                Example:
                  touchline board show 1 -o pressing.json
                """)
        @Argument(help: "The board's id.") var id: Int64
        @Option(name: .shortAndLong, help: ArgumentHelp("Also write the board's log, byte for byte, to this file (atomically).",
                                                        valueName: "file"))
        var output: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var format: JSONFlag

        func run() throws {
            if let output { try Files.checkWritable(output) }
            let (store, actor) = try club.session()
            let board = try Boards(store: store).show(actor, id)
            if let output { try Files.write(board.log, to: output) }
            let summary = board.summary
            if format.json { return try Output.json(summary) }
            Output.fields([
                ("id", String(summary.id)), ("title", summary.title), ("owner", summary.owner), ("form", summary.form),
                ("events", "\(summary.events) (\(summary.strokes) strokes)"),
                ("duration", summary.durationMilliseconds.map(BoardCheck.duration) ?? "not timed"),
                ("size", "\(summary.bytes) bytes"), ("created", Output.date(summary.createdAt)),
                ("shared", summary.viewLink == true ? "yes, with a view link" : "no"),
            ])
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete one of your stored boards (its id is never used again).",
            discussion: """
                Example:
                  touchline board delete 1
                """)
        @Argument(help: "The board's id.") var id: Int64
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Boards(store: store).delete(actor, id)
            print("deleted board \(id)")
        }
    }

    struct Replace: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replace",
            abstract: "Replace one of your stored boards' recording (and title) with a new one.",
            discussion: """
                The board keeps its id and view link, so links to it show the new recording. The \
                log is checked as 'board save' checks it (at most 4 MiB; a pointer log needs its \
                header line).

                Example:
                  touchline board replace 1 redrawn.jsonl --title 'Pressing, redrawn'
                """)
        @Argument(help: "The board's id.") var id: Int64
        @Argument(help: "The new stroke document (.json) or pointer-event log (.jsonl).") var input: String
        @Option(help: "A new title, 1 to 100 characters (the old one stays unless given).") var title: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let log = try Board.storedLog(input)
            let (store, actor) = try club.session()
            let board = try Boards(store: store).replace(actor, id, log: log, title: title, source: input)
            if output.json { return try Output.json(board) }
            print("replaced board \(board.id): \(board.title) (\(board.events) events, \(Files.describeSize(board.bytes)))")
        }
    }

    struct Share: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "share",
            abstract: "Make a new view link to one of your stored boards, and print it.",
            discussion: """
                Anyone holding the link sees the board in the browser (read-only, as it is \
                drawn live) without logging in; `touchline serve` answers it. A new link \
                replaces the old one, which stops working at once; 'board unshare' removes it. \
                The link's token (128 random bits) is shown this once: only its SHA-256 is kept.

                Example:
                  touchline board share 1
                """)
        @Argument(help: "The board's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let link = BoardViewLink(boardID: id, token: try Boards(store: store).rotateViewToken(actor, id))
            if output.json { return try Output.json(link) }
            print(link.url)
        }
    }

    struct Unshare: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unshare",
            abstract: "Remove one of your stored boards' view link: it shows nothing any more.",
            discussion: """
                Example:
                  touchline board unshare 1
                """)
        @Argument(help: "The board's id.") var id: Int64
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Boards(store: store).removeViewToken(actor, id)
            print("board \(id) has no view link")
        }
    }
}
