import Foundation
import ZIPFoundation

/// A ZIP archive that people or programs send, read with a limit on everything it controls, so
/// that a hostile one is refused naming the entry: more than ``Limits/entries`` entries, a path
/// that is absolute, leads out with `..`, holds a backslash or control characters, nests deeper
/// than ``Limits/depth`` folders or is longer than ``Limits/pathBytes``, a symbolic link, an
/// entry twice, a compressed entry, an entry larger than ``Limits/entryBytes`` or all of them
/// larger than ``Limits/totalBytes`` (declared or, for a header that lies, as actually read),
/// a damaged entry. An archive inside the archive is an entry like any other: never opened.
///
/// Entries must be stored, not deflated: ZIPFoundation 0.9.20 inflates on Linux until the
/// deflate stream ends, asking for more past the end of the file forever when a damaged entry
/// never ends it (weichsel/ZIPFoundation#389, found here by fuzzing), and the images such
/// archives carry are compressed already. The archive is read from a private temporary copy
/// (removed when the value goes): ZIPFoundation's in-memory archive traps on an entry that
/// points past the end of the data, which fuzzing found, while its file-backed one reports the
/// entry damaged.
///
/// ```swift
/// let archive = try BoundedArchive(data: upload, source: "collection.zip", kind: .init("a collection archive"),
///                                  limits: .init(entries: 4_096, entryBytes: 4 << 20, totalBytes: 128 << 20))
/// if archive.contains("collection.json") { let manifest = try archive.read("collection.json") }
/// ```
public final class BoundedArchive {
    /// What the archive may hold.
    public struct Limits: Sendable {
        /// The most entries, files and folders.
        public var entries: Int
        /// The largest entry, uncompressed.
        public var entryBytes: Int
        /// The most bytes all entries may take uncompressed, declared and read.
        public var totalBytes: Int
        /// The longest path, in bytes.
        public var pathBytes: Int
        /// The most folders a path may nest in.
        public var depth: Int

        public init(entries: Int, entryBytes: Int, totalBytes: Int, pathBytes: Int = 1_024, depth: Int = 16) {
            self.entries = entries
            self.entryBytes = entryBytes
            self.totalBytes = totalBytes
            self.pathBytes = pathBytes
            self.depth = depth
        }
    }

    /// How messages name such an archive: "an album archive", and "album archives" for many.
    public struct Kind: Sendable {
        public var singular: String
        public var plural: String

        /// `singular` is "a collection archive" or "an album archive"; the plural drops the
        /// article and adds an s.
        public init(_ singular: String) {
            self.singular = singular
            let noun = singular.split(separator: " ", maxSplits: 1).last.map(String.init) ?? singular
            plural = noun + "s"
        }
    }

    /// The archive's name in messages.
    public let source: String
    public let limits: Limits
    let kind: Kind
    private let archive: Archive
    /// The archive's bytes on disk while they are read.
    let copy: TemporaryFile
    /// The archive's files by their normalised path (folders are left out).
    private let files: [String: Entry]
    /// The bytes read so far, against ``Limits/totalBytes``.
    private var total = 0

    /// Opens the archive and checks every entry's path and declared size.
    ///
    /// - Throws: ``BoundedArchiveError`` naming the entry at fault.
    public init(data: Data, source: String, kind: Kind, limits: Limits) throws {
        self.source = source
        self.kind = kind
        self.limits = limits
        copy = try TemporaryFile(data, suffix: ".zip", source: source)
        do {
            archive = try Archive(url: copy.url, accessMode: .read)
        } catch {
            throw BoundedArchiveError.notAnArchive(source: source)
        }
        var files: [String: Entry] = [:]
        var count = 0
        var declared: UInt64 = 0
        for entry in archive {
            count += 1
            guard count <= limits.entries else {
                throw BoundedArchiveError.entry(source: source, entry: nil,
                                                message: "more than \(limits.entries) entries; \(kind.singular) holds at most that many")
            }
            let path = try Self.checked(entry.path, in: source, limits: limits)
            switch entry.type {
            case .directory: continue
            case .symlink:
                throw BoundedArchiveError.entry(source: source, entry: entry.path,
                                                message: "a symbolic link; \(kind.singular) holds files and folders only")
            case .file: break
            }
            guard !entry.isCompressed else {
                throw BoundedArchiveError.entry(source: source, entry: entry.path,
                                                message: "is compressed; \(kind.plural) are read with their entries stored "
                                                    + "(zip -0, or \"store\" as the method): the images are compressed already")
            }
            guard entry.uncompressedSize <= UInt64(limits.entryBytes) else {
                throw Self.tooLarge(entry.path, in: source, limits: limits)
            }
            // A header claiming more compressed bytes than the whole archive holds would have
            // the reader ask for them a buffer at a time past the end (found by fuzzing).
            guard entry.compressedSize <= UInt64(data.count) else {
                throw BoundedArchiveError.entry(source: source, entry: entry.path,
                                                message: "claims \(entry.compressedSize) compressed bytes, more than the archive holds; "
                                                    + "the archive is damaged")
            }
            declared += entry.uncompressedSize
            guard declared <= UInt64(limits.totalBytes) else { throw Self.tooLargeInAll(entry.path, in: source, kind: kind, limits: limits) }
            guard files.updateValue(entry, forKey: path) == nil else {
                throw BoundedArchiveError.entry(source: source, entry: entry.path, message: "is in the archive twice")
            }
        }
        self.files = files
    }

    /// The files' paths, normalised (``normalized(_:)``), sorted.
    public var paths: [String] { files.keys.sorted() }

    /// Whether the archive holds a file at `path` (normalised).
    public func contains(_ path: String) -> Bool {
        Self.normalized(path).map { files[$0] != nil } ?? false
    }

    /// The bytes of the file at `path`, counted as they are read: an entry whose header
    /// understates its size is stopped at the limits all the same.
    ///
    /// - Throws: ``BoundedArchiveError`` when there is no such file, or it breaks a limit or is
    ///   damaged.
    public func read(_ path: String) throws -> Data {
        guard let key = Self.normalized(path), let entry = files[key] else {
            throw BoundedArchiveError.entry(source: source, entry: path, message: "is not in the archive")
        }
        var data = Data()
        var running = total
        let checksum: CRC32
        do {
            checksum = try archive.extract(entry) { chunk in
                running += chunk.count
                guard data.count + chunk.count <= limits.entryBytes else { throw Self.tooLarge(entry.path, in: source, limits: limits) }
                guard running <= limits.totalBytes else { throw Self.tooLargeInAll(entry.path, in: source, kind: kind, limits: limits) }
                data.append(chunk)
            }
        } catch let error as BoundedArchiveError {
            throw error
        } catch {
            throw damaged(entry.path)
        }
        guard checksum == entry.checksum else { throw damaged(entry.path) }
        total = running
        return data
    }

    /// `path` with `.` steps dropped, or nil when it is absolute or leads out with `..`.
    public static func normalized(_ path: String) -> String? {
        guard !path.hasPrefix("/") else { return nil }
        let steps = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !steps.isEmpty, !steps.contains("..") else { return nil }
        return steps.joined(separator: "/")
    }

    // MARK: - Private

    /// An entry's path as files are named in it, or the refusal of a path no such archive needs.
    private static func checked(_ path: String, in source: String, limits: Limits) throws -> String {
        func refused(_ message: String) -> BoundedArchiveError {
            .entry(source: source, entry: String(path.prefix(200)), message: message)
        }
        guard path.utf8.count <= limits.pathBytes else { throw refused("the path is longer than \(limits.pathBytes) bytes") }
        guard !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw refused("the path holds control characters")
        }
        guard !path.contains("\\") else { throw refused("the path holds a backslash; ZIP paths separate folders with '/'") }
        guard !path.hasPrefix("/") else { throw refused("an absolute path; entries are relative to the archive's root") }
        guard let normalized = normalized(path) else {
            throw refused(path.split(separator: "/").contains("..") ? "'..' leads out of the archive" : "an empty path")
        }
        guard normalized.split(separator: "/").count <= limits.depth + 1 else {
            throw refused("nested deeper than \(limits.depth) folders")
        }
        return normalized
    }

    private static func tooLarge(_ path: String, in source: String, limits: Limits) -> BoundedArchiveError {
        .entry(source: source, entry: path,
               message: "larger than \(limits.entryBytes >> 20) MiB uncompressed; an entry may be at most that")
    }

    private static func tooLargeInAll(_ path: String, in source: String, kind: Kind, limits: Limits) -> BoundedArchiveError {
        .entry(source: source, entry: path,
               message: "the entries so far take more than \(limits.totalBytes >> 20) MiB uncompressed; "
                   + "\(kind.singular) may take at most that")
    }

    private func damaged(_ path: String) -> BoundedArchiveError {
        .entry(source: source, entry: path, message: "cannot be read: the entry is damaged or cut short")
    }
}

/// Why a ``BoundedArchive`` was refused: one line naming the archive and the entry at fault.
public enum BoundedArchiveError: Error, Sendable, Equatable, LocalizedError {
    /// The bytes are not a ZIP archive.
    case notAnArchive(source: String)
    /// An entry (nil for the whole archive) breaks a limit, is damaged or missing.
    case entry(source: String, entry: String?, message: String)

    public var errorDescription: String? {
        switch self {
        case .notAnArchive(let source): return "\(source): not a ZIP archive"
        case .entry(let source, let entry, let message):
            return entry.map { "\(source): entry '\($0)': \(message)" } ?? "\(source): \(message)"
        }
    }
}
