import Foundation
import Testing

/// `touchline route thumbs --shard K/N`, end to end on the built binary: N runs over the same
/// list render every file exactly once between them.
@Suite struct RouteShardCommandTests {
    /// Fifteen real tracks of the Routes tests, every one of which renders.
    static let tracks = ["georust/ecology-trail-and-lovers-lane-loop", "georust/strava_route_example", "georust/wahoo_example",
                         "georust/with_accuracy", "gpxpy/Mojstrovka", "gpxpy/around-visnjan-with-car", "gpxpy/cerknicko-jezero",
                         "gpxpy/cerknicko-without-times", "gpxpy/first_and_last_elevation", "gpxpy/korita-zbevnica", "gpxpy/route",
                         "gpxpy/track-with-empty-segment", "gpxpy/track-with-extremes", "gpxpy/track_with_speed",
                         "gpxpy/unicode_with_bom"]

    /// The tracks copied into `tracks/` of `scratch`, as paths relative to it (as a glob run there
    /// gives them).
    static func copyTracks(into scratch: Scratch) throws -> [String] {
        try FileManager.default.createDirectory(atPath: scratch.path("tracks"), withIntermediateDirectories: true)
        return try tracks.map { track in
            let name = "tracks/" + URL(fileURLWithPath: track).lastPathComponent + ".gpx"
            try FileManager.default.copyItem(atPath: RouteCommandTests.track(track + ".gpx"), toPath: scratch.path(name))
            return name
        }
    }

    @Test func threeShardsRenderEveryFileExactlyOnce() throws {
        let scratch = try Scratch()
        let inputs = try Self.copyTracks(into: scratch)
        let expected = Set(inputs.flatMap { input in
            let base = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
            return ["\(base)-160x100.png", "\(base)-320x200.png"]
        })
        var seen: [String: [Int]] = [:]
        var shares: [Int] = []
        for k in 1...3 {
            let result = try Touchline.run(["route", "thumbs"] + inputs + ["--out", "out-\(k)", "--size", "160x100",
                                                                         "--size", "320x200", "--shard", "\(k)/3"],
                                           in: scratch.url)
            #expect(result.status == 0, "shard \(k): \(result.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path("out-\(k)"))
            for name in names { seen[name, default: []].append(k) }
            // Every size of a file is in the shard that has the file.
            #expect(names.count % 2 == 0, "shard \(k): \(names.sorted())")
            let files = names.count / 2
            shares.append(files)
            #expect(result.stdout == (files == 0
                ? "rendered no thumbnails into out-\(k): shard \(k)/3 holds none of the 15 files\n"
                : "rendered \(names.count) thumbnails of \(files) files into out-\(k) (shard \(k)/3: \(files) of 15 files); 0 failed\n"))
        }
        #expect(Set(seen.keys) == expected)
        #expect(seen.values.allSatisfy { $0.count == 1 }, "\(seen.filter { $0.value.count != 1 })")
        #expect(shares.reduce(0, +) == inputs.count)
        // The split is a real one, not everything in one shard.
        #expect(shares.filter { $0 > 0 }.count >= 2, "\(shares)")
    }

    @Test func aShardWithNoFilesRendersNothingAndSucceeds() throws {
        let scratch = try Scratch()
        let track = RouteCommandTests.track("gpxpy/korita-zbevnica.gpx")
        var empty = 0
        for k in 1...3 {
            let result = try Touchline.run(["route", "thumbs", track, "--out", scratch.path("out-\(k)"), "--shard", "\(k)/3"])
            #expect(result.status == 0, "\(result.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path("out-\(k)"))
            if names.isEmpty {
                empty += 1
                #expect(result.stdout == "rendered no thumbnails into \(scratch.path("out-\(k)")): shard \(k)/3 holds none of the 1 files\n")
            } else {
                #expect(names == ["korita-zbevnica-320x200.png"])
            }
            // Quiet, an empty shard prints nothing at all.
            let quiet = try Touchline.run(["route", "thumbs", track, "--out", scratch.path("quiet-\(k)"), "--shard", "\(k)/3", "-q"])
            #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        }
        #expect(empty == 2)
    }

    @Test func everyShardRefusesAListWhoseNamesCollide() throws {
        // Of three shards, at least one holds at most one of the two files; it refuses the list too.
        let scratch = try Scratch()
        let text = try String(contentsOfFile: RouteCommandTests.track("gpxpy/korita-zbevnica.gpx"), encoding: .utf8)
        let first = try scratch.write("a.gpx", text)
        try FileManager.default.createDirectory(atPath: scratch.path("other"), withIntermediateDirectories: true)
        let second = try scratch.write("other/a.gpx", text)
        for k in 1...3 {
            let result = try Touchline.run(["route", "thumbs", first, second, "--out", scratch.path("thumbs"), "--shard", "\(k)/3"])
            #expect(result.status == 64, "shard \(k)")
            #expect(result.stderr == "touchline: error: \(first) and \(second) have the same name, so their thumbnails would collide\n")
            #expect(!FileManager.default.fileExists(atPath: scratch.path("thumbs")))
        }
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "a/b", "1/3/4", "3", "99999999999999999999/3", "1/10001", "", " 2/3"])
    func aBadShardIsAUsageErrorBeforeAnyFolderIsMade(_ shard: String) throws {
        let scratch = try Scratch()
        let result = try Touchline.run(["route", "thumbs", RouteCommandTests.track("gpxpy/korita-zbevnica.gpx"),
                                        "--out", scratch.path("thumbs"), "--shard", shard])
        #expect(result.status == 64)
        let first = result.stderr.split(separator: "\n").first.map(String.init)
        #expect(first == "Error: --shard must be K/N with N from 1 to 10000 and K from 1 to N (got \"\(shard)\")")
        #expect(result.stdout.isEmpty)
        #expect(scratch.files.isEmpty)
    }
}
