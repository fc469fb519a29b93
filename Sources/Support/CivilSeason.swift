/// A football season as a span of the calendar, named by its label: a calendar year (`2025`,
/// 1 January to 31 December) or a season across two years (`2024/25`, 1 July 2024 to
/// 30 June 2025).
///
/// One rule for every part of Touchline: club teams' seasons, the dates of friendlies that
/// count on a team's cards, the season an imported league is filed under, and the year of a
/// Football.TXT date written without one (`[Sat Aug/15]` under `= Premier League 2009/10`).
/// A split season starts on 1 July, when registrations, contracts and most European seasons
/// turn over, so a July match is dated in the first year (leagues that kick off in July, such as
/// Austria's or Switzerland's) and a June match in the second.
///
/// Labels are read in the forms people write and always written one way:
///
/// | written | label |
/// |---|---|
/// | `2025` | `2025` |
/// | `2024/25`, `2024/2025`, `2024-25`, `2024-2025` | `2024/25` |
/// | `1999/00`, `1999/2000` | `1999/00` |
///
/// Years run from 1850 (the first football clubs) to 2200; a split season's second year must
/// follow its first (`2024/26` and `2024/24` are not seasons).
///
/// ```swift
/// let season = CivilSeason("2024/2025")             // 2024/25
/// season?.firstDay.description                      // "2024-07-01"
/// season?.lastDay.description                       // "2025-06-30"
/// CivilSeason(containing: CivilDate(year: 2025, month: 3, day: 1)!, split: true)?.label  // "2024/25"
/// CivilSeason.named(inTitle: "English Premier League 2009-10")?.label                  // "2009/10"
/// ```
///
/// Not to be confused with League's `Season`, a competition's teams and matches: this is only
/// when a season happens.
public struct CivilSeason: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year the season starts in.
    public let startYear: Int
    /// True for a season across two years (`2024/25`), false for a calendar year (`2025`).
    public let isSplit: Bool

    /// The years a season may start in.
    public static let years: ClosedRange<Int> = 1850...2200
    /// The month a split season starts in (July); it ends with the month before, June.
    public static let splitStartMonth = 7

    /// The calendar year `year` (`2025`), or nil outside ``years``.
    public init?(year: Int) {
        guard Self.years.contains(year) else { return nil }
        startYear = year
        isSplit = false
    }

    /// The split season starting on 1 July of `year` (`2024/25` for 2024), or nil outside ``years``.
    public init?(startingIn year: Int) {
        guard Self.years.contains(year) else { return nil }
        startYear = year
        isSplit = true
    }

    /// The season a label names: `2025`, `2024/25`, `2024/2025`, `2024-25` or `2024-2025`
    /// (ASCII digits, nothing around them); nil for anything else.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "-" })
        guard parts[0].utf8.count == 4, let first = Self.digits(parts[0]) else { return nil }
        switch parts.count {
        case 1:
            self.init(year: first)
        case 2:
            guard let second = Self.digits(parts[1]) else { return nil }
            switch parts[1].utf8.count {
            case 2 where (first + 1) % 100 == second, 4 where first + 1 == second:
                self.init(startingIn: first)
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// The season `date` falls in: its calendar year, or with `split` the season from the
    /// 1 July on or before it (`2025-03-01` is in `2024/25`, `2025-07-01` in `2025/26`); nil
    /// outside ``years``.
    public init?(containing date: CivilDate, split: Bool) {
        guard split else {
            self.init(year: date.year)
            return
        }
        self.init(startingIn: date.month >= Self.splitStartMonth ? date.year : date.year - 1)
    }

    /// The season a title names: its last word that is a season label
    /// (`English Premier League 2022/23` gives `2022/23`, `World Cup 2018` gives `2018`), or nil.
    public static func named(inTitle title: String) -> CivilSeason? {
        for word in title.split(whereSeparator: \.isWhitespace).reversed() {
            if let season = CivilSeason(word) { return season }
        }
        return nil
    }

    /// The year the season ends in: the start year, or the one after for a split season.
    public var endYear: Int { isSplit ? startYear + 1 : startYear }

    /// The season's first day: 1 July of the start year, or 1 January of a calendar year.
    public var firstDay: CivilDate {
        CivilDate(year: startYear, month: isSplit ? Self.splitStartMonth : 1, day: 1) ?? .earliest
    }

    /// The season's last day: 30 June of the end year, or 31 December of a calendar year.
    public var lastDay: CivilDate {
        let month = isSplit ? Self.splitStartMonth - 1 : 12
        return CivilDate(year: endYear, month: month, day: CivilDate.daysIn(month: month, year: endYear)) ?? .latest
    }

    /// True when `date` is one of the season's days.
    public func contains(_ date: CivilDate) -> Bool {
        firstDay <= date && date <= lastDay
    }

    /// The year in which `month` (1 to 12) falls in this season: July to December in the
    /// start year and January to June in the end year of a split season.
    public func year(ofMonth month: Int) -> Int {
        isSplit && month < Self.splitStartMonth ? endYear : startYear
    }

    /// The label, written one way: `2025`, or `2024/25` (two digits for the second year).
    public var label: String {
        guard isSplit else { return String(startYear) }
        let second = endYear % 100
        return "\(startYear)/\(second < 10 ? "0" : "")\(second)"
    }

    /// The ``label``.
    public var description: String { label }

    /// Seasons in order of their first day (the calendar year 2024 before 2024/25).
    public static func < (lhs: CivilSeason, rhs: CivilSeason) -> Bool {
        lhs.firstDay < rhs.firstDay
    }

    /// A whole number of ASCII digits, or nil.
    private static func digits(_ text: some StringProtocol) -> Int? {
        guard !text.utf8.isEmpty, text.utf8.count <= 4 else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
