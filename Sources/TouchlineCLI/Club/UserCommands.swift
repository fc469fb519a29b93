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
        subcommands: [Add.self, Show.self, Edit.self, Photo.self, Passwd.self, Delete.self, Search.self]
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
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show your account, or another user's profile as you may see it.",
            discussion: """
                Anyone sees a user's card: username, name, whether they have a photo and whether \
                their profile is private. The details (city, bio, sport, follower counts) are for \
                the user, their followers, and, when the profile is public, everyone but those \
                they block. Logged in (or with --as), you see what you may; otherwise, what anyone may.
                """)
        @Argument(help: "Another user; without it, your own account (email included).") var username: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let accounts = Accounts(store: try club.store())
            if let username {
                let profile = try accounts.profile(username: username, viewer: try club.viewer(accounts))
                if output.json { return try Output.json(profile) }
                return Output.fields(User.profileFields(profile))
            }
            let account = try accounts.account(of: try club.actor(accounts))
            if output.json { return try Output.json(account) }
            Output.fields([("username", account.username), ("name", account.displayName), ("email", account.email),
                           ("since", Output.date(account.createdAt))])
        }
    }

    /// The lines `user show USER` prints: the card, then the details the viewer may see.
    static func profileFields(_ profile: UserProfile) -> [(String, String)] {
        var fields = [("username", profile.username), ("name", profile.displayName), ("since", Output.date(profile.createdAt)),
                      ("profile", profile.isPrivate == true ? "private" : "public"), ("photo", profile.hasPhoto == true ? "yes" : "no")]
        if let relation = profile.relation { fields.append(("you", relation == .none ? "do not follow" : relation.rawValue)) }
        guard let followers = profile.followers, let following = profile.following else {
            // A public profile hides its details only from a user it blocks.
            fields.append(("details", profile.isPrivate == true ? "only for their followers" : "not shown to you"))
            return fields
        }
        for (label, value) in [("city", profile.city), ("sport", profile.sport), ("bio", profile.bio)] {
            if let value { fields.append((label, value)) }
        }
        return fields + [("followers", String(followers)), ("following", String(following))]
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change your display name, email, profile or privacy.",
            discussion: """
                Changing the email asks for your current password (from $TOUCHLINE_PASSWORD, \
                --password-stdin or a prompt), even when you are logged in. --private makes follows \
                requests you accept or decline; --public turns every pending request into a follow. \
                An empty --city, --bio or --sport clears it.

                Examples:
                  touchline user edit --private
                  touchline user edit --city Bilbao --sport 'football' --photo me.jpg
                """)
        @Option(help: "A new display name.") var name: String?
        @Option(help: "A new email address.") var email: String?
        @Flag(exclusivity: .exclusive, help: "Make your profile private (--private) or public (--public).") var privacy: Privacy?
        @Option(help: "Where you live or play (at most 100 characters; '' clears it).") var city: String?
        @Option(help: "A few words about you (at most 1000 characters; '' clears it).") var bio: String?
        @Option(help: "Your sport, or the vehicle you ride (at most 100 characters; '' clears it).") var sport: String?
        @Option(help: ArgumentHelp("A profile photo, PNG or JPEG: at most 2 MiB, 4096 px a side ('' removes it).",
                                   valueName: "file")) var photo: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        enum Privacy: String, EnumerableFlag {
            case `private`, `public`
        }

        func validate() throws {
            if name == nil, email == nil, photo == nil, privacy == nil, city == nil, bio == nil, sport == nil {
                throw ValidationError("give --name, --email, --private, --public, --city, --bio, --sport or --photo")
            }
        }

        func run() throws {
            let accounts = Accounts(store: try club.store())
            // The photo is read, and every change checked, before anything changes.
            let picture: Data?? = try photo.map { $0.isEmpty ? nil : try Files.read($0) }
            let changes = ProfileChanges(displayName: name, isPrivate: privacy.map { $0 == .private }, city: city, bio: bio,
                                         sport: sport, photo: picture)
            if !changes.isEmpty { try accounts.checkProfileChanges(changes) }
            let actor: ActingUser
            if email != nil {
                let (found, password) = try club.actorWithPassword(accounts)
                actor = found
                _ = try accounts.edit(actor, email: email, currentPassword: password)
            } else {
                actor = try club.actor(accounts)
            }
            let profile = changes.isEmpty ? try accounts.profile(username: actor.username, viewer: actor)
                                          : try accounts.editProfile(actor, changes)
            if output.json { return try Output.json(Edited(account: try accounts.account(of: actor), profile: profile)) }
            print("updated \(actor.username)" + (profile.isPrivate == true ? " (private profile)" : ""))
        }

        /// `--json`: the account and the profile as they now are.
        struct Edited: Encodable {
            var account: Account
            var profile: UserProfile
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

    struct Photo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "photo", abstract: "Write a user's profile photo to a file (anyone may).",
            discussion: """
                Example:
                  touchline user photo alice -o alice.jpg
                """)
        @Argument(help: "The user.") var username: String
        @Option(name: .shortAndLong, help: ArgumentHelp("The file to write, as the photo was given (PNG or JPEG).",
                                                        valueName: "file")) var output: String
        @OptionGroup var club: ClubOptions

        func run() throws {
            try Files.checkWritable(output)
            let photo = try Accounts(store: try club.publicStore()).photo(username: username)
            try Files.write(photo.data, to: output)
            print("wrote \(output) (\(photo.mediaType), \(Files.describeSize(photo.data.count)))")
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
