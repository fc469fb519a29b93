import Club
import Hummingbird

/// Who asks to read stored board `{id}`, and with what: the request's signed-in user (its
/// owner, perhaps) and the board's view token from `?view=TOKEN`, with which anyone reads it
/// without logging in. ``Boards`` decides what they may do; this only gathers them.
struct BoardReader: Sendable {
    /// The board's id, from the path.
    let id: Int64
    /// The signed-in user; nil for nobody.
    let viewer: ActingUser?
    /// `?view=`, when given.
    let viewToken: String?

    /// The longest `?view=` looked at (a token has 32 characters).
    static let maximumTokenLength = 64

    /// Reads the path's `{id}`, the request's session and `?view=`. A session that has ended (a
    /// browser's stale cookie) is nobody rather than refused, since a view token may still
    /// let the request read the board (and a page sends nobody to sign in).
    init(_ request: Request, _ context: APIContext, api: APIServices) async throws {
        id = try PathID.parse(context, "id", kind: "board")
        viewToken = try Query(request).string("view", maximumLength: Self.maximumTokenLength)
        viewer = try await api.signedInUser(request)
    }

    /// True when nothing in the request could let it read a board.
    var isNobody: Bool { viewer == nil && viewToken == nil }

    /// The board with its log, as ``Boards`` lets this reader see it.
    func show(_ boards: Boards) throws -> StoredBoard {
        try boards.show(viewer, id, viewToken: viewToken)
    }

    /// The board's summary, as ``Boards`` lets this reader see it.
    func summary(_ boards: Boards) throws -> StoredBoardSummary {
        try boards.summary(viewer, id, viewToken: viewToken)
    }
}
