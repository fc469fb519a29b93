import Foundation

/// A stored tactics board with its stroke log, as ``Boards/show(_:_:)`` gives it.
///
/// Not `Codable` on purpose: the log is served as its own bytes (JSON for a stroke document,
/// JSON Lines for a pointer log, see ``StoredBoardSummary/form``), never wrapped in JSON.
/// Read it for replay with Tactics' reader, which needs nothing else: a stored pointer log
/// always has its header line.
///
/// ```swift
/// let board = try boards.show(alice, 7)
/// let log = try StrokeLog(data: board.log, source: "board \(board.summary.id)")
/// ```
public struct StoredBoard: Sendable, Equatable {
    /// What listings show.
    public var summary: StoredBoardSummary
    /// The stroke log exactly as it was saved, byte for byte.
    public var log: Data

    public init(summary: StoredBoardSummary, log: Data) {
        self.summary = summary
        self.log = log
    }
}
