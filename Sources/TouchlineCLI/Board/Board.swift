import ArgumentParser

/// `touchline board`: tactics boards recorded on a touch screen.
struct Board: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board",
        abstract: "Replay tactics boards drawn on a tablet onto an accurate pitch.",
        discussion: """
            INPUT is a stroke document (JSON, "format": "touchline.strokes") or a pointer-event \
            log (JSON Lines, "format": "touchline.pointer"); the form is detected from content. \
            Digits alone name one of your stored boards instead (write ./12 for a file named 12).

            Examples:
              touchline board render examples/boards/433.json -o out/433.png \\
                --size 1600x1040
              touchline board frames examples/boards/multitouch.jsonl --out out/frames \\
                --fps 10
              touchline board check examples/boards/433.json --json
              touchline board save examples/boards/433.json --title '4-3-3'
              touchline board render 1 -o out/433.png
            """,
        subcommands: [BoardRender.self, BoardFrames.self, BoardCheck.self, Save.self, List.self, Show.self, Replace.self,
                      Share.self, Unshare.self, Delete.self]
    )
}
