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
        #expect(report["schema"]?.count == 16)
        #expect(report["schema"]?.first == "v1 accounts, teams, squads, messaging")
        let again = try Touchline.run(["db", "migrate", "--db", database])
        #expect(again.status == 0)
        #expect(again.stdout.hasSuffix("the schema is current (16 migrations)\n"), "\(again.stdout)")
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

    @Test func serveRefusesABadPoolSize() throws {
        let refused = try Touchline.run(["serve", "--db-pool", "0"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--db-pool must be from 1 to 1000"), "\(refused.stderr)")
    }
}
