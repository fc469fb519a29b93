/// One page of a user's stored boards, newest first. Its `Codable` form is the stable schema
/// of `touchline board list --json` and of the HTTP API's board listing:
/// `{"items": [...], "next": CURSOR_OR_NULL}` (`next` is written as `null` on the last page;
/// pass it as `after` for the next, older page).
public typealias StoredBoardPage = ListPage<StoredBoardSummary>
