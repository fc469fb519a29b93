import Foundation
import GRDB
import Testing
import TestSupport
@testable import Club

/// The PostgreSQL store itself, on the server `scripts/test-postgres` starts (`make test`
/// runs this suite in its PostgreSQL half; the SQLite half lists it as skipped).
@Suite(.enabled(if: TestDatabase.isPostgres, "runs in make test's PostgreSQL half (scripts/test-postgres)"))
struct PostgresStoreTests {
    @Test func aNewDatabaseHasEverySQLiteMigration() throws {
        let store = try ClubStore(try TestDatabase.reference(in: FileManager.default.temporaryDirectory))
        #expect(store.isPostgres)
        #expect(try store.appliedMigrations() == ClubStore.migrationIdentifiers)
        #expect(try store.migrate().isEmpty)
        try store.checkReachable()
    }

    @Test func transactionsRoundTripEveryValueTypeAndKeepNothingOnError() throws {
        let store = try ClubStore(try TestDatabase.reference(in: FileManager.default.temporaryDirectory))
        let now = Date(timeIntervalSince1970: 1_700_000_000.123)
        let id = try store.write { db in
            try db.insert("""
                INSERT INTO "user" (username, displayName, email, emailKey, searchKey, passwordHash, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, ["Ana", "Ana Ruiz", "ana@example.org", "ana@example.org", "ana ana ruiz", "$scrypt$ln=10,r=8,p=1$c2FsdA$aGFzaA", now])
        }
        let row = try #require(try store.read { db in try db.fetchOne("SELECT * FROM \"user\" WHERE id = ?", [id]) })
        #expect(try row("username") as String == "Ana")
        #expect(try row("USERNAME") as String == "Ana")
        #expect(abs((try row("createdAt") as Date).timeIntervalSince(now)) < 0.001)
        #expect(throws: StoreError.column("nothing", problem: "is missing")) { try row("nothing") as String? }
        // Case-insensitive lookup and uniqueness, as SQLite's NOCASE.
        let found = try store.read { db in
            try db.value(Int64.self, "SELECT id FROM \"user\" WHERE \(db.dialect.equalsIgnoringCase("username"))", ["aNA"])
        }
        #expect(found == id)
        #expect(throws: ClubError.self) {
            try store.write { db in
                try db.execute("INSERT INTO session (userId, tokenHash, createdAt, expiresAt) VALUES (?, ?, ?, ?)",
                               [id, Data(repeating: 7, count: 32), now, now])
                try db.execute("""
                    INSERT INTO "user" (username, displayName, email, emailKey, searchKey, passwordHash, createdAt)
                    VALUES ('ANA', 'x', 'other@example.org', 'other@example.org', 'x', '$scrypt$x', ?)
                    """, [now])
            }
        }
        // The failed transaction kept nothing, not even its first statement.
        #expect(try store.read { db in try db.value(Int.self, "SELECT count(*) FROM session") } == 0)
        let hash = try store.write { db in
            try db.execute("INSERT INTO session (userId, tokenHash, createdAt, expiresAt) VALUES (?, ?, ?, ?)",
                           [id, Data(repeating: 7, count: 32), now, Optional(now)])
            return try db.value(Data.self, "SELECT tokenHash FROM session WHERE userId = ?", [id])
        }
        #expect(hash == Data(repeating: 7, count: 32))
    }

    @Test func concurrentConflictingWritesAreRetriedNotLost() throws {
        let reference = try TestDatabase.reference(in: FileManager.default.temporaryDirectory)
        let store = try ClubStore(reference, options: StoreOptions(poolSize: 8))
        let now = Date()
        let owner = try store.write { db in
            try db.insert("""
                INSERT INTO "user" (username, displayName, email, emailKey, searchKey, passwordHash, createdAt)
                VALUES ('owner', 'Owner', 'owner@example.org', 'owner@example.org', 'owner', '$scrypt$x', ?)
                """, [now])
        }
        // Eight writers each read the count of teams and insert one more: under SERIALIZABLE
        // some must fail and run again; every insert lands once.
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for round in 0..<5 {
                _ = try? store.write { db in
                    let count = try db.value(Int.self, "SELECT count(*) FROM team WHERE ownerId = ?", [owner]) ?? 0
                    try db.execute("INSERT INTO team (name, season, ownerId, createdAt) VALUES (?, '2024', ?, ?)",
                                   ["T\(index)-\(round)-\(count)", owner, now])
                }
            }
        }
        #expect(try store.read { db in try db.value(Int.self, "SELECT count(*) FROM team") } == 40)
    }

    /// A prepared statement is prepared once per connection and run with new arguments each
    /// time; more statements than a connection keeps let the oldest go; a server's error in one
    /// is reported with its reason, as an unprepared statement's is.
    @Test func preparedStatementsRunAgainWithNewArgumentsAndReportErrors() throws {
        let reference = try TestDatabase.reference(in: FileManager.default.temporaryDirectory)
        let store = try ClubStore(reference, options: StoreOptions(poolSize: 1))
        for round in 0..<3 {
            for number in 0..<(PooledConnection.maximumPrepared + 4) {
                let sql = "SELECT CAST(? AS BIGINT) * \(number + 1) AS product, CAST(? AS TEXT) AS name"
                let row = try #require(try store.read { db in try db.fetchAllPrepared(sql, [Int64(round), "r\(round)"]) }.first)
                #expect(try row("product") as Int64 == Int64(round * (number + 1)))
                #expect(try row("name") as String == "r\(round)")
            }
        }
        // Arguments keep their own types where the statement does not say (an Int64 added to
        // an integer literal, which PostgreSQL alone would take for int4), and NULL takes the
        // statement's.
        let sum: Int64? = try store.read { db in try db.fetchAllPrepared("SELECT ? + 1", [Int64(41)]).first?(at: 0) }
        let product: Double? = try store.read { db in try db.fetchAllPrepared("SELECT ? * 2", [1.25]).first?(at: 0) }
        let texts: [String?] = try ["none", nil].map { (value: String?) in
            try store.read { db in try db.fetchAllPrepared("SELECT COALESCE(CAST(? AS TEXT), 'none')", [value == nil ? nil : "some"]).first?(at: 0) }
        }
        #expect(sum == 42 && product == 2.5 && texts == ["some", "none"])
        let error = #expect(throws: ClubError.self) {
            try store.read { db in try db.fetchAllPrepared("SELECT CAST(CAST(? AS TEXT) AS BIGINT)", ["eleven"]) }
        }
        #expect(error?.localizedDescription.contains("invalid input syntax for type bigint") == true)
        // The connection is still good afterwards.
        #expect(try store.read { db in try db.fetchAllPrepared("SELECT CAST(? AS BIGINT) + 1", [Int64(41)]) }.first?(at: 0) as Int64? == 42)
    }

    /// After a bulk load the planner's statistics are gathered at once, not when autovacuum
    /// gets to the tables.
    @Test func refreshingStatisticsAnalysesTheTables() throws {
        let reference = try TestDatabase.reference(in: FileManager.default.temporaryDirectory)
        let store = try ClubStore(reference)
        try store.write { db in
            try db.execute("""
                INSERT INTO "user" (username, displayName, email, emailKey, searchKey, passwordHash, createdAt)
                VALUES ('owner', 'Owner', 'owner@example.org', 'owner@example.org', 'owner', '$scrypt$x', ?)
                """, [Date()])
        }
        let tuples = { try store.read { db in try db.value(Double.self, "SELECT reltuples::float8 FROM pg_class WHERE relname = 'user'") } }
        #expect(try tuples() == -1)
        try store.refreshStatistics()
        #expect(try tuples() == 1)
    }

    /// A one-statement write commits its statement alone (autocommit), so a second one, which
    /// would not be atomic with it, is refused rather than run.
    @Test func aOneStatementWriteRefusesASecondStatement() throws {
        let reference = try TestDatabase.reference(in: FileManager.default.temporaryDirectory)
        let store = try ClubStore(reference)
        #expect(try store.writeOneStatement { db in try db.value(Int.self, "SELECT 41 + 1") } == 42)
        let error = #expect(throws: ClubError.self) {
            try store.writeOneStatement { db in
                try db.execute("SELECT 1")
                try db.execute("SELECT 2")
            }
        }
        #expect(error?.localizedDescription.contains("a one-statement write ran a second statement: SELECT 2") == true)
    }
}

/// The two stores' schemas move together: a migration added to one is added to the other.
@Suite struct SchemaParityTests {
    @Test func postgresMigrationsMirrorSQLitesOneForOne() {
        #expect(PostgresSchema.migrations.map(\.identifier) == ClubStore.migrationIdentifiers)
    }
}

/// Opening a database whose schema is older: migrated by default, refused by
/// `serve --no-migrate`, left for `touchline db migrate` to bring up to date. On both stores.
@Suite struct SchemaMigrationPolicyTests {
    @Test func anOutdatedSchemaIsRefusedOrMigratedAsAsked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("club-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A database as v10 left it.
        let outdated = try TestDatabase.reference(in: folder, name: "v10.sqlite", migrated: false)
        let made = try ClubStore(outdated, options: StoreOptions(migration: .deferred))
        let shown = made.path
        #expect(try made.appliedMigrations().isEmpty)
        #expect(try made.migrate(upTo: "v10 private leagues") == Array(ClubStore.migrationIdentifiers.prefix(10)))
        made.close()

        #expect(throws: ClubError.storage(path: shown, problem: .outdatedSchema)) {
            try ClubStore(outdated, options: StoreOptions(migration: .refuseOutdated))
        }
        let deferred = try ClubStore(outdated, options: StoreOptions(migration: .deferred))
        #expect(try deferred.appliedMigrations().count == 10)
        #expect(try deferred.migrate() == ["v11 board view links", FoldedKeyMigration.identifier, CollectionSchema.identifier,
                                                   SwapSchema.identifier, ContestSchema.identifier,
                                                   SwapRingSchema.identifier, SocialSchema.identifier,
                                                   PostSchema.identifier, EventSchema.identifier,
                                                   GuideSchema.identifier])
        #expect(try deferred.appliedMigrations() == ClubStore.migrationIdentifiers)
        #expect(try deferred.migrate().isEmpty)
        deferred.close()
        _ = try ClubStore(outdated, options: StoreOptions(migration: .refuseOutdated))
    }
}

extension PostgresStoreTests {
    @Test func aStatementTheServerRefusesIsReportedWithItsReasonNotAsUnreachable() throws {
        let store = try ClubStore(try TestDatabase.reference(in: FileManager.default.temporaryDirectory))
        do {
            try store.write { db in try db.execute("SELECT 1; SELECT 2") }
            Issue.record("two statements in one query were accepted")
        } catch let error as ClubError {
            #expect(!error.localizedDescription.contains("cannot be reached"), "\(error.localizedDescription)")
            #expect(error.localizedDescription.contains("multiple commands"), "\(error.localizedDescription)")
        }
    }
}
