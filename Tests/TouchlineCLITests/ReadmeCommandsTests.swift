import Foundation
import Testing
import TestSupport

/// Runs every `touchline` command in the README's `sh` code blocks, in order, as a reader
/// would type them: one shell, a scratch folder holding a link to `examples/`, a scratch
/// database and config folder, the built binary first on the PATH. So the README cannot drift
/// from the tool. `make` lines are the README's set-up commands, which CI runs itself.
@Suite struct ReadmeCommandsTests {
    /// The commands of the README's code blocks fenced as "```" + `fence` (`sh`, or `sh postgres`
    /// for the commands that need a PostgreSQL server), continuation lines joined.
    static func commands(fence: String = "sh") throws -> [String] {
        let text = try String(contentsOf: Touchline.root.appendingPathComponent("README.md"), encoding: .utf8)
        var commands: [String] = []
        var inBlock = false
        var pending = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inBlock = !inBlock && line == "```" + fence
                continue
            }
            guard inBlock else { continue }
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
                continue
            }
            let command = (pending + line).trimmingCharacters(in: .whitespaces)
            pending = ""
            if command.isEmpty || command.hasPrefix("make ") { continue }
            commands.append(command)
        }
        return commands
    }

    @Test func everyCommandRunsAsWritten() throws {
        let commands = try Self.commands()
        try Self.run(commands, database: nil)
    }

    /// The README's PostgreSQL block, its example URL replaced by a new test database's and its
    /// server's port by one the other README test does not use (the two may run at once). The
    /// server is asked for `/readyz` afterwards, and `club.sqlite` (what `db copy` copies) is a
    /// small club made first.
    @Test(.enabled(if: TestDatabase.isPostgres, "needs PostgreSQL: the PostgreSQL half of make test runs it"))
    func postgresCommandsRunAsWritten() throws {
        let example = "postgresql://touchline@db.example.org/club?sslmode=verify-full"
        let commands = try Self.commands(fence: "sh postgres")
        #expect(commands.contains { $0.contains(example) }, "the block still names \(example)")
        #expect(commands.contains { $0.hasPrefix("touchline db migrate ") } && commands.contains { $0.hasPrefix("touchline serve ") })
        let scratch = try Scratch()
        let url = try TestDatabase.reference(in: scratch.url)
        let setUp = ["export TOUCHLINE_PASSWORD='correct horse battery'",
                     "touchline user add alice --email alice@example.org --db club.sqlite",
                     "touchline team add 'Athletic Infantil A' --season 2024/25 --as alice --db club.sqlite"]
        let check = ["curl -sf --retry 50 --retry-delay 1 --retry-connrefused localhost:18081/readyz"]
        let adapted = commands.map {
            $0.replacingOccurrences(of: example, with: url).replacingOccurrences(of: "--port 8080", with: "--port 18081")
        }
        #expect(adapted.contains { $0.contains("--port 18081") })
        try Self.run(setUp + adapted + check,
                     database: url, in: scratch)
    }

    /// Runs `commands` in one shell in a scratch folder (a new one unless given).
    static func run(_ commands: [String], database: String?, in given: Scratch? = nil) throws {
        let scratch = try given ?? Scratch()
        try FileManager.default.createSymbolicLink(atPath: scratch.path("examples"),
                                                   withDestinationPath: Touchline.root.appendingPathComponent("examples").path)
        // One shell for all, so `export` lines hold for the rest; each command is announced on
        // standard error first, so a failure names its line.
        // A server the README starts in the background is stopped even when a command fails.
        var script = "set -eo pipefail\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n"
        for (index, command) in commands.enumerated() {
            let quoted = command.replacingOccurrences(of: "'", with: "'\\''")
            script += "echo 'README command \(index + 1): \(quoted)' >&2\n\(command)\n"
        }
        let binaries = Touchline.binary.deletingLastPathComponent().path
        let result = try Touchline.run(["-c", script], in: scratch.url, environment: [
            "PATH": binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            // The README's club database: TestDatabase's (PostgreSQL in make test's PostgreSQL
            // half) for the main blocks; the PostgreSQL block names its own and copies this file.
            "TOUCHLINE_DB": database == nil ? try TestDatabase.reference(in: scratch.url) : scratch.path("club.sqlite"),
            "XDG_CONFIG_HOME": scratch.path("config"),
            "XDG_DATA_HOME": scratch.path("data"),
            "HOME": scratch.path("home"),
        ], executable: URL(fileURLWithPath: "/bin/bash"))
        let last = result.stderr.split(separator: "\n").suffix(6).joined(separator: "\n")
        #expect(result.status == 0, "stopped at:\n\(last)")
        guard database == nil else { return }
        #expect(commands.filter { $0.hasPrefix("touchline ") }.count > 50)
        // What the commands wrote is there.
        for file in ["433.png", "hike.png", "thumbs/garmin-hike-320x200.png", "sharded/garmin-hike-320x200.png",
                     "sharded/planned-route-320x200.png", "hike-export.gpx", "fixtures.csv",
                     "fixtures.ics", "laliga.pdf", "tables.pdf", "table.png", "laporte.png", "laporte.pdf", "squad.pdf",
                     "album.pdf", "pressing.json", "pressing.png", "served-board.png", "shared-board.png", "posted-board.png",
                     "served-table.pdf", "served-route.png", "drill.gif", "mistake.webp",
                     "served-board.gif", "posted-board.webp"] {
            #expect(FileManager.default.fileExists(atPath: scratch.path(file)), "\(file)")
        }
    }
}
