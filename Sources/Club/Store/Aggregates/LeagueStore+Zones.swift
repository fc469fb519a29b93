import League

extension LeagueStore {
    /// League `league`'s zones, in the order they were set.
    func zones(league: Int64) throws -> [LeagueZone] {
        try db.fetchAll("SELECT * FROM leagueZone WHERE leagueId = ? ORDER BY id", [league]).map { row in
            let first: Int = try row("firstPosition"), last: Int = try row("lastPosition")
            return LeagueZone(kind: LeagueZone.Kind(rawValue: try row("kind")) ?? .playoff, positions: first...max(first, last),
                              name: try row("name"), mark: try row("mark"))
        }
    }

    /// Replaces league `league`'s zones with `zones`, in that order.
    func setZones(league: Int64, _ zones: [LeagueZone]) throws {
        try db.execute("DELETE FROM leagueZone WHERE leagueId = ?", [league])
        for zone in zones {
            try db.execute("""
                INSERT INTO leagueZone (leagueId, kind, firstPosition, lastPosition, name, mark) VALUES (?, ?, ?, ?, ?, ?)
                """, [league, zone.kind.rawValue, zone.positions.lowerBound, zone.positions.upperBound, zone.name, zone.mark])
        }
    }
}
