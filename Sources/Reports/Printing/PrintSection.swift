import Canvas

/// Pages of one kind (a table, a results grid, a list of scorers) that a ``PrintBook`` binds
/// with others into one document.
///
/// A section draws its own content; the book adds page numbers and the PDF's bookmarks.
public protocol PrintSection: Sendable {
    /// What the pages are of, e.g. "La Liga": a PDF's title when the section prints alone.
    var title: String { get }
    /// The bookmark's text in a PDF's outline, e.g. "Home table".
    var bookmark: String { get }
    /// The sheet every page is drawn on.
    var paper: PaperSize { get }
    /// How many pages the section takes.
    var pageCount: Int { get }
    /// Draws page `page` (from 0) on a canvas of ``paper``'s size, white already painted.
    func draw(page: Int, on canvas: Canvas)
}
