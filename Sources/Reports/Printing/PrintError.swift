import Foundation

/// Why a printable could not be laid out or rendered.
public enum PrintError: Error, Sendable, Hashable, LocalizedError {
    /// The sheet cannot hold `what` (the title, a header and a single row, say).
    case paperTooSmall(width: Double, height: Double, what: String)
    /// A page number outside the document.
    case noSuchPage(Int, pageCount: Int)
    /// Sections on different sheets cannot share one document.
    case mixedPaper
    /// A document with nothing to print.
    case empty

    public var errorDescription: String? {
        switch self {
        case .paperTooSmall(let width, let height, let what):
            return "The paper (\(Int(width.rounded())) x \(Int(height.rounded())) pt) is too small to hold \(what)."
        case .noSuchPage(let page, let count):
            return "There is no page \(page); the document has \(count) page\(count == 1 ? "" : "s") (numbered from 0)."
        case .mixedPaper:
            return "Every section of a document must use the same paper."
        case .empty:
            return "There is nothing to print."
        }
    }
}
