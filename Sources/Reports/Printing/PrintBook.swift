import Canvas
import Foundation

/// Sections bound into one document, grouped in chapters (one per league, say): a PDF with a
/// bookmark for every chapter and, under it, one for each of its sections; or any page alone
/// as PNG or SVG. Pages are numbered through the whole book ("Page 3 of 7").
///
/// ```swift
/// let book = try PrintBook(title: "Tables", chapters: [
///     .init(title: "La Liga 2022/23", sections: [table, homeTable, awayTable]),
///     .init(title: "Premier League 2022/23", sections: [otherTable]),
/// ])
/// try book.pdf().write(to: url)
/// ```
public struct PrintBook: Sendable {
    /// A chapter: its bookmark's text and its sections in order.
    public struct Chapter: Sendable {
        public var title: String
        public var sections: [any PrintSection]

        public init(title: String, sections: [any PrintSection]) {
            self.title = title
            self.sections = sections
        }
    }

    /// The PDF's title metadata.
    public let title: String
    public let chapters: [Chapter]
    /// The sheet of every page.
    public let paper: PaperSize
    /// The number of pages.
    public let pageCount: Int

    /// - Throws: ``PrintError/empty`` without pages, ``PrintError/mixedPaper`` when the
    ///   sections' papers differ.
    public init(title: String, chapters: [Chapter]) throws {
        let sections = chapters.flatMap(\.sections)
        guard let first = sections.first else { throw PrintError.empty }
        guard sections.allSatisfy({ $0.paper == first.paper }) else { throw PrintError.mixedPaper }
        self.title = title
        self.chapters = chapters
        self.paper = first.paper
        self.pageCount = sections.reduce(0) { $0 + $1.pageCount }
        guard pageCount > 0 else { throw PrintError.empty }
    }

    /// Every page in one PDF, with the bookmarks.
    public func pdf() throws -> Data {
        let canvas = try Canvas(width: paper.width, height: paper.height, format: .pdf, title: title)
        var page = 0
        for chapter in chapters where chapter.sections.contains(where: { $0.pageCount > 0 }) {
            var chapterMark: Bookmark?
            for section in chapter.sections {
                for local in 0..<section.pageCount {
                    if page > 0 { try canvas.newPage() }
                    if local == 0 {
                        let parent = try chapterMark ?? canvas.addBookmark(chapter.title)
                        chapterMark = parent
                        if chapter.sections.count > 1 { try canvas.addBookmark(section.bookmark, parent: parent) }
                    }
                    try draw(section, page: local, bookPage: page, on: canvas)
                    page += 1
                }
            }
        }
        return try canvas.encoded()
    }

    /// Page `page` (from 0) as a PNG at `scale` pixels per point.
    public func png(page: Int, scale: Double = 2) throws -> Data {
        try canvas(page: page, format: .png, scale: scale).encoded()
    }

    /// Page `page` (from 0) as an SVG document.
    public func svg(page: Int) throws -> Data {
        Self.renumberingSurfaces(try canvas(page: page, format: .svg, scale: 1).encoded())
    }

    /// Page `page` drawn on a new canvas of `format`.
    func canvas(page: Int, format: OutputFormat, scale: Double) throws -> Canvas {
        var first = 0
        for section in chapters.flatMap(\.sections) {
            if page >= first, page < first + section.pageCount {
                let canvas = try Canvas(width: paper.width, height: paper.height, scale: scale, format: format, title: title)
                try draw(section, page: page - first, bookPage: page, on: canvas)
                return canvas
            }
            first += section.pageCount
        }
        throw PrintError.noSuchPage(page, pageCount: pageCount)
    }

    private func draw(_ section: any PrintSection, page: Int, bookPage: Int, on canvas: Canvas) throws {
        try canvas.withSavedState {
            canvas.paint(.white)
            try section.draw(page: page, on: canvas)
        }
        guard pageCount > 1, section.wantsPageNumbers else { return }
        canvas.draw(text: "Page \(bookPage + 1) of \(pageCount)",
                    at: Point(x: paper.width - PageHeading.margin, y: paper.height - PageHeading.margin),
                    font: PageHeading.noteFont, color: PageHeading.grey, alignment: .right)
    }

    /// Cairo names an SVG's groups `surfaceN` from a process-wide counter; renumbering them in
    /// order of appearance keeps the same drawing byte-identical from run to run.
    static func renumberingSurfaces(_ svg: Data) -> Data {
        let text = String(decoding: svg, as: UTF8.self)
        guard let regex = try? NSRegularExpression(pattern: #"\bsurface(\d+)\b"#) else { return svg }
        let ns = text as NSString
        var numbers: [String: Int] = [:]
        var result = ""
        var last = 0
        for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            result += ns.substring(with: NSRange(location: last, length: match.range.location - last))
            let old = ns.substring(with: match.range(at: 1))
            let new = numbers[old] ?? (numbers.count + 1)
            numbers[old] = new
            result += "surface\(new)"
            last = match.range.location + match.range.length
        }
        result += ns.substring(from: last)
        return Data(result.utf8)
    }
}

extension PrintSection {
    /// The section alone as a PDF.
    public func pdf() throws -> Data { try book().pdf() }

    /// One page of the section as a PNG at `scale` pixels per point.
    public func png(page: Int, scale: Double = 2) throws -> Data { try book().png(page: page, scale: scale) }

    /// One page of the section as an SVG document.
    public func svg(page: Int) throws -> Data { try book().svg(page: page) }

    /// The section as a book of its own.
    func book() throws -> PrintBook {
        try PrintBook(title: title, chapters: [.init(title: title, sections: [self])])
    }
}
