import Club
import Foundation

/// The sessions `touchline login` opened, one per database, in
/// `$XDG_CONFIG_HOME/touchline/sessions.json` (`~/.config/...` by default), readable by the
/// user only (0600, in a 0700 folder). The database keeps only each token's hash.
///
/// Writers take turns: each holds an exclusive lock on `.sessions.lock` beside the file while
/// it reads, changes and replaces it, so concurrent logins never lose one another's session.
/// The new contents go to a private temporary file that is renamed over the old one, so a
/// reader sees the old file or the new one, never a mix; a temporary file left by a writer
/// that was killed is removed by the next writer, so no token stays behind.
struct SessionFile {
    struct Entry: Codable, Equatable {
        var username: String
        var token: String
    }

    let url: URL

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        url = URL(fileURLWithPath: config).appendingPathComponent("touchline/sessions.json")
    }

    /// The sessions by database path.
    func load() -> [String: Entry] {
        guard let data = try? Data(contentsOf: url),
              let entries = try? JSONDecoder().decode([String: Entry].self, from: data) else { return [:] }
        return entries
    }

    /// The session for `database`, if any.
    func entry(for database: String) -> Entry? { load()[Self.key(database)] }

    /// Saves (or, with nil, forgets) the session for `database`.
    func set(_ entry: Entry?, for database: String) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandError(.cannotCreate, "cannot save the session in \(url.path): \(error.localizedDescription)")
        }
        try withLock(in: folder) {
            removeStaleTemporaryFiles(in: folder)
            var entries = load()
            entries[Self.key(database)] = entry
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data: Data
            do {
                data = try encoder.encode(entries)
            } catch {
                throw CommandError(.software, "cannot encode the sessions: \(error.localizedDescription)")
            }
            try replace(with: data, in: folder)
        }
    }

    static func key(_ database: String) -> String {
        if PostgresLocation.isURL(database) {
            return (try? PostgresLocation(url: database))?.description ?? database
        }
        return URL(fileURLWithPath: database).standardizedFileURL.path
    }

    // MARK: - Writing

    private static let temporaryPrefix = ".sessions-"

    /// Runs `body` holding an exclusive `flock` on `.sessions.lock` in `folder`.
    private func withLock(in folder: URL, _ body: () throws -> Void) throws {
        let lockPath = folder.appendingPathComponent(".sessions.lock").path
        let descriptor = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CommandError(.cannotCreate, "cannot lock \(lockPath): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) } // closing releases the lock
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw CommandError(.ioError, "cannot lock \(lockPath): \(String(cString: strerror(errno)))")
            }
        }
        try body()
    }

    /// Writes `data` to a new 0600 temporary file and renames it over the sessions file.
    private func replace(with data: Data, in folder: URL) throws {
        let temporary = folder.appendingPathComponent("\(Self.temporaryPrefix)\(getpid()).tmp").path
        unlink(temporary)
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CommandError(.cannotCreate, "cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        var failure: String?
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count, failure == nil, let base = bytes.baseAddress {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written > 0 { offset += written } else if errno != EINTR { failure = String(cString: strerror(errno)) }
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, url.path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary) // never leave a token behind
            throw CommandError(.cannotCreate, "cannot save the session in \(url.path): \(failure)")
        }
    }

    /// Removes the temporary files of writers that died before renaming theirs. Called with
    /// the lock held, so no live writer owns one.
    private func removeStaleTemporaryFiles(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(Self.temporaryPrefix) && name.hasSuffix(".tmp") {
            unlink(folder.appendingPathComponent(name).path)
        }
    }
}
