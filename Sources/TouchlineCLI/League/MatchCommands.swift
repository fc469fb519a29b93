import ArgumentParser
import Club
import Foundation
import League

/// `touchline match`: single matches, their results and events.
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Enter matches, results and events: in a league, or friendlies.",
        discussion: """
            A league's owner and editors enter its matches, and anyone may view them. Without \
            --league a match is a friendly that only the user who recorded it sees and changes. \
            Scores are home goals, a hyphen, away goals (2-1); a malformed score is a usage error \
            (64), a score the rules refuse (more than 999 goals, half time above full time) bad \
            data (65). Tables and statistics follow every change at once.

            Examples:
              touchline match add --league 'Liga Amigos' --home 'Los Rápidos' \\
                --away 'Atlético Lento' --matchday 1 --date 2024-09-14 --time 10:30 \\
                --as alice
              touchline match result 12 2-1 --ht 1-0
              touchline match event 12 --team 'Los Rápidos' --goal 'Marta Díaz' \\
                --assist 'Ana Ruiz' --minute 90+3
              touchline match event 12 --team 'Atlético Lento' \\
                --sub 'Eva Gil:Lucía Mora' --minute 60
              touchline match lineup 12 --team 'Los Rápidos' 'Marta Díaz' 'Ana Ruiz'
              touchline match list --league 'Liga Amigos' --matchday 1 --json
            """,
        subcommands: [Add.self, Edit.self, Result.self, Event.self, Lineup.self, List.self, Show.self, Delete.self, Stats.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a match: to a league (owner and editors), or a friendly without --league.",
            discussion: "In a league both teams must be its teams, and the same two may meet only once on a matchday unless --allow-repeat is given.")
        @Option(help: "The league's id or name; without it, a friendly.") var league: String?
        @Option(help: "The home team.") var home: String
        @Option(help: "The away team.") var away: String
        @Option(help: "The matchday, 1 or more.") var matchday: Int?
        @Option(help: ArgumentHelp("The date, YYYY-MM-DD.", valueName: "date")) var date: String?
        @Option(help: ArgumentHelp("The kick-off time, HH:MM, local to the venue.", valueName: "time")) var time: String?
        @Option(help: ArgumentHelp("Where it is played.", valueName: "venue")) var venue: String?
        @Flag(help: "Let the two teams meet again on the same matchday.") var allowRepeat = false
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let stored = try Matches(store: store).add(actor, league: league.map { LeagueReference($0) }, home: home,
                                                      away: away, matchday: matchday, date: date, time: time,
                                                      venue: venue, allowRepeat: allowRepeat)
            if output.json { return try Output.json(stored) }
            print("added match \(stored.id): \(LeagueOutput.title(stored.match))"
                  + (stored.match.matchday.map { ", matchday \($0)" } ?? "") + (stored.leagueID == nil ? " (friendly)" : ""))
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Move a match (date, time, venue) or call it off (the league's owner and editors, or who recorded a friendly).",
            discussion: """
                An empty value ('') clears the date, time or venue. --status takes scheduled, \
                postponed or cancelled, for a match without a result (a result's status comes with \
                'match result'). Subscribed calendars move or cancel the match's event.

                Examples:
                  touchline match edit 12 --date 2024-09-15 --time 12:00 --venue 'Campo 2'
                  touchline match edit 13 --status postponed --date ''
                """)
        @Argument(help: "The match's id.") var id: Int64
        @Option(help: ArgumentHelp("The new date, YYYY-MM-DD ('' clears).", valueName: "date")) var date: String?
        @Option(help: ArgumentHelp("The new kick-off time, HH:MM ('' clears).", valueName: "time")) var time: String?
        @Option(help: ArgumentHelp("Where it is played ('' clears).", valueName: "venue")) var venue: String?
        @Option(help: ArgumentHelp("scheduled, postponed or cancelled.", valueName: "status")) var status: MatchStatus?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            if date == nil, time == nil, venue == nil, status == nil {
                throw ValidationError("give what changes: --date, --time, --venue or --status")
            }
        }

        func run() throws {
            let (store, actor) = try club.session()
            func cleared(_ value: String?) -> String?? { value.map { $0.isEmpty ? nil : $0 } }
            let stored = try Matches(store: store).edit(actor, match: id, MatchChanges(
                date: cleared(date), time: cleared(time), venue: cleared(venue), status: status))
            if output.json { return try Output.json(stored) }
            let match = stored.match
            let when = [match.date, match.time].compactMap { $0 }.joined(separator: " ")
            print("match \(stored.id): \(LeagueOutput.title(match)), \(when.isEmpty ? "no date" : when)"
                  + (match.venue.map { " at \($0)" } ?? "") + " (\(match.status.rawValue))")
        }
    }

    struct Result: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "result",
            abstract: "Enter or correct a result (the league's owner and editors, or who recorded a friendly).",
            discussion: """
                Extra time is the score after it (cumulative); penalties are the shoot-out alone. Only \
                played and awarded matches count in tables.

                Example:
                  touchline match result 12 1-1 --ht 0-1 --et 2-1
                """)
        @Argument(help: "The match's id.") var id: Int64
        @Argument(help: ArgumentHelp("The full-time score, home-away: 2-1.", valueName: "full-time"),
                  transform: MatchArguments.score)
        var fullTime: Score
        @Option(name: .customLong("ht"), parsing: .unconditional,
                help: ArgumentHelp("The half-time score.", valueName: "score"), transform: MatchArguments.score)
        var halfTime: Score?
        @Option(name: .customLong("et"), parsing: .unconditional,
                help: ArgumentHelp("The score after extra time.", valueName: "score"), transform: MatchArguments.score)
        var extraTime: Score?
        @Option(name: .customLong("pen"), parsing: .unconditional,
                help: ArgumentHelp("The penalty shoot-out.", valueName: "score"), transform: MatchArguments.score)
        var penalties: Score?
        @Option(help: ArgumentHelp("played, awarded, abandoned, postponed, cancelled or scheduled.", valueName: "status"))
        var status: MatchStatus = .played
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let stored = try Matches(store: store).result(actor, match: id, fullTime: fullTime, halfTime: halfTime,
                                                         extraTime: extraTime, penalties: penalties, status: status)
            if output.json { return try Output.json(stored) }
            let note = LeagueOutput.resultNote(stored.match)
            print("match \(stored.id): \(LeagueOutput.title(stored.match))" + (note.isEmpty ? "" : " (\(note))"))
        }
    }

    struct Event: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "event",
            abstract: "Add a goal, a card or a substitution to a match, or delete one entered by mistake.",
            discussion: """
                Give exactly one of --goal, --yellow, --second-yellow, --red and --sub, with the team \
                and the minute. For an own goal, --team is the team credited with the goal. \
                --delete takes an event's id, as 'match show' lists them.

                Examples:
                  touchline match event 12 --team 'Los Rápidos' --goal 'Marta Díaz' \\
                    --penalty --minute 45+2
                  touchline match event 12 --team 'Atlético Lento' --yellow 'Eva Gil' \\
                    --minute 31
                  touchline match event 12 --delete 3
                """)
        @Argument(help: "The match's id.") var id: Int64
        @Option(help: "The team the event belongs to (one of the two).") var team: String?
        @Option(help: ArgumentHelp("A goal, by this player.", valueName: "player")) var goal: String?
        @Option(help: ArgumentHelp("With --goal: who assisted.", valueName: "player")) var assist: String?
        @Flag(help: "With --goal: a penalty.") var penalty = false
        @Flag(help: "With --goal: an own goal.") var ownGoal = false
        @Option(help: ArgumentHelp("A yellow card, to this player.", valueName: "player")) var yellow: String?
        @Option(help: ArgumentHelp("A second yellow (a sending-off).", valueName: "player")) var secondYellow: String?
        @Option(help: ArgumentHelp("A straight red card.", valueName: "player")) var red: String?
        @Option(help: ArgumentHelp("A substitution: the player going off, a colon, the player coming on.", valueName: "off:on"),
                transform: MatchArguments.substitution)
        var sub: MatchArguments.Substitution?
        @Option(parsing: .unconditional, help: ArgumentHelp("The minute, with stoppage time after a plus: 45, 90+3.", valueName: "minute"),
                transform: MatchArguments.minute)
        var minute: MatchArguments.Minute?
        @Option(help: ArgumentHelp("Delete the event with this id instead (see 'match show').", valueName: "event-id"))
        var delete: Int64?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            let given = [goal != nil, yellow != nil, secondYellow != nil, red != nil, sub != nil].filter { $0 }.count
            if delete != nil {
                guard given == 0, team == nil, minute == nil, assist == nil, !penalty, !ownGoal else {
                    throw ValidationError("--delete takes only the event's id: no --team, --minute or event to add")
                }
                return
            }
            guard given == 1 else { throw ValidationError("give exactly one of --goal, --yellow, --second-yellow, --red and --sub") }
            if goal == nil, assist != nil || penalty || ownGoal {
                throw ValidationError("--assist, --penalty and --own-goal go with --goal")
            }
            guard team != nil else { throw ValidationError("missing --team: the team the event belongs to") }
            guard minute != nil else { throw ValidationError("missing --minute: when the event happened, as 45 or 90+3") }
        }

        var kind: MatchEvent.Kind {
            if let goal { return .goal(scorer: goal, assist: assist, penalty: penalty, ownGoal: ownGoal) }
            if let yellow { return .yellowCard(player: yellow) }
            if let secondYellow { return .secondYellow(player: secondYellow) }
            if let red { return .redCard(player: red) }
            let sub = sub ?? MatchArguments.Substitution(off: "", on: "")
            return .substitution(off: sub.off, on: sub.on)
        }

        func run() throws {
            let (store, actor) = try club.session()
            let matches = Matches(store: store)
            if let delete {
                let stored = try matches.deleteEvent(actor, match: id, event: delete)
                if output.json { return try Output.json(stored) }
                return print("match \(stored.id): deleted event \(delete)")
            }
            let minute = minute ?? MatchArguments.Minute(minute: 0, stoppage: 0)
            let event = MatchEvent(team: team ?? "", kind: kind, minute: minute.minute, stoppage: minute.stoppage)
            let stored = try matches.addEvent(actor, match: id, event)
            if output.json { return try Output.json(stored) }
            let added = stored.match.events.last ?? event
            print("match \(stored.id): \(LeagueOutput.minute(added)) \(added.team): \(LeagueOutput.describe(added.kind))"
                  + (stored.eventIDs.last.map { " (event \($0))" } ?? ""))
        }
    }

    struct Lineup: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lineup",
            abstract: "Set who started for one team of a match (replacing its earlier line-up).",
            discussion: """
                Starters play from the first minute; substitutes come on through 'match event --sub'. \
                Appearances, minutes, goals conceded and clean sheets follow from the line-ups. \
                Name the players as events name them ("firstName surnames" for squad players, so \
                their cards find them). With no players the team's line-up is removed.

                Example:
                  touchline match lineup 12 \\
                    --team 'Los Rápidos' 'Sara Gil' 'Marta Díaz' 'Ana Ruiz'
                """)
        @Argument(help: "The match's id.") var id: Int64
        @Option(help: "The team (one of the two).") var team: String
        @Argument(help: "The starters, at most 11.") var players: [String] = []
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let stored = try Matches(store: store).setLineup(actor, match: id, team: team, players: players)
            if output.json { return try Output.json(stored) }
            print("match \(stored.id): \(players.count) starter\(players.count == 1 ? "" : "s") for \(team)")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List a league's matches (no login needed), or without --league the friendlies you recorded.")
        @Option(help: "The league's id or name.") var league: String?
        @Option(help: "With --league: one matchday only.") var matchday: Int?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            if league == nil, matchday != nil { throw ValidationError("--matchday needs --league") }
        }

        func run() throws {
            let store = try club.store()
            let matches: [StoredMatch]
            if let league {
                // A public league's matches need no login; a private one's, its owner's or an editor's.
                matches = try Leagues(store: store, viewer: try club.viewer(Accounts(store: store)))
                    .matches(LeagueReference(league), matchday: matchday)
            } else {
                matches = try Matches(store: store).friendlies(try club.actor(Accounts(store: store)))
            }
            if output.json { return try Output.json(matches) }
            LeagueOutput.fixtures(matches, empty: league == nil ? "no friendlies" : "no matches")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show a match with its events: any league match, or a friendly you recorded.")
        @Argument(help: "The match's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try club.store()
            let stored = try Matches(store: store).show(try club.viewer(Accounts(store: store)), match: id)
            if output.json { return try Output.json(stored) }
            LeagueOutput.match(stored)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a match with its result and events (the league's owner and editors, or who recorded a friendly).")
        @Argument(help: "The match's id.") var id: Int64
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Matches(store: store).delete(actor, match: id)
            print("deleted match \(id)")
        }
    }

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Player and team statistics over every competition (and your friendlies when logged in).",
            discussion: """
                Appearances, starts, minutes, goals, assists, cards, goals conceded while on the pitch \
                (GC) and clean sheets (CS: 60 minutes or more without conceding) per player; results, \
                goals and clean sheets per team; all derived from the matches and their events.

                Example:
                  touchline match stats --player 'Nico Williams'
                """)
        @Option(help: "Only this player.") var player: String?
        @Option(help: "Only this team.") var team: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try club.store()
            let accounts = Accounts(store: store)
            let loggedIn = club.actingAs != nil || SessionFile().entry(for: club.databasePath) != nil
            let actor = loggedIn ? try club.actor(accounts) : nil
            let statistics = try Matches(store: store).statistics(actor, player: player, team: team)
            if output.json { return try Output.json(statistics) }
            let (players, teams) = (statistics.players, statistics.teams)
            Output.table(["PLAYER", "TEAM", "APPS", "STARTS", "MIN", "G", "A", "Y", "R", "GC", "CS"], players.map {
                [$0.player, $0.team, "\($0.appearances)", "\($0.starts)", "\($0.minutes)", "\($0.goals)", "\($0.assists)",
                 "\($0.yellowCards)", "\($0.redCards)", "\($0.goalsConceded)", "\($0.cleanSheets)"]
            }, empty: "no player statistics")
            if !teams.isEmpty {
                print("")
                Output.table(["TEAM", "P", "W", "D", "L", "GF", "GA", "CLEAN SHEETS", "FORM"], teams.map {
                    [$0.team, "\($0.played)", "\($0.won)", "\($0.drawn)", "\($0.lost)", "\($0.goalsFor)", "\($0.goalsAgainst)",
                     "\($0.cleanSheets)", $0.form.map(\.rawValue).joined()]
                })
            }
        }
    }
}
