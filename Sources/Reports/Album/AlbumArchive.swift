import Foundation
import Support

/// An album packed in a ZIP archive: ``documentPath`` (`album.json`, the album file
/// `touchline card album` reads) at the archive's root, and the images it names by paths
/// relative to that root, stored without compression. Read through Support's
/// `BoundedArchive`, entry by entry, with a limit on everything the archive controls, so
/// that a hostile one is refused naming the entry: more than ``maximumEntries`` entries, a
/// path that is absolute, leads out with `..`, nests deeper than ``maximumDepth`` folders or
/// is longer than ``maximumPathBytes``, a symbolic link, an entry twice, an entry larger than
/// ``maximumEntryBytes`` or all of them larger than ``maximumTotalBytes`` uncompressed
/// (declared or, for a header that lies, as actually read), a damaged entry.
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

    static let limits = BoundedArchive.Limits(entries: maximumEntries, entryBytes: maximumEntryBytes, totalBytes: maximumTotalBytes,
                                              pathBytes: maximumPathBytes, depth: maximumDepth)

    private let archive: BoundedArchive

    /// The archive's name in messages.
    var source: String { archive.source }

    /// Opens the archive and checks every entry's path and declared size.
    ///
    /// - Throws: ``AlbumError/archive(source:entry:message:)`` naming the entry at fault.
    init(data: Data, source: String) throws {
        archive = try Self.translating {
            try BoundedArchive(data: data, source: source, kind: .init("an album archive"), limits: Self.limits)
        }
    }

    /// The album, its images read from the archive as the album names them.
    ///
    /// - Throws: ``AlbumError`` naming the entry, the album file's field or the card.
    func album(paper: PaperSize) throws -> Album {
        guard archive.contains(Self.documentPath) else {
            let nested = archive.paths.filter { $0.hasSuffix("/" + Self.documentPath) }.min()
            throw AlbumError.archive(source: source, entry: nil, message: "no \(Self.documentPath) at the archive's root"
                + (nested.map { " (there is '\($0)': pack the folder's contents, not the folder)" } ?? ""))
        }
        let document = try AlbumDocument(data: try Self.translating { try archive.read(Self.documentPath) }, source: Self.documentPath)
        return try Album(document: document, source: Self.documentPath, paper: paper) { card, path in
            guard BoundedArchive.normalized(path) != nil else {
                throw AlbumError.invalid(source: Self.documentPath, field: "card \(card.number) image",
                                         message: "'\(path)' leads out of the archive: give a path relative to "
                                             + "\(Self.documentPath), inside the archive")
            }
            guard archive.contains(path) else {
                throw AlbumError.missingImage(source: Self.documentPath, card: card.number, path: path)
            }
            return try Self.translating { try archive.read(path) }
        }
    }

    /// `body`, with the archive's refusals told as the album's.
    private static func translating<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch BoundedArchiveError.notAnArchive(let source) {
            throw AlbumError.notAnArchive(source: source)
        } catch BoundedArchiveError.entry(let source, let entry, let message) {
            throw AlbumError.archive(source: source, entry: entry, message: message)
        }
    }
}
