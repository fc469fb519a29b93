import Foundation
import ZIPFoundation

/// An album packed in a ZIP archive: ``documentPath`` (`album.json`, the album file
/// `touchline card album` reads) at the archive's root, and the images it names by paths
/// relative to that root, stored without compression (see ``init(data:source:)``). Read from
/// a private temporary copy of the archive (removed when the
/// reading is done; ZIPFoundation 0.9.20's in-memory archive traps on an entry that points
/// past the end of the data, which fuzzing found, while its file-backed one reads nothing
/// there and reports the entry damaged), entry by entry, with a limit on everything the archive controls, so that a hostile one is refused,
/// naming the entry: more than ``maximumEntries`` entries, a path that is absolute, leads out
/// with `..`, nests deeper than ``maximumDepth`` folders or is longer than
/// ``maximumPathBytes``, a symbolic link, an entry twice, an entry larger than
/// ``maximumEntryBytes`` or all of them larger than ``maximumTotalBytes`` uncompressed
/// (declared or, for a header that lies, as actually inflated), a damaged entry. An archive
/// inside the archive is an entry like any other: it is never opened.
///
/// Reached through ``Album/init(archive:source:paper:)``.
struct AlbumArchive {
    /// The album file's path in the archive: at its root.
    static let documentPath = "album.json"
    /// The most entries (files and folders) read: an album has at most 2,000 cards
    /// (``AlbumDocument/maximumCards``), each with an image, plus its album file and folders.
    static let maximumEntries = 4_096
    /// The largest entry, uncompressed: the largest card image (``Album/maximumImageBytes``)
    /// and the largest album file (``AlbumDocument/maximumFileBytes``), 16 MiB.
    static let maximumEntryBytes = 16 << 20
    /// The most bytes all entries may take uncompressed, 64 MiB: images hardly compress, so a
    /// real album is about the size of its archive, which an upload keeps to 20 MiB by default;
    /// a deflated entry can grow a thousandfold, which this stops.
    static let maximumTotalBytes = 64 << 20
    /// The longest path, in bytes.
    static let maximumPathBytes = 1_024
    /// The most folders a path may nest in.
    static let maximumDepth = 16

    /// The archive's name in messages.
    let source: String
    private let archive: Archive
    /// The archive's bytes on disk while they are read.
    let copy: TemporaryFile
    /// The archive's files by their path (folders are left out).
    private let files: [String: Entry]

    /// Opens the archive and checks every entry's path and declared size.
    ///
    /// - Throws: ``AlbumError/archive(source:entry:message:)`` naming the entry at fault.
    init(data: Data, source: String) throws {
        self.source = source
        copy = try TemporaryFile(data, suffix: ".zip", source: source)
        do {
            archive = try Archive(url: copy.url, accessMode: .read)
        } catch {
            throw AlbumError.notAnArchive(source: source)
        }
        var files: [String: Entry] = [:]
        var count = 0
        var declared: UInt64 = 0
        for entry in archive {
            count += 1
            guard count <= Self.maximumEntries else {
                throw AlbumError.archive(source: source, entry: nil,
                                         message: "more than \(Self.maximumEntries) entries; an album archive holds at most that many")
            }
            let path = try Self.checked(entry.path, in: source)
            switch entry.type {
            case .directory: continue
            case .symlink:
                throw AlbumError.archive(source: source, entry: entry.path,
                                         message: "a symbolic link; an album archive holds files and folders only")
            case .file: break
            }
            // ZIPFoundation 0.9.20 inflates on Linux until the deflate stream ends, asking for
            // more past the end of the file forever when a damaged entry never ends it
            // (weichsel/ZIPFoundation#389, found here by fuzzing): one such upload would keep a
            // thread spinning. Stored entries are read by their size and cannot; card images are
            // PNG or JPEG, already compressed, so storing them costs next to nothing.
            guard !entry.isCompressed else {
                throw AlbumError.archive(source: source, entry: entry.path,
                                         message: "is compressed; album archives are read with their entries stored "
                                             + "(zip -0, or \"store\" as the method): the images are compressed already")
            }
            guard entry.uncompressedSize <= UInt64(Self.maximumEntryBytes) else { throw Self.tooLarge(entry.path, in: source) }
            // A header claiming more compressed bytes than the whole archive holds would have
            // the reader ask for them a buffer at a time past the end (found by fuzzing).
            guard entry.compressedSize <= UInt64(data.count) else {
                throw AlbumError.archive(source: source, entry: entry.path,
                                         message: "claims \(entry.compressedSize) compressed bytes, more than the archive holds; "
                                             + "the archive is damaged")
            }
            declared += entry.uncompressedSize
            guard declared <= UInt64(Self.maximumTotalBytes) else { throw Self.tooLargeInAll(entry.path, in: source) }
            guard files.updateValue(entry, forKey: path) == nil else {
                throw AlbumError.archive(source: source, entry: entry.path, message: "is in the archive twice")
            }
        }
        self.files = files
    }

    /// The album, its images read from the archive as the album names them.
    ///
    /// - Throws: ``AlbumError`` naming the entry, the album file's field or the card.
    func album(paper: PaperSize) throws -> Album {
        guard let documentEntry = files[Self.documentPath] else {
            let nested = files.keys.filter { $0.hasSuffix("/" + Self.documentPath) }.min()
            throw AlbumError.archive(source: source, entry: nil, message: "no \(Self.documentPath) at the archive's root"
                + (nested.map { " (there is '\($0)': pack the folder's contents, not the folder)" } ?? ""))
        }
        var total = 0
        let document = try AlbumDocument(data: try read(documentEntry, total: &total), source: Self.documentPath)
        return try Album(document: document, source: Self.documentPath, paper: paper) { card, path in
            guard let key = Self.normalized(path) else {
                throw AlbumError.invalid(source: Self.documentPath, field: "card \(card.number) image",
                                         message: "'\(path)' leads out of the archive: give a path relative to "
                                             + "\(Self.documentPath), inside the archive")
            }
            guard let entry = files[key] else {
                throw AlbumError.missingImage(source: Self.documentPath, card: card.number, path: path)
            }
            return try read(entry, total: &total)
        }
    }

    /// An entry's bytes, counted as they are inflated: an entry whose header understates its
    /// size is stopped at the limits all the same.
    private func read(_ entry: Entry, total: inout Int) throws -> Data {
        var data = Data()
        var running = total
        let checksum: CRC32
        do {
            checksum = try archive.extract(entry) { chunk in
                running += chunk.count
                guard data.count + chunk.count <= Self.maximumEntryBytes else { throw Self.tooLarge(entry.path, in: source) }
                guard running <= Self.maximumTotalBytes else { throw Self.tooLargeInAll(entry.path, in: source) }
                data.append(chunk)
            }
        } catch let error as AlbumError {
            throw error
        } catch {
            throw damaged(entry.path)
        }
        guard checksum == entry.checksum else { throw damaged(entry.path) }
        total = running
        return data
    }

    /// `path` with `.` steps dropped, or nil when it is absolute or leads out with `..`.
    static func normalized(_ path: String) -> String? {
        guard !path.hasPrefix("/") else { return nil }
        let steps = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !steps.isEmpty, !steps.contains("..") else { return nil }
        return steps.joined(separator: "/")
    }

    /// An entry's path as the album names files, or the refusal of a path no album needs.
    private static func checked(_ path: String, in source: String) throws -> String {
        func refused(_ message: String) -> AlbumError {
            .archive(source: source, entry: String(path.prefix(200)), message: message)
        }
        guard path.utf8.count <= maximumPathBytes else { throw refused("the path is longer than \(maximumPathBytes) bytes") }
        guard !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw refused("the path holds control characters")
        }
        guard !path.contains("\\") else { throw refused("the path holds a backslash; ZIP paths separate folders with '/'") }
        guard !path.hasPrefix("/") else { throw refused("an absolute path; entries are relative to the archive's root") }
        guard let normalized = normalized(path) else {
            throw refused(path.split(separator: "/").contains("..") ? "'..' leads out of the archive" : "an empty path")
        }
        guard normalized.split(separator: "/").count <= maximumDepth + 1 else {
            throw refused("nested deeper than \(maximumDepth) folders")
        }
        return normalized
    }

    private static func tooLarge(_ path: String, in source: String) -> AlbumError {
        .archive(source: source, entry: path,
                 message: "larger than \(maximumEntryBytes >> 20) MiB uncompressed; an entry may be at most that")
    }

    private static func tooLargeInAll(_ path: String, in source: String) -> AlbumError {
        .archive(source: source, entry: path,
                 message: "the entries so far take more than \(maximumTotalBytes >> 20) MiB uncompressed; "
                     + "an album archive may take at most that")
    }

    private func damaged(_ path: String) -> AlbumError {
        .archive(source: source, entry: path, message: "cannot be read: the entry is damaged or cut short")
    }
}
