// TouchlineBench: times board rendering, routes, leagues and the club store in release builds
// (`make bench`, `make bench-smoke`), next to the Python tools people use instead (`--peers`).
//
//   TouchlineBench [--touchline PATH] [--peers PYTHON] [--smoke] [--runs N] [--only PREFIX]
//                  [--write-inputs FOLDER] [--keep-store] [--postgres URL]
//
// Every scene is drawn from a fixed seed (see BoardScene.swift and StoreScene.swift). Each
// scene gets one warm-up run, then N measured runs (7 by default, 1 with --smoke); the table
// gives the median, min and max wall-clock time (monotonic clock) and the peak resident
// memory. With --peers, the scenes that have a peer take turns with it (see Peers.swift) and
// a comparison table follows. The results are also written to bench/results/latest.json,
// relative to the current directory.
import Canvas
import Foundation
import Glibc
import Tactics

/// The command line.
struct Arguments {
    /// The `touchline` binary for the whole-process scene; without it that scene is skipped.
    var touchline: String?
    /// The Python of the peers' environment (bench/peers/.venv/bin/python); without it the
    /// peers are not run.
    var peers: String?
    var smoke = false
    var runs = 7
    /// Only the scenes whose names start with this.
    var only: String?
    /// Write every scene's input files into this folder and exit (for peers and for profiling).
    var writeInputs: String?
    /// Keep the store scenes' database instead of deleting it, and print where it is.
    var keepStore = false
    /// An empty PostgreSQL database to run the store scenes on as well, beside SQLite.
    var postgres: String?
    /// The social scenes' club with this many users instead of the 100,000 (the same
    /// follows and posts a user, a group for every hundred users): building the full club on
    /// PostgreSQL takes about 40 minutes.
    var socialUsers: Int?

    static let usage = "usage: TouchlineBench [--touchline PATH] [--peers PYTHON] [--smoke] [--runs N] [--only PREFIX] "
        + "[--write-inputs FOLDER] [--keep-store] [--postgres URL] [--social-users N]"

    init(_ arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            switch flag {
            case "--touchline":
                guard let path = rest.popFirst() else { throw UsageError("--touchline needs a path") }
                touchline = path
            case "--only":
                guard let prefix = rest.popFirst() else { throw UsageError("--only needs a scene name or prefix") }
                only = prefix
            case "--peers":
                guard let path = rest.popFirst() else { throw UsageError("--peers needs the peers' python") }
                peers = path
            case "--write-inputs":
                guard let path = rest.popFirst() else { throw UsageError("--write-inputs needs a folder") }
                writeInputs = path
            case "--smoke":
                smoke = true
            case "--keep-store":
                keepStore = true
            case "--postgres":
                guard let url = rest.popFirst() else { throw UsageError("--postgres needs the URL of an empty database") }
                postgres = url
            case "--social-users":
                guard let text = rest.popFirst(), let count = Int(text), count >= 1_000 else {
                    throw UsageError("--social-users needs a whole number of 1000 or more")
                }
                socialUsers = count
            case "--runs":
                guard let text = rest.popFirst(), let count = Int(text), count > 0 else {
                    throw UsageError("--runs needs a whole number above 0")
                }
                runs = count
            case "-h", "--help":
                throw UsageError(nil)
            default:
                throw UsageError("unknown argument '\(flag)'")
            }
        }
        if smoke { runs = 1 }
    }
}

/// A bad command line; `message` is nil when help was asked for.
struct UsageError: Error {
    var message: String?
    init(_ message: String?) { self.message = message }
}

/// Runs every scene and returns their results in table order; with `peers`, the scenes that
/// have one take turns with it and `peers` keeps their figures.
func runScenes(_ arguments: Arguments, peers: Peers?) throws -> [SceneResult] {
    let log = BoardScene.makeLog()
    let document = BoardScene.document(for: log)
    // The process scene reads the JSON; make sure it is the very scene rendered in-process.
    guard try StrokeLog(data: document, source: "board.json") == log else {
        throw BenchError("the board scene's JSON does not read back as the same log")
    }
    let renderer = try BoardRenderer(log: log, options: BoardRenderOptions(size: BoardScene.surface))
    let bench = Bench(warmups: 1, runs: arguments.runs, only: arguments.only, peers: peers)
    var results: [SceneResult] = []

    // The whole in-process render, default PNG options, then each compression level.
    results.append(try bench.inProcess("board") {
        try timed { try renderer.render(format: .png).count }
    })
    for level in PNGOptions.Compression.allCases {
        results.append(try bench.inProcess("board png=\(level.rawValue)") {
            try timed { try renderer.render(format: .png, png: PNGOptions(compression: level)).count }
        })
    }

    // Where the in-process time goes: each step timed alone, its set-up untimed.
    results.append(try bench.inProcess("board: new canvas") {
        try timed { _ = try renderer.makeCanvas(); return 0 }
    })
    results.append(try bench.inProcess("board: drawBackground") {
        let canvas = try renderer.makeCanvas()
        return timed { renderer.drawBackground(on: canvas); return 0 }
    })
    results.append(try bench.inProcess("board: drawInk") {
        let canvas = try renderer.makeCanvas()
        renderer.drawBackground(on: canvas)
        return timed { renderer.drawInk(on: canvas, events: renderer.shownEvents); return 0 }
    })
    do { // scoped so the drawn pixels are freed before the next scenes' memory is read
        let drawn = try renderer.makeCanvas()
        renderer.drawBackground(on: drawn)
        renderer.drawInk(on: drawn, events: renderer.shownEvents)
        results.append(try bench.inProcess("board: encode png=fast") {
            try timed { try drawn.encoded(png: .default).count }
        })
        let reference = try CairoReference(drawn.rasterImage())
        results.append(try bench.inProcess("board: encode cairo writer", note: "reference; pixels copied untimed") {
            try timed { try reference.encode().count }
        })
    }

    // What the process scene does before rendering: reading the JSON document.
    results.append(try bench.inProcess("board: read JSON", note: "StrokeLog(data:) of the process scene's file") {
        try timed { _ = try StrokeLog(data: document, source: "SCENE.json"); return 0 }
    })

    if let touchline = arguments.touchline {
        results.append(try processScene(touchline: touchline, document: document, bench: bench))
    } else {
        printError("note: no --touchline given; skipping board-process")
    }

    // The club store: inbox, unread count, bulk sending and login on a built database.
    results += try RouteScene.run(bench: bench, touchline: arguments.touchline, smoke: arguments.smoke)
    results += try LeagueScene.run(bench: bench, smoke: arguments.smoke)
    results += try PrintScene.run(bench: bench)
    results += try CardScene.run(bench: bench)
    results += try AnimationScene.run(bench: bench)
    results += try SwapScene.run(bench: bench, smoke: arguments.smoke)
    results += try StoreScene.run(bench: bench, size: arguments.smoke ? .smoke : .full, keep: arguments.keepStore,
                                  postgres: arguments.postgres)
    var social = arguments.smoke ? SocialSize.smoke : .full
    if let users = arguments.socialUsers { social = SocialSize(users: users, follows: social.follows, postsPerUser: social.postsPerUser,
                                                               groups: users / 100) }
    results += try SocialScene.run(bench: bench, size: social, postgres: arguments.postgres)
    results += try GuideScene.run(bench: bench, size: arguments.smoke ? .smoke : .full, touchline: arguments.touchline,
                                 postgres: arguments.postgres)
    return results.filter { $0.runs > 0 }
}

/// `touchline board render SCENE.json -o OUT.png --size 1600x1040 --quiet`, timed from launch
/// to exit with Foundation's Process.
func processScene(touchline: String, document: Data, bench: Bench) throws -> SceneResult {
    guard FileManager.default.isExecutableFile(atPath: touchline) else {
        throw BenchError("--touchline \(touchline) is not an executable file")
    }
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("touchline-bench-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = directory.appendingPathComponent("SCENE.json")
    let output = directory.appendingPathComponent("OUT.png")
    try document.write(to: scene)
    let size = "\(Int(BoardScene.surface.width))x\(Int(BoardScene.surface.height))"
    let arguments = ["board", "render", scene.path, "-o", output.path, "--size", size, "--quiet"]

    return try bench.childProcess("board-process", note: "touchline board render, whole process (posix_spawn to exit)") {
        try? FileManager.default.removeItem(at: output)
        var child = ChildExit(status: 0, peakMiB: 0)
        let sample = try timed {
            child = try spawnAndWait(touchline, arguments)
            return 0
        }
        guard child.status == 0 else { throw BenchError("touchline exited with status \(child.status)") }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
        guard bytes > 0 else { throw BenchError("touchline wrote no \(output.lastPathComponent)") }
        return Sample(elapsed: sample.elapsed, bytes: bytes, childPeakMiB: child.peakMiB)
    }
}

/// How a child process ended.
struct ChildExit {
    /// The exit status, or 128 + the signal that ended it.
    var status: Int32
    /// Its ru_maxrss, in MiB. Linux counts a child's RSS from before its exec too (posix_spawn
    /// shares the parent's memory until then), so this is at least the benchmark's own resident
    /// memory at the time; the bench keeps that small by then.
    var peakMiB: Double
}

/// Starts `path` with `arguments` through posix_spawn and waits for it.
/// (Foundation's Process adds tens of milliseconds of its own on Linux, which is not the
/// tool's time.)
func spawnAndWait(_ path: String, _ arguments: [String]) throws -> ChildExit {
    let argv = ([path] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    var terminated = argv + [nil]
    let spawned = terminated.withUnsafeMutableBufferPointer { buffer -> Int32 in
        guard let base = buffer.baseAddress else { return EINVAL }
        return posix_spawn(&pid, path, nil, nil, base, environ)
    }
    guard spawned == 0 else { throw BenchError("cannot start \(path): error \(spawned)") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 {
        guard errno == EINTR else { throw BenchError("wait4 failed: error \(errno)") }
    }
    // WIFEXITED and WEXITSTATUS, which Swift does not import; ru_maxrss is in KiB on Linux.
    return ChildExit(status: status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
                     peakMiB: Double(usage.ru_maxrss) / 1024)
}

/// The table printed at the end.
func table(_ results: [SceneResult]) -> String {
    func pad(_ text: String, _ width: Int, right: Bool = true) -> String {
        let space = String(repeating: " ", count: max(0, width - text.count))
        return right ? space + text : text + space
    }
    func number(_ value: Double) -> String { String(format: "%.2f", value) }
    let width = max(5, results.map(\.scene.count).max() ?? 0)
    var lines = [pad("scene", width, right: false) + "  runs  median ms    min ms    max ms  peak RSS MiB    PNG bytes"]
    for result in results {
        lines.append(pad(result.scene, width, right: false) + pad("\(result.runs)", 6)
            + pad(number(result.medianMs), 11) + pad(number(result.minMs), 10) + pad(number(result.maxMs), 10)
            + pad(number(result.peakMemoryMiB), 14) + pad(result.outputBytes.map { "\($0)" } ?? "-", 13))
    }
    return lines.joined(separator: "\n")
}

/// What `bench/results/latest.json` holds.
struct Report: Codable {
    var date: String
    var smoke: Bool
    var warmups: Int
    var runs: Int
    var scenes: [SceneResult]
    /// The peers' figures, by our scene they are compared with; empty without --peers.
    var peers: [PeerResult]
}

/// Writes `report` to bench/results/latest.json (relative to the current directory).
func write(_ report: Report) throws -> URL {
    let folder = URL(fileURLWithPath: "bench/results", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("latest.json")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(report).write(to: file, options: .atomic)
    return file
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

do {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    if let path = arguments.writeInputs {
        try SceneInputs.write(to: URL(fileURLWithPath: path, isDirectory: true))
        exit(0)
    }
    let peers = try arguments.peers.map { try Peers(python: $0) }
    defer { peers?.close() }
    let results = try runScenes(arguments, peers: peers)
    print(table(results))
    if let peers {
        print("\nTouchline and the tools people use instead, taking turns (medians; peer / Touchline above 1: Touchline is faster)")
        print(peers.table(ours: results))
    }
    let report = Report(date: Date().formatted(.iso8601), smoke: arguments.smoke, warmups: 1,
                        runs: arguments.runs, scenes: results, peers: peers?.results ?? [])
    print("wrote \(try write(report).path)")
} catch let error as UsageError {
    if let message = error.message {
        printError("error: \(message)\n\(Arguments.usage)")
        exit(2)
    }
    print(Arguments.usage)
} catch {
    printError("error: \(error)")
    exit(1)
}
