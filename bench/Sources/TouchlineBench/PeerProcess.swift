import Foundation

/// A peer scene served by `bench/peers/peer.py` in a Python process of its own for the whole
/// scene: started (imports made, inputs loaded) before the warm-up, asked for one run at a
/// time, which it times itself (perf_counter around the work, so neither the pipe nor the
/// interpreter's start-up counts), and for its peak memory at the end.
///
/// The protocol, one line each way: `run` → `ok MILLISECONDS BYTES`, `rss` → `rss KIBIBYTES`
/// (the process's VmHWM), `quit`; a failure answers `error MESSAGE`.
final class PeerServer: Rival {
    let peer: Peer
    let note: String? = "in a Python process serving the scene; each run timed by the peer (perf_counter)"
    let memorySource = MemorySource.peerVmHWM
    private let process: Process
    private let requests: FileHandle
    private let replies: FileHandle
    private var pending = Data()

    init(python: String, script: URL, scene: String, inputs: URL, peer: Peer) throws {
        self.peer = peer
        let process = Process(), input = Pipe(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, scene, inputs.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        self.process = process
        requests = input.fileHandleForWriting
        replies = output.fileHandleForReading
        let ready = try readLine()
        guard ready == "ready" else {
            stop()
            throw BenchError("peer.py \(scene): \(ready)")
        }
    }

    func run() throws -> Sample {
        let words = try ask("run", expecting: "ok", count: 2)
        guard let milliseconds = Double(words[0]), let bytes = Int(words[1]) else {
            throw BenchError("peer \(peer.name): cannot read '\(words.joined(separator: " "))'")
        }
        return Sample(elapsed: .nanoseconds(Int64((milliseconds * 1e6).rounded())), bytes: bytes)
    }

    func peakMemoryMiB(_ samples: [Sample]) throws -> Double {
        let words = try ask("rss", expecting: "rss", count: 1)
        guard let kibibytes = Double(words[0]) else {
            throw BenchError("peer \(peer.name): cannot read '\(words[0])'")
        }
        return kibibytes / 1024
    }

    func stop() {
        try? requests.write(contentsOf: Data("quit\n".utf8))
        try? requests.close()
        process.waitUntilExit()
    }

    /// Sends `request` and returns the reply's words after `tag`, which must be `count` long.
    private func ask(_ request: String, expecting tag: String, count: Int) throws -> [String] {
        try requests.write(contentsOf: Data((request + "\n").utf8))
        let reply = try readLine()
        let words = reply.split(separator: " ").map(String.init)
        guard words.first == tag, words.count == count + 1 else {
            throw BenchError("peer \(peer.name): \(reply)")
        }
        return Array(words.dropFirst())
    }

    /// The next line the peer prints, without its newline.
    private func readLine() throws -> String {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                return line
            }
            let chunk = replies.availableData
            guard !chunk.isEmpty else { throw BenchError("peer \(peer.name) exited (see its error above)") }
            pending.append(chunk)
        }
    }

    /// What `python arguments…` prints, for short queries; throws when it fails.
    static func output(of python: String, _ arguments: [String]) throws -> String {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("\(python) \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A whole-process peer: `python SCRIPT INPUT OUTPUT`, started with posix_spawn and timed to its
/// exit, interpreter start-up and imports included, like `board-process`.
struct PeerCommand: Rival {
    let python: String
    let script: URL
    let input: URL
    let output: URL
    let peer: Peer
    let memorySource = MemorySource.childMaxRSS
    var note: String? { "python \(script.lastPathComponent) SCENE.json OUT.png, whole process (posix_spawn to exit)" }

    func run() throws -> Sample {
        try? FileManager.default.removeItem(at: output)
        var child = ChildExit(status: 0, peakMiB: 0)
        let sample = try timed {
            child = try spawnAndWait(python, [script.path, input.path, output.path])
            return 0
        }
        guard child.status == 0 else { throw BenchError("\(script.lastPathComponent) exited with status \(child.status)") }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
        guard bytes > 0 else { throw BenchError("\(script.lastPathComponent) wrote no \(output.lastPathComponent)") }
        return Sample(elapsed: sample.elapsed, bytes: bytes, childPeakMiB: child.peakMiB)
    }

    func peakMemoryMiB(_ samples: [Sample]) -> Double {
        samples.compactMap(\.childPeakMiB).max() ?? 0
    }

    func stop() {}
}
