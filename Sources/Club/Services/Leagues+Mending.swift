import Foundation
import League

/// Mending mistakes and settings: renaming a league, making it private or public, deleting it,
/// taking a team out of it. Owner only.
extension Leagues {
    /// Renames a league (1 to 100 characters; the owner's other leagues of the season keep
    /// their names unique, ignoring case).
    @discardableResult
    public func rename(_ actor: ActingUser, _ reference: LeagueReference, to name: String) throws -> LeagueInfo {
        try edit(actor, reference, name: name)
    }

    /// Makes the league private (seen by its owner and editors only) or public; owner only.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for a league the actor cannot see,
    ///   ``ClubError/permissionDenied(_:)`` for an editor.
    @discardableResult
    public func setPrivate(_ actor: ActingUser, _ reference: LeagueReference, _ isPrivate: Bool) throws -> LeagueInfo {
        try edit(actor, reference, private: isPrivate)
    }

    /// Renames the league (as ``rename(_:_:to:)``) and or makes it private or public (as
    /// ``setPrivate(_:_:_:)``), in one transaction: both or neither. Owner only.
    @discardableResult
    public func edit(_ actor: ActingUser, _ reference: LeagueReference, name: String? = nil,
                     private isPrivate: Bool? = nil) throws -> LeagueInfo {
        let name = try name.map { try Validation.text($0, field: "name", maximum: 100) }
        return try store.write { db in
            let id = try Self.resolve(db, reference, editor: actor, owner: true)
            if let name {
                try Self.checkNameFree(db, owner: actor.userID, name: name, season: try Self.info(db, id: id).season, except: id)
                try db.leagues.rename(id, to: name)
            }
            if let isPrivate {
                try db.leagues.setPrivate(id, isPrivate)
            }
            return try Self.info(db, id: id)
        }
    }

    /// Deletes a league with everything in it: teams, matches with their events and line-ups,
    /// deductions, zones and editors. Club teams linked to it are not touched.
    public func delete(_ actor: ActingUser, _ reference: LeagueReference) throws {
        try store.write { db in
            let id = try Self.resolve(db, reference, editor: actor, owner: true)
            try db.leagues.delete(id)
        }
    }

    /// Takes a team out of a league. Its scheduled matches and deductions go with it; while it
    /// has matches with a result the removal is refused, unless `force`, which deletes those
    /// matches too (the table then no longer counts them). Returns how many matches went.
    @discardableResult
    public func removeTeam(_ actor: ActingUser, _ reference: LeagueReference, team: String, force: Bool = false) throws -> Int {
        try store.write { db in
            let id = try Self.resolve(db, reference, editor: actor, owner: true)
            let name = try Self.teamName(db, league: id, team)
            let matches = try db.matches.matches(league: id, team: name)
            let played = matches.filter(\.match.hasResult)
            if !played.isEmpty && !force {
                throw ClubError.refused(field: "team", message: "\(name) has played \(played.count) match"
                    + "\(played.count == 1 ? "" : "es") in league '\(reference)' (the first: match \(played[0].id)); "
                    + "removing it would change the table", remedy: .forceTeamRemoval)
            }
            for stored in matches {
                try db.matches.delete(id: stored.id)
            }
            try db.leagues.removeTeam(league: id, name: name)
            return matches.count
        }
    }
}
