/// Every result of a season as a grid: rows are home teams, columns away teams.
public struct ResultsGrid: Sendable, Hashable, Codable {
    /// The teams, in the order of the rows and columns.
    public var teams: [String]
    /// `cells[row][column]`: the scores of the matches between them (usually one, two in a
    /// league that meets twice at the same ground), empty when they have not played.
    public var cells: [[[Score]]]

    /// The grid of `season`'s counted results, teams in `order` (the table's order, say) or
    /// the season's own.
    public init(season: Season, order: [String]? = nil) {
        teams = order ?? season.teams
        let index = Dictionary(teams.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var cells = Array(repeating: Array(repeating: [Score](), count: teams.count), count: teams.count)
        for match in StatisticsEngine.ordered(season.matches) {
            guard let score = match.result, let home = index[match.home], let away = index[match.away] else { continue }
            cells[home][away].append(score)
        }
        self.cells = cells
    }

    /// The cell's text: `2-1`, several joined by a space, or empty.
    public func text(row: Int, column: Int) -> String {
        cells[row][column].map(\.description).joined(separator: " ")
    }
}
