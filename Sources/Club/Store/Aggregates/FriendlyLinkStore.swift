import Foundation

/// The links of friendlies (`match` rows without a league) to the club teams that played them:
/// what ``FriendlyLinks`` reads to choose them and writes once chosen.
struct FriendlyLinkStore {
    let db: StoreTransaction

    /// A friendly with a side not yet linked to a club team.
    struct Unlinked {
        var id: Int64
        var recordedBy: Int64
        var home: String
        var away: String
        /// `yyyy-MM-dd`, or nil for an undated match.
        var date: String?
        var homeTeamID: Int64?
        var awayTeamID: Int64?
    }

    /// A club team a side may be linked to.
    struct Candidate {
        var id: Int64
        var name: String
        var season: String
    }

    /// Which unlinked friendlies to link.
    enum Selection {
        /// Those recorded by user `id`.
        case recordedBy(Int64)
        /// Those recorded by the owner of team `id` or anyone with a role on it.
        case recordedByPeopleOf(team: Int64)
        /// Match `id`, if it is one.
        case match(Int64)
        /// Every one.
        case all
    }

    /// The friendlies `selection` names that have a side not linked to a club team, by id.
    func unlinked(_ selection: Selection) throws -> [Unlinked] {
        let condition: String, arguments: [any SQLBindable]
        switch selection {
        case .recordedBy(let user): (condition, arguments) = ("recordedBy = ?", [user])
        case .recordedByPeopleOf(let team):
            (condition, arguments) = ("""
                recordedBy IN (SELECT ownerId FROM team WHERE id = ? UNION SELECT userId FROM teamMember WHERE teamId = ?)
                """, [team, team])
        case .match(let id): (condition, arguments) = ("id = ?", [id])
        case .all: (condition, arguments) = ("TRUE", [])
        }
        return try db.fetchAll("""
            SELECT id, recordedBy, home, away, date, homeTeamId, awayTeamId FROM match
            WHERE leagueId IS NULL AND (homeTeamId IS NULL OR awayTeamId IS NULL) AND (\(condition))
            ORDER BY id
            """, arguments).map { row in
            Unlinked(id: try row("id"), recordedBy: try row("recordedBy"), home: try row("home"), away: try row("away"),
                     date: try row("date"), homeTeamID: try row("homeTeamId"), awayTeamID: try row("awayTeamId"))
        }
    }

    /// The club teams `user` owns or holds a role on: their own first, then newest season first.
    func candidates(for user: Int64) throws -> [Candidate] {
        try db.fetchAll("""
            SELECT id, name, season FROM team
            WHERE ownerId = ? OR EXISTS (SELECT 1 FROM teamMember WHERE teamId = team.id AND userId = ?)
            ORDER BY ownerId = ? DESC, season DESC, id
            """, [user, user, user]).map { row in
            Candidate(id: try row("id"), name: try row("name"), season: try row("season"))
        }
    }

    /// Links friendly `id`'s sides to club teams `home` and `away` (nil: none).
    func link(friendly id: Int64, home: Int64?, away: Int64?) throws {
        try db.execute("UPDATE match SET homeTeamId = ?, awayTeamId = ? WHERE id = ?", [home, away, id])
    }
}

extension StoreTransaction {
    /// The links of friendlies to club teams.
    var friendlyLinks: FriendlyLinkStore { FriendlyLinkStore(db: self) }
}
