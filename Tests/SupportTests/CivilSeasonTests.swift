import Support
import Testing

/// ``CivilSeason``: one season rule, `2025` the calendar year, `2024/25` from 1 July to 30 June.
@Suite struct CivilSeasonTests {
    @Test("Labels in every written form come out one way")
    func normalisesLabels() {
        for text in ["2024/25", "2024/2025", "2024-25", "2024-2025"] {
            #expect(CivilSeason(text) == CivilSeason(startingIn: 2024), "\(text)")
            #expect(CivilSeason(text)?.label == "2024/25", "\(text)")
        }
        #expect(CivilSeason("2025") == CivilSeason(year: 2025))
        #expect(CivilSeason("2025")?.label == "2025")
        #expect(CivilSeason("1999/00")?.label == "1999/00")
        #expect(CivilSeason("1999/2000")?.label == "1999/00")
        #expect(CivilSeason("2009/10")?.endYear == 2010)
        #expect(CivilSeason("2025") != CivilSeason("2025/26"))
        #expect(CivilSeason("2024/25"[...])?.description == "2024/25")
    }

    @Test("Anything else is not a season")
    func refusesOtherText() {
        for bad in ["", "24/25", "2024/26", "2024/24", "2024/2026", "2024/5", "2024/025", "2024/", "/25", "2024/25/26",
                    "2024 / 25", " 2024/25", "2024/25 ", "2024.25", "２０２５", "+2025", "-2025", "20255", "202",
                    "2024–25", "season 2024", "imported"] {
            #expect(CivilSeason(bad) == nil, "\(bad)")
        }
    }

    @Test("Years run from 1850 to 2200")
    func yearsInRange() {
        #expect(CivilSeason("1850") != nil && CivilSeason("2200") != nil && CivilSeason("2200/01") != nil)
        #expect(CivilSeason("1849") == nil && CivilSeason("2201") == nil && CivilSeason("1849/50") == nil)
        #expect(CivilSeason(year: 10_000) == nil && CivilSeason(startingIn: 0) == nil)
        #expect(CivilSeason("0000") == nil && CivilSeason("9999/00") == nil)
    }

    @Test("A split season runs from 1 July to 30 June; a year from 1 January to 31 December")
    func spans() throws {
        let split = try #require(CivilSeason("2024/25"))
        #expect(split.firstDay.description == "2024-07-01" && split.lastDay.description == "2025-06-30")
        let year = try #require(CivilSeason("2024"))
        #expect(year.firstDay.description == "2024-01-01" && year.lastDay.description == "2024-12-31")
        // The days on either side of the edges.
        for (text, inSplit) in [("2024-06-30", false), ("2024-07-01", true), ("2025-02-28", true), ("2025-06-30", true),
                                ("2025-07-01", false)] {
            #expect(split.contains(try #require(CivilDate(text))) == inSplit, "\(text)")
        }
        let leapDay = try #require(CivilDate("2024-02-29")), newYear = try #require(CivilDate("2025-01-01"))
        #expect(year.contains(leapDay) && !year.contains(newYear))
        #expect(try #require(CivilSeason("2023/24")).contains(try #require(CivilDate("2024-02-29"))))
    }

    @Test("Which season a date falls in, and which year a month of a season is in")
    func containingAndMonths() throws {
        let march = try #require(CivilDate("2025-03-01")), july = try #require(CivilDate("2025-07-01"))
        let june = try #require(CivilDate("2025-06-30"))
        #expect(CivilSeason(containing: march, split: true)?.label == "2024/25")
        #expect(CivilSeason(containing: june, split: true)?.label == "2024/25")
        #expect(CivilSeason(containing: july, split: true)?.label == "2025/26")
        #expect(CivilSeason(containing: march, split: false)?.label == "2025")
        #expect(CivilSeason(containing: try #require(CivilDate("1850-03-01")), split: true) == nil)
        // Containing and contains agree on every day of a leap season.
        let season = try #require(CivilSeason("2023/24"))
        var day = season.firstDay
        while day <= season.lastDay {
            #expect(CivilSeason(containing: day, split: true) == season)
            #expect(season.year(ofMonth: day.month) == day.year)
            day = try #require(day.adding(days: 1))
        }
        #expect(try #require(CivilSeason("2014")).year(ofMonth: 7) == 2014)
    }

    @Test("A title names its last season-like word")
    func titles() {
        #expect(CivilSeason.named(inTitle: "English Premier League 2022/23")?.label == "2022/23")
        #expect(CivilSeason.named(inTitle: "Premier League 2009-10")?.label == "2009/10")
        #expect(CivilSeason.named(inTitle: "Bundesliga 2023/2024")?.label == "2023/24")
        #expect(CivilSeason.named(inTitle: "World Cup 2018")?.label == "2018")
        #expect(CivilSeason.named(inTitle: "Serie A 2022/23 Round 1")?.label == "2022/23")
        #expect(CivilSeason.named(inTitle: "Liga 3") == nil)
        #expect(CivilSeason.named(inTitle: "") == nil)
    }

    @Test("Seasons sort by their first day")
    func order() throws {
        let seasons = ["2025", "2024/25", "2024", "2023/24"].compactMap { CivilSeason($0) }
        #expect(seasons.sorted().map(\.label) == ["2023/24", "2024", "2024/25", "2025"])
    }
}
