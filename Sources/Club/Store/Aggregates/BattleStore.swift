import Foundation
import Stickers

/// The battles (schema v15, ``ContestSchema``). ``Battles`` decides who may do what, by
/// Stickers' `Battle`; this only reads and writes.
struct BattleStore {
    let db: StoreTransaction

    /// A battle as the service acts on it.
    struct Found {
        var id: Int64
        var collectionID: Int64
        var challengerID: Int64?
        var opponentID: Int64?
        var battle: Battle

        /// The side `user` plays, if any.
        func side(of user: Int64) -> Battle.Side? {
            user == challengerID ? .challenger : user == opponentID ? .opponent : nil
        }

        /// The user playing `side`.
        func user(_ side: Battle.Side) -> Int64? { side == .challenger ? challengerID : opponentID }
    }

    func insert(collection: Int64, challenger: Int64, opponent: Int64, kind: Battle.Kind, at date: Date) throws -> Int64 {
        try db.insert("""
            INSERT INTO battle (collectionId, challengerId, opponentId, kind, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)
            """, [collection, challenger, opponent, kind.rawValue, date, date])
    }

    func find(_ id: Int64) throws -> Found? {
        try db.fetchOne(Self.foundSelect + " WHERE id = ?", [id]).map(Self.found)
    }

    /// Open battles (pending, accepted or resolved) `user` plays, in `collection` or in all.
    func open(involving user: Int64, collection: Int64?) throws -> [Found] {
        let scope = collection == nil ? "" : " AND collectionId = ?"
        let arguments: [any SQLBindable] = collection.map { [user, user, $0] } ?? [user, user]
        return try db.fetchAll(Self.foundSelect + """
             WHERE state IN ('pending', 'accepted', 'resolved') AND (challengerId = ? OR opponentId = ?)\(scope) ORDER BY id
            """, arguments).map(Self.found)
    }

    /// How many open battles `challenger` has proposed in `collection`.
    func openCount(collection: Int64, challenger: Int64) throws -> Int {
        try db.value(Int.self, """
            SELECT count(*) FROM battle WHERE state IN ('pending', 'accepted', 'resolved') AND collectionId = ? AND challengerId = ?
            """, [collection, challenger]) ?? 0
    }

    /// Writes `battle`'s state and scores (with the prize and reason) over the stored ones,
    /// if the stored state is still `from`; false when another command changed it first.
    func update(_ id: Int64, from: Battle.State, to battle: Battle, prize: Int?, reason: String, at date: Date) throws -> Bool {
        try db.execute("""
            UPDATE battle SET state = ?, challengerScore = ?, opponentScore = ?, prizeNumber = ?, reason = ?, updatedAt = ?
            WHERE id = ? AND state = ?
            """, [battle.state.rawValue, battle.challengerScore, battle.opponentScore, prize, reason, date, id, from.rawValue]) == 1
    }

    func record(_ id: Int64) throws -> BattleRecord? {
        try db.fetchOne(Self.recordSelect + " WHERE battle.id = ?", [id]).map(Self.record)
    }

    /// The newest `limit` battles `user` plays, of one collection when given, only open ones
    /// when `openOnly`.
    func records(involving user: Int64, collection: Int64?, openOnly: Bool, limit: Int) throws -> [BattleRecord] {
        var sql = Self.recordSelect + " WHERE (battle.challengerId = ? OR battle.opponentId = ?)"
        var arguments: [any SQLBindable] = [user, user]
        if let collection {
            sql += " AND battle.collectionId = ?"
            arguments.append(collection)
        }
        if openOnly { sql += " AND battle.state IN ('pending', 'accepted', 'resolved')" }
        arguments.append(limit)
        return try db.fetchAll(sql + " ORDER BY battle.id DESC LIMIT ?", arguments).map(Self.record)
    }

    private static let foundSelect = """
        SELECT id, collectionId, challengerId, opponentId, kind, state, challengerScore, opponentScore FROM battle
        """

    private static let recordSelect = """
        SELECT battle.id, collection.name AS collection, battle.collectionId, challenger.username AS challenger,
               opponent.username AS opponent,
               battle.kind, battle.state, battle.challengerScore, battle.opponentScore, battle.prizeNumber,
               sticker.title AS prizeTitle, battle.reason, battle.createdAt, battle.updatedAt
        FROM battle
        JOIN collection ON collection.id = battle.collectionId
        LEFT JOIN "user" AS challenger ON challenger.id = battle.challengerId
        LEFT JOIN "user" AS opponent ON opponent.id = battle.opponentId
        LEFT JOIN collectionCard AS card ON card.collectionId = battle.collectionId AND card.number = battle.prizeNumber
        LEFT JOIN sticker ON sticker.id = card.stickerId
        """

    private static func battle(_ row: SQLRow) throws -> Battle {
        guard let kind = Battle.Kind(rawValue: try row("kind")), let state = Battle.State(rawValue: try row("state")) else {
            throw StoreError.column("state", problem: "holds a kind or state Battle does not know")
        }
        return try Battle(kind: kind, state: state, challengerScore: try row("challengerScore"), opponentScore: try row("opponentScore"))
    }

    private static func found(_ row: SQLRow) throws -> Found {
        Found(id: try row("id"), collectionID: try row("collectionId"), challengerID: try row("challengerId"),
              opponentID: try row("opponentId"), battle: try battle(row))
    }

    private static func record(_ row: SQLRow) throws -> BattleRecord {
        let battle = try battle(row)
        let challenger: String? = try row("challenger"), opponent: String? = try row("opponent"), reason: String = try row("reason")
        return BattleRecord(id: try row("id"), collection: try row("collection"), collectionId: try row("collectionId"),
                            challenger: challenger, opponent: opponent,
                            kind: battle.kind, state: battle.state, challengerScore: battle.challengerScore,
                            opponentScore: battle.opponentScore,
                            winner: battle.winner.flatMap { $0 == .challenger ? challenger : opponent },
                            prize: try row("prizeNumber"), prizeTitle: try row("prizeTitle"),
                            reason: reason.isEmpty ? nil : reason, choices: nil, createdAt: try row("createdAt"),
                            updatedAt: try row("updatedAt"))
    }
}

extension StoreTransaction {
    /// The battles.
    var battles: BattleStore { BattleStore(db: self) }
}
