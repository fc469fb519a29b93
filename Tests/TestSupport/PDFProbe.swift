import Foundation

/// Reads produced PDFs back with poppler's `pdftotext` and `pdfinfo` (installed by
/// `scripts/bootstrap`), so tests check what a reader sees: pages, sizes, text.
public enum PDFProbe {
    /// What `pdfinfo` says of a document.
    public struct Info: Equatable, Sendable {
        public var pages: Int
        public var width: Double
        public var height: Double
    }

    /// A poppler tool is missing or failed.
    public struct ToolError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The text of `pdf` (of one page, from 1, when `page` is given): laid out as on the
    /// page (columns kept apart by spaces), or in reading order with `layout: false`.
    public static func text(layout: Bool = true, _ pdf: Data, page: Int? = nil) throws -> String {
        let pages = page.map { ["-f", "\($0)", "-l", "\($0)"] } ?? []
        return try run("pdftotext", pages + (layout ? ["-layout"] : []) + ["-enc", "UTF-8", "IN", "-"], pdf)
    }

    /// The page count and the first page's size in points.
    public static func info(_ pdf: Data) throws -> Info {
        let output = try run("pdfinfo", ["IN"], pdf)
        var info = Info(pages: 0, width: 0, height: 0)
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            if parts[0] == "Pages" { info.pages = Int(parts[1]) ?? 0 }
            if parts[0] == "Page size" {
                let numbers = parts[1].split(separator: " ").compactMap { Double($0) }
                if numbers.count >= 2 { (info.width, info.height) = (numbers[0], numbers[1]) }
            }
        }
        return info
    }

    /// Runs a poppler tool on `pdf` written to a temporary file (IN in `arguments`).
    private static func run(_ tool: String, _ arguments: [String], _ pdf: Data) throws -> String {
        let executable = URL(fileURLWithPath: "/usr/bin/\(tool)")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw ToolError(description: "\(tool) is missing: run scripts/bootstrap (it installs poppler-utils)")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).pdf")
        try pdf.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments.map { $0 == "IN" ? file.path : $0 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolError(description: "\(tool) failed with status \(process.terminationStatus)")
        }
        return String(decoding: output, as: UTF8.self)
    }
}
