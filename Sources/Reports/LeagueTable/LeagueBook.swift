import League

/// A printed league book: for each league its table, then the pages asked for (home and away
/// tables, the results grid, the top scorers, the discipline table), one chapter per league,
/// bound in a ``PrintBook``.
///
/// Every page stops where the table does: with a matchday or a date, the grid, the player
/// lists, the deductions and the "after" line all come from the season cut there
/// (`Season.cut(matchday:asOf:)`). A table of every match carries the league's zones and
/// deductions; a home or away table carries neither. The grid lists the teams in the first
/// table's order.
///
/// ```swift
/// let dossier = try leagues.dossier(.name("La Liga"))          // Club's Leagues service
/// let book = try LeagueBook(matchday: 19, pages: [.grid, .scorers]).book([dossier])
/// try book.pdf().write(to: url)
/// ```
public struct LeagueBook: Sendable {
    /// The pages that may follow a league's table.
    public enum Page: String, Sendable, Hashable, CaseIterable {
        case home, away, grid, scorers, discipline
    }

    /// Which matches the main table counts.
    public var venue: Venue
    /// Print the league as it stood after this matchday.
    public var matchday: Int?
    /// Print the league as it stood on this date, `YYYY-MM-DD`.
    public var asOf: String?
    /// The pages after each table, in order.
    public var pages: [Page]
    /// How many places the player lists show (ties at the cut stay).
    public var top: Int
    public var paper: PaperSize
    /// Turn the paper on its side.
    public var landscape: Bool

    public init(venue: Venue = .all, matchday: Int? = nil, asOf: String? = nil, pages: [Page] = [], top: Int = 30,
                paper: PaperSize = .a4, landscape: Bool = false) {
        self.venue = venue
        self.matchday = matchday
        self.asOf = asOf
        self.pages = pages
        self.top = top
        self.paper = paper
        self.landscape = landscape
    }

    /// The leagues, a chapter each, in one book titled after the league when there is one,
    /// else "League tables".
    ///
    /// - Throws: ``PrintError`` when the paper cannot hold a page, or without leagues.
    public func book(_ leagues: [LeagueDossier]) throws -> PrintBook {
        let chapters = try leagues.map(chapter)
        return try PrintBook(title: chapters.count == 1 ? chapters[0].title : "League tables", chapters: chapters)
    }

    /// One league's chapter: its table, then the extra pages in the order asked for.
    public func chapter(_ league: LeagueDossier) throws -> PrintBook.Chapter {
        let season = league.season.cut(matchday: matchday, asOf: asOf)
        let progress = season.progressLabel(matchday: matchday, asOf: asOf)
        let zones = TableZone.zones(league.zones)
        func table(_ venue: Venue) throws -> LeagueTableDocument {
            try LeagueTableDocument(
                standings: league.table(venue: venue, matchday: matchday, asOf: asOf), title: league.name,
                season: league.seasonLabel, heading: Self.heading(venue), asOf: progress,
                deductions: venue == .all ? season.deductions : [], zones: venue == .all ? zones : [],
                paper: paper, landscape: landscape)
        }
        let main = try table(venue)
        let players = pages.contains(.scorers) || pages.contains(.discipline) ? StatisticsEngine.players(in: season.matches) : []
        var sections: [any PrintSection] = [main]
        for page in pages {
            switch page {
            case .home: sections.append(try table(.home))
            case .away: sections.append(try table(.away))
            case .grid:
                let grid = ResultsGrid(season: season, order: main.standings.rows.map(\.team))
                sections.append(try ResultsGridDocument(grid: grid, title: league.name, season: league.seasonLabel,
                                                        asOf: progress, paper: paper, landscape: landscape))
            case .scorers:
                sections.append(try PlayerListDocument.scorers(players, title: league.name, season: league.seasonLabel,
                                                               asOf: progress, limit: top, paper: paper, landscape: landscape))
            case .discipline:
                sections.append(try PlayerListDocument.discipline(players, title: league.name, season: league.seasonLabel,
                                                                  asOf: progress, limit: top, paper: paper,
                                                                  landscape: landscape))
            }
        }
        return PrintBook.Chapter(title: "\(league.name) \(league.seasonLabel)", sections: sections)
    }

    /// The season line's addition for a table of `venue`'s matches.
    static func heading(_ venue: Venue) -> String? {
        switch venue {
        case .all: return nil
        case .home: return "Home matches"
        case .away: return "Away matches"
        }
    }
}
