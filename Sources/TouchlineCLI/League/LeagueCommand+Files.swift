import ArgumentParser
import Club
import Foundation
import League

/// Leagues in and out of files: `league import` and `league export`.
extension LeagueCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Create a league you own from a season file: football.json, Football.TXT or CSV.",
            discussion: """
                The format is told from the content. The league is named after the file's title \
                unless --name is given, and its season is the last season the title names, written \
                2022/23 whether the title says 2022-23 or 2022/2023, unless --season is given. \
                Matches the importer skips or doubts are listed on standard error as warnings, \
                with their line; a malformed file is refused as a whole (65) and \
                nothing is created.

                Examples:
                  touchline league import es.1.json --rules la-liga
                  touchline league import 1-premierleague.txt --name 'Premier League' \\
                    --season 2009/10 --json
                """)
        @Argument(help: ArgumentHelp("The season file.", valueName: "file")) var file: String
        @Option(help: "The league's name (default: the file's title).") var name: String?
        @Option(help: "The season (default: from the title).") var season: String?
        @Option(help: ArgumentHelp("The ranking rules: \(RulePresets.names).", valueName: "preset")) var rules = "premier-league"
        @Option(help: ArgumentHelp("federation, friends or video-game.", valueName: "kind")) var kind: LeagueKind = .federation
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let data = try Files.read(file)
            let (store, actor) = try club.session()
            let (league, result) = try Leagues(store: store).importSeason(
                actor, data: data, source: URL(fileURLWithPath: file).lastPathComponent, name: name, season: season,
                kind: kind, rules: rules)
            for issue in result.issues { StandardError.print("touchline: warning: \(issue)") }
            if output.json { return try Output.json(LeagueImportSummary(league: league, result: result)) }
            let issues = result.issues.isEmpty ? "" : ", \(result.issues.count) warnings"
            print("imported league \(league.id): \(league.name) (season \(league.season)): \(result.season.teams.count) teams, "
                  + "\(result.season.matches.count) matches\(issues)")
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write a league's table or fixtures as CSV or JSON.",
            discussion: """
                The JSON is what 'league table --json' and 'league fixtures --json' print; the \
                fixtures CSV (Round,Date,Team 1,FT,Team 2,HT,Status) can be imported again. With -o \
                the file is written whole or not at all.

                Examples:
                  touchline league export 'Liga Amigos' --format csv -o table.csv
                  touchline league export 'Liga Amigos' --format json --what fixtures \\
                    > fixtures.json
                """)
        enum Format: String, CaseIterable, ExpressibleByArgument { case csv, json }
        enum Content: String, CaseIterable, ExpressibleByArgument { case table, fixtures }

        @Argument(help: "The league's id or name.") var league: String
        @Option(help: ArgumentHelp("csv or json.", valueName: "format")) var format: Format
        @Option(help: ArgumentHelp("table or fixtures.", valueName: "what")) var what: Content = .table
        @Option(name: .shortAndLong, help: ArgumentHelp("The output file (default: standard output).", valueName: "file"))
        var output: String?
        @OptionGroup var club: ClubOptions

        func run() throws {
            if let output { try Files.checkWritable(output) }
            let leagues = try club.viewingLeagues()
            let reference = LeagueReference(league)
            let data: Data
            switch (what, format) {
            case (.table, .csv): data = Data(LeagueCSV.table(try leagues.table(reference)).utf8)
            case (.table, .json): data = try Output.jsonData(try leagues.table(reference))
            case (.fixtures, .csv): data = Data(LeagueCSV.matches(try leagues.matches(reference).map(\.match)).utf8)
            case (.fixtures, .json): data = try Output.jsonData(try leagues.matches(reference))
            }
            guard let output else { return LeagueOutput.write(data) }
            try Files.write(data, to: output)
            print("wrote \(output) (\(what.rawValue), \(Files.describeSize(data.count)))")
        }
    }
}
