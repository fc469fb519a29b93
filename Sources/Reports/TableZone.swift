import Canvas
import Foundation

/// A band of positions in a league table (promotion, play-offs, relegation...): a mark shown
/// in a narrow column so the zone reads in black and white, and a light tint behind its rows.
public struct TableZone: Sendable, Hashable {
    public var name: String
    public var positions: ClosedRange<Int>
    /// A letter or symbol, e.g. "C", "P", "R", "▲".
    public var mark: String
    public var tint: Color

    public init(name: String, positions: ClosedRange<Int>, mark: String,
                tint: Color = Color(red: 0.88, green: 0.93, blue: 1)) {
        self.name = name
        self.positions = positions
        self.mark = mark
        self.tint = tint
    }
}

/// Why a league table could not be laid out.
public enum LeagueTableError: Error, Sendable, Hashable, LocalizedError {
    /// The sheet cannot hold the title, the column header and a single row.
    case paperTooSmall(width: Double, height: Double)
    /// A page number outside the document.
    case noSuchPage(Int, pageCount: Int)

    public var errorDescription: String? {
        switch self {
        case .paperTooSmall(let width, let height):
            return "The paper (\(Int(width.rounded())) x \(Int(height.rounded())) pt) is too small to hold "
                + "the table's header and even one row."
        case .noSuchPage(let page, let count):
            return "There is no page \(page); the table has \(count) page\(count == 1 ? "" : "s") (numbered from 0)."
        }
    }
}
