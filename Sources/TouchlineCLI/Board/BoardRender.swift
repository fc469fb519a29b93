import ArgumentParser
import Canvas
import Foundation
import Tactics

/// `touchline board render INPUT -o OUT`.
struct BoardRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a board to PNG, SVG or PDF, or animate it as GIF or WebP.",
        discussion: """
            The format follows the output's extension. Ink sits on its own layer over the \
            background: the eraser rubs out ink and never the pitch.

            A .gif or .webp is an animation of the board being drawn, following the recorded \
            times: --fps frames a second (1 to 50, default 15), --speed N plays it N times as \
            fast (0.1 to 100), frames that do not change are not repeated, and the finished \
            board is held 2 s. GIF keeps the pens' and the pitch's colours exact (up to 256 \
            colours a frame); WebP is lossless. A log without timestamps shows one event a \
            second. At most 10,000 frames.

            Examples:
              touchline board render examples/boards/433.json -o out/433.png
              touchline board render board.jsonl -o board.pdf --size 1600x1040 --stripes
              touchline board render board.json -o step3.png --until 3 --vertical
              touchline board render board.jsonl -o drill.gif --speed 0.5
              touchline board render board.jsonl -o drill.webp --fps 10 --size 800x520
            """
    )

    @OptionGroup var input: BoardInput
    @Option(name: .shortAndLong, help: ArgumentHelp("The output file: .png, .svg or .pdf, or .gif or .webp for an animation.",
                                                    valueName: "file"))
    var output: String
    @Option(help: ArgumentHelp("Show the board after the first N events only (strokes, clears, undos and redos).", valueName: "N"))
    var until: Int?
    @Option(help: ArgumentHelp("Animation frames per second, 1 to 50 (default 15).", valueName: "F"))
    var fps: Double?
    @Option(help: ArgumentHelp("Play the animation N times as fast as it was drawn, 0.1 to 100 (default 1).", valueName: "N"))
    var speed: Double?
    @OptionGroup var look: BoardLook
    @Flag(name: .shortAndLong, help: "Print nothing on success.")
    var quiet = false

    /// The animation format the output's extension names, if any.
    var animation: AnimatedImageFormat? { AnimatedImageFormat(fileExtensionOf: URL(fileURLWithPath: output)) }

    func validate() throws {
        guard OutputFormat(fileExtensionOf: URL(fileURLWithPath: output)) != nil || animation != nil else {
            throw ValidationError("cannot tell the format of '\(output)': use a .png, .svg, .pdf, .gif or .webp file name")
        }
        if let until, until < 0 { throw ValidationError("--until must be 0 or more") }
        guard let animation else {
            if fps != nil || speed != nil { throw ValidationError("--fps and --speed animate: write a .gif or .webp file") }
            return
        }
        if until != nil { throw ValidationError("--until shows one moment: an animation shows every event") }
        // The animation's own rules, checked here so a bad value is a usage error before any reading.
        for (setting, value) in [(BoardAnimation.Setting.fps, fps), (.speed, speed)] {
            if let value, !setting.accepts(value) {
                throw ValidationError(BoardAnimationError.invalidSetting(setting, value).description(wording: \.commandLineWording))
            }
        }
        if animation == .gif, look.background == BoardBackground.none {
            throw ValidationError("a GIF cannot show --background none (transparent): use another background, or write a .webp")
        }
    }

    func run() throws {
        let log = try input.load()
        if let animation { return try animate(log, as: animation) }
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

    /// Writes the animation, all or nothing: it is made in memory, then written atomically.
    private func animate(_ log: StrokeLog, as format: AnimatedImageFormat) throws {
        if !log.isTimed, !quiet {
            StandardError.print("touchline: note: \(input.name) has no timestamps; showing one event a second")
        }
        let animation: BoardAnimation
        do {
            animation = try BoardAnimation(renderer: try look.renderer(for: log), format: format,
                                           framesPerSecond: fps ?? BoardAnimation.defaultFramesPerSecond, speed: speed ?? 1)
        } catch let error as CanvasError {
            // Frames too large for the format: the size came from the flags or from the log.
            throw CommandError(look.size != nil || look.scale != 1 ? .usage : .dataError, error.errorDescription ?? "\(error)")
        }
        try Files.checkWritable(output)
        let encoded = try animation.encode()
        try Files.write(encoded.data, to: output)
        if !quiet {
            print("wrote \(output) (\(animation.pixelWidth)x\(animation.pixelHeight) px, \(encoded.frames) frames, "
                  + "\(BoardCheck.duration(encoded.durationMilliseconds)), \(Files.describeSize(encoded.data.count)))")
        }
    }
}
