import Foundation
import Support
import Testing
import TestSupport
@testable import Club

/// Names and emails compared ignoring case in every script, the same on both stores
/// (``CaseFold``): SQLite's NOCASE folded ASCII alone and PostgreSQL's citext folded by the
/// cluster's locale, so `ÉTOILE` and `étoile` were two teams on one store and one on the
/// other. Every test here runs in both halves of `make test`.
@Suite struct CaseFoldingTests {
    @Test func keysFoldEveryScriptComposeAccentsAndKeepThem() {
        #expect(CaseFold.key("ÉTOILE Rouge") == "étoile rouge")
        #expect(CaseFold.key("E\u{301}toile") == CaseFold.key("\u{C9}TOILE"))
        #expect(CaseFold.key("STRASSE") == CaseFold.key("Straße"))
        #expect(CaseFold.key("ΟΛΥΜΠΙΑΚΌΣ") == CaseFold.key("Ολυμπιακός"))
        #expect(CaseFold.key("Étoile") != CaseFold.key("Etoile"))
        #expect(CaseFold.same("Öster IF", "ÖSTER if"))
        #expect(CaseFold.isUsername("kim.o-k_2") && !CaseFold.isUsername("\u{212A}im"))
    }

    @Test func aTeamNameIsTakenAndFoundIgnoringCaseInEveryScript() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let team = try club.teams.add(alice, name: "ÉTOILE Rouge", season: "2024/25")
        #expect(throws: ClubError.duplicate(field: "team", value: "étoile rouge 2024/25")) {
            try club.teams.add(alice, name: "étoile rouge", season: "2024/25")
        }
        #expect(try club.teams.show(alice, .name("e\u{301}toile ROUGE")).team.id == team.id)
        // Accents are kept: another name.
        let plain = try club.teams.add(alice, name: "Etoile Rouge", season: "2024/25")
        #expect(try club.teams.show(alice, .name("ETOILE ROUGE")).team.id == plain.id)
        // A rename takes the new name's key.
        try club.teams.edit(alice, .id(team.id), TeamChanges(name: "Öster IF"))
        #expect(try club.teams.show(alice, .name("öster if")).team.id == team.id)
        #expect(throws: ClubError.notFound(kind: "team", reference: "étoile rouge")) {
            try club.teams.show(alice, .name("étoile rouge"))
        }
    }

    @Test func leaguesAndTheirTeamsAreNamedIgnoringCaseInEveryScript() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        let league = try leagues.create(alice, name: "Ligue Île-de-France", season: "2024/25", kind: .friends)
        #expect(throws: ClubError.duplicate(field: "league", value: "LIGUE ÎLE-DE-FRANCE 2024/25")) {
            try leagues.create(alice, name: "LIGUE ÎLE-DE-FRANCE", season: "2024/25", kind: .friends)
        }
        #expect(try leagues.show(.name("ligue île-de-france")).id == league.id)

        try leagues.addTeam(alice, .id(league.id), name: "Örgryte IS")
        try leagues.addTeam(alice, .id(league.id), name: "Straße FC")
        #expect(throws: ClubError.duplicate(field: "team", value: "Örgryte IS")) {
            try leagues.addTeam(alice, .id(league.id), name: "ÖRGRYTE is")
        }
        // A match names its sides ignoring case and keeps the league's spelling.
        let match = try Matches(store: club.store).add(alice, league: .id(league.id), home: "örgryte is", away: "STRASSE fc")
        #expect(match.match.home == "Örgryte IS" && match.match.away == "Straße FC")
        #expect(throws: ClubError.invalid(field: "away", message: "a team cannot play itself")) {
            try Matches(store: club.store).add(alice, league: nil, home: "Straße FC", away: "STRASSE FC")
        }
    }

    @Test func listingsSortNamesIgnoringCaseAlikeOnBothStoresAndPageTheSame() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        for name in ["zeta", "Ärzte", "alpha", "ÄRZTE B", "Beta", "Émile", "emile"] {
            try club.teams.add(alice, name: name, season: "2024/25")
        }
        // By the folded key's bytes, that is by code point: the ASCII letters, then ä (U+00E4),
        // then é (U+00E9); names of one key by creation (id).
        let expected = ["alpha", "Beta", "emile", "zeta", "Ärzte", "ÄRZTE B", "Émile"]
        #expect(try club.teams.list(alice).map(\.team.name) == expected)
        var paged: [String] = []
        var cursor: String?
        repeat {
            let page = try club.teams.list(alice, after: cursor, limit: 2)
            paged += page.items.map(\.team.name)
            cursor = page.next
        } while cursor != nil
        #expect(paged == expected)

        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        for name in ["Øresund", "oslo", "Ålborg", "Aarhus"] {
            try leagues.create(alice, name: name, season: "2024/25", kind: .friends)
        }
        #expect(try leagues.list().map(\.name) == ["Aarhus", "oslo", "Ålborg", "Øresund"])
    }

    @Test func anEmailIsTakenAndLogsInIgnoringCaseInEveryScript() throws {
        let club = try ScratchClub()
        let jorg = try club.accounts.register(username: "jorg", email: "JÖRG@example.de", password: "jorg-password")
        #expect(throws: Accounts.emailRefused) {
            try club.accounts.register(username: "joerg", email: "jörg@EXAMPLE.de", password: "joerg-password")
        }
        _ = try club.accounts.register(username: "strasse", email: "straße@example.de", password: "strasse-password")
        #expect(throws: Accounts.emailRefused) {
            try club.accounts.register(username: "street", email: "STRASSE@example.de", password: "street-password")
        }
        #expect(try club.accounts.authenticate(username: "Jörg@Example.DE", password: "jorg-password").userID == jorg.id)
        // Changing to one's own address in another case is no change; to another's is refused.
        let actor = ActingUser(userID: jorg.id, username: "jorg")
        _ = try club.accounts.edit(actor, email: "jörg@example.de", currentPassword: "jorg-password")
        #expect(throws: Accounts.emailRefused) {
            try club.accounts.edit(actor, email: "Strasse@Example.de", currentPassword: "jorg-password")
        }
    }

    @Test func aNameWithOtherThanASCIIFindsNoUser() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        try club.user("kim")
        // The Kelvin sign (U+212A) lower-cases to k in Swift and in PostgreSQL.
        #expect(throws: ClubError.invalidCredentials("wrong username or password")) {
            try club.accounts.authenticate(username: "\u{212A}im", password: "kim-password")
        }
        #expect(throws: ClubError.notFound(kind: "user", reference: "\u{212A}IM")) {
            try club.accounts.profile(username: "\u{212A}IM")
        }
        #expect(throws: ClubError.self) {
            try club.messaging.send(alice, OutgoingMessage(to: "\u{212A}im", subject: "Hi", body: "there"))
        }
        #expect(try club.count("message") == 0)
        #expect(try club.accounts.profile(username: "KIM").username == "kim")
    }
}

/// Version 12 fills the keys of the rows an older database holds, on both stores.
@Suite struct FoldedKeyMigrationTests {
    /// A database at v11 holding `sql`'s rows (on the store of this half of `make test`).
    private func databaseAtV11(_ folder: URL, _ sql: [String]) throws -> String {
        let reference = try TestDatabase.reference(in: folder, name: "v11.sqlite", migrated: false)
        let store = try ClubStore(reference, options: StoreOptions(migration: .deferred))
        try store.migrate(upTo: "v11 board view links")
        try store.write { db in for statement in sql { try db.execute(statement) } }
        store.close()
        return reference
    }

    private static let alice = """
        INSERT INTO "user" (id, username, displayName, email, searchKey, passwordHash, createdAt)
        VALUES (1, 'alice', 'Alice', 'ALICE.ÅS@example.org', 'alice', '$scrypt$x', '2025-01-01 00:00:00')
        """

    @Test func olderRowsGetTheirKeysAndAreFoundIgnoringCase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("club-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let reference = try databaseAtV11(folder, [
            Self.alice,
            """
            INSERT INTO team (id, name, season, ownerId, createdAt, timeZone)
            VALUES (1, 'ÉTOILE Rouge', '2024/25', 1, '2025-01-01 00:00:00', 'Europe/Paris')
            """,
            """
            INSERT INTO league (id, name, season, kind, rules, ownerId, createdAt)
            VALUES (1, 'Ligue ÎLE', '2024/25', 'friends', 'premier-league', 1, '2025-01-01 00:00:00')
            """,
            "INSERT INTO leagueTeam (leagueId, name) VALUES (1, 'Örgryte IS')",
        ])
        let store = try ClubStore(reference, options: StoreOptions(migration: .deferred))
        #expect(try store.migrate().first == FoldedKeyMigration.identifier)
        let alice = ActingUser(userID: 1, username: "alice")
        #expect(try Teams(store: store).show(alice, .name("étoile rouge")).team.id == 1)
        let leagues = Leagues(store: store, hasher: ScratchClub.fastHasher)
        #expect(try leagues.show(.name("ligue île")).id == 1)
        #expect(throws: ClubError.duplicate(field: "team", value: "Örgryte IS")) {
            try leagues.addTeam(alice, .id(1), name: "örgryte is")
        }
        #expect(try store.read { db in try db.value(String.self, "SELECT emailKey FROM \"user\" WHERE id = 1") }
                == "alice.ås@example.org")
        store.close()
    }

    @Test func twoEmailsTheKeyMakesOneStopTheMigrationNamingBoth() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("club-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Distinct for NOCASE and for citext (lower('SS') is not 'ß'), one for the key.
        let reference = try databaseAtV11(folder, [
            Self.alice,
            """
            INSERT INTO "user" (id, username, displayName, email, searchKey, passwordHash, createdAt)
            VALUES (2, 'bob', 'Bob', 'STRASSE@example.org', 'bob', '$scrypt$x', '2025-01-01 00:00:00'),
                   (3, 'carol', 'Carol', 'straße@example.org', 'carol', '$scrypt$x', '2025-01-01 00:00:00')
            """,
        ])
        let store = try ClubStore(reference, options: StoreOptions(migration: .deferred))
        #expect(throws: ClubError.conflict(field: "email", message: """
            users 'bob' ('STRASSE@example.org') and 'carol' ('straße@example.org') have the same email ignoring case, \
            which this version refuses; change one with the previous touchline (`touchline user edit --email`), then upgrade
            """)) {
            try store.migrate()
        }
        #expect(try store.appliedMigrations().count == 11)
        store.close()
    }
}
