import Club
import Foundation
import GRDB
import Testing
import TestSupport

/// `touchline db copy`, part of `DatabaseCommandTests` so that it runs on both stores: the
/// `make run` demo database (an SQLite file, as `make run` makes it) goes into a database of
/// the store the run is for (SQLite, or PostgreSQL in `make test`'s PostgreSQL half) and back.
extension DatabaseCommandTests {
    @Test func theDemoDatabaseGoesThereAndBackWithEveryListingByteEqual() throws {
        let scratch = try Scratch()
        let demo = try DemoClub.shared.get()
        let original = try demo.copy(into: scratch)
        let middle = try TestDatabase.reference(in: scratch.url, name: "middle.sqlite")
        let back = scratch.path("back.sqlite")

        let there = try Touchline.run(["db", "copy", "--from", original, "--to", middle, "--json"])
        #expect(there.status == 0, "\(there.stderr)")
        let returned = try Touchline.run(["db", "copy", "--from", middle, "--to", back, "--json"])
        #expect(returned.status == 0, "\(returned.stderr)")
        let thereReport = try JSONDecoder().decode(StoreCopyReport.self, from: Data(there.stdout.utf8))
        let returnedReport = try JSONDecoder().decode(StoreCopyReport.self, from: Data(returned.stdout.utf8))

        // The same rows, counted and summed the same on both stores.
        #expect(thereReport.tables == returnedReport.tables)
        #expect(thereReport.tables.map(\.table) == StoreCopy.tableOrder)
        let rows = Dictionary(uniqueKeysWithValues: thereReport.tables.map { ($0.table, $0.rows) })
        #expect(rows["user"] == 2)
        #expect(rows["match"] == 381, "the 380 matches of La Liga and the friendly")
        #expect(rows["matchEvent"] == 4)
        #expect(rows["lineup"] == 3)
        #expect(rows["matchTombstone"] == 1, "the deleted friendly")
        #expect(rows["message"] == 3)
        #expect(rows["board"] == 1)
        #expect(rows["route"] == 1)
        #expect(rows["leagueZone"] == 5)
        #expect(rows["calendarDomain"] == 1)
        for table in ["collection", "collectionCard", "ownedCard", "cardDraw", "swapProposal", "battle", "treasureHunt",
                      "challengeResult", "stickerImage", "follow", "userPhoto", "socialGroup", "groupAvatar", "groupMember",
                      "post", "postImage", "postLike", "postComment", "event", "eventRoute", "eventGroup", "eventGuest"] {
            #expect(rows[table] ?? 0 > 0, "\(table) holds no row in the demo")
        }
        #expect(thereReport.tables.allSatisfy { $0.sha256.count == 64 && $0.sha256.allSatisfy(\.isHexDigit) })

        let before = demo.listings
        for (label, database) in [("the copy", middle), ("the copy back", back)] {
            let after = try DemoClub.listings(of: database, scratch: scratch)
            #expect(after.keys.sorted() == before.keys.sorted())
            for (name, output) in before.sorted(by: { $0.key < $1.key }) {
                #expect(after[name] == output, "\(name) differs in \(label)")
            }
        }
    }

    @Test func idsGivenAfterACopyAreTheOnesTheOriginalWouldGive() throws {
        let scratch = try Scratch()
        let demo = try DemoClub.shared.get()
        let original = try demo.copy(into: scratch)
        let target = try TestDatabase.reference(in: scratch.url, name: "target.sqlite")
        let copied = try Touchline.run(["db", "copy", "--from", original, "--to", target])
        #expect(copied.status == 0, "\(copied.stderr)")

        // Each creation, on the original and on the copy, must give the same new id: one
        // above every id the original ever gave (the deleted board's and friendly's included).
        let alice = ["TOUCHLINE_PASSWORD": DemoClub.alicePassword]
        let creations: [(String, [String], [String: String])] = [
            ("user", ["user", "add", "carol", "--name", "Carol", "--email", "carol@example.org"], ["TOUCHLINE_PASSWORD": "carol demo password"]),
            ("board", ["board", "save", Touchline.example("433.json"), "--title", "Again", "--as", "alice"], alice),
            ("message", ["message", "send", "--to", "bob", "--subject", "After", "--body", "the copy", "--as", "alice"], alice),
            ("team", ["team", "add", "Cadete B", "--season", "2024/25", "--as", "alice"], alice),
            ("friendly", ["match", "add", "--home", "Athletic Infantil A", "--away", "Eibar Infantil", "--date", "2024-11-09", "--as", "alice"], alice),
            ("route", ["route", "import", DemoClub.path("examples/routes/planned-route.gpx"), "--as", "alice"], alice),
        ]
        for (what, arguments, environment) in creations {
            var ids: [Int] = []
            for database in [original, target] {
                let result = try Touchline.run(arguments + ["--db", database, "--json"], environment: environment)
                #expect(result.status == 0, "\(what) on \(database): \(result.stderr)")
                let object = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
                ids.append(object?["id"] as? Int ?? -1)
            }
            #expect(ids[0] > 0 && ids[0] == ids[1], "new \(what): id \(ids[0]) on the original, \(ids[1]) on the copy")
        }
        #expect(try DemoClub.boardID(in: target, title: "Again") == demo.deletedBoard + 1)
    }

    @Test func aTargetWithRowsIsRefusedAndLeftAsItWasUnlessReplaced() throws {
        let scratch = try Scratch()
        let demo = try DemoClub.shared.get()
        let original = try demo.copy(into: scratch)
        let target = try TestDatabase.reference(in: scratch.url, name: "target.sqlite")
        let zoe = try Touchline.run(["user", "add", "zoe", "--name", "Zoe", "--email", "zoe@example.org", "--db", target],
                                    environment: ["TOUCHLINE_PASSWORD": "zoe demo password"])
        #expect(zoe.status == 0, "\(zoe.stderr)")
        let before = try Touchline.run(["league", "list", "--json", "--db", target])

        let refused = try Touchline.run(["db", "copy", "--from", original, "--to", target])
        #expect(refused.status == 73)
        #expect(refused.stderr == "touchline: error: \(DemoClub.named(target)) is not empty (table user holds 1 row): "
                + "copy into an empty database, or replace what it holds with --replace\n")
        #expect(refused.stdout.isEmpty)
        #expect(try Touchline.run(["league", "list", "--json", "--db", target]).stdout == before.stdout)
        #expect(try Touchline.run(["user", "show", "zoe", "--db", target]).status == 0)
        #expect(try Touchline.run(["user", "show", "alice", "--db", target]).status != 0)

        let replaced = try Touchline.run(["db", "copy", "--from", original, "--to", target, "--replace", "--json"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let report = try JSONDecoder().decode(StoreCopyReport.self, from: Data(replaced.stdout.utf8))
        #expect(report.replaced)
        #expect(try Touchline.run(["user", "show", "zoe", "--db", target]).status != 0)
        let listings = try DemoClub.listings(of: target, scratch: scratch)
        let originals = demo.listings
        for (name, output) in originals.sorted(by: { $0.key < $1.key }) {
            #expect(listings[name] == output, "\(name) differs after --replace")
        }
    }

    @Test func theTableOfAPlainCopyNamesEveryTableWithItsRowsAndChecksum() throws {
        let scratch = try Scratch()
        let original = try DemoClub.shared.get().copy(into: scratch)
        let target = try TestDatabase.reference(in: scratch.url, name: "target.sqlite")
        let result = try Touchline.run(["db", "copy", "--from", original, "--to", target])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == StoreCopy.tableOrder.count + 2)
        #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true) == ["TABLE", "ROWS", "SHA-256"])
        for (line, table) in zip(lines.dropFirst(), StoreCopy.tableOrder) {
            let cells = line.split(separator: " ", omittingEmptySubsequences: true)
            #expect(cells.count == 3 && cells[0] == table && Int(cells[1]) != nil && cells[2].count == 16, "\(line)")
        }
        #expect(lines.last?.hasPrefix("copied ") == true)
        #expect(lines.last?.hasSuffix(" in \(StoreCopy.tableOrder.count) tables from \(original) to \(DemoClub.named(target)); "
                                      + "every table's count and SHA-256 match") == true, "\(lines.last ?? "")")

        // --json: a stable schema.
        let json = try Touchline.run(["db", "copy", "--from", original, "--to", scratch.path("again.sqlite"), "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["source", "target", "replaced", "tables"])
        let first = try #require((object["tables"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["table", "rows", "sha256"])
    }

    @Test func aMissingSourceIsRefusedAndNeverCreated() throws {
        let scratch = try Scratch()
        let missing = scratch.path("gone/club.sqlite")
        let target = try TestDatabase.reference(in: scratch.url, name: "target.sqlite")
        let result = try Touchline.run(["db", "copy", "--from", missing, "--to", target])
        #expect(result.status == 66)
        #expect(result.stderr == "touchline: error: \(missing): no such database to copy from (a copy never creates its source)\n")
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("gone")))
    }

    @Test func badURLsAndUnreachableServersAreOneLineAndLeaveNoTarget() throws {
        let scratch = try Scratch()
        let original = try DemoClub.shared.get().copy(into: scratch)
        let withPassword = try Touchline.run(["db", "copy", "--from", original, "--to", "postgres://coach:secret@db/club"])
        #expect(withPassword.status == 64)
        #expect(withPassword.stderr.hasPrefix("touchline: error: --to: the URL holds a password"), "\(withPassword.stderr)")
        #expect(!withPassword.stderr.contains("secret"))
        #expect(withPassword.stderr.split(separator: "\n").count == 1)

        let badSource = try Touchline.run(["db", "copy", "--from", "postgresql://coach@db/club?colour=red", "--to", scratch.path("t.sqlite")])
        #expect(badSource.status == 64)
        #expect(badSource.stderr.hasPrefix("touchline: error: --from: unknown URL parameter 'colour'"), "\(badSource.stderr)")

        let nowhere = "postgresql://coach@/club?host=\(scratch.url.path)"
        let unreachable = try Touchline.run(["db", "copy", "--from", original, "--to", nowhere])
        #expect(unreachable.status == 69, "\(unreachable.stderr)")
        #expect(unreachable.stderr == "touchline: error: \(DemoClub.named(nowhere)): cannot be reached; try again\n")
        let fromNowhere = try Touchline.run(["db", "copy", "--from", nowhere, "--to", scratch.path("t.sqlite")])
        #expect(fromNowhere.status == 69, "\(fromNowhere.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("t.sqlite")))

        let itself = try Touchline.run(["db", "copy", "--from", original, "--to", scratch.url.path + "/./" + "demo.sqlite", "--replace"])
        #expect(itself.status == 64)
        #expect(itself.stderr.contains("is the database \(original) itself"), "\(itself.stderr)")
    }

    @Test func aTargetThatChangesTheRowsWrittenFailsTheCheckAndKeepsNothing() throws {
        let scratch = try Scratch()
        let original = try DemoClub.shared.get().copy(into: scratch)
        let target = scratch.path("tampered.sqlite")
        #expect(try Touchline.run(["db", "migrate", "--db", target]).status == 0)
        let queue = try DatabaseQueue(path: target)
        try queue.write { db in
            try db.execute(sql: "CREATE TRIGGER tamper AFTER INSERT ON route BEGIN UPDATE route SET name = 'Other' WHERE id = NEW.id; END")
        }
        try queue.close()
        let result = try Touchline.run(["db", "copy", "--from", original, "--to", target])
        #expect(result.status == 73)
        #expect(result.stderr.hasPrefix("touchline: error: table route did not arrive intact (SHA-256 "), "\(result.stderr)")
        #expect(try Touchline.run(["user", "show", "alice", "--db", target]).status != 0)
    }
}

/// PostgreSQL to PostgreSQL, in the PostgreSQL half only (which fails, never skips, when its
/// server is missing).
extension DatabaseCommandTests {
    @Test(.enabled(if: TestDatabase.isPostgres, "copies between two PostgreSQL databases"))
    func aCopyBetweenTwoPostgresDatabasesKeepsEveryListing() throws {
        let scratch = try Scratch()
        let demo = try DemoClub.shared.get()
        let original = try demo.copy(into: scratch)
        let first = try TestDatabase.reference(in: scratch.url)
        let second = try TestDatabase.reference(in: scratch.url)
        #expect(try Touchline.run(["db", "copy", "--from", original, "--to", first]).status == 0)
        let copied = try Touchline.run(["db", "copy", "--from", first, "--to", second, "--json"])
        #expect(copied.status == 0, "\(copied.stderr)")
        let before = demo.listings
        let after = try DemoClub.listings(of: second, scratch: scratch)
        for (name, output) in before.sorted(by: { $0.key < $1.key }) {
            #expect(after[name] == output, "\(name) differs")
        }
        let itself = try Touchline.run(["db", "copy", "--from", first, "--to", second + "&sslmode=disable", "--replace"])
        #expect(itself.status == 0, "another spelling of another database is no reason to refuse: \(itself.stderr)")
        let same = try Touchline.run(["db", "copy", "--from", first, "--to", first + "&connect_timeout=5", "--replace"])
        #expect(same.status == 64, "\(same.stderr)")
        #expect(same.stderr.contains("itself"), "\(same.stderr)")
    }
}

/// The `make run` demo club database (`scripts/club-demo`), made once per test run, with what
/// the demo leaves out so that every table holds rows: a stored route, a board and a deleted
/// one, a reply, a message deleted by its sender, a calendar token, a deleted friendly, a swap
/// proposal, a battle and a challenge result.
struct DemoClub: Sendable {
    /// A step of making the demo database failed: the message says which and why.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let alicePassword = "alice demo password"
    static let bobPassword = "bob demo password"

    /// The database file.
    let path: String
    /// The id of the board deleted after it was saved: no later board may take it.
    let deletedBoard: Int
    /// ``listings(of:scratch:)`` of the database as made (read from a copy of it, which the
    /// logins change).
    let listings: [String: String]

    static let shared: Result<DemoClub, any Error> = Result { try build() }

    static func path(_ relative: String) -> String { Touchline.root.appendingPathComponent(relative).path }

    /// A copy of the database file in `scratch`, as `demo.sqlite`.
    func copy(into scratch: Scratch) throws -> String {
        let copy = scratch.path("demo.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return copy
    }

    /// A database as messages name it: an SQLite path as given, a PostgreSQL URL in
    /// ``PostgresLocation``'s words.
    static func named(_ reference: String) -> String {
        guard PostgresLocation.isURL(reference), let location = try? PostgresLocation(url: reference) else { return reference }
        return location.description
    }

    private static func build() throws -> DemoClub {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/bin/bash")
        script.arguments = [path("scripts/club-demo"), Touchline.binary.path, folder.path]
        script.currentDirectoryURL = Touchline.root
        var environment = ProcessInfo.processInfo.environment
        environment["TOUCHLINE_DB"] = nil
        environment["TOUCHLINE_PASSWORD"] = nil
        script.environment = environment
        let log = folder.appendingPathComponent("club-demo.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        script.standardOutput = handle
        script.standardError = handle
        try script.run()
        script.waitUntilExit()
        try handle.close()
        guard script.terminationStatus == 0 else {
            throw DemoClub.Failure(description: "scripts/club-demo failed: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
        let database = folder.appendingPathComponent("club.sqlite").path

        func run(_ arguments: [String], as password: String = alicePassword) throws -> String {
            let result = try Touchline.run(arguments + ["--db", database], environment: ["TOUCHLINE_PASSWORD": password])
            guard result.status == 0 else {
                throw DemoClub.Failure(description: "touchline \(arguments.joined(separator: " ")): \(result.stderr)")
            }
            return result.stdout
        }
        func id(_ json: String) throws -> Int {
            guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], let id = object["id"] as? Int else {
                throw DemoClub.Failure(description: "no id in \(json)")
            }
            return id
        }
        _ = try run(["route", "import", path("examples/routes/garmin-hike.gpx"), "--name", "Hike", "--note", "Up and down", "--as", "alice"])
        let board = try id(try run(["board", "save", Touchline.example("433.json"), "--title", "4-3-3", "--as", "alice", "--json"]))
        _ = try run(["board", "share", String(board), "--as", "alice"])
        let deleted = try id(try run(["board", "save", Touchline.example("multitouch.jsonl"), "--title", "Press", "--as", "alice", "--json"]))
        _ = try run(["board", "delete", String(deleted), "--as", "alice"])
        _ = try run(["message", "send", "--to", "alice", "--subject", "RE: Friendly", "--body", "Yes, at 10.", "--reply-to", "1", "--as", "bob"],
                    as: bobPassword)
        let gone = try id(try run(["message", "send", "--to", "bob", "--subject", "Oops", "--body", "Wrong team.", "--as", "alice", "--json"]))
        _ = try run(["message", "delete", String(gone), "--as", "alice"])
        _ = try run(["team", "calendar", "Athletic Infantil A", "--rotate-token", "--as", "alice"])
        let friendly = try id(try run(["match", "add", "--home", "Athletic Infantil A", "--away", "Bilbao Athletic", "--date", "2024-11-02",
                                       "--as", "alice", "--json"]))
        _ = try run(["match", "delete", String(friendly), "--as", "alice"])
        // The sticker tables the demo leaves empty: a swap proposal (bob's card 3, which he is
        // given, for alice's 7), a battle, a challenge result and a gift's record.
        let collection = "Athletic Club 2024/25"
        _ = try run(["collection", "give", collection, "--to", "bob", "--cards", "3", "--as", "alice"])
        _ = try run(["collection", "give", collection, "--to", "alice", "--cards", "7", "--as", "alice"])
        _ = try run(["swap", "propose", collection, "--to", "alice", "--give", "3", "--get", "7", "--as", "bob"], as: bobPassword)
        _ = try run(["battle", "propose", collection, "--to", "alice", "--kind", "random", "--as", "bob"], as: bobPassword)
        _ = try run(["collection", "challenge", collection, "--collector", "bob", "--game", "Penalties", "--score", "4", "--won",
                     "--as", "alice"])
        // The social tables the demo leaves empty: a like, a comment, a profile photo, a
        // group's avatar and a note's image.
        let photo = path("examples/cards/images/01.png")
        _ = try run(["post", "like", "1", "--as", "bob"], as: bobPassword)
        _ = try run(["comment", "add", "1", "--text", "See you there", "--as", "bob"], as: bobPassword)
        _ = try run(["user", "edit", "--photo", photo, "--city", "Bilbao", "--as", "alice"])
        _ = try run(["group", "edit", "Infantil A parents", "--avatar", photo, "--as", "alice"])
        _ = try run(["post", "note", "--text", "Our badge", "--image", photo, "--audience", "followers", "--as", "alice"])
        // An event with a route, a guest invited by name who declines, a cancelled one, and an
        // agenda token.
        let ride = try id(try run(["event", "create", "Hike", "--start", "2036-05-03", "--end", "2036-05-03", "--tz", "Europe/Madrid",
                                   "--route", "1", "--invite", "bob", "--as", "alice", "--json"]))
        _ = try run(["event", "rsvp", String(ride), "declined", "--as", "bob"], as: bobPassword)
        let off = try id(try run(["event", "create", "Off", "--start", "2036-05-04T10:00", "--end", "2036-05-04T11:00", "--tz", "UTC",
                                  "--as", "alice", "--json"]))
        _ = try run(["event", "cancel", String(off), "--as", "alice"])
        _ = try run(["event", "agenda", "--rotate-token", "--as", "bob"], as: bobPassword)
        // Nothing but the database is needed from here on.
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix("club.sqlite") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        let scratch = try Scratch()
        let copy = scratch.path("listed.sqlite")
        try FileManager.default.copyItem(atPath: database, toPath: copy)
        return DemoClub(path: database, deletedBoard: deleted, listings: try listings(of: copy, scratch: scratch))
    }

    /// The id of alice's board titled `title` in `database`.
    static func boardID(in database: String, title: String) throws -> Int? {
        let result = try Touchline.run(["board", "list", "--as", "alice", "--json", "--db", database],
                                       environment: ["TOUCHLINE_PASSWORD": alicePassword])
        return try boardID(inListing: result.stdout, title: title)
    }

    /// The id of the board called `title` in the JSON of `board list`.
    static func boardID(inListing json: String, title: String) throws -> Int? {
        let page = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let boards = page?["items"] as? [[String: Any]]
        return boards?.first { $0["title"] as? String == title }?["id"] as? Int
    }

    /// What the demo's listings and exports print or write for `database`, by name: the
    /// league's table, matches and calendar, the team's calendar, squads, messages, boards
    /// and routes, and the files exported from them.
    /// Alice and Bob each log in once (a session of `touchline login` in a configuration folder
    /// of their own in `scratch`), rather than hash their password for every command: the
    /// commands read the same rows either way. Logging in adds a session row to `database`.
    static func listings(of database: String, scratch: Scratch) throws -> [String: String] {
        func login(_ user: String, _ password: String) throws -> [String: String] {
            let environment = ["XDG_CONFIG_HOME": scratch.path("config-\(user)-\(UUID().uuidString)")]
            let result = try Touchline.run(["login", user, "--password-stdin", "--db", database], stdin: Data((password + "\n").utf8),
                                           environment: environment)
            guard result.status == 0 else { throw DemoClub.Failure(description: "login \(user) on \(database): \(result.stderr)") }
            return environment
        }
        let alice = try login("alice", alicePassword), bob = try login("bob", bobPassword)
        let commands: [(String, [String], [String: String])] = [
            ("league list", ["league", "list", "--json"], [:]),
            ("league table", ["league", "table", "La Liga", "--json"], [:]),
            ("league zones", ["league", "zones", "La Liga", "--json"], [:]),
            ("league matches", ["match", "list", "--league", "La Liga", "--json"], [:]),
            ("friendlies", ["match", "list", "--json"], alice),
            ("friendly", ["match", "show", "1", "--json"], alice),
            ("teams", ["team", "list", "--json"], alice),
            ("team", ["team", "show", "Athletic Infantil A", "--json"], alice),
            ("players", ["player", "list", "--team", "Athletic Infantil A", "--json"], alice),
            ("alice", ["user", "show", "--json"], alice),
            ("bob's inbox", ["message", "inbox", "--json"], bob),
            ("alice's inbox", ["message", "inbox", "--json"], alice),
            ("alice's sent", ["message", "sent", "--json"], alice),
            ("bob's unread", ["message", "unread"], bob),
            ("boards", ["board", "list", "--json"], alice),
            ("routes", ["route", "list", "--json"], alice),
            ("collections", ["collection", "list", "--all", "--json"], bob),
            ("bob's album", ["collection", "album", "Athletic Club 2024/25", "--json"], bob),
            ("alice's album", ["collection", "album", "Athletic Club 2024/25", "--json"], alice),
            ("bob's draws", ["collection", "draws", "Athletic Club 2024/25", "--of", "bob", "--json"], alice),
            ("challenges", ["collection", "challenges", "Athletic Club 2024/25", "--json"], alice),
            ("swaps", ["swap", "list", "--all", "--json"], bob),
            ("battles", ["battle", "list", "--json"], bob),
            ("treasure", ["treasure", "show", "Athletic Club 2024/25", "--json"], bob),
            ("bob's feed", ["feed", "--json"], bob),
            ("alice to bob", ["user", "show", "alice", "--json"], bob),
            ("group", ["group", "show", "Infantil A parents", "--json"], bob),
            ("comments", ["comment", "list", "1", "--json"], bob),
            ("alice's followers", ["follow", "followers", "--json"], alice),
            ("bob's events", ["event", "list", "--json"], bob),
            ("an event", ["event", "show", "1", "--json"], bob),
            ("bob's agenda", ["event", "agenda"], bob),
        ]
        var outputs: [String: String] = [:]
        for (name, arguments, environment) in commands {
            let result = try Touchline.run(arguments + ["--db", database], environment: environment)
            guard result.status == 0, !result.stdout.isEmpty else {
                throw DemoClub.Failure(description: "touchline \(arguments.joined(separator: " ")) on \(database): \(result.stderr)")
            }
            outputs[name] = result.stdout
        }
        let files: [(String, [String], [String: String])] = [
            ("table.csv", ["league", "export", "La Liga", "--format", "csv", "--what", "table"], [:]),
            ("fixtures.json", ["league", "export", "La Liga", "--format", "json", "--what", "fixtures"], [:]),
            ("league.ics", ["league", "calendar", "La Liga"], [:]),
            ("team.ics", ["team", "calendar", "Athletic Infantil A"], alice),
            ("board.json", ["board", "show", String(try #require(try boardID(inListing: outputs["boards"] ?? "", title: "4-3-3")))], alice),
            ("route.gpx", ["route", "export", "1", "--format", "gpx"], alice),
        ]
        for (name, arguments, environment) in files {
            let file = scratch.path("out-\(UUID().uuidString)-\(name)")
            let result = try Touchline.run(arguments + ["-o", file, "--db", database], environment: environment)
            // A listing that fails fails on every database alike; it must not pass as equal.
            guard result.status == 0, let bytes = try? Data(contentsOf: URL(fileURLWithPath: file)), !bytes.isEmpty else {
                throw DemoClub.Failure(description: "touchline \(arguments.joined(separator: " ")) on \(database): \(result.stderr)")
            }
            outputs[name] = String(decoding: bytes, as: UTF8.self)
        }
        return outputs
    }
}
