import Foundation
import Testing

/// Every command's help, as a user reads it: examples that can be copied whole, defaults in
/// words.
@Suite struct HelpTests {
    /// Every command path (`["league", "table"]`), from the parser's own description of the tool.
    static func commands() throws -> [[String]] {
        let dump = try Touchline.run(["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var paths: [[String]] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            paths.append(path)
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                if let name = sub["commandName"] as? String { walk(sub, path + [name]) }
            }
        }
        walk(try #require(root["command"] as? [String: Any]), [])
        return paths
    }

    @Test func everyExampleLineIsACommandOrContinuesOne() throws {
        let commands = try Self.commands()
        #expect(commands.count > 60)
        for path in commands {
            let help = try Touchline.run(["help"] + path)
            #expect(help.status == 0, "\(path)")
            var inExamples = false
            var previous = ""
            for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasPrefix("Example") && line.hasSuffix(":") { inExamples = true; previous = ""; continue }
                if line.isEmpty { inExamples = false }
                guard inExamples else { continue }
                // Wrapped at the help's line width, a command would be cut where it cannot be
                // copied: every line is a whole command, or continues one ending in " \".
                let continues = previous.hasSuffix(" \\")
                #expect(continues || line.hasPrefix("  "),
                        "touchline help \(path.joined(separator: " ")): '\(line)' after '\(previous)'")
                previous = line
            }
        }
    }

    @Test func noDefaultIsShownAsASwiftValue() throws {
        for path in try Self.commands() {
            let help = try Touchline.run(["help"] + path)
            #expect(!help.stdout.contains("(width:") && !help.stdout.contains("Optional("), "\(path)")
            #expect(!help.stdout.contains("(default: a4). (default"), "\(path)")
        }
    }
}
