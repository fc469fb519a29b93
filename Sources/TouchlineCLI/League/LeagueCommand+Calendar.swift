import ArgumentParser
import Club
import Foundation

/// `league calendar` and `league time-zone`: fixtures for phone calendars.
extension LeagueCommand {
    struct CalendarFile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "calendar",
            abstract: "Write a league's fixtures as an iCalendar file (.ics), or give a private league's calendar a secret token.",
            discussion: """
                One event per match with a date: "Home v Away" (the score once played), at its \
                kick-off in the league's time zone written in UTC and lasting two hours, or all day \
                when it has no time; its venue when known. Cancelled and postponed matches are \
                marked cancelled. Each match keeps its event's UID, and its sequence rises whenever \
                it is moved, so a calendar that subscribes to the server's \
                /api/v1/leagues/ID/calendar.ics follows the changes; deleted matches stay there as \
                cancelled for 90 days. Anyone who sees the league may write its calendar. With -o \
                the file is written whole or not at all; without it, the calendar goes to standard \
                output. A private league's calendar is subscribed to without logging in at \
                /api/v1/leagues/ID/calendar.ics?token=TOKEN: --rotate-token (the owner) makes a new \
                token and prints it with that path, once (only its hash is kept); the old token \
                stops working. --revoke-token takes it away.

                Examples:
                  touchline league calendar 'Liga Amigos' -o fixtures.ics
                  touchline league calendar 'Liga Amigos' --team 'Los Rápidos' -o rapidos.ics
                  touchline league calendar 'Liga Secreta' --rotate-token
                """)
        @Argument(help: "The league's id or name.") var league: String
        @Option(help: ArgumentHelp("Only this team's matches (its name in the league).", valueName: "name")) var team: String?
        @Option(name: .shortAndLong, help: ArgumentHelp("The output file (default: standard output).", valueName: "file"))
        var output: String?
        @OptionGroup var token: CalendarTokenFlags
        @OptionGroup var club: ClubOptions
        @OptionGroup var json: JSONFlag

        func validate() throws {
            try token.validate(writers: "-o and --team write", writing: output != nil || team != nil, json: json.json)
        }

        func run() throws {
            if let output { try Files.checkWritable(output) }
            if token.given {
                let (store, actor) = try club.session()
                let calendars = Calendars(store: store)
                return try token.apply(json: json.json, holder: { "league \($0?.leagueID.map(String.init) ?? league)" },
                                       rotate: { try calendars.rotateToken(actor, league: LeagueReference(league)) },
                                       revoke: { try calendars.revokeToken(actor, league: LeagueReference(league)) })
            }
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let data = try Calendars(store: store).leagueCalendar(LeagueReference(league), team: team, as: viewer)
            try CalendarTokenFlags.write(data, to: output)
        }
    }

    struct KickOffTimeZone: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "time-zone",
            abstract: "Show or set the time zone a league's kick-off times are local to (setting: owner only).",
            discussion: """
                An IANA name such as Europe/Madrid or America/Mexico_City; UTC until set. \
                Calendars write every kick-off in UTC from it, so setting another zone moves every \
                timed match in subscribed calendars.

                Example:
                  touchline league time-zone 'Liga Amigos' Europe/Madrid
                """)
        @Argument(help: "The league's id or name.") var league: String
        @Argument(help: ArgumentHelp("The new time zone.", valueName: "zone")) var zone: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let reference = LeagueReference(league)
            let info: LeagueInfo
            if let zone {
                let (store, actor) = try club.session()
                info = try Leagues(store: store).setTimeZone(actor, reference, to: zone)
            } else {
                info = try club.viewingLeagues().show(reference)
            }
            if output.json { return try Output.json(info) }
            print("league \(info.id) (\(info.name)): kick-off times in \(info.timeZone)")
        }
    }
}
