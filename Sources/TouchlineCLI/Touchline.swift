import ArgumentParser

/// The `touchline` command: nouns, then verbs.
@main
struct Touchline: AsyncParsableCommand {
    /// The tool's version, printed by `touchline --version`.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "touchline",
        abstract: "Tactics boards, route maps, league tables, player cards and club services for football.",
        discussion: """
            Commands are grouped by noun. Errors go to standard error as one line, and the exit \
            status follows sysexits: 64 usage, 65 bad input data, 66 input missing, \
            69 database busy, 73 cannot create output, 74 I/O error, 77 permission denied.

            Example:
              touchline board render examples/boards/433.json -o out/433.png
            """,
        version: version,
        subcommands: [Board.self, RouteCommand.self, User.self, Login.self, Logout.self, WhoAmI.self, TeamCommand.self,
                      PlayerCommand.self, CardCommand.self, MessageCommand.self, FollowCommand.self, GroupCommand.self, EventCommand.self, PostCommand.self,
                      CommentCommand.self, FeedCommand.self, LeagueCommand.self, MatchCommand.self,
                      ServeCommand.self, DatabaseCommand.self, CollectionCommand.self, SwapCommand.self,
                      BattleCommand.self, TreasureCommand.self, GuideCommand.self, PlaceCommand.self, ItineraryCommand.self,
                      PhotoCommand.self, VoteCommand.self, UnvoteCommand.self, VotesCommand.self]
    )

    /// Parses the arguments and runs the command. The one place errors become exit codes:
    /// parsing and validation errors go to ArgumentParser (usage, 64), and whatever a command's
    /// `run()` throws is reported by ``reported(_:)``, so no command handles its own.
    static func main() async {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: reported(error))
        }
    }
}
