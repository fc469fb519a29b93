/// One page of a user's stored routes: newest first, or nearest first when listed near a
/// point. Its `Codable` form is the HTTP API's route listing:
/// `{"items": [...], "next": CURSOR_OR_NULL}` (`next`, a ``RouteCursor/text``, is written as
/// `null` on the last page).
public typealias RoutePage = ListPage<RouteSummary>
