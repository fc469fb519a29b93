import Foundation
import Support

/// Version 12 of both schemas ("v12 names and emails ignoring case in every script") adds the
/// columns that ``CaseFold`` keys live in. The keys are folded in Swift, so neither database can
/// fill them for the rows already there: both migrations call ``fill(_:)`` between adding the
/// columns and indexing them.
enum FoldedKeyMigration {
    /// The SQLite and PostgreSQL migrations' identifier.
    static let identifier = "v12 names and emails ignoring case in every script"

    /// Writes the key of every team's, league's and league team's name and of every user's
    /// email.
    ///
    /// - Throws: ``ClubError/conflict(field:message:)`` naming two users whose emails differ
    ///   only in the case of non-ASCII letters (which the unique `user_emailKey` index about to
    ///   be made would refuse), so the migration stops with nothing changed.
    static func fill(_ db: StoreTransaction) throws {
        for table in ["team", "league", "leagueTeam"] {
            for row in try db.fetchAll("SELECT id, name FROM \(table) ORDER BY id", []) {
                let id: Int64 = try row("id")
                let name: String = try row("name")
                try db.execute("UPDATE \(table) SET nameKey = ? WHERE id = ?", [CaseFold.key(name), id])
            }
        }
        var owners: [String: (username: String, email: String)] = [:]
        for row in try db.fetchAll("SELECT id, username, email FROM \"user\" ORDER BY id", []) {
            let id: Int64 = try row("id")
            let username: String = try row("username")
            let email: String = try row("email")
            let key = CaseFold.key(email)
            if let owner = owners[key] {
                throw ClubError.conflict(field: "email", message: """
                    users '\(owner.username)' ('\(owner.email)') and '\(username)' ('\(email)') have the same email \
                    ignoring case, which this version refuses; change one with the previous touchline \
                    (`touchline user edit --email`), then upgrade
                    """)
            }
            owners[key] = (username, email)
            try db.execute("UPDATE \"user\" SET emailKey = ? WHERE id = ?", [key, id])
        }
    }
}
