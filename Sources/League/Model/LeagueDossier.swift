/// Everything known about one league's season, as plain values: what a printed league book
/// (its tables, results grid and player lists) is made from, read in one go so that every
/// page describes the same moment.
///
/// ```swift
/// let dossier = LeagueDossier(name: "Liga Amigos", seasonLabel: "2024/25", season: season,
///                             rules: .premierLeague, zones: [LeagueZone(kind: .champion, positions: 1...1)])
/// let afterTen = dossier.table(matchday: 10)
/// ```
public struct LeagueDossier: Sendable, Hashable {
    /// The league's name, e.g. "La Liga".
    public var name: String
    /// The season it plays, e.g. "2022/23".
    public var seasonLabel: String
    /// Its teams, every match (with events) and every deduction, not cut.
    public var season: Season
    /// The rules it is ranked by, with its points system and the seed of any drawing of lots.
    public var rules: RuleSet
    /// Its table zones, in the order they were set.
    public var zones: [LeagueZone]

    public init(name: String, seasonLabel: String, season: Season, rules: RuleSet, zones: [LeagueZone] = []) {
        self.name = name
        self.seasonLabel = seasonLabel
        self.season = season
        self.rules = rules
        self.zones = zones
    }

    /// The table by the league's rules, of `venue`'s matches, after `matchday` or as of `date`
    /// (see ``StandingsEngine/table(for:rules:venue:matchday:asOf:)``).
    public func table(venue: Venue = .all, matchday: Int? = nil, asOf date: String? = nil) -> Standings {
        StandingsEngine.table(for: season, rules: rules, venue: venue, matchday: matchday, asOf: date)
    }
}
