import ArgumentParser
import Club
import Foundation

/// `touchline user`: accounts.
struct User: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Register and manage accounts.",
        discussion: """
            Passwords are read from $TOUCHLINE_PASSWORD, --password-stdin or a prompt without \
            echo; never from an argument. They are stored only as salted scrypt hashes.

            Examples:
              TOUCHLINE_PASSWORD=... touchline user add alice --name 'Alice Martín' \\
                --email alice@example.org
              touchline user search jose
              touchline user show --as alice --json
            """,
        subcommands: [Add.self, Show.self, Edit.self, Passwd.self, Delete.self, Search.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Register a user (password from $TOUCHLINE_PASSWORD, --password-stdin or a prompt).")
        @Argument(help: "Letters, digits, '.', '_' or '-'; unique ignoring case.") var username: String
        @Option(help: "The name others see (default: the username).") var name: String?
        @Option(help: "An email address, unique.") var email: String
        @OptionGroup var database: DatabaseOption
        @Flag(help: "Read the password from the first line of standard input.") var passwordStdin = false
        @OptionGroup var output: JSONFlag

        func run() throws {
            let password = try Passwords.read(fromStandardInput: passwordStdin, prompt: "Password for \(username): ",
                                              confirm: true)
            let accounts = Accounts(store: try database.store())
            let account = try accounts.register(username: username, displayName: name, email: email, password: password)
            if output.json { try Output.json(account) } else { print("registered \(account.username) (id \(account.id))") }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show your account, or another user's public profile.")
        @Argument(help: "Another user; without it, your own account (email included).") var username: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let accounts = Accounts(store: try club.store())
            if let username {
                // Anyone's public profile: no login needed, never the email.
                let profile = try accounts.profile(username: username)
                if output.json { return try Output.json(profile) }
                return Output.fields([("username", profile.username), ("name", profile.displayName),
                                      ("since", Output.date(profile.createdAt))])
            }
            let account = try accounts.account(of: try club.actor(accounts))
            if output.json { return try Output.json(account) }
            Output.fields([("username", account.username), ("name", account.displayName), ("email", account.email),
                           ("since", Output.date(account.createdAt))])
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change your display name or email.",
            discussion: """
                Changing the email asks for your current password (from $TOUCHLINE_PASSWORD, \
                --password-stdin or a prompt), even when you are logged in.
                """)
        @Option(help: "A new display name.") var name: String?
        @Option(help: "A new email address.") var email: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            if name == nil, email == nil { throw ValidationError("give --name or --email") }
        }

        func run() throws {
            let accounts = Accounts(store: try club.store())
            let account: Account
            if email != nil {
                let (actor, password) = try club.actorWithPassword(accounts)
                account = try accounts.edit(actor, displayName: name, email: email, currentPassword: password)
            } else {
                account = try accounts.edit(try club.actor(accounts), displayName: name)
            }
            if output.json { try Output.json(account) } else { print("updated \(account.username)") }
        }
    }

    struct Passwd: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "passwd",
            abstract: "Change your password; every session ends.",
            discussion: "Asks for the current password first, even when you are logged in (from $TOUCHLINE_PASSWORD, the first line of standard input with --password-stdin, or a prompt). The new password comes from $TOUCHLINE_NEW_PASSWORD, the next line of standard input with --password-stdin, or a prompt.")
        @OptionGroup var club: ClubOptions

        func run() throws {
            let accounts = Accounts(store: try club.store())
            let (actor, current) = try club.actorWithPassword(accounts)
            let password = try Passwords.read(fromStandardInput: club.passwordStdin, variable: Passwords.newVariable,
                                              prompt: "New password: ", confirm: true)
            try accounts.changePassword(actor, current: current, to: password)
            try? SessionFile().set(nil, for: club.databasePath)
            print("changed the password of \(actor.username); log in again")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete your account.",
            discussion: "Removes your sessions, the teams and players you own, the leagues you own with their teams, matches and editors, the friendlies you recorded, your stored routes, and the messages you received; messages you sent stay with their recipients, from \"deleted user\", and league matches you entered as an editor stay with their league. Asks for your current password even when you are logged in, then, on a terminal without --yes, for a confirmation; refuses without --yes when not on a terminal.")
        @Flag(help: "Do not ask.") var yes = false
        @OptionGroup var club: ClubOptions

        func run() throws {
            let accounts = Accounts(store: try club.store())
            let (actor, password) = try club.actorWithPassword(accounts)
            if !yes {
                guard isatty(STDIN_FILENO) == 1 else {
                    throw CommandError(.usage, "deleting an account needs --yes when not on a terminal")
                }
                FileHandle.standardError.write(Data("Delete \(actor.username), their teams, players, leagues, friendlies, stored routes and received messages? [y/N] ".utf8))
                guard let answer = Swift.readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                    throw CommandError(.usage, "not deleted")
                }
            }
            try accounts.delete(actor, currentPassword: password)
            if SessionFile().entry(for: club.databasePath)?.username.lowercased() == actor.username.lowercased() {
                try? SessionFile().set(nil, for: club.databasePath)
            }
            print("deleted \(actor.username)")
        }
    }

    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "search", abstract: "Find users by part of their username or name, ignoring case and accents (never shows emails).")
        @Argument(help: "Text to look for, for example jose (finds José).") var text: String
        @Option(help: "The most users to list.") var limit = 50
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let users = try Accounts(store: try club.publicStore()).search(text, limit: limit)
            if output.json { return try Output.json(users) }
            Output.table(["USERNAME", "NAME"], users.map { [$0.username, $0.displayName] }, empty: "no users match '\(text)'")
        }
    }
}

/// `touchline login USER`.
struct Login: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in: later commands on this database act as you without --as.",
        discussion: "The session token is saved, readable by you only, in $XDG_CONFIG_HOME/touchline/sessions.json; the database keeps only its hash.")
    @Argument(help: "Your username or your email address.") var username: String
    @OptionGroup var database: DatabaseOption
    @Flag(help: "Read the password from the first line of standard input.") var passwordStdin = false

    func run() throws {
        let path = database.path
        let accounts = Accounts(store: try ClubStore(path: path))
        let password = try Passwords.read(fromStandardInput: passwordStdin, prompt: "Password for \(username): ")
        let actor = try accounts.authenticate(username: username, password: password)
        let files = SessionFile()
        if let previous = files.entry(for: path) { try? accounts.endSession(token: previous.token) }
        let token = try accounts.startSession(for: actor)
        try files.set(SessionFile.Entry(username: actor.username, token: token), for: path)
        print("logged in as \(actor.username)")
    }
}

/// `touchline logout`.
struct Logout: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: "End this database's session.")
    @OptionGroup var database: DatabaseOption

    func run() throws {
        let path = database.path
        let files = SessionFile()
        guard let entry = files.entry(for: path) else { return print("not logged in") }
        try Accounts(store: try ClubStore(path: path)).endSession(token: entry.token)
        try files.set(nil, for: path)
        print("logged out \(entry.username)")
    }
}

/// `touchline whoami`.
struct WhoAmI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Print who commands act as.")
    @OptionGroup var club: ClubOptions

    func run() throws {
        print(try club.actor(Accounts(store: try club.store())).username)
    }
}
