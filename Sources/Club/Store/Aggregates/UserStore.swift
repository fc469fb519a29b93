import Foundation
import Support

/// The `user` and `session` tables: accounts, their credentials, sessions and the user search.
/// ``Accounts`` decides who may do what; this only reads and writes.
struct UserStore {
    let db: StoreTransaction

    /// A user's id and username, as a login or session names them.
    struct Identity {
        var id: Int64
        var username: String
    }

    /// Whether some user has `username`, ignoring case (ASCII only: see ``CaseFold/isUsername(_:)``).
    func isUsernameTaken(_ username: String) throws -> Bool {
        try named(username, columns: "1") != nil
    }

    /// The `columns` of the user named `username`, ignoring case; nil for no such user, and for
    /// a name with other characters than ASCII ones, which no username has (``CaseFold/isUsername(_:)``).
    private func named(_ username: String, columns: String) throws -> SQLRow? {
        guard CaseFold.isUsername(username) else { return nil }
        return try db.fetchOne("SELECT \(columns) FROM \"user\" WHERE \(db.dialect.equalsIgnoringCase("username"))", [username])
    }

    /// Whether some user (other than `except`, when given) has `email`, ignoring case (``CaseFold``).
    func isEmailInUse(_ email: String, except: Int64? = nil) throws -> Bool {
        try db.exists("SELECT 1 FROM \"user\" WHERE emailKey = ? AND id IS DISTINCT FROM ?", [CaseFold.key(email), except])
    }

    /// Inserts a user and returns the new id.
    func insert(username: String, displayName: String, email: String, searchKey: String, passwordHash: String,
                createdAt: Date) throws -> Int64 {
        try db.insert("""
            INSERT INTO "user" (username, displayName, email, emailKey, searchKey, passwordHash, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [username, displayName, email, CaseFold.key(email), searchKey, passwordHash, createdAt])
    }

    /// The user whose username (or, with `byEmail`, email) is `login`, ignoring case, with the
    /// stored password hash; nil for no such user.
    func credentials(_ login: String, byEmail: Bool) throws -> (user: Identity, passwordHash: String)? {
        let columns = "id, username, passwordHash"
        let found = byEmail ? try db.fetchOne("SELECT \(columns) FROM \"user\" WHERE emailKey = ?", [CaseFold.key(login)])
                            : try named(login, columns: columns)
        guard let row = found else { return nil }
        return (Identity(id: try row("id"), username: try row("username")), try row("passwordHash"))
    }

    /// The stored password hash of user `id`; nil for no such user.
    func passwordHash(id: Int64) throws -> String? {
        try db.value(String.self, "SELECT passwordHash FROM \"user\" WHERE id = ?", [id])
    }

    /// Sets the password hash of user `id`.
    func setPasswordHash(_ hash: String, id: Int64) throws {
        try db.execute("UPDATE \"user\" SET passwordHash = ? WHERE id = ?", [hash, id])
    }

    /// Stores a session by its token's digest.
    func insertSession(userID: Int64, tokenHash: Data, createdAt: Date, expiresAt: Date) throws {
        try db.execute("INSERT INTO session (userId, tokenHash, createdAt, expiresAt) VALUES (?, ?, ?, ?)",
                       [userID, tokenHash, createdAt, expiresAt])
    }

    /// The user of the session whose token digest is `tokenHash`, if it expires after `now`.
    func sessionUser(tokenHash: Data, now: Date) throws -> Identity? {
        guard let row = try db.fetchOne("""
            SELECT "user".id, "user".username FROM session JOIN "user" ON "user".id = session.userId
            WHERE session.tokenHash = ? AND session.expiresAt > ?
            """, [tokenHash, now]) else { return nil }
        return Identity(id: try row("id"), username: try row("username"))
    }

    /// Deletes the session whose token digest is `tokenHash`, if any.
    func deleteSession(tokenHash: Data) throws {
        try db.execute("DELETE FROM session WHERE tokenHash = ?", [tokenHash])
    }

    /// Deletes every session of user `id`.
    func deleteSessions(userID id: Int64) throws {
        try db.execute("DELETE FROM session WHERE userId = ?", [id])
    }

    /// User `id`'s account, email included; nil for no such user.
    func account(id: Int64) throws -> Account? {
        guard let row = try db.fetchOne("SELECT id, username, displayName, email, createdAt FROM \"user\" WHERE id = ?",
                                        [id]) else { return nil }
        return Account(id: try row("id"), username: try row("username"), displayName: try row("displayName"), email: try row("email"),
                       createdAt: try row("createdAt"))
    }

    /// Sets user `id`'s display name, email and search key.
    func update(id: Int64, displayName: String, email: String, searchKey: String) throws {
        try db.execute("UPDATE \"user\" SET displayName = ?, email = ?, emailKey = ?, searchKey = ? WHERE id = ?",
                       [displayName, email, CaseFold.key(email), searchKey, id])
    }

    /// Sets user `id`'s display name and search key.
    func setDisplayName(_ name: String, searchKey: String, id: Int64) throws {
        try db.execute("UPDATE \"user\" SET displayName = ?, searchKey = ? WHERE id = ?", [name, searchKey, id])
    }

    /// Deletes user `id` and the players whose current team is one of theirs.
    func delete(id: Int64) throws {
        // Players whose current team is one of the user's go with it.
        try db.execute("""
            DELETE FROM player WHERE id IN (
                SELECT playerId FROM squadMembership JOIN team ON team.id = squadMembership.teamId
                WHERE team.ownerId = ? AND squadMembership.leftAt IS NULL)
            """, [id])
        // Sessions, teams, memberships, received messages and blocks cascade; sent
        // messages keep a NULL sender.
        try db.execute("DELETE FROM \"user\" WHERE id = ?", [id])
    }

    /// The id of the user named `username` (ignoring case).
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such user.
    func id(username: String) throws -> Int64 {
        guard let row = try named(username, columns: "id") else {
            throw ClubError.notFound(kind: "user", reference: username)
        }
        return try row("id")
    }

    /// The ids of those of `usernames` that exist, keyed by the name lower-cased (usernames are
    /// ASCII, so that is the case the schema ignores; other names find no one), looked up a
    /// thousand names a query.
    func ids(usernames: [String]) throws -> [String: Int64] {
        let names = Array(Set(usernames.filter(CaseFold.isUsername).map { $0.lowercased() })).sorted()
        var ids: [String: Int64] = [:]
        for start in stride(from: 0, to: names.count, by: 1_000) {
            let part = names[start..<min(start + 1_000, names.count)]
            let rows = try db.fetchAll("SELECT id, username FROM \"user\" WHERE \(db.dialect.inIgnoringCase("username", count: part.count))",
                                       part.map { $0 as any SQLBindable })
            for row in rows {
                let username: String = try row("username")
                ids[username.lowercased()] = try row("id")
            }
        }
        return ids
    }

    /// The first `limit` users whose search key contains `key` (a non-empty
    /// `Validation.searchKey`), by username.
    func search(key: String, limit: Int) throws -> [UserProfile] {
        try found(key, after: nil, limit: limit).map(Self.profile)
    }

    /// One page of ``search(key:limit:)``: the `limit` users after `cursor` (nil for the first).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor that no user search gave.
    func search(key: String, after cursor: String?, limit: Int) throws -> ListPage<UserProfile> {
        try Self.searchOrder.page(limit: limit, fetch: { try found(key, after: cursor, limit: $0) },
                                  items: { try $0.map(Self.profile) })
    }

    /// The order of search results (usernames are unique, ignoring case).
    static let searchOrder = Keyset(list: "user search", [.text("username", ignoringCase: true)])

    /// The rows of a user search (holding ``searchOrder``'s key) for users whose search key contains `key`.
    private func found(_ key: String, after cursor: String?, limit: Int) throws -> [SQLRow] {
        let pattern = LikePattern.containing(key)
        let (after, arguments) = try Self.searchOrder.after(cursor, db.dialect)
        return try db.fetchAll("""
            SELECT id, username, displayName, createdAt, \(Self.searchOrder.selection) FROM "user"
            WHERE searchKey LIKE ? ESCAPE '\\' AND \(after) ORDER BY \(Self.searchOrder.orderBy(db.dialect)) LIMIT ?
            """, [pattern] + arguments + [limit])
    }

    /// A public profile from a row of `id, username, displayName, createdAt`.
    private static func profile(_ row: SQLRow) throws -> UserProfile {
        UserProfile(id: try row("id"), username: try row("username"), displayName: try row("displayName"), createdAt: try row("createdAt"))
    }
}

extension StoreTransaction {
    /// The users, their sessions and the user search.
    var users: UserStore { UserStore(db: self) }
}
