import Club
import Foundation
import Testing

/// `touchline league` and `touchline match`, end to end on the built binary.
@Suite struct LeagueCommandTests {
    /// The openfootball seasons of the League tests; the repository's root is three folders up.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/LeagueTests/Fixtures")

    /// What `league table --json` prints.
    struct Table: Decodable, Equatable {
        struct Row: Decodable, Equatable {
            var position: Int
            var shared: Bool
            var team: String
            var played: Int
            var goalDifference: Int
            var points: Int
            var deducted: Int
            var form: String
        }

        struct Note: Decodable, Equatable {
            var higher: String
            var lower: String
            var criterion: String
            var higherValue: String
            var lowerValue: String
        }

        var rules: String
        var rows: [Row]
        var notes: [Note]
        var playOffs: [[String]]
    }

    /// What `league fixtures --json` prints, in part.
    struct StoredMatch: Decodable {
        struct Match: Decodable {
            var home: String
            var away: String
            var matchday: Int?
            var status: String
        }

        var id: Int64
        var match: Match
    }

    /// What `league scorers --json` prints, in part.
    struct Scorer: Decodable, Equatable {
        var player: String
        var team: String
        var goals: Int
        var assists: Int
    }

    @Test func aLeagueFromItsTeamsToATableWithItsTieBreaks() throws {
        let club = try ClubScratch()
        #expect(try club.run(["league", "create", "Liga Amigos", "--season", "2024/25", "--kind", "friends",
                              "--rules", "la-liga"], as: "alice").status == 0)
        for team in ["Rayo Vallecano", "Sevilla FC", "Girona FC", "Real Betis"] {
            let added = try club.run(["league", "add-team", "Liga Amigos", team], as: "alice")
            #expect(added.status == 0, "\(added.stderr)")
        }
        // Four teams, one round robin: three matchdays, and the home-and-away report.
        let generated = try club.run(["league", "fixtures", "Liga Amigos", "--generate", "--single", "--seed", "1"], as: "alice")
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(generated.stdout.hasPrefix("generated 6 matches over 3 matchdays for 4 teams\nbreaks: "))
        #expect(generated.stdout.contains("\nlongest home run: 2 ("))
        #expect(generated.stdout.contains("\nlongest away run: 2 ("))
        // --json gives the report with the matches (the same seed makes the same schedule again).
        let report = try #require(try club.json(["league", "fixtures", "Liga Amigos", "--generate", "--single", "--seed", "1"],
                                                as: "alice") as? [String: Any])
        #expect(Set(report.keys) == ["teams", "rounds", "breaks", "breaksByTeam", "longestHomeRun", "longestAwayRun", "byes",
                                     "unplacedResults", "matches"])
        #expect(report["rounds"] as? Int == 3 && (report["matches"] as? [Any])?.count == 6)
        #expect((report["longestHomeRun"] as? [String: Any])?["length"] as? Int == 2)
        let fixtures = try club.decode([StoredMatch].self, ["league", "fixtures", "Liga Amigos", "--json"])
        #expect(fixtures.count == 6)

        /// Enters `a goalsA-goalsB b` on the fixture between the two, whichever is at home.
        func result(_ a: String, _ goalsA: Int, _ goalsB: Int, _ b: String, as user: String = "alice") throws -> Touchline.Result {
            let fixture = try #require(fixtures.first { Set([$0.match.home, $0.match.away]) == [a, b] })
            let score = fixture.match.home == a ? "\(goalsA)-\(goalsB)" : "\(goalsB)-\(goalsA)"
            return try club.run(["match", "result", String(fixture.id), score], as: user)
        }
        // Rayo and Sevilla end level on 4 points; Sevilla has the better goal difference, but
        // La Liga ranks level teams by their meetings first, and Rayo won theirs.
        for (a, goalsA, goalsB, b) in [("Rayo Vallecano", 1, 0, "Sevilla FC"), ("Sevilla FC", 4, 0, "Girona FC"),
                                       ("Rayo Vallecano", 0, 0, "Girona FC"), ("Sevilla FC", 1, 1, "Real Betis")] {
            let entered = try result(a, goalsA, goalsB, b)
            #expect(entered.status == 0, "\(entered.stderr)")
        }
        let text = try club.run(["league", "table", "Liga Amigos"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.split(separator: " ") == ["POS", "TEAM", "P", "W", "D", "L", "GF", "GA", "GD", "PTS", "FORM"])
        #expect(lines.dropFirst().first?.hasPrefix("1    Rayo Vallecano") == true)
        #expect(lines.dropFirst(2).first?.hasPrefix("2    Sevilla FC") == true)
        #expect(lines.contains("Rayo Vallecano above Sevilla FC: head-to-head points 3 to 0"))
        let table = try club.decode(Table.self, ["league", "table", "Liga Amigos", "--json"])
        #expect(table.rules == "la-liga")
        #expect(table.rows.map(\.team) == ["Rayo Vallecano", "Sevilla FC", "Real Betis", "Girona FC"])
        #expect(table.rows.map(\.points) == [4, 4, 1, 1])
        #expect(table.rows.map(\.goalDifference) == [1, 3, 0, -4])
        #expect(table.notes.first == Table.Note(higher: "Rayo Vallecano", lower: "Sevilla FC", criterion: "head-to-head points",
                                                higherValue: "3", lowerValue: "0"))

        // Bad input. A team not in the league, and the same pair twice on a matchday: 65.
        let unknown = try club.run(["match", "add", "--league", "Liga Amigos", "--home", "Rayo Vallecano", "--away", "Elche CF",
                                    "--matchday", "4"], as: "alice")
        #expect(unknown.status == 65)
        #expect(unknown.stderr == "touchline: error: no team in the league 'Elche CF'\n")
        let first = try #require(fixtures.first { $0.match.matchday == 1 })
        let repeated = try club.run(["match", "add", "--league", "Liga Amigos", "--home", first.match.away,
                                     "--away", first.match.home, "--matchday", "1"], as: "alice")
        #expect(repeated.status == 65)
        #expect(repeated.stderr.hasPrefix("touchline: error: match '\(first.match.away) v \(first.match.home) on matchday 1'"))
        // Goals that are not whole numbers from 0 are malformed arguments: usage errors (64)
        // naming the argument, before any database work. (Well-formed scores the rules refuse,
        // such as 1000 goals or half time above full time, are the service's 65.)
        let id = String(first.id)
        for (score, named) in [("2.5", "'2.5' is invalid for '<full-time>'"), ("x-1", "'x-1' is invalid for '<full-time>'"),
                               ("-1", "Missing expected argument '<full-time>'")] {
            let bad = try club.run(["match", "result", id, score], as: "alice")
            #expect(bad.status == 64, "\(score)")
            #expect(bad.stderr.contains(named), "\(bad.stderr)")
        }
        let negative = try club.run(["match", "result", id, "1-0", "--ht", "-1-0"], as: "alice")
        #expect(negative.status == 64)
        #expect(negative.stderr.contains("'-1-0' is invalid for '--ht <score>'"), "\(negative.stderr)")
        // Carol has no right on the league: 77, and the table is as it was.
        let intruder = try result("Rayo Vallecano", 0, 5, "Sevilla FC", as: "carol")
        #expect(intruder.status == 77)
        #expect(intruder.stderr.hasPrefix("touchline: error: permission denied: only the owner and editors of league"))
        #expect(try club.decode(Table.self, ["league", "table", "Liga Amigos", "--json"]) == table)

        // Events feed the statistics.
        let decider = try #require(fixtures.first { Set([$0.match.home, $0.match.away]) == ["Rayo Vallecano", "Sevilla FC"] })
        let goal = try club.run(["match", "event", String(decider.id), "--team", "Rayo Vallecano", "--goal", "Isi Palazón",
                                 "--assist", "Óscar Trejo", "--minute", "90+3"], as: "alice")
        #expect(goal.status == 0, "\(goal.stderr)")
        #expect(goal.stdout == "match \(decider.id): 90+3' Rayo Vallecano: goal Isi Palazón (assist Óscar Trejo) (event 1)\n")
        let scorers = try club.decode([Scorer].self, ["league", "scorers", "Liga Amigos", "--json"])
        #expect(scorers == [Scorer(player: "Isi Palazón", team: "Rayo Vallecano", goals: 1, assists: 0),
                            Scorer(player: "Óscar Trejo", team: "Rayo Vallecano", goals: 0, assists: 1)])
    }

    @Test func joiningALeagueTakesItsPassword() throws {
        let club = try ClubScratch()
        #expect(try club.run(["league", "create", "Liga Amigos", "--season", "2024/25", "--kind", "friends"],
                             as: "alice").status == 0)
        // The password is set through the library with fast hashing (as ClubScratch seeds the
        // users); 'league join' verifies it with the parameters stored in the hash.
        let store = try ClubStore(club.database)
        let hasher = PasswordHasher(parameters: .init(logN: 8, blockSize: 8, parallelism: 1))
        let alice = try Accounts(store: store, hasher: hasher).authenticate(username: "alice", password: "alice-password")
        try Leagues(store: store, hasher: hasher).setPassword(alice, .name("Liga Amigos"), to: "open sesame")

        let wrong = try club.run(["league", "join", "Liga Amigos", "--as", "carol", "--password-stdin", "--league-password-stdin"],
                                 stdin: Data("carol-password\nclose sesame\n".utf8))
        #expect(wrong.status == 77)
        #expect(wrong.stderr == "touchline: error: permission denied: wrong password for league 'Liga Amigos'\n")
        #expect(try club.run(["league", "add-team", "Liga Amigos", "Los Rápidos"], as: "carol").status == 77)
        let right = try Touchline.run(["league", "join", "Liga Amigos", "--as", "carol"],
                                      environment: club.environment.merging(["TOUCHLINE_PASSWORD": "carol-password",
                                                                             "TOUCHLINE_LEAGUE_PASSWORD": "open sesame"]) { $1 })
        #expect(right.status == 0, "\(right.stderr)")
        #expect(right.stdout == "carol is now an editor of league Liga Amigos\n")
        #expect(try club.run(["league", "add-team", "Liga Amigos", "Los Rápidos"], as: "carol").status == 0)
    }

    @Test func importingLaLiga2022ReproducesTheThreeWayTieOn49Points() throws {
        let club = try ClubScratch(users: ["alice"])
        let file = Self.fixtures.appendingPathComponent("football.json/2022-23/es.1.json").path
        let imported = try club.run(["league", "import", file, "--rules", "la-liga"], as: "alice")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "imported league 1: Primera División de España 2022/23 (season 2022/23): 20 teams, 380 matches\n")
        let table = try club.decode(Table.self, ["league", "table", "1", "--json"])
        #expect(table.rows.map(\.position) == Array(1...20))
        let tied = Array(table.rows[9...11])
        #expect(tied.map(\.team) == ["Girona FC", "Rayo Vallecano de Madrid", "Sevilla FC"])
        #expect(tied.map(\.points) == [49, 49, 49])
        #expect(table.notes.contains(Table.Note(higher: "Girona FC", lower: "Rayo Vallecano de Madrid",
                                                criterion: "head-to-head points", higherValue: "8", lowerValue: "6")))
        #expect(table.notes.contains(Table.Note(higher: "Rayo Vallecano de Madrid", lower: "Sevilla FC",
                                                criterion: "head-to-head points", higherValue: "6", lowerValue: "1")))
        let text = try club.run(["league", "table", "Primera División de España 2022/23"])
        #expect(text.stdout.contains("\nRayo Vallecano de Madrid above Sevilla FC: head-to-head points 6 to 1\n"))
    }

    @Test func aDeductionSendsPortsmouthToTheBottom() throws {
        let club = try ClubScratch(users: ["alice"])
        let file = Self.fixtures.appendingPathComponent("football.txt/england/2009-10/1-premierleague.txt").path
        let imported = try club.run(["league", "import", file, "--name", "Premier League"], as: "alice")
        #expect(imported.status == 0, "\(imported.stderr)")
        let deducted = try club.run(["league", "deduct", "Premier League", "--team", "Portsmouth FC", "--points", "9",
                                     "--reason", "Entered administration", "--date", "2010-03-17"], as: "alice")
        #expect(deducted.status == 0, "\(deducted.stderr)")
        let table = try club.decode(Table.self, ["league", "table", "Premier League", "--json"])
        let last = try #require(table.rows.last)
        #expect(last.team == "Portsmouth FC")
        #expect(last.position == 20)
        #expect(last.points == 19)
        #expect(last.deducted == 9)
        let csv = try club.run(["league", "table", "Premier League", "--csv"])
        #expect(csv.status == 0)
        #expect(csv.stdout.hasPrefix("Position,Team,Played,Won,Drawn,Lost,GoalsFor,GoalsAgainst,GoalDifference,Points,Deducted,Form\r\n"))
        #expect(csv.stdout.contains("\r\n20,Portsmouth FC,38,7,7,24,34,66,-32,19,9,"))
        // A league's matches are public: listing them needs no login.
        let listed = try club.run(["match", "list", "--league", "Premier League", "--matchday", "1", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let firstMatchday = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [Any]
        #expect(firstMatchday?.count == 10)
        // The results grid and the statistics over every competition.
        let grid = try club.run(["league", "results", "Premier League", "--grid"])
        #expect(grid.status == 0)
        #expect(grid.stdout.contains("1 Chelsea FC") && grid.stdout.contains("20 Portsmouth FC"))
        let stats = try club.run(["match", "stats", "--team", "Portsmouth FC", "--json"])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("\"cleanSheets\"") && stats.stdout.contains("\"played\" : 38"))
    }

    @Test func aLeagueWithTwoPointsForAWin() throws {
        let club = try ClubScratch(users: ["alice"])
        let created = try club.run(["league", "create", "Veteranos", "--season", "1990", "--kind", "friends",
                                    "--points", "2-1-0", "--json"], as: "alice")
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("\"points\" : \"2-1-0\""))
        let bad = try club.run(["league", "create", "Otra", "--season", "1990", "--kind", "friends", "--points", "1-3-0"],
                               as: "alice")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--points"))
    }

    /// `--as-of` takes a real day written `YYYY-MM-DD` (``CivilDate``), else a usage error.
    @Test func tablesAsOfARealDay() throws {
        let club = try ClubScratch(users: ["alice"])
        let created = try club.run(["league", "create", "Veteranos", "--season", "1990", "--kind", "friends"], as: "alice")
        #expect(created.status == 0, "\(created.stderr)")
        let leap = try club.run(["league", "table", "Veteranos", "--as-of", "2024-02-29"], as: "alice")
        #expect(leap.status == 0, "\(leap.stderr)")
        for bad in ["2023-02-29", "1900-02-29", "2024-2-01", "2024/02/01", "0000-01-01"] {
            let refused = try club.run(["league", "table", "Veteranos", "--as-of", bad], as: "alice")
            #expect(refused.status == 64, "\(bad)")
            #expect(refused.stderr.contains("expected a date YYYY-MM-DD"), "\(refused.stderr)")
        }
    }

    @Test func aMalformedImportCreatesNothingAndSkippedMatchesAreWarnings() throws {
        let club = try ClubScratch(users: ["alice"])
        let before = try club.run(["league", "list", "--json"])
        #expect(before.status == 0)
        let broken = try club.scratch.write("broken.json", """
            {"name": "Broken 2024/25", "matches": [
              {"round": "Matchday 1", "team1": "A", "team2": "B", "score": {"ft": [1, 0]}},
              {"round": "Matchday 1", "team1": "C", "team2": "D", "score": {"ft": [1, -2]}}]}
            """)
        let refused = try club.run(["league", "import", broken], as: "alice")
        #expect(refused.status == 65)
        #expect(refused.stderr.hasPrefix("touchline: error: broken.json: matches[1]"), "\(refused.stderr)")
        #expect(refused.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try club.run(["league", "list", "--json"]).stdout == before.stdout)
        // A match the importer skips is a warning with its line; the rest is imported.
        let csv = try club.scratch.write("amigos.csv", """
            Round,Date,Team 1,FT,Team 2,Status
            Matchday 1,2024-09-01,A,1-0,B,played
            Matchday 1,2024-09-01,C,2-2,D,suspended

            """)
        let imported = try club.run(["league", "import", csv, "--season", "2024/25"], as: "alice")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.hasPrefix("touchline: warning: line 3: "), "\(imported.stderr)")
        #expect(imported.stdout == "imported league 1: amigos (season 2024/25): 2 teams, 1 matches, 1 warnings\n")
    }
}

extension ClubScratch {
    /// Runs a command that needs no login and decodes what it prints.
    func decode<T: Decodable>(_ type: T.Type, _ arguments: [String]) throws -> T {
        let result = try run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(type, from: Data(result.stdout.utf8))
    }
}
