import ArgumentParser
import Club
import Foundation

/// `touchline team`: teams and who may change them.
struct TeamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "team",
        abstract: "Create teams and share them: owners grant editor or viewer to others.",
        discussion: """
            TEAM is a team's id or its name (among the teams you can see).

            Examples:
              touchline team add 'Athletic Infantil A' --season 2024/25 \\
                --primary '#EE2523' --as alice
              touchline team grant 'Athletic Infantil A' bob --role editor
              touchline team list --json
            """,
        subcommands: [Add.self, List.self, Show.self, Edit.self, Delete.self, Grant.self, Revoke.self, CalendarFile.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Create a team you own.")
        @Argument(help: "The team's name.") var name: String
        @Option(help: "The season: 2024/25, or 2025.") var season: String
        @Option(help: "Age group or division.") var category: String?
        @Option(help: "Region.") var region: String?
        @Option(help: ArgumentHelp("Primary colour, #RRGGBB.", valueName: "colour")) var primary: String?
        @Option(help: ArgumentHelp("Secondary colour, #RRGGBB.", valueName: "colour")) var secondary: String?
        @Option(help: ArgumentHelp("The IANA time zone its friendlies' kick-off times are local to (default: UTC).",
                                   valueName: "zone"))
        var timeZone = Calendars.defaultTimeZone
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let team = try Teams(store: store).add(actor, name: name, season: season, category: category, region: region,
                                                   primaryColor: primary, secondaryColor: secondary, timeZone: timeZone)
            if output.json { try Output.json(team) } else { print("added team \(team.id): \(team.name) \(team.season)") }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the teams you own or were granted a role on.")
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let teams = try Teams(store: store).list(actor)
            if output.json { return try Output.json(teams) }
            Output.table(["ID", "NAME", "SEASON", "CATEGORY", "OWNER", "ROLE"], teams.map {
                [String($0.team.id), $0.team.name, $0.team.season, $0.team.category ?? "", $0.team.owner, $0.role.rawValue]
            }, empty: "no teams")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a team and who may see or change it.")
        @Argument(help: "The team's id or name.") var team: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let detail = try Teams(store: store).show(actor, TeamReference(team))
            if output.json { return try Output.json(detail) }
            let t = detail.team
            Output.fields([("id", String(t.id)), ("name", t.name), ("season", t.season), ("category", t.category ?? ""),
                           ("region", t.region ?? ""),
                           ("colours", [t.primaryColor, t.secondaryColor].compactMap { $0 }.joined(separator: " ")),
                           ("time zone", t.timeZone), ("owner", t.owner), ("your role", detail.role.rawValue),
                           ("shared with", detail.members.map { "\($0.username) (\($0.role.rawValue))" }.joined(separator: ", "))])
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a team (owner and editors).")
        @Argument(help: "The team's id or name.") var team: String
        @Option(help: "A new name.") var name: String?
        @Option(help: "A new season.") var season: String?
        @Option(help: "Age group or division ('' clears).") var category: String?
        @Option(help: "Region ('' clears).") var region: String?
        @Option(help: ArgumentHelp("Primary colour ('' clears).", valueName: "colour")) var primary: String?
        @Option(help: ArgumentHelp("Secondary colour ('' clears).", valueName: "colour")) var secondary: String?
        @Option(help: ArgumentHelp("The IANA time zone its friendlies' kick-off times are local to.", valueName: "zone"))
        var timeZone: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let changes = TeamChanges(name: name, season: season, category: category.map { $0 }, region: region.map { $0 },
                                      primaryColor: primary.map { $0 }, secondaryColor: secondary.map { $0 },
                                      timeZone: timeZone)
            let edited = try Teams(store: store).edit(actor, TeamReference(team), changes)
            if output.json { try Output.json(edited) } else { print("updated team \(edited.id)") }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a team, its current players and the friendlies it played (owner only).")
        @Argument(help: "The team's id or name.") var team: String
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Teams(store: store).delete(actor, TeamReference(team))
            print("deleted team \(team)")
        }
    }

    struct Grant: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "grant", abstract: "Let a user edit or view a team (owner only).")
        @Argument(help: "The team's id or name.") var team: String
        @Argument(help: "The user.") var user: String
        @Option(help: "editor or viewer.") var role: TeamRole
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Teams(store: store).grant(actor, TeamReference(team), to: user, role: role)
            print("\(user) is now \(role.rawValue) of team \(team)")
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Take a user's role on a team away (owner only).")
        @Argument(help: "The team's id or name.") var team: String
        @Argument(help: "The user.") var user: String
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Teams(store: store).revoke(actor, TeamReference(team), from: user)
            print("\(user) no longer has a role on team \(team)")
        }
    }

    struct CalendarFile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "calendar",
            abstract: "Write a team's fixtures as an iCalendar file, or give its calendar a secret subscription token.",
            discussion: """
                The calendar holds the league matches of every league team linked to this club \
                team (league add-team --club-team) and its friendlies, as 'league calendar' writes \
                them; friendlies' kick-off times are local to the team's time zone. Anyone with a \
                role on the team may write it. Calendar apps subscribe to the server's \
                /api/v1/teams/ID/calendar.ics?token=TOKEN without logging in: --rotate-token (the \
                owner) makes a new token and prints it with that path, once (only its hash is \
                kept); the old token stops working. --revoke-token takes it away.

                Examples:
                  touchline team calendar 'Athletic Infantil A' -o athletic.ics
                  touchline team calendar 'Athletic Infantil A' --rotate-token
                """)
        @Argument(help: "The team's id or name.") var team: String
        @Option(name: .shortAndLong, help: ArgumentHelp("The output file (default: standard output).", valueName: "file"))
        var output: String?
        @OptionGroup var token: CalendarTokenFlags
        @OptionGroup var club: ClubOptions
        @OptionGroup var json: JSONFlag

        func validate() throws {
            try token.validate(writers: "-o writes", writing: output != nil, json: json.json)
        }

        func run() throws {
            if let output { try Files.checkWritable(output) }
            let (store, actor) = try club.session()
            let calendars = Calendars(store: store)
            if token.given {
                return try token.apply(json: json.json, holder: { "team \($0?.teamID.map(String.init) ?? team)" },
                                       rotate: { try calendars.rotateToken(actor, team: TeamReference(team)) },
                                       revoke: { try calendars.revokeToken(actor, team: TeamReference(team)) })
            }
            try CalendarTokenFlags.write(try calendars.teamCalendar(actor, TeamReference(team)), to: output)
        }
    }
}
