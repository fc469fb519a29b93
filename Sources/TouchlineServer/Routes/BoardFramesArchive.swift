import Foundation
import Hummingbird
import Support
import Tactics
import ZIPFoundation

/// `touchline board frames` over HTTP: the frames it writes (`frame-00001.png`, ...), the same
/// bytes, sent as one ZIP archive made in memory. `?fps=F` or `?every=N` space them as
/// `--fps` and `--every` do, and the board render options (`size`, `scale`, `background`,
/// `vertical`, `stripes`) give their look.
///
/// One request's cost is bounded twice, since every frame is a whole render held in a render
/// slot and the archive is held in memory: at most ``ServerOptions/maxFrames`` frames (refused
/// with 422 before any is drawn) and ``ServerOptions/maxFrameArchiveBytes`` bytes of archive
/// (refused with 422 at the frame that would pass it, before it is added).
struct BoardFramesArchive {
    /// `?fps=F`, frames per second of recorded time.
    var fps: Double?
    /// `?every=N`, a frame after every N events.
    var every: Int?
    /// The look of every frame.
    var look: BoardRenderOptions

    /// The date every entry carries, so that the same frames make the same archive (and ETag):
    /// 1980-01-01 00:00 UTC, the first a ZIP archive can give.
    static let entryDate = StoredArchive.entryDate
    /// The bytes a stored entry adds besides its data and its name, which it holds twice: a
    /// local file header (30) and a central directory record (46).
    static let entryOverhead = 30 + 46
    /// The end of central directory record every archive ends with.
    static let endRecordBytes = 22

    /// The request's query, checked before the log is read: a bad `fps` or `every` (or both
    /// given) is 400 naming the parameter, as the command line refuses its flags.
    init(_ query: Query) throws {
        if let text = try query.string("fps", maximumLength: 40) {
            guard let fps = Double(text), FrameSpacing.perSecond(fps).isValid else { throw Self.refused(.fps, "a number") }
            self.fps = fps
        }
        if let text = try query.string("every", maximumLength: 40) {
            guard let every = Int(text), FrameSpacing.everyEvents(every).isValid else {
                throw Self.refused(.every, "a whole number")
            }
            self.every = every
        }
        if fps != nil, every != nil {
            throw Problem.malformed("query parameters 'fps' and 'every': give one or the other, not both")
        }
        look = try BoardImage.look(query)
    }

    /// A value outside ``FrameSpacing``'s own rule for `setting`, in the API's words.
    private static func refused(_ setting: FrameSpacing.Setting, _ kind: String) -> Problem {
        Problem.malformed("query parameter '\(setting.rawValue)': expected \(kind) \(setting.rule)")
    }

    /// The archive of `log`'s frames, as `application/zip` with a strong ETag and a
    /// `Content-Disposition` naming the file as `RouteOutput.contentDisposition` does.
    func response(_ log: StrokeLog, name: String?, fallback: String, request: Request,
                  api: APIServices) async throws -> Response {
        let spacing = FrameSpacing(fps: fps, every: every, timed: log.isTimed)
        let (look, maximumFrames, maximumBytes) = (look, api.options.maxFrames, api.options.maxFrameArchiveBytes)
        let data = try await api.rendering {
            let animator = try BoardAnimator(renderer: try BoardRenderer(log: log, options: look), spacing: spacing,
                                             maximumFrames: maximumFrames)
            return try Self.archive(animator, maximumBytes: maximumBytes)
        }
        api.metrics.render("board-frames", format: "zip")
        var response = Rendered.response(data, contentType: "application/zip", request: request)
        response.headers[.contentDisposition] = RouteOutput.contentDisposition(name, fallback: fallback, extension: "zip")
        return response
    }

    /// The animator's frames as PNGs (the command line's default compression) in a ZIP archive,
    /// stored rather than deflated since PNGs are compressed already.
    ///
    /// - Throws: ``Problem`` 422 as soon as the next frame would take the archive past
    ///   `maximumBytes`, and whatever rendering throws.
    static func archive(_ animator: BoardAnimator, maximumBytes: Int) throws -> Data {
        let archive = try Archive(accessMode: .create)
        var size = endRecordBytes
        try animator.renderFrames { index, png in
            let name = BoardAnimator.fileName(ofFrame: index)
            size += entryOverhead + 2 * name.utf8.count + png.count
            guard size <= maximumBytes else {
                throw Problem(.invalid, "the frames come to more than \(maximumBytes) bytes, the most one archive holds "
                              + "(frame \(index + 1) of \(animator.frames.count) passes it): lower ?size or ?scale, "
                              + "or send fewer frames (lower \(FrameSpacing.Setting.fps.apiWording) "
                              + "or raise \(FrameSpacing.Setting.every.apiWording))")
            }
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(png.count), modificationDate: entryDate,
                                 compressionMethod: .none) { position, length in
                png.subdata(in: Int(position)..<Int(position) + length)
            }
        }
        guard let data = archive.data else { throw Problem(.internalError, "the archive could not be made") }
        return data
    }
}
