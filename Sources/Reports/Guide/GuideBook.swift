import Canvas
import Foundation
import Routes

/// A city guide's printable booklet: a cover (title, country, cover picture, description),
/// the places chapter by chapter (picture, hours, price, address, description, the comments'
/// highlights), then the maps: every place on one, and each itinerary day by day as a planned
/// route with its stops listed. Bound in a ``PrintBook``; maps are drawn as vectors.
///
/// ```swift
/// let book = try GuideBook(document).book()
/// try book.pdf().write(to: url)
/// ```
public struct GuideBook: Sendable {
    public let document: GuideBookDocument

    public init(_ document: GuideBookDocument) {
        self.document = document
    }

    /// The booklet bound as a book: "Guide", "Places" and "Maps" chapters.
    public func book() throws -> PrintBook {
        let places = try GuidePlacesSection(document: document)
        let maps = GuideMapsSection(document: document)
        var chapters = [PrintBook.Chapter(title: document.title, sections: [GuideCoverSection(document: document)])]
        if places.pageCount > 0 { chapters.append(.init(title: "Places", sections: [places])) }
        if maps.pageCount > 0 { chapters.append(.init(title: "Maps", sections: [maps])) }
        return try PrintBook(title: "\(document.title) guide", chapters: chapters)
    }

    static let titleFont = Font(size: 28, weight: .bold)
    static let chapterFont = Font(size: 15, weight: .bold)
    static let nameFont = Font(size: 12, weight: .bold)
    static let bodyFont = Font(size: 9.5)
    static let detailFont = Font(size: 8.5)
    static let quoteFont = Font(size: 8.5, slant: .italic)

    /// Draws `data` (PNG or JPEG) fitted inside `rect`, reduced to what print needs.
    static func draw(picture data: Data, in rect: Rect, on canvas: Canvas) throws {
        let image = try RasterImage(imageData: data, fittingIn: Size(width: rect.width * 3, height: rect.height * 3))
        try canvas.draw(image, in: rect.fitting(aspect: Double(image.width) / Double(max(image.height, 1))))
    }
}

/// The booklet's first page.
struct GuideCoverSection: PrintSection {
    let document: GuideBookDocument
    var title: String { document.title }
    var bookmark: String { "Cover" }
    var paper: PaperSize { document.paper }
    var pageCount: Int { 1 }

    func draw(page: Int, on canvas: Canvas) throws {
        let margin = PageHeading.margin, width = paper.width - 2 * margin
        canvas.draw(text: TextFitting.shortened(document.title, toFit: width, font: GuideBook.titleFont, on: canvas),
                    at: Point(x: margin, y: margin + 30), font: GuideBook.titleFont, color: PageHeading.ink)
        canvas.draw(text: document.country, at: Point(x: margin, y: margin + 52), font: PageHeading.subtitleFont,
                    color: PageHeading.grey)
        var y = margin + 72
        if let cover = document.cover {
            let frame = Rect(x: margin, y: y, width: width, height: paper.height * 0.45)
            try GuideBook.draw(picture: cover, in: frame, on: canvas)
            y = frame.y + frame.height + 24
        }
        let counts = "\(document.places.count) places · \(document.itineraries.count) itineraries"
        canvas.draw(text: counts, at: Point(x: margin, y: y), font: GuideBook.detailFont, color: PageHeading.grey)
        y += 20
        if let description = document.description {
            for line in TextFitting.wrapped(description, toFit: width, measure: { canvas.measure($0, font: GuideBook.bodyFont).advance })
            where y < PageHeading.contentBottom(paper) {
                canvas.draw(text: line, at: Point(x: margin, y: y), font: GuideBook.bodyFont, color: PageHeading.ink)
                y += 13
            }
        }
    }
}

/// The places, chapter by chapter, as many to a page as fit.
struct GuidePlacesSection: PrintSection {
    let document: GuideBookDocument
    var title: String { document.title }
    var bookmark: String { "Places" }
    var paper: PaperSize { document.paper }
    var pageCount: Int { pages.count }

    /// One block on a page: a chapter heading or a place, with its lines worked out.
    enum Block {
        case chapter(String)
        case place(Int, details: [String], description: [String], quotes: [String])

        var height: Double {
            switch self {
            case .chapter: return 30
            case .place(_, let details, let description, let quotes):
                let text = 18 + Double(details.count) * 12 + Double(description.count) * 12.5 + Double(quotes.count) * 12
                return max(text, GuidePlacesSection.pictureHeight) + 14
            }
        }
    }

    static let pictureWidth = 120.0
    static let pictureHeight = 90.0
    /// The longest description printed, in lines.
    static let descriptionLines = 8

    let pages: [[Block]]

    init(document: GuideBookDocument) throws {
        self.document = document
        let measure = try TextFitting.measuringCanvas()
        let width = document.paper.width - 2 * PageHeading.margin - Self.pictureWidth - 12
        var blocks: [Block] = []
        var chapter: String?
        for (index, place) in document.places.enumerated() {
            if place.chapter != chapter {
                chapter = place.chapter
                blocks.append(.chapter(place.chapter))
            }
            let details = [place.hours.map { "Open: \($0)" }, place.price.map { "Price: \($0)" }, place.address,
                           place.score > 0 ? "\(place.score) vote\(place.score == 1 ? "" : "s")" : nil].compactMap { $0 }
                .map { TextFitting.shortened($0, toFit: width, font: GuideBook.detailFont, on: measure) }
            let description = Array((place.description.map {
                TextFitting.wrapped($0, toFit: width) { measure.measure($0, font: GuideBook.bodyFont).advance }
            } ?? []).prefix(Self.descriptionLines))
            let quotes = place.comments.prefix(2).map {
                TextFitting.shortened("“\($0.title)” \($0.text) (\($0.author))", toFit: width, font: GuideBook.quoteFont, on: measure)
            }
            blocks.append(.place(index, details: details, description: description, quotes: quotes))
        }
        var pages: [[Block]] = []
        var current: [Block] = []
        var used = 0.0
        let room = PageHeading.contentBottom(document.paper) - PageHeading.margin
        for block in blocks {
            // A chapter heading never ends a page.
            let needed = block.height
            if !current.isEmpty, used + needed > room || (Self.isChapter(block) && used + needed + 110 > room) {
                pages.append(current)
                current = []
                used = 0
            }
            current.append(block)
            used += needed
        }
        if !current.isEmpty { pages.append(current) }
        self.pages = pages
    }

    private static func isChapter(_ block: Block) -> Bool {
        if case .chapter = block { return true }
        return false
    }

    func draw(page: Int, on canvas: Canvas) throws {
        let margin = PageHeading.margin
        let textX = margin + Self.pictureWidth + 12
        var y = margin
        for block in pages[page] {
            switch block {
            case .chapter(let title):
                canvas.draw(text: title, at: Point(x: margin, y: y + 18), font: GuideBook.chapterFont, color: PageHeading.ink)
                canvas.stroke(Path(polyline: [Point(x: margin, y: y + 24), Point(x: paper.width - margin, y: y + 24)]),
                              style: StrokeStyle(color: PageHeading.ink, width: 1))
            case .place(let index, let details, let description, let quotes):
                let place = document.places[index]
                let frame = Rect(x: margin, y: y + 4, width: Self.pictureWidth, height: Self.pictureHeight)
                if let picture = place.picture {
                    try GuideBook.draw(picture: picture, in: frame, on: canvas)
                } else {
                    var path = Path()
                    path.addRect(frame)
                    canvas.fill(path, color: Color(red: 0.93, green: 0.93, blue: 0.93))
                    canvas.draw(text: "\(index + 1)", at: Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 + 8),
                                font: GuideBook.chapterFont, color: PageHeading.grey, alignment: .center)
                }
                var line = y + 16
                canvas.draw(text: "\(index + 1). \(place.name)", at: Point(x: textX, y: line), font: GuideBook.nameFont,
                            color: PageHeading.ink)
                line += 14
                for detail in details {
                    canvas.draw(text: detail, at: Point(x: textX, y: line), font: GuideBook.detailFont, color: PageHeading.grey)
                    line += 12
                }
                for text in description {
                    canvas.draw(text: text, at: Point(x: textX, y: line), font: GuideBook.bodyFont, color: PageHeading.ink)
                    line += 12.5
                }
                for quote in quotes {
                    canvas.draw(text: quote, at: Point(x: textX, y: line), font: GuideBook.quoteFont, color: PageHeading.grey)
                    line += 12
                }
            }
            y += block.height
        }
    }
}

/// One page a map: every place, then each itinerary's days, with the day's stops listed.
struct GuideMapsSection: PrintSection {
    let document: GuideBookDocument
    let maps: [GuideBookDocument.Map]
    var title: String { document.title }
    var bookmark: String { "Maps" }
    var paper: PaperSize { document.paper }
    var pageCount: Int { maps.count }

    init(document: GuideBookDocument) {
        self.document = document
        maps = document.mapList()
    }

    func draw(page: Int, on canvas: Canvas) throws {
        let map = maps[page]
        let margin = PageHeading.margin, width = paper.width - 2 * margin
        canvas.draw(text: TextFitting.shortened(map.title, toFit: width, font: GuideBook.chapterFont, on: canvas),
                    at: Point(x: margin, y: margin + 18), font: GuideBook.chapterFont, color: PageHeading.ink)
        let frame = Rect(x: margin, y: margin + 32, width: width, height: min(width * 0.85, paper.height * 0.6))
        let renderer = try RouteMapRenderer(document: map.document, options: map.options(size: Size(width: frame.width,
                                                                                                      height: frame.height)))
        canvas.withSavedState {
            var clip = Path()
            clip.addRect(frame)
            canvas.clip(to: clip)
            canvas.translate(x: frame.x, y: frame.y)
            renderer.draw(on: canvas)
        }
        var y = frame.y + frame.height + 22
        let names = map.document.routes.first?.stops.map { $0.name ?? "" } ?? map.document.waypoints.map { $0.name ?? "" }
        let numbered = map.document.routes.isEmpty ? names : names.enumerated().map { "\($0.offset + 1). \($0.element)" }
        for name in numbered where y < PageHeading.contentBottom(paper) {
            canvas.draw(text: TextFitting.shortened(name, toFit: width, font: GuideBook.bodyFont, on: canvas),
                        at: Point(x: margin, y: y), font: GuideBook.bodyFont, color: PageHeading.ink)
            y += 13
        }
    }
}
