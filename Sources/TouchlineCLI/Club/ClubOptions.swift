import ArgumentParser
import Club
import Foundation
import League

/// `--db`: which database. Declared here once; commands that need no user (`user add`,
/// `login`, `logout`, `user search`) take it alone, the others through ``ClubOptions``.
struct DatabaseOption: ParsableArguments {
    @Option(help: ArgumentHelp("The database: an SQLite file, or a PostgreSQL URL postgres://USER@HOST:PORT/DB "
                               + "(password from $PGPASSWORD or ~/.pgpass) (default: $TOUCHLINE_DB, else "
                               + "$XDG_DATA_HOME/touchline/touchline.sqlite).",
                               valueName: "path|url"))
    var db: String?

    /// The database's path or URL.
    var path: String { ClubStore.defaultPath(explicit: db) }

    /// Opens the database, creating and migrating it on first use.
    func store(_ options: StoreOptions = StoreOptions(poolSize: 2)) throws -> ClubStore {
        try ClubStore(path, options: options)
    }
}

/// Options every command that reads the club database shares: which database, and who acts.
struct ClubOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOption

    @Option(name: .customLong("as"),
            help: ArgumentHelp("Act as this user, with their password from $TOUCHLINE_PASSWORD, --password-stdin or a prompt; without it, the session of 'touchline login'.",
                               valueName: "user"))
    var actingAs: String?

    @Flag(help: "Read the password from the first line of standard input (never give it as an argument).")
    var passwordStdin = false

    /// The database's path.
    var databasePath: String { database.path }

    /// Opens the database, creating it on first use.
    func store() throws -> ClubStore { try database.store() }

    /// Opens the database for a command anyone may run: `--as` is accepted as everywhere, and
    /// its password checked, though what is shown does not depend on who asks.
    func publicStore() throws -> ClubStore {
        let store = try store()
        if actingAs != nil { _ = try actor(Accounts(store: store)) }
        return store
    }

    /// The opened database and the user to act for, as most changing commands need them.
    func session() throws -> (ClubStore, ActingUser) {
        let store = try store()
        return (store, try actor(Accounts(store: store)))
    }

    /// The user to act for and their current password, for changes a session alone may not
    /// make: with `--as`, the password it was given; with a session, asked for
    /// (`$TOUCHLINE_PASSWORD`, `--password-stdin` or a prompt).
    func actorWithPassword(_ accounts: Accounts) throws -> (ActingUser, String) {
        if let actingAs {
            let password = try Passwords.read(fromStandardInput: passwordStdin, prompt: "Password for \(actingAs): ")
            return (try accounts.authenticate(username: actingAs, password: password), password)
        }
        let actor = try actor(accounts)
        let password = try Passwords.read(fromStandardInput: passwordStdin, prompt: "Current password: ")
        return (actor, password)
    }

    /// The user to act for: `--as` with a password, else this database's session.
    func actor(_ accounts: Accounts) throws -> ActingUser {
        if let actingAs {
            let password = try Passwords.read(fromStandardInput: passwordStdin, prompt: "Password for \(actingAs): ")
            return try accounts.authenticate(username: actingAs, password: password)
        }
        guard let session = SessionFile().entry(for: databasePath) else {
            throw CommandError(.permission, "not logged in: run 'touchline login USER' or pass --as USER")
        }
        return try accounts.resumeSession(token: session.token)
    }
}

/// `--json` for listings and records.
struct JSONFlag: ParsableArguments {
    @Flag(help: "Print JSON (a stable schema) instead of a table.")
    var json = false
}

extension PlayerPosition: ExpressibleByArgument {}
extension TeamRole: ExpressibleByArgument {}
