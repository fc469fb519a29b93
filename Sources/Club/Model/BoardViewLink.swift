/// A board's view link, as ``Boards/rotateViewToken(_:_:)`` makes it: the only time its token
/// is shown (the database keeps its SHA-256 alone). Anyone holding the link sees the board,
/// read-only, without logging in, until the owner rotates or removes the token. Its `Codable`
/// form is what `touchline board share --json` and `POST /api/v1/boards/ID/view-token` print:
/// `{"token": "...", "url": "/board/7?view=..."}`.
public struct BoardViewLink: Sendable, Equatable, Codable {
    /// 32 hex digits: 128 random bits.
    public var token: String
    /// The board's page on the server, with the token: `/board/ID?view=TOKEN` (hex, safe in a
    /// URL as it is).
    public var url: String

    /// The link to board `boardID` with `token`.
    public init(boardID: Int64, token: String) {
        self.token = token
        url = "/board/\(boardID)?view=\(token)"
    }
}
