import Canvas
import League

/// A band of positions in a league table (promotion, play-offs, relegation...): a mark shown
/// in a narrow column so the zone reads in black and white, and a light tint behind its rows.
public struct TableZone: Sendable, Hashable {
    public var name: String
    public var positions: ClosedRange<Int>
    /// A letter or symbol, e.g. "C", "P", "R", "▲".
    public var mark: String
    public var tint: Color

    public init(name: String, positions: ClosedRange<Int>, mark: String,
                tint: Color = Color(red: 0.88, green: 0.93, blue: 1)) {
        self.name = name
        self.positions = positions
        self.mark = mark
        self.tint = tint
    }

    /// A league's zone, tinted by its kind: gold for the title, green for promotion, blues for
    /// Europe (lighter for each further European zone), yellow for play-offs, red for
    /// relegation. Tints stay light so the text over them prints well in black and white.
    public init(_ zone: LeagueZone, europeanRank: Int = 0) {
        let tint: Color
        switch zone.kind {
        case .champion: tint = Color(red: 1, green: 0.90, blue: 0.62)
        case .promotion: tint = Color(red: 0.80, green: 0.93, blue: 0.80)
        case .europe:
            let lighter = Double(min(europeanRank, 3)) * 0.05
            tint = Color(red: 0.78 + lighter, green: 0.87 + lighter / 2, blue: 1)
        case .playoff: tint = Color(red: 1, green: 0.96, blue: 0.75)
        case .relegation: tint = Color(red: 0.98, green: 0.82, blue: 0.82)
        }
        self.init(name: zone.name, positions: zone.positions, mark: zone.mark, tint: tint)
    }

    /// A league's zones for a printed table, each European zone a shade lighter than the last.
    public static func zones(_ zones: [LeagueZone]) -> [TableZone] {
        var europe = 0
        return zones.map { zone in
            defer { if zone.kind == .europe { europe += 1 } }
            return TableZone(zone, europeanRank: zone.kind == .europe ? europe : 0)
        }
    }
}
