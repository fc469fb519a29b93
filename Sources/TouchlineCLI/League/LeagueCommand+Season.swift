import ArgumentParser
import Club
import Foundation
import League

/// The season's commands: fixtures, results, the table, deductions and player statistics.
extension LeagueCommand {
    struct Fixtures: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fixtures",
            abstract: "List a league's fixtures, or generate the round robin (owner and editors).",
            discussion: """
                --generate schedules every team against every other by the circle method (twice, \
                once at each ground, unless --single), replacing the matches without a result and \
                keeping those with one. It prints the breaks (two home or two away matches running) \
                and the longest home and away runs. --seed shuffles the teams first, the same way \
                every time.

                Examples:
                  touchline league fixtures 'Liga Amigos' --generate --second-half french \\
                    --seed 7 --start 2024-09-14
                  touchline league fixtures 'Liga Amigos' --matchday 3 --json
                """)
        @Argument(help: "The league's id or name.") var league: String
        @Flag(help: "Generate the fixtures.") var generate = false
        @Flag(help: "With --generate: each pair meets once (default: twice).") var single = false
        @Option(help: ArgumentHelp("With --generate: the second half's order, mirrored (default), french or english.",
                                   valueName: "order"))
        var secondHalf: FixtureOptions.SecondHalf?
        @Option(help: "With --generate: shuffle the teams with this seed first.") var seed: UInt64?
        @Option(help: ArgumentHelp("With --generate: the first matchday's date, YYYY-MM-DD.", valueName: "date")) var start: String?
        @Option(help: ArgumentHelp("With --generate: days between matchdays (default: 7).", valueName: "days")) var interval: Int?
        @Option(help: "List one matchday only.") var matchday: Int?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            if !generate, single || secondHalf != nil || seed != nil || start != nil || interval != nil {
                throw ValidationError("--single, --second-half, --seed, --start and --interval go with --generate")
            }
            if generate, matchday != nil { throw ValidationError("--matchday lists fixtures; leave it out with --generate") }
        }

        func run() throws {
            let reference = LeagueReference(league)
            guard generate else {
                let matches = try club.viewingLeagues().matches(reference, matchday: matchday)
                if output.json { return try Output.json(matches) }
                return LeagueOutput.fixtures(matches, empty: "no fixtures")
            }
            var options = FixtureOptions(rounds: single ? .single : .double, secondHalf: secondHalf ?? .mirrored,
                                         seed: seed, startDate: start)
            if let interval { options.intervalDays = interval }
            let (store, actor) = try club.session()
            let leagues = Leagues(store: store, viewer: actor)
            let fixtures = try leagues.generateFixtures(actor, reference, options: options)
            if output.json { return try Output.json(FixturesReport(fixtures, matches: try leagues.matches(reference))) }
            let home = fixtures.longestHomeRun, away = fixtures.longestAwayRun
            print("generated \(fixtures.matches.count) matches over \(fixtures.rounds) matchdays for \(fixtures.teams.count) teams")
            let byTeam = fixtures.teams.compactMap { team in
                fixtures.breaksByTeam[team].flatMap { $0 > 0 ? "\(team) \($0)" : nil }
            }
            print("breaks: \(fixtures.breaks)" + (byTeam.isEmpty ? "" : " (\(byTeam.joined(separator: ", ")))"))
            print("longest home run: \(home.length) (\(home.team), from matchday \(home.firstMatchday))")
            print("longest away run: \(away.length) (\(away.team), from matchday \(away.firstMatchday))")
            for day in fixtures.byes.keys.sorted() {
                if let team = fixtures.byes[day] { print("matchday \(day): \(team) rests") }
            }
            if !fixtures.unplacedResults.isEmpty {
                print("\(fixtures.unplacedResults.count) results kept outside the schedule (their pairing is no longer in it)")
            }
        }
    }

    struct Results: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "results",
            abstract: "List the results that count (played and awarded matches).",
            discussion: """
                Example:
                  touchline league results 'Liga Amigos' --matchday 3
                  touchline league results 'Liga Amigos' --grid
                """)
        @Argument(help: "The league's id or name.") var league: String
        @Option(help: "One matchday only.") var matchday: Int?
        @Flag(help: "Show every result as a grid: home teams down, away teams across, in table order.") var grid = false
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            if grid, matchday != nil { throw ValidationError("--grid shows the whole season; leave out --matchday") }
        }

        func run() throws {
            let leagues = try club.viewingLeagues()
            if grid {
                let results = try leagues.resultsGrid(LeagueReference(league))
                if output.json { return try Output.json(results) }
                return LeagueOutput.grid(results)
            }
            let matches = try leagues.results(LeagueReference(league), matchday: matchday)
            if output.json { return try Output.json(matches) }
            LeagueOutput.results(matches, empty: "no results")
        }
    }

    struct Table: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "table",
            abstract: "Print the table, with why each tie-break placed the teams it separated; or print it on paper.",
            discussion: """
                Teams still level after every criterion share a position (=5); when the rules call \
                for a play-off it is noted, as are deductions. --json prints the rows in table order \
                with the notes (higher, lower, criterion and both values) and the play-off groups.

                With --format or -o the table is laid out on paper as PDF, PNG or SVG: the league's \
                zones (see 'touchline league zones') marked and explained, deductions and tie-breaks \
                as numbered footnotes, long tables continued with the header repeated. --pages adds \
                the home and away tables, the results grid, the top scorers and the discipline \
                table. Several leagues go into one PDF with a bookmark each. PNG and SVG write one \
                file per page: table.png, table-2.png...

                Examples:
                  touchline league table 'Liga Amigos'
                  touchline league table 'Liga Amigos' --matchday 19 --home
                  touchline league table 'Liga Amigos' --rules uefa-groups --json
                  touchline league table 'Liga Amigos' --csv > table.csv
                  touchline league table 'La Liga' -o laliga.pdf \\
                    --pages home,away,grid,scorers
                  touchline league table 'La Liga' 'Premier League' -o tables.pdf \\
                    --paper letter
                  touchline league table 'La Liga' --format png -o table.png --landscape
                """)
        @Argument(help: "The league's id or name (several when printing).") var leagues: [String] = []
        @Option(help: ArgumentHelp("Rank by another preset: \(RulePresets.names).", valueName: "preset")) var rules: String?
        @Option(help: ArgumentHelp("The table after the matches up to this date, YYYY-MM-DD.", valueName: "date"),
                transform: MatchArguments.date)
        var asOf: String?
        @Option(help: "The table after this matchday.") var matchday: Int?
        @Flag(help: "Count home matches only.") var home = false
        @Flag(help: "Count away matches only.") var away = false
        @Flag(help: "Print CSV (Position,Team,Played,...) instead of a table.") var csv = false
        @OptionGroup var printing: TablePrintOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            guard !leagues.isEmpty else { throw ValidationError("give a league's id or name") }
            if asOf != nil, matchday != nil { throw ValidationError("give --as-of or --matchday, not both") }
            if home, away { throw ValidationError("give --home or --away, not both") }
            if csv, output.json { throw ValidationError("give --json or --csv, not both") }
            if printing.prints, csv || output.json { throw ValidationError("give --json, --csv or --format, not several") }
            if !printing.prints, leagues.count > 1 { throw ValidationError("several leagues need --format pdf (or png, svg) and -o") }
        }

        func run() throws {
            let leagues = try club.viewingLeagues()
            let venue: Venue = home ? .home : away ? .away : .all
            if printing.prints {
                let printer = TablePrinter(leagues: leagues, options: printing, rules: rules, venue: venue,
                                           matchday: matchday, asOf: asOf)
                for path in try printer.print(self.leagues.map { LeagueReference($0) }) { print("wrote \(path)") }
                return
            }
            let standings = try leagues.table(LeagueReference(self.leagues[0]), rules: rules, venue: venue,
                                              matchday: matchday, asOf: asOf)
            if output.json { return try Output.json(standings) }
            if csv { return LeagueOutput.write(Data(LeagueCSV.table(standings).utf8)) }
            LeagueOutput.standings(standings)
        }
    }

    struct Deduct: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "deduct",
            abstract: "Deduct points from a team (owner and editors); negative points add.",
            discussion: """
                A deduction with --date does not apply to tables as of an earlier date.

                Example:
                  touchline league deduct 'Premier League' --team 'Portsmouth FC' \\
                    --points 9 \\
                    --reason 'Entered administration' --date 2010-03-17
                """)
        @Argument(help: "The league's id or name.") var league: String
        @Option(help: "The team.") var team: String
        @Option(parsing: .unconditional, help: "Points to deduct, -100 to 100 but not 0.") var points: Int
        @Option(help: "Why.") var reason: String
        @Option(help: ArgumentHelp("When it was decided, YYYY-MM-DD.", valueName: "date")) var date: String?
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Leagues(store: store).deduct(actor, LeagueReference(league), team: team,
                                             points: points, reason: reason, date: date)
            let amount = abs(points) == 1 ? "1 point" : "\(abs(points)) points"
            print(points > 0 ? "deducted \(amount) from \(team) in league \(league)"
                             : "added \(amount) to \(team) in league \(league)")
        }
    }

    struct Scorers: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "scorers",
            abstract: "List the players with goals or assists: by goals, then assists.",
            discussion: """
                Own goals count for the team, not the player.

                Example:
                  touchline league scorers 'Liga Amigos' --json
                """)
        @Argument(help: "The league's id or name.") var league: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let players = try club.viewingLeagues().scorers(LeagueReference(league))
            if output.json { return try Output.json(players) }
            LeagueOutput.scorers(players)
        }
    }

    struct Discipline: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "discipline",
            abstract: "List the players with cards: most reds, then most yellows.",
            discussion: """
                A second yellow counts as a red.

                Example:
                  touchline league discipline 'Liga Amigos'
                """)
        @Argument(help: "The league's id or name.") var league: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let players = try club.viewingLeagues().discipline(LeagueReference(league))
            if output.json { return try Output.json(players) }
            LeagueOutput.discipline(players)
        }
    }
}
