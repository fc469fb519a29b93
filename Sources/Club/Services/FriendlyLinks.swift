import Foundation
import League
import Support

/// Which club teams played a friendly: each side of a friendly is linked to the club team of
/// that name (ignoring case, accents and repeated spaces) that its recorder owns or holds a role
/// on, of the season the match's date falls in (the newest season for an undated match), the
/// recorder's own teams first. A friendly is linked when it is recorded; a user's unlinked
/// friendlies are linked again when they create a team, when a team they own or hold a role on
/// is renamed or moved to another season, and when they are given a role. Deleting a club team
/// deletes the friendlies no other club team is linked to, as it deletes its players: they are
/// that team's record (the schema's `team_friendlies` trigger). Cards count a friendly by this link.
enum FriendlyLinks {
    /// Links the unlinked friendlies recorded by the owner of team `id` or anyone with a role on
    /// it: after the team's name or season changed, or a role was given.
    static func link(_ db: StoreTransaction, peopleOfTeam id: Int64) throws {
        try link(db, .recordedByPeopleOf(team: id))
    }

    /// Links the unlinked friendlies `user` recorded: after they created a team or were given a role.
    static func link(_ db: StoreTransaction, recordedBy user: Int64) throws {
        try link(db, .recordedBy(user))
    }

    /// Links the sides of the unlinked friendlies that `selection` names to their club teams.
    static func link(_ db: StoreTransaction, _ selection: FriendlyLinkStore.Selection) throws {
        let friendlies = try db.friendlyLinks.unlinked(selection)
        var teamsByRecorder: [Int64: [Candidate]] = [:]
        for friendly in friendlies {
            let recorder = friendly.recordedBy
            if teamsByRecorder[recorder] == nil { teamsByRecorder[recorder] = try candidates(db, user: recorder) }
            let teams = teamsByRecorder[recorder] ?? []
            let home = friendly.homeTeamID ?? team(named: friendly.home, on: friendly.date, among: teams)
            let away = friendly.awayTeamID ?? team(named: friendly.away, on: friendly.date, among: teams)
            guard home != nil || away != nil else { continue }
            try db.friendlyLinks.link(friendly: friendly.id, home: home, away: away)
        }
    }

    /// A club team a side may be linked to.
    private struct Candidate {
        var id: Int64
        /// The name folded as ``NameKey`` folds it.
        var key: String
        /// The team's season; nil for one the rule cannot read (none can be stored), which
        /// holds no date.
        var season: CivilSeason?
    }

    /// The club teams `user` owns or holds a role on: their own first, then newest season first.
    private static func candidates(_ db: StoreTransaction, user: Int64) throws -> [Candidate] {
        try db.friendlyLinks.candidates(for: user).map { team in
            Candidate(id: team.id, key: NameKey.of(team.name), season: CivilSeason(team.season))
        }
    }
    /// The id of the team of `name` whose season holds `date` (any season when undated: the
    /// first, so the newest).
    private static func team(named name: String, on date: String?, among teams: [Candidate]) -> Int64? {
        let key = NameKey.of(name)
        return teams.first { team in
            team.key == key && date.map { text in CivilDate(text).map { team.season?.contains($0) == true } ?? false } ?? true
        }?.id
    }
}
