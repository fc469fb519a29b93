import Foundation
import League

/// Players and their squad numbers. Seeing a squad needs any role on the team; changing it
/// needs owner or editor.
public struct Squads: Sendable {
    let store: ClubStore

    /// The largest photo file, in bytes.
    public static let photoMaximumBytes = 2 << 20
    /// The most pixels along either side of a photo. A card prints its photo at about 650 x 500
    /// pixels (300 dpi), so even 4096 leaves room for cropping; Reports draws photos within the
    /// same limits (`PlayerCard.photoLimits`).
    public static let photoMaximumSide = 4_096
    /// The most pixels in a photo: 16 megapixels (64 MB once decoded).
    public static let photoMaximumPixels = 16_000_000

    public init(store: ClubStore) {
        self.store = store
    }

    /// Adds a player to a team.
    ///
    /// - Throws: ``ClubError/conflict(field:message:)`` when the number is taken in that team.
    @discardableResult
    public func add(_ actor: ActingUser, to team: TeamReference, _ draft: PlayerDraft) throws -> Player {
        let firstName = try Validation.text(draft.firstName, field: "name", maximum: 100)
        let surnames = try Validation.text(draft.surnames, field: "surname", maximum: 100)
        let number = try Validation.number(draft.number)
        let detail = try Self.positionDetail(draft.positionDetail)
        let born = try Validation.birthDate(draft.birthDate)
        let notes = try Validation.optionalText(draft.notes, field: "notes", maximum: 2000)
        let photo = try Validation.photo(draft.photo)
        let now = Date()
        return try store.write { db in
            let (teamID, _) = try Teams.resolve(db, team, for: actor, needs: .editor)
            try Self.checkNumberFree(db, team: teamID, number: number, except: nil)
            let playerID = try db.squads.insert(SquadStore.NewPlayer(firstName: firstName, surnames: surnames, birthDate: born,
                                                                     position: draft.position, positionDetail: detail, photo: photo,
                                                                     notes: notes, createdAt: now))
            try db.squads.join(player: playerID, team: teamID, number: number, at: now)
            return try db.squads.player(id: playerID)
        }
    }

    /// A team's current squad, by number.
    public func list(_ actor: ActingUser, team: TeamReference) throws -> [Player] {
        try store.read { db in
            let (teamID, _) = try Teams.resolve(db, team, for: actor, needs: .viewer)
            return try db.squads.squad(team: teamID)
        }
    }

    /// A player, with every team they have been in (oldest first).
    public func show(_ actor: ActingUser, player id: Int64) throws -> PlayerDetail {
        try store.read { db in
            let player = try db.squads.player(id: id)
            try Self.check(db, player, actor: actor, needs: .viewer)
            return PlayerDetail(player: player, history: try db.squads.history(player: id))
        }
    }

    /// The player's photo (PNG or JPEG), if any.
    public func photo(_ actor: ActingUser, player id: Int64) throws -> Data? {
        try store.read { db in
            try Self.check(db, try db.squads.player(id: id), actor: actor, needs: .viewer)
            return try db.squads.photo(player: id)
        }
    }

    /// Changes a player's details or number in their current team.
    @discardableResult
    public func edit(_ actor: ActingUser, player id: Int64, _ changes: PlayerChanges) throws -> Player {
        let firstName = try changes.firstName.map { try Validation.text($0, field: "name", maximum: 100) }
        let surnames = try changes.surnames.map { try Validation.text($0, field: "surname", maximum: 100) }
        let number = try changes.number.map(Validation.number)
        let detail = try changes.positionDetail.map(Self.positionDetail)
        let born = try changes.birthDate.map(Validation.birthDate)
        let notes = try changes.notes.map { try Validation.optionalText($0, field: "notes", maximum: 2000) }
        let photo = try changes.photo.map(Validation.photo)
        return try store.write { db in
            var player = try db.squads.player(id: id)
            try Self.check(db, player, actor: actor, needs: .editor)
            player.firstName = firstName ?? player.firstName
            player.surnames = surnames ?? player.surnames
            player.position = changes.position ?? player.position
            if let detail { player.positionDetail = detail }
            if let born { player.birthDate = born }
            if let notes { player.notes = notes }
            try db.squads.update(player)
            if let photo {
                try db.squads.setPhoto(photo, player: id)
            }
            if let number, number != player.number, let teamID = player.teamID {
                try Self.checkNumberFree(db, team: teamID, number: number, except: id)
                try db.squads.setNumber(number, player: id)
            }
            return try db.squads.player(id: id)
        }
    }

    /// Moves a player to another team with a number there; the spell in the old team is kept
    /// as history. Needs owner or editor on both teams; and unless the actor owns the player's
    /// team, its owner must be owner or editor of the new team too, so that an editor cannot
    /// take a player out of the owner's sight.
    @discardableResult
    public func move(_ actor: ActingUser, player id: Int64, to team: TeamReference, number: Int) throws -> Player {
        let number = try Validation.number(number)
        return try store.write { db in
            let player = try db.squads.player(id: id)
            try Self.check(db, player, actor: actor, needs: .editor)
            let (teamID, _) = try Teams.resolve(db, team, for: actor, needs: .editor)
            guard teamID != player.teamID else {
                throw ClubError.invalid(field: "team", message: "the player is already in team \(team)")
            }
            if let fromID = player.teamID {
                try Self.checkOwnerKeepsSight(db, from: fromID, to: teamID, actor: actor)
            }
            try Self.checkNumberFree(db, team: teamID, number: number, except: nil)
            let now = Date()
            try db.squads.leaveTeam(player: id, at: now)
            try db.squads.join(player: id, team: teamID, number: number, at: now)
            return try db.squads.player(id: id)
        }
    }

    /// Deletes a player and their history.
    public func delete(_ actor: ActingUser, player id: Int64) throws {
        try store.write { db in
            try Self.check(db, try db.squads.player(id: id), actor: actor, needs: .editor)
            try db.squads.delete(player: id)
        }
    }

    // MARK: - Helpers

    /// The actor's right on the player's current team; a player the actor cannot see is
    /// reported as not found.
    static func check(_ db: StoreTransaction, _ player: Player, actor: ActingUser, needs: TeamRole) throws {
        guard let teamID = player.teamID else { throw ClubError.notFound(kind: "player", reference: String(player.id)) }
        do {
            _ = try Teams.resolve(db, .id(teamID), for: actor, needs: needs)
        } catch ClubError.notFound {
            throw ClubError.notFound(kind: "player", reference: String(player.id))
        }
    }

    /// Refuses a move by someone other than the old team's owner into a team that owner
    /// cannot edit.
    static func checkOwnerKeepsSight(_ db: StoreTransaction, from: Int64, to: Int64, actor: ActingUser) throws {
        let from = try db.teams.team(id: from)
        guard from.owner.lowercased() != actor.username.lowercased() else { return }
        // The old team's owner's role on the new team: owner, or editor, keeps sight.
        let ownerRole = try db.teams.ownerID(of: from.id).flatMap { try db.teams.visible(.id(to), to: $0).first?.role }
        guard let ownerRole, ownerRole >= .editor else {
            throw ClubError.permissionDenied(
                "only \(from.owner), the owner of team '\(from.name)', may move its players to a team \(from.owner) cannot edit")
        }
    }

    static func checkNumberFree(_ db: StoreTransaction, team: Int64, number: Int, except player: Int64?) throws {
        if let (first, last) = try db.squads.holder(of: number, team: team, except: player) {
            throw ClubError.conflict(field: "number", message: "\(number) is already worn by \(first) \(last) in this team")
        }
    }

    /// An optional position detail such as `RB`: 1 to 10 letters, upper-cased.
    static func positionDetail(_ text: String?) throws -> String? {
        guard let text, !text.isEmpty else { return nil }
        guard text.count <= 10, text.allSatisfy({ $0.isLetter || $0.isNumber }) else {
            throw ClubError.invalid(field: "position", message: "'\(text)' is not a position detail like RB")
        }
        return text.uppercased()
    }
}
