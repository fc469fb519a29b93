import ArgumentParser
import Canvas
import Club
import Foundation
import Reports

/// Albums printed by Reports' album renderer, from a file (`card album`) or, for a collector,
/// from the database (`collection album -o`, through `Album(collector:)`): the output file's
/// format, `--page`, and the line that says what was written.
enum AlbumPrint {
    /// The format of an album output file: PDF or PNG.
    static func format(_ path: String) -> OutputFormat? {
        OutputFormat(fileExtensionOf: URL(fileURLWithPath: path)).flatMap { $0 == .svg ? nil : $0 }
    }

    /// Checks an album's output file name and `--page`, before anything is read.
    static func validate(output: String, page: Int?) throws {
        guard let format = format(output) else {
            throw ValidationError("cannot tell the format of '\(output)': use a .pdf or .png file name")
        }
        if let page {
            guard format == .png else { throw ValidationError("--page goes with a .png output; a PDF holds every page") }
            guard page >= 1 else { throw ValidationError("--page must be 1 or more") }
        }
    }

    /// `album` printed for `output`'s format: every page as PDF, or page `page` (from 1,
    /// default 1) as a PNG at 144 dpi.
    static func bytes(_ album: Album, for output: String, page: Int?) throws -> Data {
        guard format(output) == .png else { return try album.pdf() }
        let page = page ?? 1
        guard page <= album.pageCount else {
            throw CommandError(.usage, "--page \(page): the album has \(album.pageCount) page\(album.pageCount == 1 ? "" : "s")")
        }
        return try album.png(page: page - 1, scale: 2)
    }

    /// What a written album says: `wrote album.pdf (7 of 14 cards owned, album of 1 page, 80 kB)`.
    static func summary(_ album: Album, output: String, bytes: Int) -> String {
        let pages = album.pageCount == 1 ? "1 page" : "\(album.pageCount) pages"
        return "wrote \(output) (\(album.ownedCount) of \(album.cardCount) cards owned, album of \(pages), \(Files.describeSize(bytes)))"
    }
}
