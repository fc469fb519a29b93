import ArgumentParser
import Club
import Foundation
import League

/// `touchline league`: league seasons, their teams, fixtures, tables and statistics.
struct LeagueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "league",
        abstract: "Run league seasons: teams, fixtures, results, tables with their tie-breaks, imports and exports.",
        discussion: """
            LEAGUE is a league's id or its name. Anyone may view a public league (list, teams, \
            fixtures, results, table, export, scorers, discipline) without logging in; a private \
            one (create --private, or 'league visibility') only its owner and editors see, logged \
            in: to anyone else it does not exist. Its owner and editors change a league; only the \
            owner grants, revokes and sets the password with which other users join as editors \
            (a private league's too). Passwords come from $TOUCHLINE_LEAGUE_PASSWORD, \
            --league-password-stdin or a prompt; never from an argument.

            Examples:
              touchline league create 'Liga Amigos' --season 2024/25 --kind friends \\
                --rules la-liga --as alice
              touchline league add-team 'Liga Amigos' 'Los Rápidos'
              touchline league fixtures 'Liga Amigos' --generate --second-half english \\
                --seed 7 --start 2024-09-14
              touchline league table 'Liga Amigos' --matchday 10
              touchline league import es.1.json --rules la-liga
              touchline league export 'Liga Amigos' --format csv -o table.csv
              touchline league calendar 'Liga Amigos' -o fixtures.ics
            """,
        subcommands: [List.self, Create.self, Visibility.self, Rename.self, Delete.self, Password.self, Join.self, Grant.self, Revoke.self,
                      Teams.self, AddTeam.self, RemoveTeam.self, Fixtures.self, Results.self, Table.self, Zones.self,
                      KickOffTimeZone.self, Deduct.self, Import.self, Export.self, CalendarFile.self, Scorers.self,
                      Discipline.self]
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List every league you can see, newest season first.")
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let leagues = try club.viewingLeagues().list()
            if output.json { return try Output.json(leagues) }
            Output.table(["ID", "NAME", "SEASON", "KIND", "RULES", "OWNER", "JOIN"], leagues.map {
                [String($0.id), $0.name, $0.season, $0.kind.rawValue, $0.rules, $0.owner, $0.hasPassword ? "password" : ""]
            }, empty: "no leagues")
        }
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create a league you own.",
            discussion: """
                Let others join as editors with 'touchline league password LEAGUE', or grant them. \
                With --private only you and its editors see it.

                Example:
                  touchline league create 'Liga Amigos' --season 2024/25 --kind friends \\
                    --rules la-liga --points 2-1-0 --seed 7 --time-zone Europe/Madrid
                """)
        @Argument(help: "The league's name.") var name: String
        @Option(help: "The season: 2024/25, or 2025.") var season: String
        @Option(help: ArgumentHelp("federation, friends or video-game.", valueName: "kind")) var kind: LeagueKind = .friends
        @Option(help: ArgumentHelp("The ranking rules: \(RulePresets.names).", valueName: "preset")) var rules = "premier-league"
        @Option(help: ArgumentHelp("Points for a win, a draw and a loss.", valueName: "W-D-L")) var points = PointsSystem.threeForAWin
        @Option(help: "The seed of any drawing of lots, so that a draw can be repeated.") var seed: UInt64 = 0
        @Option(help: ArgumentHelp("The IANA time zone kick-off times are local to (default: UTC).", valueName: "zone"))
        var timeZone = Calendars.defaultTimeZone
        @Flag(help: "Only you and the league's editors see it; to anyone else it does not exist.") var `private` = false
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let league = try Leagues(store: store).create(actor, name: name, season: season, kind: kind, rules: rules,
                                                         points: points, seed: seed, timeZone: timeZone, private: `private`)
            if output.json { return try Output.json(league) }
            print("created league \(league.id): \(league.name) \(league.season) (\(league.rules) rules)")
        }
    }

    struct Password: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "password",
            abstract: "Set or remove the password with which users join a league as editors (owner only).",
            discussion: """
                The password comes from $TOUCHLINE_LEAGUE_PASSWORD, the next line of standard input \
                with --league-password-stdin (after your own when --password-stdin is also given), \
                or a prompt that asks twice. It is stored as a salted scrypt hash.

                Example:
                  TOUCHLINE_LEAGUE_PASSWORD=... touchline league password 'Liga Amigos'
                """)
        @Argument(help: "The league's id or name.") var league: String
        @Flag(help: "Remove the password: nobody joins until a new one is set.") var clear = false
        @OptionGroup var password: LeaguePasswordOptions
        @OptionGroup var club: ClubOptions

        func validate() throws {
            if clear, password.leaguePasswordStdin { throw ValidationError("--clear reads no password") }
        }

        func run() throws {
            let (store, actor) = try club.session()
            let secret = clear ? nil : try password.read(confirm: true)
            try Leagues(store: store).setPassword(actor, LeagueReference(league), to: secret)
            print(clear ? "removed the password of league \(league)"
                        : "set the password of league \(league); others join with 'touchline league join'")
        }
    }

    struct Join: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "join",
            abstract: "Join a league as an editor with its password.",
            discussion: """
                The password comes from $TOUCHLINE_LEAGUE_PASSWORD, the next line of standard input \
                with --league-password-stdin, or a prompt; never from an argument.

                Example:
                  printf '%s\\n' "$MY_PASSWORD" "$LEAGUE_PASSWORD" | \\
                    touchline league join 'Liga Amigos' --as bob --password-stdin \\
                      --league-password-stdin
                """)
        @Argument(help: "The league's id or name.") var league: String
        @OptionGroup var password: LeaguePasswordOptions
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Leagues(store: store).join(actor, LeagueReference(league), password: { try password.read(confirm: false) })
            print("\(actor.username) is now an editor of league \(league)")
        }
    }

    struct Grant: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "grant", abstract: "Make a user an editor of a league (owner only).")
        @Argument(help: "The league's id or name.") var league: String
        @Argument(help: "The user.") var user: String
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Leagues(store: store).grant(actor, LeagueReference(league), to: user)
            print("\(user) is now an editor of league \(league)")
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Take a user's editor right on a league away (owner only).")
        @Argument(help: "The league's id or name.") var league: String
        @Argument(help: "The user.") var user: String
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Leagues(store: store).revoke(actor, LeagueReference(league), from: user)
            print("\(user) is no longer an editor of league \(league)")
        }
    }

    struct Teams: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "teams", abstract: "List a league's teams in the order they were added.")
        @Argument(help: "The league's id or name.") var league: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let teams = try club.viewingLeagues().teams(LeagueReference(league))
            if output.json { return try Output.json(teams) }
            Output.table(["TEAM", "CLUB TEAM"], teams.map { [$0.name, $0.teamID.map(String.init) ?? ""] },
                         empty: "no teams")
        }
    }

    struct AddTeam: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add-team",
            abstract: "Add a team to a league (owner and editors): a name, or a club team you can see.",
            discussion: """
                Examples:
                  touchline league add-team 'Liga Amigos' 'Los Rápidos'
                  touchline league add-team 'Liga Amigos' --club-team 'Athletic Infantil A'
                """)
        @Argument(help: "The league's id or name.") var league: String
        @Argument(help: "The team's name in the league; without it, the club team's name.") var name: String?
        @Option(help: ArgumentHelp("Link a club team (its id or name).", valueName: "team")) var clubTeam: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            if name == nil, clubTeam == nil { throw ValidationError("give the team's name or --club-team") }
        }

        func run() throws {
            let (store, actor) = try club.session()
            let team = try Leagues(store: store).addTeam(actor, LeagueReference(league),
                                                        name: name, team: clubTeam.map { TeamReference($0) })
            if output.json { return try Output.json(team) }
            print("added \(team.name) to league \(league)")
        }
    }

    struct Zones: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "zones",
            abstract: "Show or set the zones a printed table marks: champion, promotion, Europe, play-off, relegation.",
            discussion: """
                Each --set is KIND:POSITIONS[:MARK[:NAME]], KIND one of champion, promotion, europe, \
                playoff, relegation and POSITIONS a place or a range (1-4). The mark (one to three \
                characters) stands beside the zone's rows, so the zone reads in black and white; \
                the name explains it in the legend. Setting replaces every zone (owner and editors); \
                --clear removes them. A position in several zones shows the narrowest one's mark.

                Examples:
                  touchline league zones 'La Liga' --set champion:1 \\
                    --set 'europe:1-4:CL:Champions League' \\
                    --set 'europe:5-6:EL:Europa League' \\
                    --set 'europe:7:ECL:Conference League' --set relegation:18-20
                  touchline league zones 'La Liga' --json
                """)
        @Argument(help: "The league's id or name.") var league: String
        @Option(name: .customLong("set"), help: ArgumentHelp("A zone: KIND:POSITIONS[:MARK[:NAME]]; repeat for several.",
                                                            valueName: "zone"),
                transform: Zones.zone)
        var zones: [LeagueZone] = []
        @Flag(help: "Remove every zone.") var clear = false
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        /// `europe:1-4:CL:Champions League`.
        static func zone(_ text: String) throws -> LeagueZone {
            let parts = text.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            let kinds = LeagueZone.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            guard let kind = LeagueZone.Kind(rawValue: parts[0].lowercased()) else {
                throw ValidationError("--set \(text): unknown kind '\(parts[0])' (expected \(kinds))")
            }
            guard parts.count >= 2 else { throw ValidationError("--set \(text): give the positions, e.g. \(kind.rawValue):1-4") }
            let bounds = parts[1].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...2).contains(bounds.count), let first = bounds.first ?? nil, let last = bounds.last ?? nil,
                  first >= 1, first <= last else {
                throw ValidationError("--set \(text): positions '\(parts[1])' must be a place or a range like 18-20")
            }
            let mark = parts.count > 2 && !parts[2].isEmpty ? parts[2] : nil
            let name = parts.count > 3 && !parts[3].isEmpty ? parts[3] : nil
            return LeagueZone(kind: kind, positions: first...last, name: name, mark: mark)
        }

        func validate() throws {
            if clear, !zones.isEmpty { throw ValidationError("give --set or --clear, not both") }
        }

        func run() throws {
            let reference = LeagueReference(league)
            let leagues: Leagues
            if clear || !zones.isEmpty {
                let (store, actor) = try club.session()
                leagues = Leagues(store: store, viewer: actor)
                try leagues.setZones(actor, reference, zones)
            } else {
                leagues = try club.viewingLeagues()
            }
            let stored = try leagues.zones(reference)
            if output.json { return try Output.json(stored) }
            Output.table(["MARK", "POSITIONS", "KIND", "NAME"], stored.map { zone in
                let places = zone.positions.count == 1 ? "\(zone.positions.lowerBound)"
                    : "\(zone.positions.lowerBound)-\(zone.positions.upperBound)"
                return [zone.mark, places, zone.kind.rawValue, zone.name]
            }, empty: "no zones")
        }
    }
}
