import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// `touchline serve` as a user runs it: the built binary on a free loopback port, driven over
/// HTTP, stopped with SIGTERM.
@Suite("touchline serve, end to end")
struct ServeCommandTests {
    @Test("a whole club session over HTTP, then SIGTERM: requests logged, a clean exit")
    func clubSession() async throws {
        let scratch = try Scratch()
        let database = try TestDatabase.reference(in: scratch.url)
        let server = try RunningServer(arguments: ["serve", "--port", "0", "--db", database])
        let http = server.client

        for user in ["alice", "bob"] {
            let created = try await http.send("POST", "/api/v1/users",
                                              json: ["username": user, "email": "\(user)@example.org", "password": "correct horse"])
            #expect(created.status == 201)
        }
        let aliceLogin = try await http.send("POST", "/api/v1/sessions", json: ["username": "alice", "password": "correct horse"])
        let alice = try #require(try aliceLogin.object()["token"] as? String)
        let bobLogin = try await http.send("POST", "/api/v1/sessions", json: ["email": "bob@example.org", "password": "correct horse"])
        let bob = try #require(try bobLogin.object()["token"] as? String)

        // A team that alice owns and bob may edit.
        let team = try await http.send("POST", "/api/v1/teams", token: alice,
                                       json: ["name": "Athletic Infantil A", "season": "2024/25"])
        #expect(team.status == 201)
        let teamID = try #require(try team.object()["id"] as? Int)
        let granted = try await http.send("PUT", "/api/v1/teams/\(teamID)/members/bob", token: alice, json: ["role": "editor"])
        #expect(granted.status == 204)
        let player = try await http.send("POST", "/api/v1/teams/\(teamID)/players", token: bob,
                                         json: ["firstName": "Nico", "surnames": "Williams", "number": 10, "position": "FW"])
        #expect(player.status == 201)
        let bobsTeams = try await http.send("GET", "/api/v1/teams", token: bob)
        #expect(bobsTeams.status == 200)
        #expect(String(decoding: bobsTeams.body, as: UTF8.self).contains("Athletic Infantil A"))

        // A league with results, and its table.
        let season = try Data(contentsOf: Touchline.root.appendingPathComponent("examples/leagues/laliga-2022-23.json"))
        let imported = try await http.send("POST", "/api/v1/leagues/import?name=Liga&rules=la-liga", token: alice, body: season,
                                           contentType: "application/json")
        #expect(imported.status == 201)
        let league = try #require(try imported.object()["id"] as? Int)
        let table = try await http.send("GET", "/api/v1/leagues/\(league)/table", token: bob)
        let rows = try table.object()["rows"] as? [[String: Any]]
        #expect(rows?.first?["team"] as? String == "FC Barcelona")
        let pdf = try await http.send("GET", "/api/v1/leagues/\(league)/table", headers: ["Accept": "application/pdf"])
        #expect(pdf.body.starts(with: Data("%PDF".utf8)))

        // A message each way.
        let sent = try await http.send("POST", "/api/v1/messages", token: alice,
                                       json: ["to": "bob", "subject": "Saturday", "body": "Kick-off at 10"])
        #expect(sent.status == 201)
        let inbox = try await http.send("GET", "/api/v1/messages/inbox", token: bob)
        let first = try #require((try inbox.object()["items"] as? [[String: Any]])?.first)
        #expect(first["subject"] as? String == "Saturday")
        let messageID = try #require(first["id"] as? Int)
        let replied = try await http.send("POST", "/api/v1/messages/\(messageID)/replies", token: bob, json: ["body": "See you there"])
        #expect(replied.status == 201)
        let aliceInbox = try await http.send("GET", "/api/v1/messages/inbox", token: alice)
        #expect((try aliceInbox.object()["items"] as? [[String: Any]])?.first?["subject"] as? String == "RE: Saturday")

        // A board render.
        let log = try Data(contentsOf: URL(fileURLWithPath: Touchline.example("433.json")))
        let png = try await http.send("POST", "/api/v1/render/board", token: alice, body: log, contentType: "application/json")
        #expect(png.status == 200)
        #expect(png.body.starts(with: Data([0x89, 0x50, 0x4E, 0x47])))

        // A problem for nonsense; the server keeps serving.
        let problem = try await http.send("POST", "/api/v1/render/board", body: Data("{".utf8), contentType: "application/json")
        #expect(problem.status == 400)
        let health = try await http.send("GET", "/healthz")
        #expect(health.status == 200)

        let (status, log2) = try server.stop()
        #expect(status == 0)
        // The database was closed, not abandoned: SQLite folds its write-ahead log back in and
        // removes it when the last connection closes. (A PostgreSQL server's files are its own,
        // and it sees the connections go when the process ends, closed or not.)
        if !TestDatabase.isPostgres {
            #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
        }
        let requests = log2.split(separator: "\n").filter { $0.contains(" info request ") }
        func logged(_ words: String...) -> Bool { requests.contains { line in words.allSatisfy { line.contains($0) } } }
        #expect(requests.count == 18)
        #expect(logged("method=POST", "path=/api/v1/sessions ", "status=201", "request_id=", "duration_ms="))
        #expect(logged("method=GET", "path=/api/v1/leagues/\(league)/table ", "status=200"))
        #expect(logged("method=POST", "path=/api/v1/render/board ", "status=400"))
        #expect(log2.contains("stopped"))
        #expect(!log2.contains(alice) && !log2.contains("correct horse"))
    }

    @Test("--log-format json writes one JSON object a line")
    func jsonLogs() async throws {
        let scratch = try Scratch()
        let server = try RunningServer(arguments: ["serve", "--port", "0", "--db", try TestDatabase.reference(in: scratch.url),
                                                   "--log-format", "json"])
        let leagues = try await server.client.send("GET", "/api/v1/leagues?secret=hunter2")
        #expect(leagues.status == 200)
        let (status, log) = try server.stop()
        #expect(status == 0)
        let lines = log.split(separator: "\n").map(String.init)
        let request = try #require(lines.compactMap { line -> [String: Any]? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return object["message"] as? String == "request" ? object : nil
        }.first)
        #expect(request["path"] as? String == "/api/v1/leagues")
        #expect(request["status"] as? String == "200")
        #expect(request["method"] as? String == "GET")
        #expect(request["duration_ms"] != nil)
        #expect(!log.contains("hunter2"))
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })
    }

    @Test("the web pages: built in, or read from --web-root as they are edited")
    func webPages() async throws {
        let scratch = try Scratch()
        let database = try TestDatabase.reference(in: scratch.url)
        let builtIn = try RunningServer(arguments: ["serve", "--port", "0", "--db", database])
        let login = try await builtIn.client.send("GET", "/login")
        #expect(login.status == 200)
        #expect(login.headers["content-type"] == "text/html; charset=utf-8")
        #expect(String(decoding: login.body, as: UTF8.self).contains(#"<input name="password" type="password""#))
        #expect(login.headers["content-security-policy"]?.hasPrefix("default-src 'self';") == true)
        #expect(try builtIn.stop().0 == 0)

        let folder = scratch.path("web")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("<form>{{message}}</form>".utf8).write(to: URL(fileURLWithPath: folder + "/login.html"))
        try Data("export const pen = 'red';\n".utf8).write(to: URL(fileURLWithPath: folder + "/board.js"))
        let server = try RunningServer(arguments: ["serve", "--port", "0", "--db", database, "--web-root", folder])
        let page = try await server.client.send("GET", "/login")
        #expect(String(decoding: page.body, as: UTF8.self) == "<form></form>")
        let script = try await server.client.send("GET", "/web/board.js")
        #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
        try Data("export const pen = 'blue';\n".utf8).write(to: URL(fileURLWithPath: folder + "/board.js"))
        let edited = try await server.client.send("GET", "/web/board.js")
        #expect(String(decoding: edited.body, as: UTF8.self) == "export const pen = 'blue';\n")
        #expect(try server.stop().0 == 0)
    }

    @Test("serve refuses a --web-root that is not a folder of the pages (64)")
    func badWebRoot() throws {
        let scratch = try Scratch()
        for root in ["/nonexistent/web", scratch.path("")] {
            let result = try Touchline.run(["serve", "--port", "0", "--web-root", root])
            #expect(result.status == 64, "\(root)")
            #expect(result.stderr.contains("--web-root must be a folder of the web pages, with login.html"), "\(root)")
        }
    }

    @Test("serve refuses a bad port with a usage error")
    func badPort() throws {
        let result = try Touchline.run(["serve", "--port", "70000"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--port must be from 0 to 65535"))
    }

    @Test("serve refuses a missing tile file (66) before it listens")
    func missingTiles() throws {
        let result = try Touchline.run(["serve", "--port", "0", "--tiles", "/nonexistent/alps.mbtiles"])
        #expect(result.status == 66)
        #expect(result.stderr == "touchline: error: /nonexistent/alps.mbtiles: no such file\n")
    }

    @Test("serve refuses limits out of range with a usage error naming the flag", arguments: [
        (["--rate-limit=-1"], "--rate-limit must be from 0 to 10000000"),
        (["--max-connections", "0"], "--max-connections must be from 1 to 1000000"),
        (["--max-connections", "10", "--max-connections-per-client", "11"],
         "--max-connections-per-client must be from 1 to --max-connections (10)"),
    ])
    func badLimits(arguments: [String], message: String) throws {
        let result = try Touchline.run(["serve"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message))
    }
}

/// Lines a process writes, collected as they come.
final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = Data()

    func append(_ data: Data) {
        lock.lock()
        collected.append(data)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collected, as: UTF8.self)
    }
}

/// The built binary serving on a free port, its standard error collected.
final class RunningServer: Sendable {
    let process: Process
    private let errors = Pipe()
    private let output = OutputCollector()
    let client: HTTPClient

    init(arguments: [String]) throws {
        let process = Process()
        process.executableURL = Touchline.binary
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let output = output
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if !data.isEmpty { output.append(data) }
        }
        try process.run()
        var port: Int?
        let deadline = Date().addingTimeInterval(30)
        while port == nil, Date() < deadline, process.isRunning {
            Thread.sleep(forTimeInterval: 0.05)
            port = Self.port(in: output.text)
        }
        guard let port else {
            process.terminate()
            throw TestFailure("the server did not start: \(output.text)")
        }
        self.process = process
        client = HTTPClient(base: "http://127.0.0.1:\(port)")
    }

    var log: String { output.text }

    /// The port in the "listening" line (`address=127.0.0.1:PORT` or JSON `"address":"127.0.0.1:PORT"`).
    static func port(in log: String) -> Int? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains("listening") }),
              let range = line.range(of: "127.0.0.1:") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    /// Sends SIGTERM and waits for the exit: its status and everything it logged.
    func stop() throws -> (Int32, String) {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        errors.fileHandleForReading.readabilityHandler = nil
        output.append(errors.fileHandleForReading.readDataToEndOfFile())
        return (process.terminationStatus, log)
    }
}

/// A small client over URLSession for the end-to-end tests.
struct HTTPClient: Sendable {
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data

        func object() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                throw TestFailure("not a JSON object: \(String(decoding: body, as: UTF8.self))")
            }
            return object
        }
    }

    let base: String

    func send(_ method: String, _ path: String, token: String? = nil, json: [String: Any]? = nil, body: Data? = nil,
              contentType: String? = nil, headers: [String: String] = [:]) async throws -> Reply {
        guard let url = URL(string: base + path) else { throw TestFailure("bad URL \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let body {
            request.httpBody = body
        }
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw TestFailure("not an HTTP response") }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return Reply(status: http.statusCode, headers: fields, body: data)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
