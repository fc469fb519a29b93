import ArgumentParser
import Club
import Foundation

/// `league visibility`: who sees a league.
extension LeagueCommand {
    struct Visibility: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "visibility",
            abstract: "Show whether a league is public or private, or make it either (owner only).",
            discussion: """
                Anyone sees a public league without logging in. A private league is seen only by \
                its owner and its editors (granted, or joined with its password); to anyone else \
                it does not exist ("no league"), and it is left out of 'league list'. Its calendar \
                is read without logging in with a token: 'league calendar LEAGUE --rotate-token'.

                Examples:
                  touchline league visibility 'Liga Amigos' --private
                  touchline league visibility 'Liga Amigos'
                """)
        @Argument(help: "The league's id or name.") var league: String
        @Flag var change: Change?
        @OptionGroup var club: ClubOptions
        @OptionGroup var output: JSONFlag

        /// `--private` or `--public`.
        enum Change: String, EnumerableFlag {
            case `private`, `public`

            static func help(for value: Change) -> ArgumentHelp? {
                value == .private ? "Make it private (owner only): only its owner and editors see it."
                                  : "Make it public (owner only): anyone sees it."
            }
        }

        func run() throws {
            let reference = LeagueReference(league)
            let info: LeagueInfo
            if let change {
                let (store, actor) = try club.session()
                info = try Leagues(store: store).setPrivate(actor, reference, change == .private)
            } else {
                info = try club.viewingLeagues().show(reference)
            }
            if output.json { return try Output.json(info) }
            print("league \(info.id) (\(info.name)) is \(info.private ? "private" : "public")")
        }
    }
}
