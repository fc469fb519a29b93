import Foundation

/// Writes a batch of files into a staging folder inside the destination folder and moves them
/// in only once all are written, so a failure leaves the destination as it was (and removes it
/// again when this run created it).
struct StagedFolder {
    let directory: String

    /// Calls `produce` with a `save(name, data)` function; once it returns, removes the
    /// destination's earlier files that `stale` selects and moves the new files in. Returns
    /// the names written, in order.
    func write(replacing stale: (String) -> Bool = { _ in false },
               _ produce: (_ save: (String, Data) throws -> Void) throws -> Void) throws -> [String] {
        let manager = FileManager.default
        let destination = URL(fileURLWithPath: directory)
        let existed = manager.fileExists(atPath: directory)
        do {
            try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        } catch {
            throw CommandError(.cannotCreate, "cannot create \(directory): \(error.localizedDescription)")
        }
        do {
            return try write(into: destination, replacing: stale, produce)
        } catch {
            if !existed { try? manager.removeItem(at: destination) }
            throw error
        }
    }

    private func write(into destination: URL, replacing stale: (String) -> Bool,
                       _ produce: (_ save: (String, Data) throws -> Void) throws -> Void) throws -> [String] {
        let manager = FileManager.default
        let staging = destination.appendingPathComponent(".staging-\(ProcessInfo.processInfo.processIdentifier).tmp")
        try? manager.removeItem(at: staging)
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw CommandError(.cannotCreate, "cannot write into \(directory): \(error.localizedDescription)")
        }
        defer { try? manager.removeItem(at: staging) }
        var written: [String] = []
        try produce { name, data in
            try Files.write(data, to: staging.appendingPathComponent(name).path)
            written.append(name)
        }
        let existing = (try? manager.contentsOfDirectory(atPath: directory)) ?? []
        let replaced = Set(written)
        for name in existing where stale(name) || replaced.contains(name) {
            try? manager.removeItem(at: destination.appendingPathComponent(name))
        }
        do {
            for name in written {
                try manager.moveItem(at: staging.appendingPathComponent(name), to: destination.appendingPathComponent(name))
            }
        } catch {
            throw CommandError(.ioError, "cannot move files into \(directory): \(error.localizedDescription)")
        }
        return written
    }
}
