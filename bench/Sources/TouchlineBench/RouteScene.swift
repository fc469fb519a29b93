import Canvas
import Foundation
import League
import Routes
import Support

/// The "route" scenes: a 5,000-point track drawn as a 600 x 400 PNG, parsing the 589 kB Garmin
/// GPX of the test fixtures and computing its statistics, and a batch of thumbnails of 1,000
/// tracks of 5,000 points (100 with --smoke) as a whole `touchline route thumbs` process.
enum RouteScene {
    static let seed: UInt64 = 0x0B0A_7E5C_0000_0005
    static let garmin = URL(fileURLWithPath: "Tests/RoutesTests/Fixtures/georust/garmin_with_extensions.gpx")

    // The scenes that have peers (see Peers.swift).
    static let renderName = "route: 5,000-point track, 600x400 PNG"
    static let parseName = "route: parse garmin_with_extensions.gpx"
    static let statisticsName = "route: statistics garmin_with_extensions.gpx"

    /// A deterministic wandering 5,000-point track of about 25 km around Bilbao, timed and with elevations.
    static func track(seed: UInt64, points: Int = 5_000) -> Track {
        var random = SeededRandom(seed: seed)
        var latitude = 43.26 + random.uniform(-0.05...0.05), longitude = -2.93 + random.uniform(-0.05...0.05)
        var heading = random.uniform(0...(2 * Double.pi)), elevation = 50.0
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var track: [GeoPoint] = []
        track.reserveCapacity(points)
        for index in 0..<points {
            track.append(GeoPoint(latitude: latitude, longitude: longitude, elevation: elevation,
                                  time: start.addingTimeInterval(Double(index) * 2)))
            heading += random.uniform(-0.2...0.2)
            let step = random.uniform(3...7) / 111_000
            latitude += step * cos(heading)
            longitude += step * sin(heading) / cos(latitude * .pi / 180)
            elevation = max(0, elevation + random.uniform(-1...1.1))
        }
        return Track(name: "Bench \(seed)", segments: [track])
    }

    /// The track as GPX text (points with elevation and time).
    static func gpx(_ track: Track) -> Data {
        let formatter = ISO8601DateFormatter()
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"TouchlineBench\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        for point in track.points {
            text += String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><ele>%.1f</ele>", point.latitude, point.longitude, point.elevation ?? 0)
            if let time = point.time { text += "<time>\(formatter.string(from: time))</time>" }
            text += "</trkpt>\n"
        }
        return Data((text + "</trkseg></trk></gpx>\n").utf8)
    }

    static func run(bench: Bench, touchline: String?, smoke: Bool) throws -> [SceneResult] {
        if let only = bench.only, !(only.hasPrefix("route") || "route".hasPrefix(only)) { return [] }
        var results: [SceneResult] = []
        let document = RouteDocument(tracks: [track(seed: seed)])
        results.append(try bench.inProcess(renderName) {
            try timed { try RouteMapRenderer(document: document, options: RouteMapOptions()).render(format: .png).data.count }
        })
        results.append(try bench.inProcess(parseName, note: "589 kB, 3,540 points") {
            try timed { try RouteReader.read(contentsOf: garmin).document.tracks.count }
        })
        let tracks = try RouteReader.read(contentsOf: garmin).document.tracks
        results.append(try bench.inProcess(statisticsName, note: "RouteStatisticsCalculator of the parsed tracks, 1 km splits") {
            timed { blackHole(tracks.map { RouteStatisticsCalculator.statistics(of: $0) }); return 0 }
        })
        guard let touchline else {
            printError("note: no --touchline given; skipping route: thumbnails")
            return results
        }
        let count = smoke ? 100 : 1_000
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-bench-routes-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var inputs: [String] = []
        for index in 0..<count {
            let url = folder.appendingPathComponent(String(format: "track-%04d.gpx", index))
            try gpx(track(seed: seed &+ UInt64(index))).write(to: url)
            inputs.append(url.path)
        }
        let arguments = ["route", "thumbs"] + inputs + ["--out", folder.appendingPathComponent("out").path, "--quiet"]
        let scene = "route: \(count.formatted()) thumbnails of 5,000-point tracks"
        results.append(try bench.childProcess(scene, note: "one touchline route thumbs process, every core") {
            var child = ChildExit(status: 0, peakMiB: 0)
            let sample = try timed {
                child = try spawnAndWait(touchline, arguments)
                return 0
            }
            guard child.status == 0 else { throw BenchError("touchline route thumbs exited with status \(child.status)") }
            return Sample(elapsed: sample.elapsed, bytes: 0, childPeakMiB: child.peakMiB)
        })
        return results
    }
}
