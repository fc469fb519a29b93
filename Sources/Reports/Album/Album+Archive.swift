import Foundation

extension Album {
    /// Reads an album from a ZIP archive's bytes: `album.json` at the archive's root and the
    /// images of its owned cards, by paths relative to the root, every entry stored without
    /// compression (`zip -0`), read from a private temporary
    /// copy of the archive that is removed once read. Every limit the archive could break is checked (``AlbumArchive``): entries,
    /// paths, sizes declared and inflated.
    ///
    /// ```swift
    /// let album = try Album(archive: try Data(contentsOf: URL(fileURLWithPath: "album.zip")), source: "album.zip")
    /// let page = try album.png(page: 0)
    /// ```
    ///
    /// - Parameter source: names the archive in messages; the album file's own errors name
    ///   `album.json`, its field or its card.
    /// - Throws: ``AlbumError/notAnArchive(source:)`` for bytes that are not a ZIP archive;
    ///   ``AlbumError/archive(source:entry:message:)`` naming the entry for an archive that
    ///   lacks `album.json` or breaks a limit; the other ``AlbumError`` cases
    ///   for the album file and its images (``AlbumError/missingImage(source:card:path:)`` for
    ///   an image the archive does not hold).
    public init(archive data: Data, source: String, paper: PaperSize = .a4) throws {
        self = try AlbumArchive(data: data, source: source).album(paper: paper)
    }
}
