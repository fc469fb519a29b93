import Club
import Foundation
import Synchronization
import Testing
import TestSupport

/// A database and a config folder of its own, with users seeded through the library using
/// fast password hashing (the stored parameters make the CLI verify them fast too). The
/// database is an SQLite file in the scratch folder, or under `TOUCHLINE_TEST_STORE=postgres`
/// a new PostgreSQL database (``TestDatabase``). Nothing changes after set-up, so threads may
/// share it.
final class ClubScratch: @unchecked Sendable {
    let scratch: Scratch
    /// The database as `--db` and `$TOUCHLINE_DB` name it.
    let database: String
    let environment: [String: String]

    init(users: [String] = ["alice", "bob", "carol"]) throws {
        scratch = try Scratch()
        database = try TestDatabase.reference(in: scratch.url)
        environment = ["TOUCHLINE_DB": database, "XDG_CONFIG_HOME": scratch.path("config")]
        let accounts = Accounts(store: try ClubStore(database),
                                hasher: PasswordHasher(parameters: .init(logN: 8, blockSize: 8, parallelism: 1)))
        for user in users {
            try accounts.register(username: user, displayName: user.capitalized, email: "\(user)@example.org",
                                  password: "\(user)-password")
        }
    }

    /// Runs touchline acting as `user` (by --as and $TOUCHLINE_PASSWORD) unless `user` is nil.
    @discardableResult
    func run(_ arguments: [String], as user: String? = nil, stdin: Data? = nil) throws -> Touchline.Result {
        var environment = self.environment
        var arguments = arguments
        if let user {
            environment["TOUCHLINE_PASSWORD"] = "\(user)-password"
            arguments += ["--as", user]
        }
        return try Touchline.run(arguments, stdin: stdin, environment: environment)
    }

    func json(_ arguments: [String], as user: String? = nil) throws -> Any {
        let result = try run(arguments + ["--json"], as: user)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// Whether the database holds `secret` as it is: in any cell of any table, read through
    /// the store; for SQLite also anywhere in its files (main file and WAL), free pages included.
    func holdsInClear(_ secret: String) throws -> Bool {
        if try StoredRows(ClubStore(database)).contains(secret) { return true }
        guard !PostgresLocation.isURL(database) else { return false }
        var bytes = Data()
        for name in scratch.files where name.hasPrefix("club.sqlite") {
            bytes += try Data(contentsOf: URL(fileURLWithPath: scratch.path(name)))
        }
        return bytes.range(of: Data(secret.utf8)) != nil
    }
}

@Suite(.serialized) struct ClubCommandTests {
    @Test func registerLoginAndTheAcceptanceCasesOfAccounts() throws {
        let club = try ClubScratch(users: [])
        let add = try Touchline.run(["user", "add", "alice", "--name", "Alice Martín", "--email", "alice@example.org"],
                                    environment: club.environment.merging(["TOUCHLINE_PASSWORD": "correct horse"]) { $1 })
        #expect(add.status == 0, "\(add.stderr)")
        // The same username again, in another case: rejected, nothing changes.
        let again = try Touchline.run(["user", "add", "ALICE", "--name", "Other", "--email", "other@example.org"],
                                      environment: club.environment.merging(["TOUCHLINE_PASSWORD": "correct horse"]) { $1 })
        #expect(again.status == 65)
        #expect(again.stderr == "touchline: error: username 'ALICE' is already taken\n")
        // Right and wrong passwords, from standard input.
        let wrong = try club.run(["login", "alice", "--password-stdin"], stdin: Data("wrong horse\n".utf8))
        #expect(wrong.status == 77)
        #expect(wrong.stderr == "touchline: error: wrong username or password\n")
        let right = try club.run(["login", "alice", "--password-stdin"], stdin: Data("correct horse\n".utf8))
        #expect(right.status == 0, "\(right.stderr)")
        #expect(try club.run(["whoami"]).stdout == "alice\n")
        // Neither the password nor the session token is in the database in clear.
        let sessions = try JSONDecoder().decode([String: [String: String]].self,
                                                from: Data(contentsOf: URL(fileURLWithPath: club.scratch.path("config/touchline/sessions.json"))))
        let token = try #require(sessions.values.first?["token"])
        #expect(token.count == 43)
        #expect(try !club.holdsInClear("correct horse"))
        #expect(try !club.holdsInClear(token))
        #expect(try club.holdsInClear("alice@example.org"))
        let mode = try FileManager.default.attributesOfItem(atPath: club.scratch.path("config/touchline/sessions.json"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // A password is never an argument.
        #expect(try club.run(["login", "alice", "--password", "correct horse"]).status == 64)
        #expect(try club.run(["logout"]).stdout == "logged out alice\n")
        #expect(try club.run(["whoami"]).status == 77)
    }

    @Test func messagesArriveByteForByteAndDeletingHidesOneSide() throws {
        let club = try ClubScratch()
        let body = "á é í ó ú ñ ç ü"
        let sent = try club.run(["message", "send", "--to", "bob", "--subject", "Acentos", "--body", "-", "--json"],
                                as: "alice", stdin: Data(body.utf8))
        #expect(sent.status == 0, "\(sent.stderr)")
        let id = try #require((try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any])?["id"] as? Int)
        let read = try #require(try club.json(["message", "read", String(id)], as: "bob") as? [String: Any])
        #expect(Array((read["body"] as? String ?? "").utf8) == Array(body.utf8))
        #expect(read["from"] as? String == "alice")
        #expect(try club.run(["message", "delete", String(id)], as: "bob").status == 0)
        let inbox = try #require(try club.json(["message", "inbox"], as: "bob") as? [String: Any])
        #expect((inbox["messages"] as? [Any])?.isEmpty == true)
        let sentFolder = try #require(try club.json(["message", "sent"], as: "alice") as? [String: Any])
        #expect(((sentFolder["messages"] as? [[String: Any]])?.first?["id"] as? Int) == id)
    }

    @Test func controlCharactersAreEscapedOnATerminalAndKeptWhenPiped() throws {
        let club = try ClubScratch()
        let subject = "Hi \u{1B}[2J\u{1B}]0;pwned\u{07} \u{202E}gpj.exe"
        let body = "line one\n\u{1B}[31mred\u{1B}[0m\ttab"
        let sent = try club.run(["message", "send", "--to", "bob", "--subject", subject, "--body", "-"], as: "alice",
                                stdin: Data(body.utf8))
        #expect(sent.status == 0, "\(sent.stderr)")
        // Piped: every byte as stored.
        let piped = try club.run(["message", "read", "1"], as: "bob")
        #expect(piped.stdout.contains(subject) && piped.stdout.contains(body))
        // On a terminal (a pseudo-terminal from script(1)): escaped, line breaks and tabs of the body kept.
        let command = [Touchline.binary.path, "message", "read", "1", "--as", "bob"].map { "'\($0)'" }.joined(separator: " ")
        let environment = club.environment.merging(["TOUCHLINE_PASSWORD": "bob-password"]) { $1 }
        let script = URL(fileURLWithPath: "/usr/bin/script")
        let shown = try Touchline.run(["-qec", command, "/dev/null"], environment: environment, executable: script)
        #expect(shown.status == 0, "\(shown.stdout)")
        let escape: Unicode.Scalar = "\u{1B}", override: Unicode.Scalar = "\u{202E}"
        #expect(!shown.stdout.unicodeScalars.contains(escape) && !shown.stdout.unicodeScalars.contains(override))
        #expect(shown.stdout.contains(#"Hi \u{1B}[2J\u{1B}]0;pwned\u{7} \u{202E}gpj.exe"#))
        #expect(shown.stdout.contains("line one\r\n" + #"\u{1B}[31mred\u{1B}[0m"# + "\ttab"))
        let listed = try Touchline.run(["-qec", command.replacingOccurrences(of: "'read' '1'", with: "'inbox'"), "/dev/null"],
                                       environment: environment, executable: script)
        #expect(listed.status == 0 && listed.stdout.contains(#"Hi \u{1B}[2J"#) && !listed.stdout.unicodeScalars.contains(escape))
    }

    @Test func sendingToYourselfOrANonUserIsRefused() throws {
        let club = try ClubScratch()
        let toSelf = try club.run(["message", "send", "--to", "alice", "--subject", "x", "--body", "y"], as: "alice")
        #expect(toSelf.status == 65)
        #expect(toSelf.stderr == "touchline: error: to: you cannot send a message to yourself\n")
        let toNobody = try club.run(["message", "send", "--to", "ghost", "--subject", "x", "--body", "y"], as: "alice")
        #expect(toNobody.status == 65)
        #expect(toNobody.stderr == "touchline: error: no user 'ghost'\n")
        #expect(try club.run(["message", "unread"], as: "bob").stdout == "0\n")
    }

    @Test func squadsAndPermissions() throws {
        let club = try ClubScratch()
        #expect(try club.run(["team", "add", "Athletic Infantil A", "--season", "2024/25"], as: "alice").status == 0)
        let add = ["player", "add", "--team", "Athletic Infantil A", "--name", "Aymeric", "--surname", "Laporte",
                   "--number", "4", "--position", "DF", "--born", "1994-05-27"]
        #expect(try club.run(add, as: "alice").status == 0)
        let clash = try club.run(["player", "add", "--team", "Athletic Infantil A", "--name", "Iñigo", "--surname", "Martínez",
                                  "--number", "4", "--position", "DF"], as: "alice")
        #expect(clash.status == 65)
        #expect(clash.stderr == "touchline: error: number: 4 is already worn by Aymeric Laporte in this team\n")
        // Bob may view, not change; Carol may not even see it.
        #expect(try club.run(["team", "grant", "Athletic Infantil A", "bob", "--role", "viewer"], as: "alice").status == 0)
        let viewer = try club.run(["team", "edit", "1", "--region", "Bizkaia"], as: "bob")
        #expect(viewer.status == 77)
        #expect(viewer.stderr.hasPrefix("touchline: error: permission denied: only the owner and editors"))
        #expect(try club.run(["player", "add", "--team", "1", "--name", "A", "--surname", "B", "--number", "9",
                              "--position", "FW"], as: "bob").status == 77)
        #expect(try club.run(["team", "show", "1"], as: "carol").status == 65)
        let squad = try #require(try club.json(["player", "list", "--team", "1"], as: "bob") as? [[String: Any]])
        #expect(squad.map { $0["number"] as? Int } == [4])
    }

    @Test func passwdReadsTheCurrentThenTheNewPasswordFromStandardInput() throws {
        let club = try ClubScratch()
        let changed = try club.run(["user", "passwd", "--as", "alice", "--password-stdin"],
                                   stdin: Data("alice-password\nbrand new secret\n".utf8))
        #expect(changed.status == 0, "\(changed.stderr)")
        let old = try club.run(["whoami", "--as", "alice", "--password-stdin"], stdin: Data("alice-password\n".utf8))
        #expect(old.status == 77)
        let new = try club.run(["whoami", "--as", "alice", "--password-stdin"], stdin: Data("brand new secret\n".utf8))
        #expect(new.stdout == "alice\n")
        let short = try club.run(["user", "passwd", "--as", "bob", "--password-stdin"], stdin: Data("bob-password\nshort\n".utf8))
        #expect(short.status == 65)
        #expect(short.stderr == "touchline: error: password: must be at least 8 characters\n")
        #expect(try club.run(["player", "show", "999"], as: "bob").stderr == "touchline: error: no player '999'\n")
    }

    @Test func aCopiedSessionCannotChangeThePasswordOrTheEmail() throws {
        let club = try ClubScratch()
        #expect(try club.run(["login", "alice", "--password-stdin"], stdin: Data("alice-password\n".utf8)).status == 0)
        // Whoever holds the session file, without the password: refused, nothing changes.
        let passwd = try club.run(["user", "passwd", "--password-stdin"], stdin: Data("a guess\nthe thief's own\n".utf8))
        #expect(passwd.status == 77)
        #expect(passwd.stderr == "touchline: error: changing the password needs your current password, and that is not it\n")
        let email = try club.run(["user", "edit", "--email", "thief@example.org", "--password-stdin"], stdin: Data("a guess\n".utf8))
        #expect(email.status == 77)
        let noPassword = try club.run(["user", "edit", "--email", "thief@example.org"])
        #expect(noPassword.status == 64 && noPassword.stderr.contains("no password"))
        let delete = try club.run(["user", "delete", "--yes", "--password-stdin"], stdin: Data("a guess\n".utf8))
        #expect(delete.status == 77)
        #expect(delete.stderr == "touchline: error: deleting the account needs your current password, and that is not it\n")
        #expect(try club.run(["user", "delete", "--yes"]).status == 64)
        #expect((try club.json(["user", "show"], as: "alice") as? [String: Any])?["email"] as? String == "alice@example.org")
        #expect(try club.run(["whoami"]).stdout == "alice\n")
        // The owner, logged in, gives the current password and may change both.
        let renamed = try club.run(["user", "edit", "--name", "Alicia"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let moved = try club.run(["user", "edit", "--email", "alicia@example.org", "--password-stdin"], stdin: Data("alice-password\n".utf8))
        #expect(moved.status == 0, "\(moved.stderr)")
        let changed = try club.run(["user", "passwd", "--password-stdin"], stdin: Data("alice-password\nbrand new secret\n".utf8))
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(try club.run(["whoami", "--as", "alice", "--password-stdin"], stdin: Data("brand new secret\n".utf8)).stdout == "alice\n")
    }

    @Test func concurrentLoginsKeepEverySessionAndLeaveNoTokenBehind() throws {
        // Eight databases, one login each, all at once into one config folder.
        let scratch = try Scratch()
        let config = scratch.path("config")
        let databases = try (0..<8).map { try TestDatabase.reference(in: scratch.url, name: "club-\($0).sqlite") }
        for database in databases {
            let accounts = Accounts(store: try ClubStore(database),
                                    hasher: PasswordHasher(parameters: .init(logN: 8, blockSize: 8, parallelism: 1)))
            try accounts.register(username: "alice", displayName: "Alice", email: "alice@example.org", password: "alice-password")
        }
        // A temporary file left by a writer killed before its rename, holding a token.
        try FileManager.default.createDirectory(atPath: config + "/touchline", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: config + "/touchline/.sessions-999999.tmp", contents: Data("token".utf8)))
        let statuses = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: databases.count) { index in
            let result = try? Touchline.run(["login", "alice", "--password-stdin", "--db", databases[index]],
                                            stdin: Data("alice-password\n".utf8), environment: ["XDG_CONFIG_HOME": config])
            statuses.withLock { $0.append(result?.status ?? -1) }
        }
        #expect(statuses.withLock { $0 } == Array(repeating: 0, count: databases.count))
        let sessions = try JSONDecoder().decode([String: [String: String]].self,
                                                from: Data(contentsOf: URL(fileURLWithPath: config + "/touchline/sessions.json")))
        #expect(sessions.count == databases.count)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: config + "/touchline").filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
        for database in databases {
            let whoami = try Touchline.run(["whoami", "--db", database], environment: ["XDG_CONFIG_HOME": config])
            #expect(whoami.stdout == "alice\n", "\(database): \(whoami.stderr)")
        }
    }

    @Test func registeringWithAnEmailInUseDoesNotSayItIsInUse() throws {
        let club = try ClubScratch(users: ["alice"])
        let again = try Touchline.run(["user", "add", "mallory", "--name", "M", "--email", "Alice@Example.org"],
                                      environment: club.environment.merging(["TOUCHLINE_PASSWORD": "long enough"]) { $1 })
        #expect(again.status == 65)
        #expect(again.stderr == "touchline: error: email: this address cannot be used; give another\n")
        #expect(try club.run(["user", "show", "mallory"]).status == 65)
    }

    @Test func deletingAnAccountEndsItsLogins() throws {
        let club = try ClubScratch()
        try club.run(["message", "send", "--to", "bob", "--subject", "Bye", "--body", "Last one"], as: "alice")
        let refused = try club.run(["user", "delete"], as: "alice")
        #expect(refused.status == 64)
        #expect(refused.stderr == "touchline: error: deleting an account needs --yes when not on a terminal\n")
        #expect(try club.run(["user", "delete", "--yes"], as: "alice").status == 0)
        let login = try club.run(["login", "alice", "--password-stdin"], stdin: Data("alice-password\n".utf8))
        #expect(login.status == 77)
        let inbox = try #require(try club.json(["message", "inbox"], as: "bob") as? [String: Any])
        let first = try #require((inbox["messages"] as? [[String: Any]])?.first)
        #expect(first["from"] == nil || first["from"] is NSNull)
        #expect(try club.run(["message", "inbox"], as: "bob").stdout.contains("deleted user"))
    }

    @Test func twoProcessesSendingAtOnceBothSucceed() throws {
        let club = try ClubScratch()
        let statuses = Statuses()
        let group = DispatchGroup()
        for (from, to) in [("alice", "bob"), ("bob", "alice")] {
            group.enter()
            Thread {
                for index in 0..<8 {
                    let result = try? club.run(["message", "send", "--to", to, "--subject", "\(index)", "--body", "at once"], as: from)
                    statuses.append(result?.status ?? -1)
                }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(statuses.values == Array(repeating: 0, count: 16))
        let bob = try #require(try club.json(["message", "inbox", "--limit", "50"], as: "bob") as? [String: Any])
        #expect((bob["messages"] as? [Any])?.count == 8)
    }

    /// Exit statuses collected from several threads.
    final class Statuses: @unchecked Sendable {
        private let lock = NSLock()
        private var collected: [Int32] = []
        func append(_ status: Int32) { lock.withLock { collected.append(status) } }
        var values: [Int32] { lock.withLock { collected } }
    }
}
