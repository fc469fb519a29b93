import Foundation

/// Writes a batch of files into a staging folder inside the destination folder and moves them
/// in only once all are written, so a failure leaves the destination as it was (and removes it
/// again when this run created it). Staging folders left by runs that were killed (their
/// process no longer exists) are removed by the next run in the same destination.
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
        Self.removeAbandonedStaging(in: destination)
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

    /// Removes `.staging-PID.tmp` folders whose process is gone (killed before it could clean
    /// up). A folder of a process still running, another run writing here now, is left alone.
    static func removeAbandonedStaging(in destination: URL) {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: destination.path)) ?? []
        for name in names where name.hasPrefix(".staging-") && name.hasSuffix(".tmp") {
            let digits = name.dropFirst(".staging-".count).dropLast(".tmp".count)
            guard let pid = Int32(digits), pid > 0 else { continue }
            // kill(pid, 0) fails with ESRCH when no such process exists.
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? manager.removeItem(at: destination.appendingPathComponent(name))
            }
        }
    }
}
