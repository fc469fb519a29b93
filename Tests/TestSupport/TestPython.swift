import Foundation

/// The tests' Python environment, `.venv-test/`, made by `scripts/test-venv` from the pinned
/// `scripts/test-requirements.txt` (icalendar, Pillow, schemathesis) the first time a test asks for it.
/// When it cannot be made (no python3, no venv module, PyPI unreachable), ``python()`` throws
/// the script's reason, so the test fails saying why instead of being skipped.
public enum TestPython {
    /// A step failed: the message says which and why.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The repository's root.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The environment's `python`, made first when missing or out of date.
    public static func python() throws -> URL {
        let made = try run(root.appendingPathComponent("scripts/test-venv"), [])
        guard made.status == 0 else {
            throw Failure(description: "scripts/test-venv failed (status \(made.status)): \(made.stderr)")
        }
        return URL(fileURLWithPath: made.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs `Tests/Scripts/NAME` with the environment's python and returns its standard output.
    public static func script(_ name: String, _ arguments: [String]) throws -> Data {
        let result = try run(try python(), [root.appendingPathComponent("Tests/Scripts/\(name)").path] + arguments)
        guard result.status == 0 else {
            throw Failure(description: "Tests/Scripts/\(name) failed (status \(result.status)): \(result.stderr)")
        }
        return result.output
    }

    /// Runs `executable`, its standard output and error going to files so that neither fills a
    /// pipe while the other is read.
    private static func run(_ executable: URL, _ arguments: [String]) throws
        -> (status: Int32, output: Data, stdout: String, stderr: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("python-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(executable.path): \(error.localizedDescription)")
        }
        process.waitUntilExit()
        let output = try Data(contentsOf: out)
        return (process.terminationStatus, output, String(decoding: output, as: UTF8.self),
                String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}
