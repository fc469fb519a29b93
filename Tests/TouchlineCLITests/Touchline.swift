import Foundation
import Testing

/// Runs the built `touchline` binary, as a user would.
struct Touchline {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary beside the test bundle (`swift build` puts both in the same folder), or
    /// `$TOUCHLINE_BIN`.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["TOUCHLINE_BIN"] { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("touchline")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/touchline")
    }()

    /// The repository's root (for the examples).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func example(_ name: String) -> String {
        root.appendingPathComponent("examples/boards/\(name)").path
    }

    @discardableResult
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                    environment: [String: String] = [:], executable: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var variables = ProcessInfo.processInfo.environment
        for key in ["TOUCHLINE_DB", "TOUCHLINE_PASSWORD", "TOUCHLINE_NEW_PASSWORD"] { variables[key] = nil }
        variables.merge(environment) { $1 }
        process.environment = variables
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(stdin)
            try input.fileHandleForWriting.close()
        }
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }
}

/// A temporary folder removed when the test ends.
final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
}
