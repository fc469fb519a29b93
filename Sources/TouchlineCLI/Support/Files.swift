import Foundation

/// File access for commands, with errors that name the file and carry sysexits codes.
enum Files {
    /// Reads an input file; missing or unreadable files are `66`.
    static func read(_ path: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandError(.noInput, "\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw CommandError(.noInput, "\(path): is a directory, expected a file") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandError(.noInput, "\(path): cannot be read")
        }
    }

    /// Checks that `path`'s directory exists, before any work is done.
    static func checkWritable(_ path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError(.cannotCreate, "cannot create \(path): no directory \(directory)")
        }
    }

    /// Writes `data` atomically (a temporary file renamed into place), so a failure leaves
    /// no partial file.
    static func write(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandError(.cannotCreate, "cannot create \(path): \(error.localizedDescription)")
        }
    }

    /// A size for people: `812 B`, `84.2 kB`, `3.1 MB`.
    static func describeSize(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return String(format: "%.1f kB", Double(bytes) / 1000) }
        return String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
