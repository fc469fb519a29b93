import Canvas

/// The top of every printed page: on the first page a title, a subtitle (season, what the
/// pages show) and an optional note ("As of 2023-05-28"); on later pages one line saying what
/// continues. Also the margins, fonts and greys every printable shares.
struct PageHeading: Sendable, Hashable {
    static let margin = 36.0
    static let ink = Color.black
    static let grey = Color(red: 0.45, green: 0.45, blue: 0.45)
    static let rule = Color(red: 0.75, green: 0.75, blue: 0.75)
    static let titleFont = Font(size: 18, weight: .bold)
    static let subtitleFont = Font(size: 12)
    static let noteFont = Font(size: 8)
    static let asOfFont = Font(size: 10, slant: .italic)
    static let continuedFont = Font(size: 11, weight: .bold)
    /// Room kept at the bottom of every page for the page number.
    static let bottomReserve = 18.0

    var title: String
    var subtitle: String
    var note: String?

    /// Where content starts on `page`.
    func contentTop(page: Int) -> Double {
        page == 0 ? Self.margin + 44 + (note == nil ? 0 : 14) : Self.margin + 24
    }

    /// The lowest y content may reach on `paper`.
    static func contentBottom(_ paper: PaperSize) -> Double { paper.height - margin - bottomReserve }

    func draw(page: Int, paper: PaperSize, on canvas: Canvas) {
        let left = Self.margin, width = paper.width - 2 * Self.margin
        func line(_ text: String, _ y: Double, _ font: Font, _ color: Color) {
            canvas.draw(text: TextFitting.shortened(text, toFit: width, font: font, on: canvas),
                        at: Point(x: left, y: y), font: font, color: color)
        }
        if page == 0 {
            line(title, Self.margin + 16, Self.titleFont, Self.ink)
            line(subtitle, Self.margin + 34, Self.subtitleFont, Self.ink)
            if let note { line(note, Self.margin + 48, Self.asOfFont, Self.grey) }
        } else {
            line("\(title) · \(subtitle) (continued)", Self.margin + 12, Self.continuedFont, Self.ink)
        }
    }
}
