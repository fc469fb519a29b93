import ArgumentParser
import Canvas
import Club
import Foundation
import Tactics

/// The input options every board command shares.
struct BoardInput: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "The stroke document (.json) or pointer-event log (.jsonl), or the id of one of your stored boards (digits only: write ./12 for a file named 12).",
        valueName: "file-or-id"))
    var input: String

    @Option(help: ArgumentHelp("The recording surface, for a pointer log without a header line.", valueName: "WxH"))
    var surface: Size?

    @OptionGroup var club: ClubOptions

    /// True when `input` is all digits: the id of a stored board, as `route` commands read a route id.
    var isStoredBoard: Bool { !input.isEmpty && input.utf8.allSatisfy { (0x30...0x39).contains($0) } }

    /// What messages call the input: the file, or `board ID`.
    var name: String { isStoredBoard ? "board \(input)" : input }

    /// Reads and validates the log: the file's, or the acting user's stored board's.
    func load() throws -> StrokeLog {
        if isStoredBoard {
            guard let id = Int64(input) else { throw ClubError.notFound(kind: "board", reference: input) }
            let (store, actor) = try club.session()
            return try StrokeLog(data: try Boards(store: store).show(actor, id).log, source: name)
        }
        let data = try Files.read(input)
        return try StrokeLog(data: data, source: input, surface: surface)
    }
}

/// The rendering options `render` and `frames` share.
struct BoardLook: ParsableArguments {
    @Option(help: ArgumentHelp("Output size in pixels (points for PDF and SVG); default: the recording surface's.", valueName: "WxH"))
    var size: Size?

    @Option(help: "Device pixels per unit for PNG: 2 gives the same picture at twice the resolution.")
    var scale: Double = 1

    @Option(help: ArgumentHelp("pitch, half-pitch, blank or none (transparent); default: the log's.", valueName: "background"))
    var background: BoardBackground?

    @Flag(help: "Turn the pitch (and the ink with it) to stand vertically, goals top and bottom.")
    var vertical = false

    @Flag(help: "Mow stripes into the grass.")
    var stripes = false

    @Option(help: ArgumentHelp("A JSON style file overriding the colours (see Resources/styles/board.json).", valueName: "file"))
    var style: String?

    @Option(help: ArgumentHelp("PNG compression: fastest, fast, balanced or smallest.", valueName: "level"))
    var compression: PNGOptions.Compression = .fast

    func validate() throws {
        guard RenderScale.isValid(scale) else { throw ValidationError("--scale must be \(RenderScale.rule())") }
        // The canvas's own limits, checked while reading the flags rather than after the log.
        if let size {
            do {
                _ = try Canvas.checkedPixelSize(width: size.width, height: size.height, scale: scale)
            } catch {
                throw ValidationError("--size: " + ((error as? LocalizedError)?.errorDescription ?? "\(error)"))
            }
        }
    }

    /// Render options from these flags.
    func options(until: Int? = nil) throws -> BoardRenderOptions {
        var boardStyle = BoardStyle.standard
        if let style {
            boardStyle = try BoardStyle(jsonData: try Files.read(style), source: style)
        }
        return BoardRenderOptions(size: size, scale: scale, until: until, background: background,
                                  orientation: vertical ? .vertical : nil, stripes: stripes, style: boardStyle)
    }

    /// A renderer; an output too large is a usage error when the size came from the command
    /// line and a data error when it came from the log.
    func renderer(for log: StrokeLog, until: Int? = nil) throws -> BoardRenderer {
        do {
            return try BoardRenderer(log: log, options: try options(until: until))
        } catch let error as CanvasError {
            let fromFlags = size != nil || scale != 1
            throw CommandError(fromFlags ? .usage : .dataError, error.errorDescription ?? "\(error)")
        }
    }
}

extension BoardBackground: ExpressibleByArgument {}
extension PNGOptions.Compression: ExpressibleByArgument {}
