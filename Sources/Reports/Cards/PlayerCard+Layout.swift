import Canvas
import League

extension PlayerCard {
    /// Where everything on a card goes, in points from the card's top-left corner.
    enum Layout {
        static let bounds = Rect(x: 0, y: 0, width: PlayerCard.width, height: PlayerCard.height)
        static let cornerRadius = 9.0
        /// The team's name and the season, on the frame above the panel.
        static let headerBaseline = 17.0
        static let headerInset = 12.0
        /// The light panel inside the coloured frame.
        static let panel = Rect(x: 7, y: 25, width: 166, height: 220)
        static let panelRadius = 5.0
        static let photo = Rect(x: 12, y: 30, width: 156, height: 120)
        static let photoRadius = 3.0
        /// A thin stripe in the team's colours under the photo.
        static let stripe = Rect(x: 12, y: 150, width: 156, height: 2.5)
        static let badgeCenter = Point(x: 33, y: 51)
        static let badgeRadius = 16.0
        static let name = Rect(x: 12, y: 155, width: 156, height: 28)
        static let nameOneLine: ClosedRange<Double> = 9...14
        static let nameTwoLines: ClosedRange<Double> = 8...11
        static let positionBaseline = 192.0
        static let statistics = Rect(x: 12, y: 198, width: 156, height: 42)
        static let cellGap = 2.0

        /// The statistics cells: three on the first row, two on the second.
        static var cells: [Rect] {
            let rowHeight = (statistics.height - cellGap) / 2
            let first = (statistics.width - 2 * cellGap) / 3, second = (statistics.width - cellGap) / 2
            let top = (0..<3).map { column in
                Rect(x: statistics.minX + Double(column) * (first + cellGap), y: statistics.minY, width: first, height: rowHeight)
            }
            let bottom = (0..<2).map { column in
                Rect(x: statistics.minX + Double(column) * (second + cellGap), y: statistics.minY + rowHeight + cellGap,
                     width: second, height: rowHeight)
            }
            return top + bottom
        }
    }

    /// What one statistics cell shows.
    enum StatisticValue: Equatable {
        case count(Int)
        /// Yellow and red cards, drawn as two small cards with their counts.
        case cards(yellow: Int, red: Int)
    }

    /// The statistics cells in order, with their labels: appearances, minutes, goals,
    /// assists, cards; for goalkeepers clean sheets and goals conceded replace goals and assists.
    func statisticCells(language: CardLanguage) -> [(label: String, value: StatisticValue)] {
        let labels = language.labels, numbers = statistics
        let middle: [(String, StatisticValue)] = isGoalkeeper
            ? [(labels.cleanSheets, .count(numbers.cleanSheets)), (labels.goalsConceded, .count(numbers.goalsConceded))]
            : [(labels.goals, .count(numbers.goals)), (labels.assists, .count(numbers.assists))]
        return [(labels.appearances, .count(numbers.appearances)), (labels.minutes, .count(numbers.minutes))]
            + middle + [(labels.cards, .cards(yellow: numbers.yellowCards, red: numbers.redCards))]
    }

    /// The name in the name box: one line shrunk to fit, else two lines, else cut short.
    func nameBlock(measure: (String, Double) -> Double) -> TextFitting.Block {
        TextFitting.block(name, width: Layout.name.width, oneLine: Layout.nameOneLine, twoLines: Layout.nameTwoLines,
                          measure: measure)
    }

    /// "Forward · LW" in `language`, upper-cased.
    func positionLine(language: CardLanguage) -> String {
        let name = language.name(of: position)
        return (positionDetail.map { "\(name) · \($0)" } ?? name).uppercased()
    }
}
