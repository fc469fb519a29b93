import League

// forwarder until the merge
/// What the other services' branch still calls by its old name; ``MatchStore`` does it.
enum MatchStorage {
    /// ``MatchStore/moveKickOffs(where:arguments:)``.
    // forwarder until the merge
    static func moveKickOffs(_ db: StoreTransaction, where condition: String, arguments: [any SQLBindable]) throws {
        try db.matches.moveKickOffs(where: condition, arguments: arguments)
    }

    /// ``MatchStore/match(_:)``, for the calendar store's rows.
    // forwarder until the merge
    static func match(_ row: SQLRow) throws -> Match {
        try MatchStore.match(row)
    }
}
