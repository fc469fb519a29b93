import ArgumentParser
import Club
import Foundation

/// `league rename`, `league delete` and `league remove-team`: mending mistakes, owner only.
extension LeagueCommand {
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename", abstract: "Give a league another name (owner only).",
            discussion: """
                Example:
                  touchline league rename 'Liga Amigos' 'Liga de los Jueves'
                """)
        @Argument(help: "The league's id or name.") var league: String
        @Argument(help: "The new name.") var name: String
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            let info = try Leagues(store: store).rename(actor, LeagueReference(league), to: name)
            print("renamed league \(info.id) to \(info.name)")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a league with its teams, matches and deductions (owner only).",
            discussion: """
                Club teams linked to the league are not touched. Needs --yes.

                Example:
                  touchline league delete 'Liga Amigos' --yes
                """)
        @Argument(help: "The league's id or name.") var league: String
        @Flag(help: "Really delete it.") var yes = false
        @OptionGroup var club: ClubOptions

        func validate() throws {
            guard yes else { throw ValidationError("deleting a league removes its teams, matches and deductions: add --yes") }
        }

        func run() throws {
            let (store, actor) = try club.session()
            try Leagues(store: store).delete(actor, LeagueReference(league))
            print("deleted league \(league)")
        }
    }

    struct RemoveTeam: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove-team", abstract: "Take a team out of a league (owner only).",
            discussion: """
                Its scheduled matches and deductions go with it. A team with results is refused \
                unless --force, which deletes those matches too.

                Example:
                  touchline league remove-team 'Liga Amigos' 'Los Rápidos' --force
                """)
        @Argument(help: "The league's id or name.") var league: String
        @Argument(help: "The team's name in the league.") var team: String
        @Flag(help: "Also delete the team's played matches.") var force = false
        @OptionGroup var club: ClubOptions

        func run() throws {
            let (store, actor) = try club.session()
            let removed = try Leagues(store: store).removeTeam(actor, LeagueReference(league), team: team, force: force)
            print("removed \(team) from league \(league) with \(removed) match\(removed == 1 ? "" : "es")")
        }
    }
}
