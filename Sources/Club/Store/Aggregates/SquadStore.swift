import Foundation
import League

/// The `player` and `squadMembership` tables: players, their photos and the teams they have
/// been in with their numbers. ``Squads`` decides who may see and change a squad; this only
/// reads and writes.
struct SquadStore {
    let db: StoreTransaction

    /// A player's values as inserted.
    struct NewPlayer {
        var firstName: String
        var surnames: String
        var birthDate: String?
        var position: PlayerPosition
        var positionDetail: String?
        var photo: Data?
        var notes: String?
        var createdAt: Date
    }

    /// Inserts `player` (in no team yet) and returns its id.
    func insert(_ player: NewPlayer) throws -> Int64 {
        try db.insert("""
            INSERT INTO player (firstName, surnames, birthDate, position, positionDetail, photo, notes, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [player.firstName, player.surnames, player.birthDate, player.position.rawValue, player.positionDetail,
                  player.photo, player.notes, player.createdAt])
    }

    /// Puts player `id` in team `team` with `number` from `time` on.
    func join(player id: Int64, team: Int64, number: Int, at time: Date) throws {
        try db.execute("INSERT INTO squadMembership (playerId, teamId, number, joinedAt) VALUES (?, ?, ?, ?)",
                       [id, team, number, time])
    }

    /// Ends player `id`'s spell in their current team at `time` (kept as history).
    func leaveTeam(player id: Int64, at time: Date) throws {
        try db.execute("UPDATE squadMembership SET leftAt = ? WHERE playerId = ? AND leftAt IS NULL",
                       [time, id])
    }

    /// Player `id` with their current team and number.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such player.
    func player(id: Int64) throws -> Player {
        guard let row = try db.fetchOne(Self.playerSelect + " WHERE player.id = ?", [id]) else {
            throw ClubError.notFound(kind: "player", reference: String(id))
        }
        return try Self.player(row)
    }

    /// The current squad of team `team`, by number.
    func squad(team: Int64) throws -> [Player] {
        try db.fetchAll(Self.playerSelect + " WHERE squadMembership.teamId = ? ORDER BY squadMembership.number",
                        [team]).map(Self.player)
    }

    /// Every team player `id` has been in, oldest first.
    func history(player id: Int64) throws -> [SquadMembership] {
        try db.fetchAll("""
            SELECT squadMembership.*, team.name, team.season FROM squadMembership
            JOIN team ON team.id = squadMembership.teamId
            WHERE squadMembership.playerId = ? ORDER BY squadMembership.joinedAt, squadMembership.id
            """, [id]).map { row in
            SquadMembership(teamID: try row("teamId"), teamName: try row("name"), season: try row("season"), number: try row("number"),
                            joinedAt: try row("joinedAt"), leftAt: try row("leftAt"))
        }
    }

    /// Player `id`'s photo; nil for none (or no such player).
    func photo(player id: Int64) throws -> Data? {
        try db.value(Data.self, "SELECT photo FROM player WHERE id = ?", [id])
    }

    /// Writes `player`'s names, position, position detail, birth date and notes.
    func update(_ player: Player) throws {
        try db.execute("""
            UPDATE player SET firstName = ?, surnames = ?, position = ?, positionDetail = ?, birthDate = ?, notes = ?
            WHERE id = ?
            """, [player.firstName, player.surnames, player.position.rawValue, player.positionDetail,
                             player.birthDate, player.notes, player.id])
    }

    /// Sets player `id`'s photo (nil: none).
    func setPhoto(_ photo: Data?, player id: Int64) throws {
        try db.execute("UPDATE player SET photo = ? WHERE id = ?", [photo, id])
    }

    /// Sets player `id`'s number in their current team.
    func setNumber(_ number: Int, player id: Int64) throws {
        try db.execute("UPDATE squadMembership SET number = ? WHERE playerId = ? AND leftAt IS NULL",
                       [number, id])
    }

    /// Deletes player `id` and their history.
    func delete(player id: Int64) throws {
        try db.execute("DELETE FROM player WHERE id = ?", [id])
    }

    /// The names of the player (other than `except`) who wears `number` in team `team` now, if any.
    func holder(of number: Int, team: Int64, except player: Int64?) throws -> (firstName: String, surnames: String)? {
        guard let holder = try db.fetchOne("""
            SELECT player.firstName, player.surnames FROM squadMembership JOIN player ON player.id = squadMembership.playerId
            WHERE squadMembership.teamId = ? AND squadMembership.number = ? AND squadMembership.leftAt IS NULL
              AND squadMembership.playerId IS DISTINCT FROM ?
            """, [team, number, player]) else { return nil }
        return (try holder("firstName"), try holder("surnames"))
    }

    /// Players with their current team and number: add `WHERE` over `player` and `squadMembership`.
    static let playerSelect = """
        SELECT player.id, player.firstName, player.surnames, player.birthDate, player.position, player.positionDetail,
               player.notes, player.photo IS NOT NULL AS hasPhoto, squadMembership.teamId, squadMembership.number
        FROM player LEFT JOIN squadMembership ON squadMembership.playerId = player.id AND squadMembership.leftAt IS NULL
        """

    /// A player from a row of ``playerSelect``.
    static func player(_ row: SQLRow) throws -> Player {
        Player(id: try row("id"), firstName: try row("firstName"), surnames: try row("surnames"), birthDate: try row("birthDate"),
               position: PlayerPosition(rawValue: try row("position")) ?? .midfielder, positionDetail: try row("positionDetail"),
               notes: try row("notes"), hasPhoto: try row("hasPhoto"), teamID: try row("teamId"), number: try row("number"))
    }
}

extension StoreTransaction {
    /// The players and their squads.
    var squads: SquadStore { SquadStore(db: self) }
}
