import Foundation
import Testing
import TestSupport

/// Several `touchline serve` processes over one database, as servers behind a load balancer
/// run: on an SQLite file in the SQLite half of `make test`, on one PostgreSQL database in the
/// PostgreSQL half (issue #14).
@Suite("Two touchline serve processes on one database")
struct SharedDatabaseServeTests {
    /// Messages alice sends to bob, split between the two servers.
    static let messages = 200

    @Test("messages and league results sent to either server: every one stored once, each seen at once by the other")
    func twoServers() async throws {
        let scratch = try Scratch()
        let database = try TestDatabase.reference(in: scratch.url)
        let one = try RunningServer(arguments: ["serve", "--port", "0", "--db", database])
        defer { one.stopIfRunning() }
        let two = try RunningServer(arguments: ["serve", "--port", "0", "--db", database])
        defer { two.stopIfRunning() }
        let servers = [one.client, two.client]

        // Accounts made on one server log in on the other: sessions live in the database.
        try await register("alice", on: one.client)
        try await register("bob", on: two.client)
        let alice = try await login("alice", on: two.client)
        let bob = try await login("bob", on: one.client)

        // A stream of messages, every other one through each server, eight at a time.
        let sentIDs = try await inParallel(Self.messages, lanes: 8) { index in
            let reply = try await servers[index % 2].send("POST", "/api/v1/messages", token: alice,
                                                          json: ["to": "bob", "subject": "m\(index)", "body": "message \(index)"])
            guard reply.status == 201, let id = try reply.object()["id"] as? Int else {
                throw TestFailure("message \(index): \(reply.status) \(String(decoding: reply.body, as: UTF8.self))")
            }
            return id
        }
        #expect(Set(sentIDs).count == Self.messages)
        let expected = Set((0..<Self.messages).map { "m\($0)" })
        for server in servers {
            let inbox = try await pages(of: "/api/v1/messages/inbox", on: server, token: bob)
            let subjects = inbox.compactMap { $0["subject"] as? String }
            #expect(subjects.count == Self.messages, "no message lost or doubled")
            #expect(Set(subjects) == expected)
            #expect(Set(inbox.compactMap { $0["id"] as? Int }) == Set(sentIDs))
            let unread = try await server.send("GET", "/api/v1/messages/unread-count", token: bob)
            #expect(try unread.object()["unread"] as? Int == Self.messages)
        }

        // A league whose results are entered through both servers at once.
        let created = try await one.client.send("POST", "/api/v1/leagues", token: alice,
                                                json: ["name": "Liga Compartida", "season": "2024/25"])
        #expect(created.status == 201)
        let league = try #require(try created.object()["id"] as? Int)
        for (index, team) in ["Arenas", "Barakaldo", "Cultural", "Deusto", "Erandio", "Fadura"].enumerated() {
            let added = try await servers[index % 2].send("POST", "/api/v1/leagues/\(league)/teams", token: alice, json: ["name": team])
            #expect(added.status == 201, "team \(team)")
        }
        let fixtures = try await two.client.send("POST", "/api/v1/leagues/\(league)/fixtures", token: alice,
                                                 json: ["rounds": "double", "startDate": "2024-09-01"])
        #expect(fixtures.status == 201 || fixtures.status == 200)
        let matches = try await pages(of: "/api/v1/leagues/\(league)/matches", on: one.client, token: alice)
        let matchIDs = matches.compactMap { $0["id"] as? Int }
        #expect(matchIDs.count == 30, "6 teams, home and away")

        // Each result goes to one server and is read back at once from the other.
        let goals = try await inParallel(matchIDs.count, lanes: 6) { index in
            let (home, away) = (index % 4, (index * 7) % 3)
            let writer = servers[index % 2], reader = servers[(index + 1) % 2]
            let put = try await writer.send("PUT", "/api/v1/matches/\(matchIDs[index])/result", token: alice,
                                            json: ["fullTime": ["home": home, "away": away]])
            guard put.status == 200 else {
                throw TestFailure("result of match \(matchIDs[index]): \(put.status) \(String(decoding: put.body, as: UTF8.self))")
            }
            let read = try await reader.send("GET", "/api/v1/matches/\(matchIDs[index])", token: alice)
            let match = try read.object()["match"] as? [String: Any]
            let fullTime = match?["fullTime"] as? [String: Any]
            guard fullTime?["home"] as? Int == home, fullTime?["away"] as? Int == away else {
                throw TestFailure("match \(matchIDs[index]) written on one server reads \(String(decoding: read.body, as: UTF8.self)) on the other")
            }
            return home + away
        }
        let tables = try await [one.client.send("GET", "/api/v1/leagues/\(league)/table", token: alice).body,
                                two.client.send("GET", "/api/v1/leagues/\(league)/table", token: alice).body]
        #expect(tables[0] == tables[1])
        let rows = try #require(try JSONSerialization.jsonObject(with: tables[0]) as? [String: Any])["rows"] as? [[String: Any]]
        #expect(rows?.compactMap { $0["played"] as? Int }.reduce(0, +) == 60)
        #expect(rows?.compactMap { $0["goalsFor"] as? Int }.reduce(0, +) == goals.reduce(0, +))

        #expect(try one.stop().0 == 0)
        #expect(try two.stop().0 == 0)
    }
}

/// A server on PostgreSQL losing its database for a while: a cluster of the test's own (a
/// restart would break the other tests sharing the run's server).
@Suite("A PostgreSQL restart under a running server",
       .enabled(if: TestDatabase.isPostgres, "needs PostgreSQL: the PostgreSQL half of make test runs it"))
struct PostgresRestartServeTests {
    @Test("503 with Retry-After while the database is down, nothing half-written, then served again without a restart")
    func restart() async throws {
        let cluster = try ThrowawayPostgres()
        defer { cluster.remove() }
        let server = try RunningServer(arguments: ["serve", "--port", "0", "--db", cluster.url])
        defer { server.stopIfRunning() }
        let http = server.client
        try await register("alice", on: http)
        try await register("bob", on: http)
        let alice = try await login("alice", on: http)
        let before = try await http.send("POST", "/api/v1/messages", token: alice, json: ["to": "bob", "subject": "before", "body": "1"])
        #expect(before.status == 201)

        try cluster.control("stop")
        let inbox = try await http.send("GET", "/api/v1/messages/inbox", token: alice)
        #expect(inbox.status == 503)
        #expect(Int(inbox.headers["retry-after"] ?? "") ?? 0 >= 1)
        #expect(inbox.headers["content-type"]?.hasPrefix("application/problem+json") == true)
        let lost = try await http.send("POST", "/api/v1/messages", token: alice, json: ["to": "bob", "subject": "during", "body": "2"])
        #expect(lost.status == 503)
        #expect(try await http.send("GET", "/readyz").status == 503)
        #expect(try await http.send("GET", "/healthz").status == 200, "the process itself is up")

        try cluster.control("start")
        var back = try await http.send("GET", "/readyz")
        for _ in 0..<100 where back.status != 200 {
            try await Task.sleep(for: .milliseconds(200))
            back = try await http.send("GET", "/readyz")
        }
        #expect(back.status == 200, "the server found its database again by itself")
        let after = try await http.send("POST", "/api/v1/messages", token: alice, json: ["to": "bob", "subject": "after", "body": "3"])
        #expect(after.status == 201)
        let sent = try await pages(of: "/api/v1/messages/sent", on: http, token: alice)
        #expect(sent.compactMap { $0["subject"] as? String } == ["after", "before"])

        let (status, log) = try server.stop()
        #expect(status == 0)
        #expect(log.contains("status=503"))
    }
}

// MARK: - Helpers

extension RunningServer {
    /// Stops the server unless a test already did (for `defer`, when a test fails early).
    func stopIfRunning() {
        if process.isRunning { _ = try? stop() }
    }
}

/// Registers `username` with the password "correct horse".
private func register(_ username: String, on http: HTTPClient) async throws {
    let created = try await http.send("POST", "/api/v1/users",
                                      json: ["username": username, "email": "\(username)@example.org", "password": "correct horse"])
    guard created.status == 201 else { throw TestFailure("registering \(username): \(created.status)") }
}

/// A bearer token of `username`.
private func login(_ username: String, on http: HTTPClient) async throws -> String {
    let session = try await http.send("POST", "/api/v1/sessions", json: ["username": username, "password": "correct horse"])
    guard let token = try session.object()["token"] as? String else { throw TestFailure("no token for \(username)") }
    return token
}

/// Every item of a paged list, following `next`.
private func pages(of path: String, on http: HTTPClient, token: String) async throws -> [[String: Any]] {
    var items: [[String: Any]] = []
    var after: String?
    repeat {
        let query = "?limit=100" + (after.map { "&after=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) } ?? "")
        let page = try await http.send("GET", path + query, token: token)
        guard page.status == 200 else { throw TestFailure("\(path): \(page.status)") }
        let object = try page.object()
        items += object["items"] as? [[String: Any]] ?? []
        after = object["next"] as? String
    } while after != nil && items.count < 10_000
    return items
}

/// `count` calls of `work`, `lanes` at a time, their results in index order.
private func inParallel<T: Sendable>(_ count: Int, lanes: Int,
                                     _ work: @escaping @Sendable (Int) async throws -> T) async throws -> [T] {
    try await withThrowingTaskGroup(of: [(Int, T)].self) { group in
        for lane in 0..<lanes {
            group.addTask {
                var done: [(Int, T)] = []
                for index in stride(from: lane, to: count, by: lanes) { done.append((index, try await work(index))) }
                return done
            }
        }
        var results: [(Int, T)] = []
        for try await done in group { results += done }
        return results.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

/// A PostgreSQL server of one test's own, made by `scripts/test-postgres`, with the script that
/// stops and starts it. The script's command waits while a flag file exists; removing the file
/// ends it, and the script then removes the server. Neither a signal nor a closed pipe would
/// do: children of the test process start with signals blocked (Dispatch's threads block
/// them), and a server restarted by ``control(_:)`` inherits the test process's descriptors,
/// so it would hold a pipe open.
private final class ThrowawayPostgres {
    let url: String
    private let controlScript: String
    private let process = Process()
    private let flag = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-pg-\(UUID().uuidString).running")

    init() throws {
        let output = Pipe(), errors = Pipe()
        process.executableURL = Touchline.root.appendingPathComponent("scripts/test-postgres")
        guard FileManager.default.createFile(atPath: flag.path, contents: nil) else {
            throw TestFailure("cannot create the cluster's lifetime flag \(flag.path)")
        }
        process.arguments = ["sh", "-c", #"printf '%s\n%s\n' "$TOUCHLINE_TEST_POSTGRES" "$TOUCHLINE_TEST_POSTGRES_CTL"; "#
                             + #"while [ -e "$1" ]; do sleep 0.1; done"#, "sh", flag.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var text = ""
        while text.filter({ $0 == "\n" }).count < 2 {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty {
                try? FileManager.default.removeItem(at: flag)
                process.waitUntilExit()
                let why = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                throw TestFailure("scripts/test-postgres could not make a server (\(process.terminationStatus)): \(why)")
            }
            text += String(decoding: data, as: UTF8.self)
        }
        let lines = text.split(separator: "\n").map(String.init)
        url = lines[0]
        controlScript = lines[1]
    }

    /// `stop` or `start`, waiting until it is done. Started with posix_spawn and reaped with
    /// waitpid: Foundation's Process never saw the end of a child that runs `runuser` (it
    /// stayed a zombie, and waitUntilExit waited for ever). Its output goes to a file, not a
    /// pipe, since the server that `start` leaves running would hold a pipe open.
    func control(_ verb: String) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("pg-ctl-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // No signal blocked in the child (the calling thread may block some).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(controlScript), strdup(verb)]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        var terminated = argv + [nil]
        let spawned = terminated.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return EINVAL }
            return posix_spawn(&pid, controlScript, &actions, &attributes, base, environ)
        }
        guard spawned == 0 else { throw TestFailure("cannot start \(controlScript): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw TestFailure("waitpid failed: error \(errno)") }
        }
        guard status == 0 else {
            throw TestFailure("\(controlScript) \(verb) ended with \(status): \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
    }

    /// Removes the flag file and waits for the script, which stops the server and removes its
    /// folder.
    func remove() {
        try? FileManager.default.removeItem(at: flag)
        process.waitUntilExit()
    }
}
