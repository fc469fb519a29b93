import Canvas
import Foundation
import League

/// A ranked list of players on paper: the top scorers or the discipline table, ranked by
/// ``PlayerRanking``. Players level on every ranking number share a position ("=4"); a list
/// cut at `limit` keeps everyone tied with the last place.
public struct PlayerListDocument: PrintSection {
    /// A numeric column: its header and how to read it from a player's statistics.
    struct Column: Sendable {
        var title: String
        var value: @Sendable (PlayerStatistics) -> Int
    }

    public let title: String
    public let season: String
    /// "Top scorers", "Discipline".
    public let heading: String
    public let asOf: String?
    public let paper: PaperSize
    /// The players shown, in order, with their positions.
    public let entries: [RankedPlayer]
    /// What the page says when no player qualifies.
    let emptyText: String
    let columns: [Column]
    let layout: Layout

    /// The top scorers (``PlayerRanking/scorers``): by goals, then assists; players without
    /// either are left out.
    public static func scorers(_ players: [PlayerStatistics], title: String, season: String, asOf: String? = nil,
                               limit: Int = 30, paper: PaperSize = .a4, landscape: Bool = false) throws -> PlayerListDocument {
        try PlayerListDocument(
            PlayerRanking.scorers.entries(players, limit: limit), title: title, season: season,
            heading: "Top scorers", asOf: asOf, paper: paper, landscape: landscape,
            emptyText: "No goals recorded yet.",
            columns: [Column(title: "Goals", value: \.goals), Column(title: "Assists", value: \.assists),
                      Column(title: "Apps", value: \.appearances), Column(title: "Minutes", value: \.minutes)])
    }

    /// The discipline table (``PlayerRanking/discipline``): by red cards (second yellows
    /// included), then yellow cards; players without a card are left out.
    public static func discipline(_ players: [PlayerStatistics], title: String, season: String, asOf: String? = nil,
                                  limit: Int = 30, paper: PaperSize = .a4, landscape: Bool = false) throws -> PlayerListDocument {
        try PlayerListDocument(
            PlayerRanking.discipline.entries(players, limit: limit),
            title: title, season: season, heading: "Discipline", asOf: asOf, paper: paper,
            landscape: landscape, emptyText: "No cards recorded yet.",
            columns: [Column(title: "Red", value: \.redCards), Column(title: "Yellow", value: \.yellowCards),
                      Column(title: "Apps", value: \.appearances)])
    }

    private init(_ entries: [RankedPlayer], title: String, season: String, heading: String, asOf: String?,
                 paper: PaperSize, landscape: Bool, emptyText: String, columns: [Column]) throws {
        self.title = title
        self.season = season
        self.heading = heading
        self.asOf = asOf
        self.paper = landscape ? paper.landscape : paper
        self.emptyText = emptyText
        self.columns = columns
        self.entries = entries
        layout = try Layout(paper: self.paper, heading: PageHeading(title: title, subtitle: "\(season) · \(heading)", note: asOf),
                            rows: entries.count, numericColumns: columns.count)
    }

    public var bookmark: String { heading }
    public var pageCount: Int { layout.pages.count }

    struct Layout: Sendable {
        static let headerHeight = 18.0
        static let rowHeight = 15.0
        static let positionWidth = 28.0
        static let numericWidth = 46.0
        static let minimumNameWidth = 60.0

        var heading: PageHeading
        var playerWidth: Double
        var teamWidth: Double
        var pages: [RowPagination.Page]

        init(paper: PaperSize, heading: PageHeading, rows: Int, numericColumns: Int) throws {
            self.heading = heading
            let names = paper.width - 2 * PageHeading.margin - Self.positionWidth - Double(numericColumns) * Self.numericWidth
            playerWidth = names * 0.55
            teamWidth = names - playerWidth
            guard teamWidth >= Self.minimumNameWidth else {
                throw PrintError.paperTooSmall(width: paper.width, height: paper.height, what: "the list's columns")
            }
            pages = try RowPagination(
                firstTop: heading.contentTop(page: 0), nextTop: heading.contentTop(page: 1),
                bottom: PageHeading.contentBottom(paper), headerHeight: Self.headerHeight, rowHeight: Self.rowHeight,
                lineHeight: 12, footerGap: 10
            ).pages(rows: rows, footerLines: rows == 0 ? 1 : 0, paper: paper)
        }
    }
}
