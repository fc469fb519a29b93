import Foundation

/// The scenes' inputs as files, for the peers and for profiling (`--write-inputs FOLDER`):
///
/// - `board.json`: the board scene's stroke document, the very bytes `board-process` renders;
/// - `route.gpx`: the route scene's 5,000-point track;
/// - `garmin_with_extensions.gpx`: a copy of the GPX fixture the parse and statistics scenes read.
enum SceneInputs {
    static let board = "board.json"
    static let route = "route.gpx"
    static let garmin = RouteScene.garmin.lastPathComponent

    /// Writes every input into `folder`, creating it when needed.
    static func write(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try BoardScene.document(for: BoardScene.makeLog()).write(to: folder.appendingPathComponent(board))
        try RouteScene.gpx(RouteScene.track(seed: RouteScene.seed)).write(to: folder.appendingPathComponent(route))
        let copy = folder.appendingPathComponent(garmin)
        try? FileManager.default.removeItem(at: copy)
        guard FileManager.default.fileExists(atPath: RouteScene.garmin.path) else {
            throw BenchError("cannot read \(RouteScene.garmin.path); run from the repository's root")
        }
        try FileManager.default.copyItem(at: RouteScene.garmin, to: copy)
    }
}
