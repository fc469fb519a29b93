import ArgumentParser
import Canvas
import Foundation
import Tactics

/// `touchline board render INPUT -o OUT`.
struct BoardRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a board to PNG, SVG or PDF.",
        discussion: """
            The format follows the output's extension. Ink sits on its own layer over the \
            background: the eraser rubs out ink and never the pitch.

            Examples:
              touchline board render examples/boards/433.json -o out/433.png
              touchline board render board.jsonl -o board.pdf --size 1600x1040 --stripes
              touchline board render board.json -o step3.png --until 3 --vertical
            """
    )

    @OptionGroup var input: BoardInput
    @Option(name: .shortAndLong, help: ArgumentHelp("The output file: .png, .svg or .pdf.", valueName: "file"))
    var output: String
    @Option(help: ArgumentHelp("Show the board after the first N events only (strokes, clears, undos and redos).", valueName: "N"))
    var until: Int?
    @OptionGroup var look: BoardLook
    @Flag(name: .shortAndLong, help: "Print nothing on success.")
    var quiet = false

    func validate() throws {
        guard OutputFormat(fileExtensionOf: URL(fileURLWithPath: output)) != nil else {
            throw ValidationError("cannot tell the format of '\(output)': use a .png, .svg or .pdf file name")
        }
        if let until, until < 0 { throw ValidationError("--until must be 0 or more") }
    }

    func run() throws {
        let log = try input.load()
        let renderer = try look.renderer(for: log, until: until)
        try Files.checkWritable(output)
        let format = OutputFormat(fileExtensionOf: URL(fileURLWithPath: output)) ?? .png
        let data = try renderer.render(format: format, png: PNGOptions(compression: look.compression))
        try Files.write(data, to: output)
        if !quiet {
            let size = renderer.outputSize
            let pixels = format == .png
                ? "\(Int((size.width * look.scale).rounded(.up)))x\(Int((size.height * look.scale).rounded(.up))) px"
                : "\(Int(size.width.rounded()))x\(Int(size.height.rounded())) pt"
            print("wrote \(output) (\(pixels), \(renderer.shownEvents) of \(log.events.count) events, \(Files.describeSize(data.count)))")
        }
    }
}
