import Foundation

/// Bytes written to a new file that only this process's user may read, in the system's
/// temporary folder, removed when the value is released.
final class TemporaryFile: Sendable {
    let url: URL

    /// Writes `data` to a fresh file whose name ends in `suffix`.
    ///
    /// - Throws: the file system's error when the file cannot be made (a full disk): a fault
    ///   of the machine, not of the input named `source`.
    init(_ data: Data, suffix: String, source: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-\(UUID().uuidString)\(suffix)")
        guard FileManager.default.createFile(atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path,
                                                         NSLocalizedDescriptionKey: "cannot keep a copy of \(source) at \(url.path)"])
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
