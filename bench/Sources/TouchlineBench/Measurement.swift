import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One timed run: how long it took and how many bytes it produced (0 when nothing).
struct Sample {
    var elapsed: Duration
    var bytes: Int
    /// The peak resident memory of the child process that did the run, when one did.
    var childPeakMiB: Double? = nil
}

/// Times `body` once with the monotonic clock; `body` returns the size of what it produced.
func timed(_ body: () throws -> Int) rethrows -> Sample {
    var bytes = 0
    let elapsed = try ContinuousClock().measure { bytes = try body() }
    return Sample(elapsed: elapsed, bytes: bytes)
}

/// Takes `value` as far as the optimizer can tell, so the work that made it is not removed.
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// Where a scene's peak memory was read.
enum MemorySource: String, Codable {
    /// This process's VmHWM, reset before the scene (falls back to the whole run's peak when
    /// /proc/self/clear_refs cannot be written).
    case vmHWM = "VmHWM"
    /// The largest ru_maxrss of the scene's own child processes (from wait4).
    case childMaxRSS = "ru_maxrss"
    /// The VmHWM of the peer process that served the scene, read by the peer itself.
    case peerVmHWM = "peer VmHWM"
}

/// The summary of one scene, as printed and as written to `latest.json`.
struct SceneResult: Codable {
    var scene: String
    var runs: Int
    var medianMs: Double
    var minMs: Double
    var maxMs: Double
    var peakMemoryMiB: Double
    var peakMemorySource: MemorySource
    /// The size of the last run's output (PNG bytes), when the scene produces one.
    var outputBytes: Int?
    var note: String?
}

/// Runs scenes: warm-ups first, then the measured runs. A scene with peers (see ``Peers``)
/// takes turns with them: each warms up, then one run of ours, one of each peer, and again.
struct Bench {
    var warmups: Int
    var runs: Int
    /// Only scenes whose names start with this are run; the others come back with no runs.
    var only: String?
    /// The peers to run alternately with the scenes that have one; nil runs ours alone.
    var peers: Peers?

    /// Measures a scene run inside this process; its peak memory is this process's VmHWM.
    func inProcess(_ scene: String, note: String? = nil, _ body: () throws -> Sample) throws -> SceneResult {
        let reset = ProcessMemory.resetPeak()
        let samples = try measure(scene, body)
        let memoryNote = reset ? nil : "peak memory is the whole run's (clear_refs not writable)"
        return Self.summary(scene, samples, memoryMiB: ProcessMemory.peakMiB(), source: .vmHWM,
                            note: [note, memoryNote].compactMap { $0 }.joined(separator: "; ").nilIfEmpty)
    }

    /// Measures a scene run in child processes; its peak memory is the children's largest RSS.
    func childProcess(_ scene: String, note: String? = nil, _ body: () throws -> Sample) throws -> SceneResult {
        let samples = try measure(scene, body)
        return Self.summary(scene, samples, memoryMiB: samples.compactMap(\.childPeakMiB).max() ?? 0,
                            source: .childMaxRSS, note: note)
    }

    /// Whether `scene` is run: its name starts with `--only`'s prefix, or no prefix was given.
    func includes(_ scene: String) -> Bool {
        only.map { scene.hasPrefix($0) } ?? true
    }

    /// Our samples of `scene`; its peers' are handed to ``peers`` when it has some.
    private func measure(_ scene: String, _ body: () throws -> Sample) throws -> [Sample] {
        guard includes(scene) else { return [] }
        let rivals = peers?.start(for: scene) ?? []
        defer { rivals.forEach { $0.stop() } }
        for _ in 0..<warmups {
            _ = try body()
            for rival in rivals { _ = try rival.run() }
        }
        var ours: [Sample] = []
        var theirs = Array(repeating: [Sample](), count: rivals.count)
        for _ in 0..<runs {
            ours.append(try body())
            for (index, rival) in rivals.enumerated() { theirs[index].append(try rival.run()) }
        }
        for (rival, samples) in zip(rivals, theirs) {
            let memory = try rival.peakMemoryMiB(samples)
            peers?.record(scene: scene, peer: rival.peer,
                          result: Self.summary("\(scene) [\(rival.peer.name)]", samples, memoryMiB: memory,
                                               source: rival.memorySource, note: rival.note))
        }
        return ours
    }

    private static func summary(_ scene: String, _ samples: [Sample], memoryMiB: Double, source: MemorySource,
                                note: String?) -> SceneResult {
        let ms = samples.map { Self.milliseconds($0.elapsed) }.sorted()
        let middle = ms.count / 2
        let median = ms.isEmpty ? 0 : ms.count.isMultiple(of: 2) ? (ms[middle - 1] + ms[middle]) / 2 : ms[middle]
        return SceneResult(scene: scene, runs: samples.count, medianMs: median, minMs: ms.first ?? 0,
                           maxMs: ms.last ?? 0, peakMemoryMiB: memoryMiB, peakMemorySource: source,
                           outputBytes: samples.last.flatMap { $0.bytes > 0 ? $0.bytes : nil }, note: note)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

/// Peak resident memory, from /proc and getrusage (Linux).
enum ProcessMemory {
    /// Resets this process's VmHWM to its current RSS (Linux 4.0+: write 5 to clear_refs).
    /// Returns false when that is not allowed; VmHWM is then the peak of the whole run so far.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// This process's VmHWM in MiB, or 0 when /proc/self/status cannot be read.
    static func peakMiB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            // "VmHWM:\t   12345 kB"
            let kibibytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Double($0) } ?? 0
            return kibibytes / 1024
        }
        return 0
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
