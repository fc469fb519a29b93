import Foundation

/// A stored tactics board as listings show it: everything but its log. Its `Codable` form is
/// the stable schema of `touchline board list --json` (one of its `items`), `board show --json`
/// and `board save --json`, and of the HTTP API's boards.
///
/// ```json
/// {"bytes": 6850, "createdAt": "2026-11-21T06:20:00Z", "durationMilliseconds": 5230,
///  "editable": true, "events": 14, "form": "touchline.strokes", "id": 7, "owner": "alice",
///  "strokes": 13, "title": "4-3-3 pressing", "viewLink": false}
/// ```
///
/// ``editable`` and ``viewLink`` say how the reader may use it, as ``Boards`` decides: its
/// owner may change it and sees whether a view link exists; someone holding the view link
/// reads it only, and `viewLink` is left out for them.
public struct StoredBoardSummary: Sendable, Equatable, Codable {
    /// Never given to another board, even after this one is deleted.
    public var id: Int64
    /// 1 to ``Boards/maximumTitle`` characters, trimmed.
    public var title: String
    /// The owner's username.
    public var owner: String
    /// When it was saved (UTC).
    public var createdAt: Date
    /// The size of the stored log in bytes.
    public var bytes: Int
    /// The log's form: `touchline.strokes` (a JSON stroke document) or `touchline.pointer`
    /// (a JSON Lines pointer log), as `board check` names it.
    public var form: String
    /// Strokes and clears, in replay order (what `board render --until N` counts).
    public var events: Int
    /// Pen and eraser strokes.
    public var strokes: Int
    /// From the first to the last recorded time, in milliseconds; nil when the log has no times.
    public var durationMilliseconds: Double?
    /// True when the reader may change the board: its owner, not a view link's holder.
    public var editable: Bool
    /// For the owner, whether the board has a view link (a view token); nil (left out of the
    /// JSON) for anyone else.
    public var viewLink: Bool?

    public init(id: Int64, title: String, owner: String, createdAt: Date, bytes: Int, form: String, events: Int,
                strokes: Int, durationMilliseconds: Double? = nil, editable: Bool = false, viewLink: Bool? = nil) {
        self.id = id
        self.title = title
        self.owner = owner
        self.createdAt = createdAt
        self.bytes = bytes
        self.form = form
        self.events = events
        self.strokes = strokes
        self.durationMilliseconds = durationMilliseconds
        self.editable = editable
        self.viewLink = viewLink
    }
}
