@testable import Club
import Foundation
import Testing
import TestSupport

/// `touchline db migrate`, and `serve --no-migrate` and `--db-pool`, on the store the run is for.
@Suite struct DatabaseCommandTests {
    @Test func migrateReportsACurrentSchemaAndTheMigrationsItHas() throws {
        let scratch = try Scratch()
        let database = try TestDatabase.reference(in: scratch.url)
        let first = try Touchline.run(["db", "migrate", "--db", database, "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: [String]])
        #expect(report["schema"] == ClubStore.migrationIdentifiers)
        #expect(report["schema"]?.count == 20 && report["schema"]?.first == "v1 accounts, teams, squads, messaging")
        let again = try Touchline.run(["db", "migrate", "--db", database])
        #expect(again.status == 0)
        #expect(again.stdout.hasSuffix("the schema is current (20 migrations)\n"), "\(again.stdout)")
        #expect(!again.stdout.contains("applied "))
    }

    @Test func aBadPostgresURLIsOneLineNamingIt() throws {
        let refused = try Touchline.run(["db", "migrate", "--db", "postgres://coach:secret@db/club"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("--db: the URL holds a password; put it in $PGPASSWORD or ~/.pgpass"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("secret"))
    }

    @Test func aServerThatIsNotThereIsUnavailable() throws {
        let scratch = try Scratch()
        let missing = try Touchline.run(["db", "migrate", "--db", "postgresql://coach@/club?host=\(scratch.url.path)"])
        #expect(missing.status == 69, "\(missing.stderr)")
        #expect(missing.stderr.contains("postgresql://coach@/club?host=\(scratch.url.path): cannot be reached"))
    }

    /// `serve --no-migrate` on a database an older Touchline left: refused before listening,
    /// naming `db migrate`, and the database left as it was; `db migrate` then brings it up to
    /// date, and the server starts.
    @Test func serveNoMigrateRefusesAnOlderSchemaUntilMigrated() throws {
        let scratch = try Scratch()
        let database = try TestDatabase.reference(in: scratch.url, migrated: false)
        let old = try ClubStore(database, options: StoreOptions(migration: .deferred))
        try old.migrate(upTo: "v10 private leagues")
        old.close()
        // Under timeout(1): a server that started instead would be stopped, 124, not hang the run.
        let refused = try Touchline.run(["60", Touchline.binary.path, "serve", "--db", database, "--no-migrate", "--port", "0"],
                                        executable: URL(fileURLWithPath: "/usr/bin/timeout"))
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("touchline db migrate"), "\(refused.stderr)")
        let still = try ClubStore(database, options: StoreOptions(migration: .deferred))
        #expect(try still.appliedMigrations().count == 10)
        still.close()
        let migrated = try Touchline.run(["db", "migrate", "--db", database])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stdout.split(separator: "\n").filter { $0.hasPrefix("applied ") }.count == 10, "\(migrated.stdout)")
    }

    @Test func serveRefusesABadPoolSize() throws {
        let refused = try Touchline.run(["serve", "--db-pool", "0"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--db-pool must be from 1 to 1000"), "\(refused.stderr)")
    }
}
