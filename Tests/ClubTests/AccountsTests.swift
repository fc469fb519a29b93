import Foundation
import GRDB
import Testing
import TestSupport
@testable import Club

@Suite struct AccountsTests {
    @Test func registeringATakenUsernameIsRejectedIgnoringCase() throws {
        let club = try ScratchClub()
        try club.user("alice")
        for name in ["alice", "ALICE", "Alice"] {
            #expect(throws: ClubError.duplicate(field: "username", value: name)) {
                try club.accounts.register(username: name, displayName: "Other", email: "other@example.org",
                                           password: "long enough")
            }
        }
        // An email in use is refused without saying that it is in use.
        #expect(throws: Accounts.emailRefused) {
            try club.accounts.register(username: "alice2", displayName: "A", email: "ALICE@example.org", password: "long enough")
        }
        #expect(Accounts.emailRefused.errorDescription == "email: this address cannot be used; give another")
        #expect(try club.count("\"user\"") == 1)
    }

    @Test func loggingInWithTheRightAndTheWrongPassword() throws {
        let club = try ScratchClub()
        try club.user("alice")
        #expect(try club.accounts.authenticate(username: "Alice", password: "alice-password").username == "alice")
        #expect(throws: ClubError.invalidCredentials("wrong username or password")) {
            try club.accounts.authenticate(username: "alice", password: "not-her-password")
        }
        #expect(throws: ClubError.invalidCredentials("wrong username or password")) {
            try club.accounts.authenticate(username: "nobody", password: "alice-password")
        }
    }

    @Test(arguments: [("bob", "Bob", "bob@example", "long enough", "email"),
                      ("bob", "Bob", "bob@@example.org", "long enough", "email"),
                      ("bob", "Bob", "bob@example.org", "short", "password"),
                      ("b", "Bob", "bob@example.org", "long enough", "username"),
                      ("bob smith", "Bob", "bob@example.org", "long enough", "username"),
                      ("bøb", "Bob", "bob@example.org", "long enough", "username"),
                      ("bob", "  ", "bob@example.org", "long enough", "display name")])
    func badRegistrationsNameTheField(_ input: (String, String, String, String, String)) throws {
        let club = try ScratchClub()
        do {
            try club.accounts.register(username: input.0, displayName: input.1, email: input.2, password: input.3)
            Issue.record("accepted \(input)")
        } catch let ClubError.invalid(field, _) {
            #expect(field == input.4)
        }
        #expect(try club.count("\"user\"") == 0)
    }

    @Test func sessionsStartResumeAndEnd() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let token = try club.accounts.startSession(for: alice)
        #expect(try club.accounts.resumeSession(token: token) == alice)
        try club.accounts.endSession(token: token)
        #expect(throws: ClubError.self) { try club.accounts.resumeSession(token: token) }
        // A new password ends every session.
        let other = try club.accounts.startSession(for: alice)
        try club.accounts.changePassword(alice, current: "alice-password", to: "a new password")
        #expect(throws: ClubError.self) { try club.accounts.resumeSession(token: other) }
        #expect(try club.accounts.authenticate(username: "alice", password: "a new password") == alice)
    }

    @Test func theDatabaseNeverHoldsAPasswordOrATokenInClear() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let token = try club.accounts.startSession(for: alice)
        try club.accounts.changePassword(alice, current: "alice-password", to: "correct horse battery")
        let secondToken = try club.accounts.startSession(for: alice)
        for secret in ["alice-password", "correct horse battery", token, secondToken] {
            #expect(try !club.holdsInClear(secret), "\(secret) is stored in clear")
        }
        // The search does see what is stored as it is.
        #expect(try club.holdsInClear("alice@example.org"))
        let stored = try club.store.read { db in try db.value(String.self, "SELECT passwordHash FROM \"user\"") }
        #expect(stored?.hasPrefix("$scrypt$ln=10,r=8,p=1$") == true)
    }

    @Test func productionHashesUseOWASPsScryptParameters() throws {
        // Slow by design (two scrypt runs at N = 2^17): the one test at full strength.
        let hasher = PasswordHasher()
        let stored = try hasher.hash("correct horse battery")
        #expect(stored.hasPrefix("$scrypt$ln=17,r=8,p=1$"))
        #expect(hasher.verify("correct horse battery", against: stored))
    }

    @Test func hashesAreSaltedAndCarryTheirParameters() throws {
        let fast = ScratchClub.fastHasher
        let first = try fast.hash("correct horse battery"), second = try fast.hash("correct horse battery")
        #expect(first != second)
        #expect(fast.verify("correct horse battery", against: second))
        #expect(!fast.verify("correct horse batterz", against: first))
        // Verification follows the stored parameters, whatever the hasher's own.
        #expect(PasswordHasher().verify("correct horse battery", against: first))
        #expect(!fast.verify("anything", against: "$scrypt$ln=99,r=8,p=1$AAAA$AAAA"))
        #expect(!fast.verify("anything", against: "plain text"))
        #expect(throws: ClubError.self) { try fast.hash("short") }
    }

    @Test func deletingAnAccount() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let token = try club.accounts.startSession(for: alice)
        let team = try club.teams.add(alice, name: "Infantil A", season: "2024/25")
        try club.squads.add(alice, to: .id(team.id), PlayerDraft(firstName: "Aymeric", surnames: "Laporte", number: 4, position: .defender))
        let toBob = try club.messaging.send(alice, OutgoingMessage(to: "bob", subject: "Friendly", body: "Saturday?"))
        try club.messaging.send(bob, OutgoingMessage(to: "alice", subject: "Re", body: "Yes"))

        try club.accounts.delete(alice, currentPassword: "alice-password")

        #expect(throws: ClubError.invalidCredentials("wrong username or password")) {
            try club.accounts.authenticate(username: "alice", password: "alice-password")
        }
        #expect(throws: ClubError.self) { try club.accounts.resumeSession(token: token) }
        #expect(try club.count("team") == 0)
        #expect(try club.count("player") == 0)
        #expect(try club.count("session") == 0)
        // Bob keeps what Alice sent him, from "deleted user"; what she received is gone.
        let kept = try club.messaging.read(bob, id: toBob.id)
        #expect(kept.from == nil && kept.body == "Saturday?")
        #expect(try club.messaging.inbox(bob).messages.map(\.from) == [nil])
        #expect(try club.messaging.sent(bob).messages.isEmpty)
        #expect(try club.count("message") == 1)
    }

    @Test func searchIgnoresCaseAndAccentsAndShowsNoEmail() throws {
        let club = try ScratchClub()
        try club.user("jmartinez", displayName: "José Martínez")
        try club.user("joseba", displayName: "Joseba Etxeberria")
        try club.user("ana", displayName: "Ana Núñez")
        #expect(try club.accounts.search("jose").map(\.username) == ["jmartinez", "joseba"])
        #expect(try club.accounts.search("MARTINEZ").map(\.username) == ["jmartinez"])
        #expect(try club.accounts.search("nunez").map(\.displayName) == ["Ana Núñez"])
        #expect(try club.accounts.search("100%").isEmpty)
        let encoded = String(decoding: try JSONEncoder().encode(club.accounts.search("jose")), as: UTF8.self)
        #expect(!encoded.contains("@"))
    }

    @Test func editingTheAccount() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        try club.user("bob")
        let edited = try club.accounts.edit(alice, displayName: "Alicia", email: "alicia@example.org",
                                            currentPassword: "alice-password")
        #expect(edited.displayName == "Alicia")
        #expect(try club.accounts.search("alicia").map(\.username) == ["alice"])
        #expect(throws: Accounts.emailRefused) {
            try club.accounts.edit(alice, email: "bob@example.org", currentPassword: "alice-password")
        }
        #expect(try club.accounts.account(of: alice).email == "alicia@example.org")
        // The display name alone needs no password.
        #expect(try club.accounts.edit(alice, displayName: "Ali").displayName == "Ali")
    }

    @Test func aSessionAloneCannotTakeTheAccountOver() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let token = try club.accounts.startSession(for: alice)
        let thief = try club.accounts.resumeSession(token: token)
        let refused = ClubError.invalidCredentials("changing the password needs your current password, and that is not it")
        #expect(throws: refused) { try club.accounts.changePassword(thief, current: "guess", to: "the thief's own") }
        #expect(throws: ClubError.invalidCredentials("changing the email needs your current password, and that is not it")) {
            try club.accounts.edit(thief, email: "thief@example.org")
        }
        #expect(throws: ClubError.self) { try club.accounts.edit(thief, email: "thief@example.org", currentPassword: "guess") }
        #expect(throws: ClubError.invalidCredentials("deleting the account needs your current password, and that is not it")) {
            try club.accounts.delete(thief, currentPassword: "guess")
        }
        // Nothing changed: the owner still logs in, with the same email and session.
        #expect(try club.accounts.authenticate(username: "alice", password: "alice-password") == alice)
        #expect(try club.accounts.account(of: alice).email == "alice@example.org")
        #expect(try club.accounts.resumeSession(token: token) == alice)
    }

    @Test(.enabled(if: !TestDatabase.isPostgres, "the modes of an SQLite file and its folder; a PostgreSQL server keeps its own files"))
    func aNewDatabaseIsReadableByItsOwnerOnly() throws {
        let club = try ScratchClub()
        try club.user("alice") // writes, so the WAL files exist too
        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        #expect(try mode(club.folder.path) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: club.folder.path)
        #expect(files.contains("touchline.sqlite") && files.contains("touchline.sqlite-wal"))
        for name in files {
            #expect(try mode(club.folder.appendingPathComponent(name).path) == 0o600, "\(name)")
        }
    }

    @Test func sqliteErrorsNameTheDatabaseFile() {
        // A read-only file or a full disk cannot be staged as root in a test; their SQLite
        // result codes are what the store translates, naming the file.
        let path = "/srv/club/touchline.sqlite"
        let cases: [(ResultCode, ClubError)] = [
            (.SQLITE_READONLY, .storage(path: path, problem: .readOnly)),
            (.SQLITE_FULL, .storage(path: path, problem: .diskFull)),
            (.SQLITE_IOERR, .storage(path: path, problem: .ioError)),
            (.SQLITE_CORRUPT, .storage(path: path, problem: .corrupt)),
            (.SQLITE_CANTOPEN, .storage(path: path, problem: .cannotOpen)),
            (.SQLITE_BUSY, .busy),
        ]
        for (code, expected) in cases {
            #expect(ClubStore.translate(DatabaseError(resultCode: code, message: "from SQLite"), path: path) == expected)
        }
        #expect(ClubError.storage(path: path, problem: .readOnly).errorDescription == "\(path): is read-only: cannot write to it")
        #expect(ClubError.storage(path: path, problem: .diskFull).errorDescription == "\(path): cannot grow: the disk is full")
        let constraint = ClubStore.translate(DatabaseError(resultCode: .SQLITE_CONSTRAINT, message: "CHECK failed"), path: path)
        #expect(constraint.errorDescription?.hasPrefix(path) == true)
    }

    @Test func aFileThatIsNotADatabaseIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("club-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("notes.sqlite").path
        try Data(String(repeating: "not a database at all ", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ClubError.storage(path: path, problem: .notADatabase)) { try ClubStore(path: path) }
        #expect(ClubError.storage(path: path, problem: .notADatabase).errorDescription == "\(path): is not a SQLite database")
    }

    @Test func withoutADisplayNameTheUsernameIsShown() throws {
        let club = try ScratchClub()
        let account = try club.accounts.register(username: "dani", email: "dani@example.org", password: "long enough")
        #expect(account.displayName == "dani")
        #expect(try club.accounts.profile(username: "DANI").displayName == "dani")
    }

    @Test func theDefaultDatabasePathFollowsTheEnvironment() {
        #expect(ClubStore.defaultPath(explicit: "/tmp/x.sqlite", environment: ["TOUCHLINE_DB": "/y"]) == "/tmp/x.sqlite")
        #expect(ClubStore.defaultPath(environment: ["TOUCHLINE_DB": "/y.sqlite"]) == "/y.sqlite")
        #expect(ClubStore.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"])
                == "/data/touchline/touchline.sqlite")
        #expect(ClubStore.defaultPath(environment: ["HOME": "/home/a"]) == "/home/a/.local/share/touchline/touchline.sqlite")
    }
}

@Suite struct StoreTests {
    @Test(.enabled(if: !TestDatabase.isPostgres, "SQLite's connection PRAGMAs"))
    func everyConnectionUsesWALForeignKeysAndABusyTimeout() throws {
        let club = try ScratchClub()
        let (journal, foreignKeys, timeout) = try club.store.read { db in
            (try db.value(String.self, "PRAGMA journal_mode"), try db.value(Int.self, "PRAGMA foreign_keys"),
             try db.value(Int.self, "PRAGMA busy_timeout"))
        }
        #expect(journal == "wal" && foreignKeys == 1 && timeout == 10_000)
        let writerForeignKeys = try club.store.write { db in try db.value(Int.self, "PRAGMA foreign_keys") }
        #expect(writerForeignKeys == 1)
    }

    @Test func theSchemaRefusesWhatTheServicesWouldNeverWrite() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        // A message to a user who does not exist, and one to oneself.
        #expect(throws: ClubError.self) {
            try club.store.write { db in
                try db.execute("INSERT INTO message (senderId, recipientId, subject, body, sentAt) VALUES (?, 999, 's', 'b', ?)",
                               [alice.userID, Date()])
            }
        }
        #expect(throws: ClubError.self) {
            try club.store.write { db in
                try db.execute("INSERT INTO message (senderId, recipientId, subject, body, sentAt) VALUES (?, ?, 's', 'b', ?)",
                               [alice.userID, alice.userID, Date()])
            }
        }
        #expect(try club.count("message") == 0)
    }

    @Test func reopeningADatabaseKeepsItsData() throws {
        let club = try ScratchClub()
        try club.user("alice")
        let again = Accounts(store: try ClubStore(club.reference), hasher: ScratchClub.fastHasher)
        #expect(try again.authenticate(username: "alice", password: "alice-password").username == "alice")
    }
}
