import ArgumentParser
import Club
import Foundation

/// `touchline db`: the club database itself.
struct DatabaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Look after the club database: migrate its schema.",
        subcommands: [Migrate.self])

    /// `touchline db migrate`: applies the schema's missing migrations.
    struct Migrate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring the database's schema up to this touchline's, in one transaction.",
            discussion: """
                Every command and `touchline serve` migrate a database when they open it, unless \
                the server runs with --no-migrate; then an operator migrates with this command \
                before starting the new servers. Prints each migration applied, or that the \
                schema is current.

                Example:
                  touchline db migrate --db postgresql://app@db/club
                """)

        @OptionGroup var database: DatabaseOption
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try database.store(StoreOptions(poolSize: 1, migration: .deferred))
            defer { store.close() }
            let applied = try store.migrate()
            let current = try store.appliedMigrations()
            if output.json {
                try Output.json(MigrationReport(applied: applied, schema: current))
            } else if applied.isEmpty {
                print("\(store.path): the schema is current (\(current.count) migrations)")
            } else {
                for identifier in applied { print("applied \(identifier)") }
                print("\(store.path): the schema is current (\(current.count) migrations)")
            }
        }
    }
}

/// `db migrate --json`.
struct MigrationReport: Encodable {
    /// The migrations this run applied, in order.
    var applied: [String]
    /// Every migration the database now has, in order.
    var schema: [String]
}
