import ArgumentParser
import Canvas
import Foundation
import Support
import Tactics

/// `touchline board check INPUT`.
struct BoardCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a board recording and summarise it.",
        discussion: """
            Exits 0 with a summary (events, strokes per tool, points, duration) when the log \
            can be replayed, and 65 with the place of the first problem when it cannot.

            Examples:
              touchline board check examples/boards/433.json
              touchline board check board.jsonl --json
            """
    )

    @OptionGroup var input: BoardInput
    @Flag(help: "Print the summary as JSON (a stable schema).")
    var json = false

    func run() throws {
        let summary = try input.load().summary
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(summary), as: UTF8.self))
        } else {
            print(Self.table(summary, source: input.input, stored: input.isStoredBoard))
        }
    }

    static func table(_ summary: BoardSummary, source: String, stored: Bool = false) -> String {
        let number = NumberText.plain
        let tools = summary.strokesPerTool.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        var rows: [(String, String)] = [
            (stored ? "board" : "file", source),
            ("form", summary.form),
            ("surface", "\(number(summary.surface.width)) x \(number(summary.surface.height))"),
            ("background", summary.background),
            ("orientation", summary.orientation),
            ("pitch", summary.pitch.description),
            ("events", "\(summary.events) (\(summary.strokes) strokes, \(summary.clears) clears"
                + (summary.undos + summary.redos > 0 ? ", \(summary.undos) undos, \(summary.redos) redos)" : ")")),
            ("strokes per tool", tools.isEmpty ? "none" : tools.joined(separator: ", ")),
            ("points", String(summary.points)),
            ("duration", summary.durationMilliseconds.map(duration) ?? "not timed"),
        ]
        if summary.form == "touchline.pointer" {
            rows.append(("cancelled strokes", String(summary.cancelledStrokes)))
            rows.append(("unfinished strokes", "\(summary.unfinishedStrokes)\(summary.unfinishedStrokes > 0 ? " (no up; not drawn)" : "")"))
        }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }.joined(separator: "\n")
    }

    /// A recorded duration for people: `5.230 s`.
    static func duration(_ milliseconds: Double) -> String {
        String(format: "%.3f s", milliseconds / 1000)
    }
}
