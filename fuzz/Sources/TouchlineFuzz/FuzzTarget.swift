import Canvas
import Foundation
import League
import MapTiles
import Reports
import Routes
import Stickers
import Tactics

/// The readers under fuzzing: each takes arbitrary bytes and must either read them, and then
/// draw or rank what it read without trapping, or throw its typed error. A crash, a hang or
/// an out-of-memory in any of them is a bug. `fuzz/run` builds them with libFuzzer and
/// AddressSanitizer and runs each one by name.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case strokeDocument = "stroke-document"
    case pointerLog = "pointer-log"
    case gpx, kml, tcx, geojson, polyline
    case footballJSON = "football-json"
    case footballTXT = "football-txt"
    case csv
    case albumJSON = "album-json"
    case albumZIP = "album-zip"
    case collectionJSON = "collection-json"
    case collectionCSV = "collection-csv"
    case styleJSON = "style-json"
    case png, jpeg, mbtiles

    /// Runs the target on one input. Errors thrown by the readers are expected; their messages
    /// are formatted as the command line would print them (a message can trap too).
    public func run(_ data: Data) {
        switch self {
        case .strokeDocument, .pointerLog: Self.board(data, surface: self == .pointerLog ? Size(width: 1024, height: 768) : nil)
        case .gpx: Self.route(data, .gpx)
        case .kml: Self.route(data, .kml)
        case .tcx: Self.route(data, .tcx)
        case .geojson: Self.route(data, .geojson)
        case .polyline: Self.route(data, .polyline)
        case .footballJSON: Self.league(data, .footballJSON, alsoAs: .footballJSONLegacy)
        case .footballTXT: Self.league(data, .footballTXT)
        case .csv: Self.league(data, .csv)
        case .albumJSON: _ = attempt { try AlbumDocument(data: data, source: "fuzz.json") }
        case .albumZIP: _ = attempt { try Album(archive: data, source: "fuzz.zip").pageCount }
        case .collectionJSON: _ = attempt { try CollectionManifest.read(data, source: "collection.json").imagePaths }
        case .collectionCSV:
            _ = attempt { try CollectionManifest.read(csv: data, source: "collection.csv", details: .init(name: "Fuzz")).encoded() }
        case .styleJSON: Self.style(data)
        case .png, .jpeg: Self.image(data)
        case .mbtiles: Self.tiles(data)
        }
    }

    /// A small canvas keeps every execution cheap while still running the whole replay.
    static let smallBoard = BoardRenderOptions(size: Size(width: 64, height: 42))

    static func board(_ data: Data, surface: Size?) {
        guard let log = attempt({ try StrokeLog(data: data, source: "fuzz", surface: surface) }) else { return }
        _ = log.summary
        guard let renderer = attempt({ try BoardRenderer(log: log, options: smallBoard) }) else { return }
        _ = attempt { try renderer.render(format: .png) }
        _ = attempt { try renderer.render(format: .svg) }
        if let animator = attempt({ try BoardAnimator(renderer: renderer, spacing: spacing(for: data)) }),
           animator.frames.count <= 4 {
            _ = attempt { try animator.renderFrames { _, _ in } }
        }
    }

    /// The `--every` steps and `--fps` rates `spacing(for:)` picks from: ordinary ones, the
    /// edges of their ranges, and values beyond them that once trapped (`Int.max - 1` overflowed
    /// the frame count) or could (NaN, infinities, the smallest double).
    static let eventSteps = [1, 2, 3, 7, 1_000_000, 0, -1, 1_000_001, Int.max, Int.max - 1, Int.min]
    static let frameRates: [Double] = [2, 0.5, 10, 30, 1000, 0, -1, 1000.5, .nan, .infinity, -.infinity, 1e-300,
                                       .leastNonzeroMagnitude, .greatestFiniteMagnitude]

    /// The frame spacing a board input is replayed with, derived from its bytes (an FNV-1a
    /// hash), so that fuzzing also reaches every kind of `--every` and `--fps` value: a quarter
    /// of the inputs each take a listed step, a listed rate, a step from the hash and a rate
    /// with the hash's bits.
    static func spacing(for data: Data) -> FrameSpacing {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let pick = Int((hash >> 2) % 64)
        switch hash % 4 {
        case 0: return .everyEvents(eventSteps[pick % eventSteps.count])
        case 1: return .perSecond(frameRates[pick % frameRates.count])
        case 2: return .everyEvents(Int(truncatingIfNeeded: hash >> 2))
        default: return .perSecond(Double(bitPattern: hash))
        }
    }

    static func style(_ data: Data) {
        guard let style = attempt({ try BoardStyle(jsonData: data, source: "fuzz.json") }) else { return }
        let log = try? StrokeLog(data: Data(#"{"format":"touchline.strokes","version":1,"surface":[100,60],"events":[{"type":"stroke","tool":"red","points":[[10,10],[50,40]]}]}"#.utf8), source: "fixed")
        guard let log else { return }
        var options = smallBoard
        options.style = style
        _ = attempt { try BoardRenderer(log: log, options: options).render(format: .png) }
    }

    static func route(_ data: Data, _ format: RouteFormat) {
        guard let result = attempt({ try RouteReader.read(data, source: "fuzz", format: format) }) else { return }
        _ = RouteStatisticsCalculator.statistics(of: result.document, splitMeters: 100)
        for colouring in [RouteColouring.grade, .speed] {
            let options = RouteMapOptions(size: Size(width: 96, height: 72), colourBy: colouring, kilometreLabels: true,
                                          profile: true)
            _ = attempt { try RouteMapRenderer(document: result.document, options: options).render(format: .png) }
        }
        _ = RouteWriter.gpx(result.document)
        _ = RouteWriter.geoJSON(result.document)
    }

    static func league(_ data: Data, _ format: SeasonImporter.Format, alsoAs other: SeasonImporter.Format? = nil) {
        for format in [format] + (other.map { [$0] } ?? []) {
            guard let result = attempt({ try SeasonImporter.read(data, source: "fuzz", format: format) }) else { continue }
            for rules in [RuleSet.premierLeague, .laLiga, .pointsPerGame] {
                _ = StandingsEngine.table(for: result.season, rules: rules)
            }
            _ = StatisticsEngine.players(in: result.season.matches)
        }
    }

    static func image(_ data: Data) {
        let limits = ImageLimits(maximumBytes: 1 << 20, maximumSide: 2_048, maximumPixels: 1 << 20)
        guard let image = attempt({ try RasterImage(imageData: data, limits: limits) }) else { return }
        _ = image.pixel(x: image.width / 2, y: image.height / 2)
        _ = attempt { try RasterImage(imageData: data, limits: limits, fittingIn: Size(width: 16, height: 16)) }
    }

    /// The input as an MBTiles file: its metadata, and a tile at two zooms.
    static func tiles(_ data: Data) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(getpid()).mbtiles").path
        guard FileManager.default.createFile(atPath: path, contents: data) else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let source = attempt({ try MBTilesSource(path: path) }) else { return }
        _ = (source.attribution, source.format, source.zoomRange)
        let limits = ImageLimits(maximumBytes: 1 << 20, maximumSide: 1_024, maximumPixels: 1 << 20)
        _ = attempt { try source.tile(z: 0, x: 0, y: 0, limits: limits) }
        _ = attempt { try source.tile(z: 1, x: 1, y: 0, limits: limits) }
    }
}

/// The value `body` returns, or nil after formatting the error it throws as the CLI would.
func attempt<T>(_ body: () throws -> T) -> T? {
    do {
        return try body()
    } catch {
        _ = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
        return nil
    }
}

/// The entry point libFuzzer calls (linked by `fuzz/run` with `-sanitize=fuzzer`); the target
/// is named by `$TOUCHLINE_FUZZ_TARGET`.
@_cdecl("touchline_fuzz_one_input")
public func touchlineFuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let target = selectedTarget else { return 0 }
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    target.run(data)
    return 0
}

/// The target `$TOUCHLINE_FUZZ_TARGET` names; the driver checks it before fuzzing starts.
public let selectedTarget: FuzzTarget? = ProcessInfo.processInfo.environment["TOUCHLINE_FUZZ_TARGET"]
    .flatMap(FuzzTarget.init(rawValue:))
