import ArgumentParser
import Club
import Foundation

extension EventAnswer: ExpressibleByArgument {
    /// What a guest chooses: the waiting list is given, not chosen.
    public static var allValueStrings: [String] { ["going", "maybe", "declined"] }
}

/// `touchline event`: events, their guests and calendars.
struct EventCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "event",
        abstract: "Organise events, answer invitations and write their calendars.",
        discussion: """
            Times are local to --tz (an IANA name): YYYY-MM-DDTHH:MM, or two dates for a whole-day \
            event (the first and last day). --every week --until DATE repeats the event weekly, on \
            the --on days (the start's day when none), at the same local time whatever daylight \
            saving does; each occurrence is an event of its own. The invited (by name, or as members \
            of an invited group) answer going, maybe or declined; when the capacity is reached, \
            going means waiting, and places free up in turn.

            Examples:
              touchline event create 'Tuesday training' --start 2026-12-01T19:00 \\
                --end 2026-12-01T20:30 --tz Europe/Madrid --capacity 18 \\
                --group 'Under-12s' --every week --on tu,th --until 2027-03-30
              touchline event rsvp 7 going --as bob
              touchline event show 7 --json
              touchline event calendar 7 -o training.ics
            """,
        subcommands: [Create.self, Show.self, RSVP.self, List.self, Edit.self, Cancel.self, Invite.self, CalendarFile.self,
                      Agenda.self]
    )

    /// `Tue 2026-12-01 19:00`, local to the event, with its end.
    static func when(_ event: Event) -> String {
        let start = event.localStart.replacingOccurrences(of: "T", with: " ")
        let end = event.localEnd.replacingOccurrences(of: "T", with: " ")
        if event.allDay { return event.localStart == event.localEnd ? "\(start) (all day)" : "\(start) to \(end) (all day)" }
        let sameDay = start.prefix(10) == end.prefix(10)
        return "\(start) to \(sameDay ? String(end.dropFirst(11)) : end) (\(event.timeZone))"
    }

    static func printEvent(_ event: Event) {
        var fields = [("event", "\(event.id): \(event.title)\(event.cancelled ? " (cancelled)" : "")"), ("when", when(event)),
                      ("organiser", "\(event.organiser) (\(event.organiserName))")]
        if let place = event.place {
            let coordinates = place.latitude.flatMap { latitude in place.longitude.map { "\(latitude),\($0)" } }
            fields.append(("place", [place.name, coordinates].compactMap { $0 }.joined(separator: " at ")))
        }
        if let description = event.description { fields.append(("about", description)) }
        for route in event.routes {
            fields.append(("route", "\(route.name): \(String(format: "%.2f", route.distanceMeters / 1000)) km (route \(route.id))"))
        }
        if let capacity = event.capacity { fields.append(("capacity", String(capacity))) }
        if !event.groups.isEmpty { fields.append(("groups", event.groups.joined(separator: ", "))) }
        func list(_ count: Int, _ names: [String]?) -> String {
            guard let names, !names.isEmpty else { return String(count) }
            return "\(count): " + names.joined(separator: ", ")
        }
        fields += [("going", list(event.counts.going, event.going)), ("maybe", list(event.counts.maybe, event.maybe)),
                   ("declined", list(event.counts.declined, event.declined)),
                   ("waiting", list(event.counts.waiting, event.waiting))]
        if let occurrences = event.occurrences, occurrences.count > 1 {
            let index = (occurrences.firstIndex(of: event.id) ?? 0) + 1
            fields.append(("repeats", "occurrence \(index) of \(occurrences.count) (events \(occurrences.first ?? 0) to "
                           + "\(occurrences.last ?? 0))"))
        }
        fields.append(("you", event.answer?.rawValue ?? (event.canAnswer ? "invited, no answer yet" : "not invited")))
        Output.fields(fields)
    }

    static func printEvents(_ page: ListPage<Event>, json: Bool, empty: String) throws {
        if json { return try Output.json(page) }
        Output.table(["ID", "WHEN", "TITLE", "ORGANISER", "GOING", "YOU"], page.items.map(row), empty: empty)
        if let next = page.next { print("more: --after \(next)") }
    }

    /// An event's row in a listing.
    private static func row(_ event: Event) -> [String] {
        let title = event.title + (event.cancelled ? " (cancelled)" : "")
        let going = event.capacity.map { "\(event.counts.going)/\($0)" } ?? String(event.counts.going)
        let you = event.answer?.rawValue ?? (event.canAnswer ? "invited" : "")
        return [String(event.id), when(event), title, event.organiser, going, you]
    }

    /// A comma-separated list: `ana,bea`.
    static func names(_ text: String?) -> [String]? {
        text.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Create an event and invite people and groups; prints its id.",
            discussion: """
                Prints the new event's id alone (a repeating event's first occurrence; with --json, \
                the event with all its occurrences' ids).
                """)
        @Argument(help: "Its title (at most 200 characters).") var title: String
        @Option(help: ArgumentHelp("When it starts, local to --tz: YYYY-MM-DDTHH:MM, or a date for a whole day.",
                                   valueName: "local-datetime"))
        var start: String
        @Option(help: ArgumentHelp("When it ends, as --start (for whole days, the last day).", valueName: "local-datetime"))
        var end: String
        @Option(help: ArgumentHelp("The IANA time zone the times are in: Europe/Madrid.", valueName: "zone")) var tz: String
        @Option(help: "What it is about (at most 5000 characters).") var description: String?
        @Option(help: "Where: the place's name.") var place: String?
        @Option(help: "Where, as coordinates in degrees.") var at: NearPoint?
        @Option(help: ArgumentHelp("One of your stored routes to attach (again for more).", valueName: "id"))
        var route: [Int64] = []
        @Option(help: "The most guests going; more wait in turn.") var capacity: Int?
        @Option(help: ArgumentHelp("Users to invite, comma-separated.", valueName: "user,user")) var invite: String?
        @Option(help: ArgumentHelp("A group whose members are invited (again for more).", valueName: "name"))
        var group: [String] = []
        @Option(help: ArgumentHelp("Repeat it: week.", valueName: "week")) var every: String?
        @Option(help: ArgumentHelp("The days a weekly event falls on, comma-separated: mo,tu,we,th,fr,sa,su.",
                                   valueName: "days"))
        var on: String?
        @Option(help: ArgumentHelp("The last day it may repeat on: YYYY-MM-DD.", valueName: "date")) var until: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let draft = EventDraft(title: title, description: description, start: start, end: end, timeZone: tz, place: place,
                                   latitude: at?.point.latitude, longitude: at?.point.longitude, routes: route,
                                   capacity: capacity, invite: EventCommand.names(invite), groups: group, every: every,
                                   on: EventCommand.names(on), until: until)
            let event = try Events(store: store).create(actor, draft)
            if output.json { return try Output.json(event) }
            print(event.id)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show an event: when, where, who is going and who waits.",
            discussion: """
                The guest lists are shown to the organiser and the invited; others who see the \
                event (through a post sharing it) see the counts. An event you may not see is \
                "no event", as one that does not exist.
                """)
        @Argument(help: "The event's id.") var id: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            let event = try Events(store: store).show(viewer, id)
            if output.json { return try Output.json(event) }
            EventCommand.printEvent(event)
        }
    }

    struct RSVP: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rsvp", abstract: "Answer an event you are invited to: going, maybe or declined.")
        @Argument(help: "The event's id.") var id: Int64
        @Argument(help: "going, maybe or declined.") var answer: EventAnswer
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let reply = try Events(store: store).answer(actor, id, answer)
            if output.json { return try Output.json(reply) }
            let counts = "\(reply.counts.going) going, \(reply.counts.waiting) waiting"
            if let position = reply.position {
                return print("event \(id) is full: you are number \(position) on its waiting list (\(counts))")
            }
            print("\(reply.answer.rawValue) to event \(id) (\(counts))")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List your upcoming events: organised, invited to or answered, soonest first.")
        @OptionGroup var page: PageOptions
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let events = try Events(store: store).upcoming(actor, after: page.after, limit: page.limit)
            try EventCommand.printEvents(events, json: output.json, empty: "no upcoming events")
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change an event you organise; calendars follow.",
            discussion: """
                '' clears the description or place; --capacity 0 removes the limit. A higher \
                capacity moves those waiting to going, in turn.
                """)
        @Argument(help: "The event's id.") var id: Int64
        @Option(help: "A new title.") var title: String?
        @Option(help: "A new description.") var description: String?
        @Option(help: ArgumentHelp("A new start, local.", valueName: "local-datetime")) var start: String?
        @Option(help: ArgumentHelp("A new end, local.", valueName: "local-datetime")) var end: String?
        @Option(help: ArgumentHelp("A new time zone for the times.", valueName: "zone")) var tz: String?
        @Option(help: "A new place name.") var place: String?
        @Option(help: "New coordinates.") var at: NearPoint?
        @Option(help: "A new capacity (0: none).") var capacity: Int?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            if [title, description, start, end, tz, place].allSatisfy({ $0 == nil }), at == nil, capacity == nil {
                throw ValidationError("give what to change: --title, --description, --start, --end, --tz, --place, --at "
                                      + "or --capacity")
            }
        }

        func run() throws {
            let (store, actor) = try club.session()
            let changes = EventChanges(title: title, description: description, start: start, end: end, timeZone: tz, place: place,
                                       latitude: at?.point.latitude, longitude: at?.point.longitude, capacity: capacity)
            let event = try Events(store: store).edit(actor, id, changes)
            if output.json { return try Output.json(event) }
            print("updated event \(event.id) (revision \(event.sequence))")
        }
    }

    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel", abstract: "Cancel an event you organise; it stays, shown as cancelled.")
        @Argument(help: "The event's id.") var id: Int64
        @Flag(help: "Cancel the later occurrences of its series too.") var series = false
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let ids = try Events(store: store).cancel(actor, id, series: series)
            if output.json { return try Output.json(["cancelled": ids]) }
            print(ids.count == 1 ? "cancelled event \(id)" : "cancelled \(ids.count) events: " + ids.map(String.init).joined(separator: ", "))
        }
    }

    struct Invite: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "invite", abstract: "Invite more users or groups to an event you organise.")
        @Argument(help: "The event's id.") var id: Int64
        @Argument(help: "Users to invite.") var users: [String] = []
        @Option(help: ArgumentHelp("A group whose members are invited (again for more).", valueName: "name"))
        var group: [String] = []
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func validate() throws {
            if users.isEmpty, group.isEmpty { throw ValidationError("name users or --group") }
        }

        func run() throws {
            let (store, actor) = try club.session()
            let event = try Events(store: store).invite(actor, id, users: users, groups: group)
            if output.json { return try Output.json(event) }
            print("invited to event \(id): " + (users + group.map { "group \($0)" }).joined(separator: ", "))
        }
    }

    struct CalendarFile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "calendar", abstract: "Write an event as an iCalendar file.",
            discussion: """
                Its UID stays the same through every change; its SEQUENCE rises with each, and a \
                cancelled event is written STATUS:CANCELLED, so a calendar that imported it follows.
                """)
        @Argument(help: "The event's id.") var id: Int64
        @Option(name: .shortAndLong, help: ArgumentHelp("The output file (default: standard output).", valueName: "file"))
        var output: String?
        @OptionGroup var club: ClubOptions

        func run() throws {
            if let output { try Files.checkWritable(output) }
            let store = try club.store()
            let viewer = try club.viewer(Accounts(store: store))
            try CalendarTokenFlags.write(try Events(store: store).calendar(viewer, id), to: output)
        }
    }

    struct Agenda: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "agenda", abstract: "Write your agenda as an iCalendar file, or give it a subscription token.",
            discussion: """
                Your agenda holds your events that have not ended or ended in the last 30 days. \
                Calendar apps subscribe to the server's /api/v1/users/NAME/agenda.ics?token=TOKEN \
                without logging in: --rotate-token makes a new token and prints it with that path, \
                once (only its hash is kept); the old one stops working. --revoke-token takes it away.
                """)
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
            let events = Events(store: store)
            if token.given {
                return try token.apply(json: json.json, holder: { _ in "\(actor.username)'s agenda" },
                                       rotate: { try events.rotateAgendaToken(actor) }, revoke: { try events.revokeAgendaToken(actor) })
            }
            try CalendarTokenFlags.write(try events.agenda(actor), to: output)
        }
    }
}
