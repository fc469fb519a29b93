/// A table of the club schema as ``StoreCopy`` treats it. The list of them,
/// ``CopiedTable/all``, is the one place that says which tables a copy carries and in which
/// order: a new migration that adds a table adds it here too (a test fails until it does, and
/// a copy refuses a database with a table it does not know).
struct CopiedTable: Sendable, Equatable {
    /// The table's name as the SQLite schema spells it.
    let name: String
    /// A column that refers to this table's own key (a reply to an earlier message): a row
    /// whose reference is not yet written is written without it and given it afterwards.
    var selfReference: String? = nil
    /// A table of exactly one row that every migrated database holds from the start (kept up
    /// to date by triggers or made once): it takes the source's row, and does not count when
    /// deciding whether the target is empty.
    var isSingleton = false

    /// The name as statements on both stores write it: `user` is a reserved word in
    /// PostgreSQL, quoted in both; the others unquoted, so that PostgreSQL folds them as the
    /// shared SQL has it.
    var sqlName: String { name == "user" ? "\"user\"" : name }

    /// Every table but the migrations' bookkeeping (`grdb_migrations`, `touchline_migrations`)
    /// and SQLite's own (`sqlite_sequence`), in an order where each table comes after the
    /// tables its foreign keys refer to. Rows are deleted (`--replace` on SQLite) in the
    /// reverse order; `matchTombstone` comes before `match` so that the tombstones deleting a
    /// match writes are deleted after it.
    static let all: [CopiedTable] = [
        CopiedTable(name: "user"),
        CopiedTable(name: "session"),
        CopiedTable(name: "team"),
        CopiedTable(name: "teamMember"),
        CopiedTable(name: "player"),
        CopiedTable(name: "squadMembership"),
        CopiedTable(name: "message", selfReference: "replyToId"),
        CopiedTable(name: "block"),
        CopiedTable(name: "league"),
        CopiedTable(name: "leagueEditor"),
        CopiedTable(name: "leagueTeam"),
        CopiedTable(name: "leagueZone"),
        CopiedTable(name: "deduction"),
        CopiedTable(name: "matchTombstone"),
        CopiedTable(name: "match"),
        CopiedTable(name: "matchEvent"),
        CopiedTable(name: "lineup"),
        CopiedTable(name: "route"),
        CopiedTable(name: "board"),
        CopiedTable(name: "stickerImage"),
        CopiedTable(name: "collection"),
        CopiedTable(name: "collectionEditor"),
        CopiedTable(name: "cardFamily"),
        CopiedTable(name: "sticker"),
        CopiedTable(name: "collectionCard"),
        CopiedTable(name: "collector"),
        CopiedTable(name: "ownedCard"),
        CopiedTable(name: "envelope"),
        CopiedTable(name: "cardDraw"),
        CopiedTable(name: "swapProposal"),
        CopiedTable(name: "battle"),
        CopiedTable(name: "treasureHunt"),
        CopiedTable(name: "challengeResult"),
        CopiedTable(name: "swapRing"),
        CopiedTable(name: "swapRingLeg"),
        CopiedTable(name: "userPhoto"),
        CopiedTable(name: "follow"),
        CopiedTable(name: "socialGroup"),
        CopiedTable(name: "groupAvatar"),
        CopiedTable(name: "groupMember"),
        CopiedTable(name: "event"),
        CopiedTable(name: "eventRoute"),
        CopiedTable(name: "eventGroup"),
        CopiedTable(name: "eventGuest"),
        CopiedTable(name: "post"),
        CopiedTable(name: "postImage"),
        CopiedTable(name: "postLike"),
        CopiedTable(name: "postComment"),
        CopiedTable(name: "guide"),
        CopiedTable(name: "guideEditor"),
        CopiedTable(name: "guideCover"),
        CopiedTable(name: "guideTransitMap"),
        CopiedTable(name: "place"),
        CopiedTable(name: "placePicture"),
        CopiedTable(name: "itinerary"),
        CopiedTable(name: "itineraryStop"),
        CopiedTable(name: "guidePhoto"),
        CopiedTable(name: "guideVote"),
        CopiedTable(name: "placeComment"),
        CopiedTable(name: "guideDownload"),
        CopiedTable(name: "matchHighWater", isSingleton: true),
        CopiedTable(name: "matchEventHighWater", isSingleton: true),
        CopiedTable(name: "calendarDomain", isSingleton: true),
    ]

    /// The tables each store keeps for itself, never copied.
    static let bookkeeping: Set<String> = ["grdb_migrations", "sqlite_sequence", PostgresStore.migrationsTable]
}
