import Foundation
import Testing

/// Runs every `touchline` command in the README's `sh` code blocks, in order, as a reader
/// would type them: one shell, a scratch folder holding a link to `examples/`, a scratch
/// database and config folder, the built binary first on the PATH. So the README cannot drift
/// from the tool. `make` lines are the README's set-up commands, which CI runs itself.
@Suite struct ReadmeCommandsTests {
    /// The commands of the README's `sh` blocks, continuation lines joined.
    static func commands() throws -> [String] {
        let text = try String(contentsOf: Touchline.root.appendingPathComponent("README.md"), encoding: .utf8)
        var commands: [String] = []
        var inBlock = false
        var pending = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inBlock = !inBlock && line == "```sh"
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
        #expect(commands.filter { $0.hasPrefix("touchline ") }.count > 50)
        let scratch = try Scratch()
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
            "TOUCHLINE_DB": scratch.path("club.sqlite"),
            "XDG_CONFIG_HOME": scratch.path("config"),
            "XDG_DATA_HOME": scratch.path("data"),
            "HOME": scratch.path("home"),
        ], executable: URL(fileURLWithPath: "/bin/bash"))
        let last = result.stderr.split(separator: "\n").suffix(6).joined(separator: "\n")
        #expect(result.status == 0, "stopped at:\n\(last)")
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
