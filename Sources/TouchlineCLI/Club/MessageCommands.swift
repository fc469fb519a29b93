import ArgumentParser
import Club
import Foundation

/// `touchline message`: mail between users.
struct MessageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "message",
        abstract: "Send and read messages between users.",
        discussion: """
            Folders list newest first, 20 to a page; pass the printed --before value for the \
            next page (new mail never shifts a page).

            Examples:
              touchline message send --as alice --to bob --subject 'Friendly' \\
                --body 'Saturday at 10?'
              echo 'The league password is ...' | touchline message send --to bob \\
                --subject Password --body -
              touchline message inbox --json
              touchline message read 42 --json
            """,
        subcommands: [Send.self, Inbox.self, Sent.self, Read.self, Reply.self, Delete.self, Unread.self,
                      Block.self, Unblock.self]
    )

    /// The body: the option's text, or standard input for `-`.
    static func body(_ option: String) throws -> String {
        guard option == "-" else { return option }
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard data.count <= 4 * Messaging.maximumBody else {
            throw CommandError(.dataError, "standard input: the body is longer than \(Messaging.maximumBody) characters")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandError(.dataError, "standard input: the body is not UTF-8 text")
        }
        return text
    }

    static func printMessage(_ message: Message, json: Bool) throws {
        if json { return try Output.json(message) }
        Output.fields([("id", String(message.id)), ("from", message.from ?? "deleted user"), ("to", message.to),
                       ("subject", message.subject), ("sent", Output.date(message.sentAt))]
                      + (message.replyTo.map { [("reply to", String($0))] } ?? []))
        print("")
        print(TerminalText.printable(message.body, keepingLineBreaks: true))
    }

    static func printPage(_ page: MessagePage, json: Bool, folder: String) throws {
        if json { return try Output.json(page) }
        Output.table(["ID", "", "FROM", "TO", "SUBJECT", "SENT"], page.messages.map {
            [String($0.id), $0.read ? " " : "*", $0.from ?? "deleted user", $0.to, $0.subject, Output.date($0.sentAt)]
        }, empty: "no messages in \(folder)")
        if let next = page.nextBefore { print("more: --before \(next)") }
    }

    struct Send: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "send", abstract: "Send a message.")
        @Option(help: "The recipient's username.") var to: String
        @Option(help: "The subject.") var subject: String
        @Option(help: "The body, or - to read it from standard input.") var body: String
        @Option(help: ArgumentHelp("The message this answers.", valueName: "id")) var replyTo: Int64?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            if body == "-", club.passwordStdin { throw ValidationError("--body - and --password-stdin both need standard input") }
        }

        func run() throws {
            let (store, actor) = try club.session()
            let message = try Messaging(store: store).send(actor, OutgoingMessage(to: to, subject: subject,
                                                                                  body: try MessageCommand.body(body),
                                                                                  replyTo: replyTo))
            if output.json { try Output.json(message) } else { print("sent message \(message.id) to \(message.to)") }
        }
    }

    /// The paging options of `inbox` and `sent`.
    struct FolderOptions: ParsableArguments {
        @Option(help: ArgumentHelp("Only messages older than this id (the next page).", valueName: "id")) var before: Int64?
        @Option(help: "Messages per page.") var limit = 20
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        /// Fetches a page with `folder` and prints it.
        func list(_ name: String, _ folder: (Messaging, ActingUser, Int64?, Int) throws -> MessagePage) throws {
            let (store, actor) = try club.session()
            let page = try folder(Messaging(store: store), actor, before, limit)
            try MessageCommand.printPage(page, json: output.json, folder: name)
        }
    }

    struct Inbox: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "inbox", abstract: "List received messages, newest first (* marks unread).")
        @OptionGroup var folder: FolderOptions

        func run() throws {
            try folder.list("the inbox") { try $0.inbox($1, before: $2, limit: $3) }
        }
    }

    struct Sent: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "sent", abstract: "List sent messages, newest first.")
        @OptionGroup var folder: FolderOptions

        func run() throws {
            try folder.list("sent") { try $0.sent($1, before: $2, limit: $3) }
        }
    }

    struct Read: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "read", abstract: "Show a message with its body; marks it read if it is yours.")
        @Argument(help: "The message's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let message = try Messaging(store: store).read(actor, id: id)
            try MessageCommand.printMessage(message, json: output.json)
        }
    }

    struct Reply: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reply", abstract: "Answer a message (the subject gets \"RE: \" once).")
        @Argument(help: "The message's id.") var id: Int64
        @Option(help: "The body, or - to read it from standard input.") var body: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let message = try Messaging(store: store).reply(actor, to: id,
                                                            body: try MessageCommand.body(body))
            if output.json { try Output.json(message) } else { print("sent message \(message.id) to \(message.to)") }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a message from your side only; the other side keeps it.")
        @Argument(help: "The message's id.") var id: Int64
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Messaging(store: store).delete(actor, id: id)
            print("deleted message \(id)")
        }
    }

    struct Unread: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unread", abstract: "Print how many received messages are unread.")
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        struct Count: Encodable { var unread: Int }

        func run() throws {
            let (store, actor) = try club.session()
            let count = try Messaging(store: store).unreadCount(actor)
            if output.json { try Output.json(Count(unread: count)) } else { print(count) }
        }
    }

    struct Block: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "block", abstract: "Refuse new messages from a user.")
        @Argument(help: "The user.") var user: String
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Messaging(store: store).block(actor, user)
            print("blocked \(user)")
        }
    }

    struct Unblock: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unblock", abstract: "Accept messages from a user again.")
        @Argument(help: "The user.") var user: String
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Messaging(store: store).unblock(actor, user)
            print("unblocked \(user)")
        }
    }
}
