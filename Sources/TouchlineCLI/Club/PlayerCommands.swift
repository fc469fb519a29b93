import ArgumentParser
import Club
import Foundation
import League

/// `touchline player`: squads.
struct PlayerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "player",
        abstract: "Keep squads: players, numbers, positions and moves between teams.",
        discussion: """
            Examples:
              touchline player add --team 'Athletic Infantil A' --name Aymeric \\
                --surname Laporte --number 4 \\
                --position DF --detail CB --born 1994-05-27 --as alice
              touchline player list --team 'Athletic Infantil A' --json
              touchline player move 12 --team 'Athletic Cadete A' --number 5
            """,
        subcommands: [Add.self, List.self, Show.self, Edit.self, Move.self, Delete.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a player to a team (owner and editors).")
        @Option(help: "The team's id or name.") var team: String
        @Option(help: "First name.") var name: String
        @Option(help: "Surname(s).") var surname: String
        @Option(help: "Squad number, 1 to 99, unique in the team.") var number: Int
        @Option(help: "GK, DF, MF or FW.") var position: PlayerPosition
        @Option(help: "A finer role, for example RB.") var detail: String?
        @Option(help: ArgumentHelp("Date of birth, YYYY-MM-DD.", valueName: "date")) var born: String?
        @Option(help: "Notes.") var notes: String?
        @Option(help: ArgumentHelp("A PNG or JPEG photo: at most 2 MiB, 4096 px a side and 16 megapixels.", valueName: "file")) var photo: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let picture = try photo.map(Files.read)
            let (store, actor) = try club.session()
            let draft = PlayerDraft(firstName: name, surnames: surname, number: number, position: position,
                                    positionDetail: detail, birthDate: born, notes: notes, photo: picture)
            let player = try Squads(store: store).add(actor, to: TeamReference(team), draft)
            if output.json { try Output.json(player) } else { print("added player \(player.id): #\(number) \(name) \(surname)") }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a team's squad by number.")
        @Option(help: "The team's id or name.") var team: String
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let players = try Squads(store: store).list(actor, team: TeamReference(team))
            if output.json { return try Output.json(players) }
            Output.table(["ID", "NO", "NAME", "POS", "BORN"], players.map {
                [String($0.id), $0.number.map(String.init) ?? "", "\($0.firstName) \($0.surnames)",
                 $0.position.rawValue + ($0.positionDetail.map { " (\($0))" } ?? ""), $0.birthDate ?? ""]
            }, empty: "no players")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a player and the teams they have played in.")
        @Argument(help: "The player's id.") var player: Int64
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let detail = try Squads(store: store).show(actor, player: self.player)
            if output.json { return try Output.json(detail) }
            let player = detail.player
            Output.fields([("id", String(player.id)), ("name", "\(player.firstName) \(player.surnames)"),
                           ("number", player.number.map(String.init) ?? ""),
                           ("position", player.position.rawValue + (player.positionDetail.map { " (\($0))" } ?? "")),
                           ("born", player.birthDate ?? ""), ("photo", player.hasPhoto ? "yes" : "no"),
                           ("notes", player.notes ?? "")])
            print("")
            Output.table(["TEAM", "SEASON", "NO", "JOINED", "LEFT"], detail.history.map {
                [$0.teamName, $0.season, String($0.number), Output.date($0.joinedAt), $0.leftAt.map(Output.date) ?? ""]
            })
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a player's details or number ('' clears an optional field).")
        @Argument(help: "The player's id.") var player: Int64
        @Option(help: "First name.") var name: String?
        @Option(help: "Surname(s).") var surname: String?
        @Option(help: "Squad number.") var number: Int?
        @Option(help: "GK, DF, MF or FW.") var position: PlayerPosition?
        @Option(help: "A finer role.") var detail: String?
        @Option(help: ArgumentHelp("Date of birth.", valueName: "date")) var born: String?
        @Option(help: "Notes.") var notes: String?
        @Option(help: ArgumentHelp("A PNG or JPEG photo ('' removes it): at most 2 MiB, 4096 px a side and 16 megapixels.", valueName: "file")) var photo: String?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let picture: Data?? = try photo.map { $0.isEmpty ? nil : try Files.read($0) }
            let changes = PlayerChanges(firstName: name, surnames: surname, number: number, position: position,
                                        positionDetail: detail.map { $0 }, birthDate: born.map { $0 },
                                        notes: notes.map { $0 }, photo: picture)
            let (store, actor) = try club.session()
            let edited = try Squads(store: store).edit(actor, player: player, changes)
            if output.json { try Output.json(edited) } else { print("updated player \(edited.id)") }
        }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a player to another team; the old spell stays in the history.")
        @Argument(help: "The player's id.") var player: Int64
        @Option(help: "The new team's id or name.") var team: String
        @Option(help: "The number in the new team.") var number: Int
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let (store, actor) = try club.session()
            let moved = try Squads(store: store).move(actor, player: player,
                                                      to: TeamReference(team), number: number)
            if output.json { try Output.json(moved) } else { print("moved player \(moved.id) to team \(team)") }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a player and their history.")
        @Argument(help: "The player's id.") var player: Int64
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            try Squads(store: store).delete(actor, player: player)
            print("deleted player \(player)")
        }
    }
}
