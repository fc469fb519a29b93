import ArgumentParser
import Support

/// `--after` and `--limit` of a keyset-paged listing: the cursor the previous page printed
/// (`more: --after CURSOR`), and the page's size.
struct PageOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only what comes after this cursor (the next page, as the previous one printed).",
                               valueName: "cursor"))
    var after: String?
    @Option(help: "How many to a page, 1 to 100.") var limit = PagingCursor.defaultLimit

    func validate() throws {
        guard (1...PagingCursor.maximumLimit).contains(limit) else {
            throw ValidationError("--limit must be from 1 to \(PagingCursor.maximumLimit)")
        }
    }
}
