import Foundation

/// Reads an animated GIF or WebP back with Pillow from PyPI (a decoder Touchline did not
/// write), through `Tests/Scripts/read_animation.py` in the tests' Python environment
/// (``TestPython``), so tests check what a viewer would show.
public enum AnimationProbe {
    /// An animation as Pillow read it.
    public struct Animation: Sendable {
        /// `GIF` or `WEBP`.
        public var format: String
        public var width: Int
        public var height: Int
        /// The loop count (0: forever), nil when the file has none.
        public var loop: Int?
        /// Each frame's duration in milliseconds.
        public var durations: [Int]
        /// Each frame as shown (earlier frames composited under it), as RGBA PNG bytes.
        public var frames: [Data]
    }

    private struct Report: Decodable {
        var format: String
        var width: Int
        var height: Int
        var frames: Int
        var loop: Int?
        var durations: [Int]
    }

    /// Decodes `data` (the bytes of a GIF or WebP file) with Pillow.
    public static func read(_ data: Data) throws -> Animation {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("animation")
        try data.write(to: file)
        let report = try JSONDecoder().decode(Report.self, from: try TestPython.script("read_animation.py", [file.path, folder.path]))
        let frames = try (0..<report.frames).map { try Data(contentsOf: folder.appendingPathComponent("frame-\($0).png")) }
        return Animation(format: report.format, width: report.width, height: report.height, loop: report.loop,
                         durations: report.durations, frames: frames)
    }
}
