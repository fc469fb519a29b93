import ArgumentParser
import Club
import Foundation

/// `touchline db`: the club database itself.
struct DatabaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Look after the club database: migrate its schema, copy it to another store.",
        subcommands: [Migrate.self, Copy.self])

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

extension DatabaseCommand {
    /// `touchline db copy`: a whole club database into another, SQLite or PostgreSQL.
    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy a whole club database into another (SQLite or PostgreSQL, either way), in one transaction.",
            discussion: """
                Moves a club from its SQLite file onto a PostgreSQL server that several \
                `touchline serve` processes share, or back, or between two databases of one \
                store. The source is read on one snapshot and never changed (what is written to \
                it after the copy starts is not copied: stop its servers for the move); its \
                schema must be this touchline's (run `touchline db migrate --db SOURCE` first). The target is \
                made or migrated, then written in one transaction: every table or nothing. Each \
                table's row count and SHA-256 are checked against the source's before the \
                transaction commits, and printed.

                The target must hold no rows; --replace deletes what it holds first, in the \
                same transaction. Ids are kept, and ids given out later continue above the \
                source's. Timestamps keep their milliseconds in SQLite and their microseconds in \
                PostgreSQL.

                Examples:
                  touchline db copy --from club.sqlite --to postgresql://app@db/club
                  touchline db copy --from postgresql://app@db/club --to back.sqlite --json
                """)

        @Option(help: ArgumentHelp("The database to copy: an SQLite file (never created) or a PostgreSQL URL.",
                                   valueName: "path|url"))
        var from: String

        @Option(help: ArgumentHelp("The database to fill: an SQLite file (created when missing) or a PostgreSQL URL.",
                                   valueName: "path|url"))
        var to: String

        @Flag(help: "Delete what the target holds first, in the same transaction (without it, a target with rows is refused).")
        var replace = false

        @OptionGroup var output: JSONFlag

        func run() throws {
            // A URL that cannot be a database is a usage error, named by its option.
            for (option, reference) in [("--from", from), ("--to", to)] where PostgresLocation.isURL(reference) {
                do {
                    _ = try PostgresLocation(url: reference)
                } catch ClubError.invalid(_, let message) {
                    throw CommandError(.usage, "\(option): \(message)")
                }
            }
            guard from != to else { throw CommandError(.usage, "--from and --to name the same database: copy into another one") }
            let report = try StoreCopy.copy(from: from, to: to, replace: replace)
            if output.json {
                try Output.json(report)
                return
            }
            Output.table(["TABLE", "ROWS", "SHA-256"],
                         report.tables.map { [$0.table, String($0.rows), String($0.sha256.prefix(16))] })
            print("copied \(report.rows) rows in \(report.tables.count) tables from \(report.source) to \(report.target)"
                  + (report.replaced ? ", replacing what it held" : "") + "; every table's count and SHA-256 match")
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
