import Foundation
import GRDB
import Testing
@testable import Club

/// `StoreCopy` between SQLite files: its table list against the schema, the rows and counters
/// it carries, and what it refuses. (The copies to and from PostgreSQL, and the `make run`
/// demo database's round trip, are `DatabaseCommandTests`', which run on both stores.)
@Suite struct StoreCopyTests {
    /// A folder removed when the test ends.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("store-copy-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    }

    static let now = Date(timeIntervalSince1970: 1_728_725_400.125)

    /// A migrated database at `path` with the users ana (1) and ben (2).
    static func club(_ path: String) throws -> ClubStore {
        let store = try ClubStore(path: path)
        try store.write { db in
            for (id, name) in [(1, "ana"), (2, "ben")] {
                try db.execute("""
                    INSERT INTO "user" (id, username, displayName, email, emailKey, searchKey, passwordHash, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, '$scrypt$ln=10,r=8,p=1$c2FsdA$aGFzaA', ?)
                    """, [id, name, name.capitalized, "\(name)@example.org", "\(name)@example.org", name, now])
            }
        }
        return store
    }

    static func count(_ store: ClubStore, _ table: String) throws -> Int {
        try store.read { db in try db.value(Int.self, "SELECT count(*) FROM \(table)") ?? 0 }
    }

    // MARK: The table list

    @Test func everyTableOfTheSchemaIsCopiedAndNoOtherIs() throws {
        let folder = try Folder()
        let store = try ClubStore(path: folder.path("club.sqlite"))
        let tables = try store.read { db in
            try db.values(String.self, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
        }
        let schema = Set(tables).subtracting(["grdb_migrations"])
        let copied = Set(StoreCopy.tableOrder)
        #expect(schema.subtracting(copied).isEmpty, "tables StoreCopy does not copy: \(schema.subtracting(copied).sorted())")
        #expect(copied.subtracting(schema).isEmpty, "tables StoreCopy names that the schema lacks: \(copied.subtracting(schema).sorted())")
        #expect(StoreCopy.tableOrder.count == copied.count, "a table is listed twice")
    }

    @Test func eachTableComesAfterTheTablesItsForeignKeysReferTo() throws {
        let folder = try Folder()
        let store = try ClubStore(path: folder.path("club.sqlite"))
        for (position, table) in CopiedTable.all.enumerated() {
            let references = try store.read { db in
                try db.fetchAll("SELECT \"table\" AS target, \"from\" AS source FROM pragma_foreign_key_list(?)", [table.name])
                    .map { (try $0("target") as String, try $0("source") as String) }
            }
            for (target, column) in references {
                if target == table.name {
                    #expect(table.selfReference == column, "\(table.name).\(column) refers to its own table: name it as selfReference")
                    continue
                }
                let referred = CopiedTable.all.firstIndex { $0.name == target }
                #expect(referred != nil && referred! < position, "\(table.name).\(column) refers to \(target), which is not copied before it")
            }
        }
    }

    @Test func theOneRowTablesAreTheOnesAMigratedDatabaseFillsAndNoOthers() throws {
        let folder = try Folder()
        let store = try ClubStore(path: folder.path("club.sqlite"))
        for table in CopiedTable.all {
            #expect(try Self.count(store, table.sqlName) == (table.isSingleton ? 1 : 0), "\(table.name)")
        }
    }

    // MARK: What a copy carries

    @Test func rowsIdsSelfReferencesAndTheBoardCounterArriveAsTheyWere() throws {
        let folder = try Folder()
        let source = try Self.club(folder.path("source.sqlite"))
        try source.write { db in
            // Message 5 answers message 9, written after it (ids can be given so, and a copy
            // must not depend on replies having the larger id); 9 answers 5.
            for id in [5, 9] {
                try db.execute("""
                    INSERT INTO message (id, senderId, recipientId, subject, body, sentAt, deletedBySender)
                    VALUES (?, 1, 2, 'Hola', 'Qué tal', ?, ?)
                    """, [id, Self.now, id == 9])
            }
            try db.execute("UPDATE message SET replyToId = 9 WHERE id = 5")
            try db.execute("UPDATE message SET replyToId = 5 WHERE id = 9")
            // Board 7 deleted: AUTOINCREMENT remembers it, and the copy must too.
            for id in [3, 7] {
                try db.execute("""
                    INSERT INTO board (id, ownerId, title, log, bytes, form, events, strokes, durationMilliseconds, createdAt)
                    VALUES (?, 1, 'Press', ?, 2, 'touchline.strokes', 0, 0, 12.5, ?)
                    """, [id, Data("{}".utf8), Self.now])
            }
            try db.execute("DELETE FROM board WHERE id = 7")
            try db.execute("UPDATE calendarDomain SET name = 'touchline-source'")
            try db.execute("UPDATE matchHighWater SET id = 41")
        }
        let target = folder.path("target.sqlite")
        let report = try StoreCopy.copy(from: source.path, to: target)
        #expect(report.tables.map(\.table) == StoreCopy.tableOrder)
        #expect(report.tables.first { $0.table == "message" }?.rows == 2)
        #expect(report.tables.first { $0.table == "user" }?.rows == 2)
        #expect(report.tables.allSatisfy { $0.sha256.count == 64 })
        #expect(report.rows == 2 + 2 + 1 + 3)
        #expect(!report.replaced)

        let copy = try ClubStore(path: target)
        let messages = try copy.read { db in
            try db.fetchAll("SELECT id, replyToId, deletedBySender FROM message ORDER BY id", []).map {
                [try $0("id") as Int64, try $0("replyToId") as Int64, try $0("deletedBySender") as Int64]
            }
        }
        #expect(messages == [[5, 9, 0], [9, 5, 1]])
        let stored = try copy.read { db in try db.value(String.self, "SELECT sentAt FROM message WHERE id = 5") }
        #expect(stored == "2024-10-12 09:30:00.125")
        #expect(try copy.read { db in try db.value(String.self, "SELECT name FROM calendarDomain") } == "touchline-source")
        #expect(try copy.read { db in try db.value(Int64.self, "SELECT id FROM matchHighWater") } == 41)
        // The next board is 8, never 7 again.
        let next = try copy.write { db in
            try db.insert("""
                INSERT INTO board (ownerId, title, log, bytes, form, events, strokes, createdAt)
                VALUES (1, 'Next', ?, 2, 'touchline.strokes', 0, 0, ?)
                """, [Data("{}".utf8), Self.now])
        }
        #expect(next == 8)
    }

    @Test func theSameRowsGiveTheSameChecksumsInEveryCopy() throws {
        let folder = try Folder()
        let source = try Self.club(folder.path("source.sqlite"))
        let first = try StoreCopy.copy(from: source.path, to: folder.path("one.sqlite"))
        let second = try StoreCopy.copy(from: folder.path("one.sqlite"), to: folder.path("two.sqlite"))
        #expect(first.tables == second.tables)
    }

    // MARK: What a copy refuses

    @Test func aTargetThatChangesWhatIsWrittenFailsTheCheckAndKeepsNothing() throws {
        let folder = try Folder()
        let source = try Self.club(folder.path("source.sqlite"))
        try source.write { db in
            try db.execute("INSERT INTO message (senderId, recipientId, subject, body, sentAt) VALUES (1, 2, 'Hola', 'Qué tal', ?)", [Self.now])
        }
        let target = try ClubStore(path: folder.path("target.sqlite"))
        try target.write { db in
            try db.execute("""
                CREATE TRIGGER tamper AFTER INSERT ON message BEGIN
                    UPDATE message SET subject = 'Adiós' WHERE id = NEW.id;
                END
                """)
        }
        do {
            _ = try StoreCopy.copy(from: source, to: target)
            Issue.record("a copy that the target changed was committed")
        } catch let StoreCopyError.verificationFailed(table, sourceRows, targetRows, sourceChecksum, targetChecksum) {
            #expect(table == "message")
            #expect(sourceRows == 1 && targetRows == 1)
            #expect(sourceChecksum != targetChecksum)
        }
        #expect(try Self.count(target, "\"user\"") == 0)
        #expect(try Self.count(target, "message") == 0)
    }

    @Test func aValueThatDoesNotFitItsColumnIsNamedAndANewTargetFileIsRemoved() throws {
        let folder = try Folder()
        let source = try Self.club(folder.path("source.sqlite"))
        try source.write { db in
            try db.execute("INSERT INTO message (id, senderId, recipientId, subject, body, sentAt, deletedBySender) VALUES (4, 1, 2, 'a', 'b', ?, 2)",
                           [Self.now])
        }
        let target = folder.path("new/target.sqlite")
        #expect(throws: StoreCopyError.unreadableValue(table: "message", row: "id 4", column: "deletedbysender",
                                                       problem: "holds the integer 2, where a boolean value belongs")) {
            try StoreCopy.copy(from: source.path, to: target)
        }
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(!FileManager.default.fileExists(atPath: target + "-wal"))

        try source.write { db in
            try db.execute("UPDATE message SET deletedBySender = 0, sentAt = 'last Tuesday' WHERE id = 4")
        }
        do {
            _ = try StoreCopy.copy(from: source.path, to: target)
            Issue.record("a date that is not one was copied")
        } catch let StoreCopyError.unreadableValue(table, row, column, problem) {
            #expect(table == "message" && row == "id 4" && column == "sentat")
            #expect(problem.contains("'last Tuesday', which is not a date and time"))
        }
    }

    @Test func aTargetWithRowsIsRefusedUnlessReplacedAndThenHoldsOnlyTheSource() throws {
        let folder = try Folder()
        let source = try Self.club(folder.path("source.sqlite"))
        let target = try ClubStore(path: folder.path("target.sqlite"))
        try target.write { db in
            try db.execute("""
                INSERT INTO "user" (id, username, displayName, email, emailKey, searchKey, passwordHash, createdAt)
                VALUES (1, 'zoe', 'Zoe', 'zoe@example.org', 'zoe@example.org', 'zoe', '$scrypt$x', ?)
                """, [Self.now])
            try db.execute("INSERT INTO team (name, season, ownerId, createdAt) VALUES ('Zeta', '2024', 1, ?)", [Self.now])
        }
        #expect(throws: StoreCopyError.targetNotEmpty(target: target.path, table: "user", rows: 1)) {
            try StoreCopy.copy(from: source, to: target)
        }
        #expect(try target.read { db in try db.values(String.self, "SELECT username FROM \"user\"") } == ["zoe"])
        #expect(try Self.count(target, "team") == 1)

        let report = try StoreCopy.copy(from: source, to: target, replace: true)
        #expect(report.replaced)
        #expect(try target.read { db in try db.values(String.self, "SELECT username FROM \"user\" ORDER BY id") } == ["ana", "ben"])
        #expect(try Self.count(target, "team") == 0)
    }

    @Test func aMissingSourceIsNeverCreatedNorIsTheTarget() throws {
        let folder = try Folder()
        let missing = folder.path("nothing/here.sqlite")
        #expect(throws: StoreCopyError.sourceMissing(path: missing)) {
            try StoreCopy.copy(from: missing, to: folder.path("target.sqlite"))
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(!FileManager.default.fileExists(atPath: folder.path("nothing")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("target.sqlite")))
    }

    @Test func aDatabaseIsNotCopiedOntoItselfHoweverItsPathIsSpelled() throws {
        let folder = try Folder()
        let source = try Self.club(folder.path("club.sqlite"))
        source.close()
        let other = folder.url.path + "/./club.sqlite"
        #expect(throws: StoreCopyError.sameDatabase(source: folder.path("club.sqlite"), target: other)) {
            try StoreCopy.copy(from: folder.path("club.sqlite"), to: other, replace: true)
        }
    }

    @Test func anOutdatedSourceIsRefusedAndLeftAsItWas() throws {
        let folder = try Folder()
        let path = folder.path("old.sqlite")
        let queue = try DatabaseQueue(path: path)
        try ClubStore.migrator.migrate(queue, upTo: "v10 private leagues")
        try queue.close()
        #expect(throws: ClubError.storage(path: path, problem: .outdatedSchema)) {
            try StoreCopy.copy(from: path, to: folder.path("target.sqlite"))
        }
        let reopened = try ClubStore(path, options: StoreOptions(migration: .deferred))
        #expect(try reopened.appliedMigrations().count == 10)
        #expect(!FileManager.default.fileExists(atPath: folder.path("target.sqlite")))
    }

    // MARK: Values

    @Test func timestampsAreReadInSQLitesFormsAndWrittenInEachStoresOwn() throws {
        let grdb = try #require(UTCTimestamp("2024-10-12 09:30:00.125"))
        #expect(grdb.canonicalText == "2024-10-12 09:30:00.125000")
        #expect(grdb.sqliteText == "2024-10-12 09:30:00.125")
        #expect(grdb.postgresText == "2024-10-12 09:30:00.125000+00")
        let postgres = try #require(UTCTimestamp("2024-10-12 09:30:00.125999"))
        #expect(postgres.truncatedToMilliseconds == grdb)
        #expect(UTCTimestamp("2024-10-12T09:30Z")?.canonicalText == "2024-10-12 09:30:00.000000")
        #expect(UTCTimestamp("2024-10-12")?.sqliteText == "2024-10-12 00:00:00.000")
        for bad in ["", "2024-10-12 25:00:00", "2024-13-01", "12/10/2024", "2024-10-12 09:30:00.", "2024-10-12 09:30:00+02:00"] {
            #expect(UTCTimestamp(bad) == nil, "\(bad)")
        }
        #expect(throws: SQLValue.CopyProblem.self) { try SQLValue(copying: .real(1.5), kind: .integer, target: .postgres) }
        #expect(try SQLValue(copying: .integer(3), kind: .real, target: .sqlite) == .real(3))
        #expect(try SQLValue(copying: .integer(1), kind: .boolean, target: .postgres) == .boolean(true))
    }
}
