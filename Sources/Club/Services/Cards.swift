import Foundation
import League

/// What player cards are printed from: a player, or a whole squad, with their photos, their
/// team and their statistics in the team's season. Seeing a card needs the same right as
/// seeing the squad (any role on the team); a player or team the actor cannot see is not found.
///
/// The statistics come from every stored match the actor may see (league matches, and the
/// friendlies they recorded) that the player's team played in the team's season, as
/// ``SeasonStatistics`` chooses them. Line-ups and events name players by free text: a squad
/// player is the one whose ``Player/fullName`` ("firstName surnames") the name equals,
/// ignoring case, accents and repeated spaces.
///
/// ```swift
/// let cards = Cards(store: store)
/// let nico = try cards.player(alice, id: 10)
/// print(nico.statistics.goals, nico.team.primaryColor ?? "none")
/// let (team, squad) = try cards.squad(alice, team: .name("Athletic Infantil A"))
/// ```
public struct Cards: Sendable {
    let store: ClubStore

    /// The card service over `store`.
    public init(store: ClubStore) {
        self.store = store
    }

    /// One player, for their card.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for a player the actor cannot see or
    ///   who is in no team.
    public func player(_ actor: ActingUser, id: Int64) throws -> PlayerSeason {
        try store.read { db in
            let player = try db.squads.player(id: id)
            try Squads.check(db, player, actor: actor, needs: .viewer)
            guard let teamID = player.teamID,
                  let season = try Self.seasons(db, of: [player], team: try db.teams.team(id: teamID), actor: actor).first
            else { throw ClubError.notFound(kind: "player", reference: String(id)) }
            return season
        }
    }

    /// A team's current squad, by squad number, for a sheet of cards.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for a team the actor cannot see.
    public func squad(_ actor: ActingUser, team reference: TeamReference) throws -> (team: Team, players: [PlayerSeason]) {
        try store.read { db in
            let (teamID, _) = try Teams.resolve(db, reference, for: actor, needs: .viewer)
            let team = try db.teams.team(id: teamID)
            let players = try db.squads.squad(team: teamID)
            return (team, try Self.seasons(db, of: players, team: team, actor: actor))
        }
    }

    /// `players` (all of `team`) with their photos and statistics, in the same order.
    private static func seasons(_ db: StoreTransaction, of players: [Player], team: Team, actor: ActingUser) throws -> [PlayerSeason] {
        let statistics = try SeasonStatistics.players(db, players, team: team, actor: actor)
        return try players.map { player in
            let photo = try db.squads.photo(player: player.id)
            return PlayerSeason(player: player, photo: photo, team: team,
                                statistics: statistics[player.id] ?? PlayerStatistics(player: player.fullName, team: team.name))
        }
    }
}
