import Canvas

/// Pages of one kind (a table, a results grid, a list of scorers) that a ``PrintBook`` binds
/// with others into one document.
///
/// A section draws its own content; the book adds the PDF's bookmarks and, unless the
/// section numbers its pages itself, page numbers.
public protocol PrintSection: Sendable {
    /// What the pages are of, e.g. "La Liga": a PDF's title when the section prints alone.
    var title: String { get }
    /// The bookmark's text in a PDF's outline, e.g. "Home table".
    var bookmark: String { get }
    /// The sheet every page is drawn on.
    var paper: PaperSize { get }
    /// How many pages the section takes.
    var pageCount: Int { get }
    /// False when the section prints page numbers of its own (a card sheet, whose margins
    /// are narrow); true by default.
    var wantsPageNumbers: Bool { get }
    /// Draws page `page` (from 0) on a canvas of ``paper``'s size, white already painted.
    /// Throws for content that cannot be drawn (an unreadable photo, say).
    func draw(page: Int, on canvas: Canvas) throws
}

extension PrintSection {
    public var wantsPageNumbers: Bool { true }
}
