import Foundation

/// A Python library a scene is compared with, as installed in the peers' environment.
struct Peer: Codable, Equatable {
    /// The PyPI distribution, e.g. `mplsoccer`.
    var name: String
    var version: String

    var label: String { "\(name) \(version)" }
}

/// One peer's figures for one of our scenes, as written to `latest.json`.
struct PeerResult: Codable {
    /// Our scene it is compared with.
    var scene: String
    var peer: Peer
    var result: SceneResult
}

/// Something timed in turns with one of our scenes.
protocol Rival {
    var peer: Peer { get }
    /// How it is run, for the result's note.
    var note: String? { get }
    /// One timed run.
    func run() throws -> Sample
    /// Its peak resident memory over the scene, given the scene's samples.
    func peakMemoryMiB(_ samples: [Sample]) throws -> Double
    /// Where ``peakMemoryMiB(_:)`` comes from.
    var memorySource: MemorySource { get }
    /// Ends whatever it keeps running.
    func stop()
}

/// The Python peers of `bench/peers/` (`make bench-peers` installs them): which of our scenes
/// have one, how each is run, and the figures they gave.
///
/// Every peer reads the same inputs as our scene, written by ``SceneInputs`` into a temporary
/// folder. In-process peers are `peer.py SCENE INPUTS` servers (``PeerServer``), one process per
/// scene, timing each run themselves; whole-process peers are started and timed from here like
/// `board-process`.
final class Peers {
    /// How a peer of a scene is run.
    enum Kind {
        /// `peer.py` serving this scene, with the distribution it times.
        case server(scene: String, library: String)
        /// `python SCRIPT INPUT OUTPUT` as a whole process, per run.
        case process(script: String, library: String, input: String, output: String)
    }

    /// Our scenes that have peers, by name, and their peers in the order they take turns.
    static let table: [String: [Kind]] = [
        "board": [.server(scene: "board", library: "mplsoccer")],
        "board-process": [.process(script: "board_peer.py", library: "mplsoccer",
                                   input: SceneInputs.board, output: "board.png")],
        RouteScene.renderName: [.server(scene: "route-staticmap", library: "staticmap"),
                                .server(scene: "route-py-staticmaps", library: "py-staticmaps")],
        RouteScene.parseName: [.server(scene: "gpx-parse", library: "gpxpy")],
        RouteScene.statisticsName: [.server(scene: "gpx-statistics", library: "gpxpy")],
    ]

    let python: String
    /// `bench/peers`, where the scripts are.
    let scripts: URL
    /// The scenes' inputs, removed by ``close()``.
    let inputs: URL
    /// Installed versions by distribution name.
    let versions: [String: String]
    private(set) var results: [PeerResult] = []

    /// Checks the environment (by asking `peer.py versions`) and writes the scenes' inputs.
    init(python: String, scripts: URL = URL(fileURLWithPath: "bench/peers", isDirectory: true)) throws {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw BenchError("--peers \(python) is not an executable file; run make bench-peers")
        }
        self.python = python
        self.scripts = scripts
        let listing = try PeerServer.output(of: python, [scripts.appendingPathComponent("peer.py").path, "versions"])
        var versions: [String: String] = [:]
        for line in listing.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 2 { versions[String(words[0])] = String(words[1]) }
        }
        self.versions = versions
        inputs = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-bench-peers-\(ProcessInfo.processInfo.processIdentifier)")
        try SceneInputs.write(to: inputs)
    }

    /// Removes the inputs folder.
    func close() {
        try? FileManager.default.removeItem(at: inputs)
    }

    /// The peers of `scene`, started and ready; a peer that cannot start is reported and left out.
    func start(for scene: String) -> [any Rival] {
        (Self.table[scene] ?? []).compactMap { kind in
            do {
                return try rival(kind)
            } catch {
                printError("warning: a peer of '\(scene)' did not start, left out: \(error)")
                return nil
            }
        }
    }

    private func rival(_ kind: Kind) throws -> any Rival {
        switch kind {
        case .server(let scene, let library):
            return try PeerServer(python: python, script: scripts.appendingPathComponent("peer.py"),
                                  scene: scene, inputs: inputs, peer: peer(library))
        case .process(let script, let library, let input, let output):
            return PeerCommand(python: python, script: scripts.appendingPathComponent(script),
                               input: inputs.appendingPathComponent(input),
                               output: inputs.appendingPathComponent(output), peer: try peer(library))
        }
    }

    private func peer(_ library: String) throws -> Peer {
        guard let version = versions[library] else {
            throw BenchError("\(library) is not installed in \(python)'s environment; run make bench-peers")
        }
        return Peer(name: library, version: version)
    }

    func record(scene: String, peer: Peer, result: SceneResult) {
        results.append(PeerResult(scene: scene, peer: peer, result: result))
    }

    /// The comparison: each of our scenes (the board's breakdown rows left out) with its
    /// peers' medians and the ratio peer / Touchline; "—" where there is no peer.
    func table(ours: [SceneResult]) -> String {
        var rows: [[String]] = [["scene", "Touchline ms", "peer", "peer ms", "peer / Touchline"]]
        for scene in ours where !BoardScene.isBreakdown(scene.scene) {
            let theirs = results.filter { $0.scene == scene.scene }
            guard !theirs.isEmpty else {
                rows.append([scene.scene, Self.format(scene.medianMs), "—", "", ""])
                continue
            }
            for (index, peer) in theirs.enumerated() {
                let ratio = scene.medianMs > 0 ? String(format: "%.1fx", peer.result.medianMs / scene.medianMs) : "-"
                rows.append([index == 0 ? scene.scene : "", index == 0 ? Self.format(scene.medianMs) : "",
                             peer.peer.label, Self.format(peer.result.medianMs), ratio])
            }
        }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, text in
                let space = String(repeating: " ", count: widths[column] - text.count)
                return column == 0 || column == 2 ? text + space : space + text
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }

    private static func format(_ milliseconds: Double) -> String { String(format: "%.2f", milliseconds) }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
    }
}
