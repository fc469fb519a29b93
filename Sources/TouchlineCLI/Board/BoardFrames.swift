import ArgumentParser
import Canvas
import Foundation
import Tactics

/// `touchline board frames INPUT --out DIR`.
struct BoardFrames: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Write the board as it was drawn, frame by frame, as numbered PNGs.",
        discussion: """
            With --fps the frames follow the recorded timestamps, showing strokes part-drawn; \
            with --every N (the default is 1) there is a frame after every N events. Frames are \
            named frame-00001.png, frame-00002.png, ... Earlier frame-*.png files in DIR are \
            replaced only once every new frame has been written.

            Examples:
              touchline board frames examples/boards/multitouch.jsonl --out out/frames \\
                --fps 10
              touchline board frames examples/boards/433.json --out out/steps --every 2
            """
    )

    @OptionGroup var input: BoardInput
    @Option(help: ArgumentHelp("The folder to write frames into (created if missing).", valueName: "dir"))
    var out: String
    @Option(help: ArgumentHelp("Frames per second of recorded time.", valueName: "F"))
    var fps: Double?
    @Option(help: ArgumentHelp("A frame after every N events.", valueName: "N"))
    var every: Int?
    @OptionGroup var look: BoardLook
    @Flag(name: .shortAndLong, help: "Print nothing on success.")
    var quiet = false

    func validate() throws {
        if fps != nil, every != nil { throw ValidationError("give --fps or --every, not both") }
        // The animator's own rule, checked here so a bad value is a usage error before any reading.
        if let spacing = fps.map(FrameSpacing.perSecond) ?? every.map(FrameSpacing.everyEvents), !spacing.isValid {
            throw ValidationError(BoardAnimatorError.invalidSpacing(spacing).description(wording: \.commandLineWording))
        }
    }

    func run() throws {
        let log = try input.load()
        if fps != nil, !log.isTimed {
            StandardError.print("touchline: note: \(input.name) has no timestamps; writing one frame per event")
        }
        let spacing = FrameSpacing(fps: fps, every: every, timed: log.isTimed)
        let animator = try BoardAnimator(renderer: try look.renderer(for: log), spacing: spacing)
        let written = try FrameWriter(directory: out).write { save in
            try animator.renderFrames(png: PNGOptions(compression: look.compression)) { index, data in
                try save(index, data)
                if StandardError.isTerminal, !quiet {
                    FileHandle.standardError.write(Data("\rframe \(index + 1)/\(animator.frames.count)".utf8))
                }
            }
        }
        if StandardError.isTerminal, !quiet { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        if !quiet { print("wrote \(written) frames to \(out)") }
    }
}

/// Writes numbered frames through a ``StagedFolder``: all or nothing, replacing earlier
/// `frame-*.png` files only once every new frame is written.
struct FrameWriter {
    let directory: String

    func write(_ produce: (_ save: (Int, Data) throws -> Void) throws -> Void) throws -> Int {
        try withoutActuallyEscaping(produce) { produce in
            try StagedFolder(directory: directory).write(replacing: { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }) { save in
                try produce { index, data in try save(BoardAnimator.fileName(ofFrame: index), data) }
            }.count
        }
    }
}
