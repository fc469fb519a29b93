import ArgumentParser
import Club
import Foundation
import League

/// Where a league's joining password comes from: `--league-password-stdin`, then
/// `$TOUCHLINE_LEAGUE_PASSWORD`, then a prompt without echo. Never from an argument.
struct LeaguePasswordOptions: ParsableArguments {
    /// The environment variable holding a league's password.
    static let variable = "TOUCHLINE_LEAGUE_PASSWORD"

    @Flag(help: "Read the league's password from the next line of standard input (after yours when --password-stdin is also given).")
    var leaguePasswordStdin = false

    /// Reads the league's password; `confirm` asks twice on a terminal.
    func read(confirm: Bool) throws -> String {
        do {
            return try Passwords.read(fromStandardInput: leaguePasswordStdin, variable: Self.variable,
                                      prompt: "League password: ", confirm: confirm)
        } catch let error as CommandError {
            throw CommandError(error.status, error.message.replacingOccurrences(of: "--password-stdin",
                                                                                 with: "--league-password-stdin"))
        }
    }
}

extension ClubOptions {
    /// The user to act for when there is one: `--as` (whose password must be right), else this
    /// database's session if it is still valid; nil for anyone else. For commands that show
    /// more to a user (their friendlies) but need no login for league matches.
    func viewer(_ accounts: Accounts) throws -> ActingUser? {
        if actingAs != nil { return try actor(accounts) }
        guard SessionFile().entry(for: databasePath) != nil else { return nil }
        return try? actor(accounts)
    }

    /// The leagues as whoever runs the command sees them (``viewer(_:)``): a logged-in owner or
    /// editor sees their private leagues too; anyone else the public ones, without logging in.
    func viewingLeagues() throws -> Leagues {
        let store = try store()
        return Leagues(store: store, viewer: try viewer(Accounts(store: store)))
    }
}

extension LeagueKind: ExpressibleByArgument {}
extension MatchStatus: ExpressibleByArgument {}
extension FixtureOptions.SecondHalf: ExpressibleByArgument {}

/// The names of the rule presets, for help texts and messages.
enum RulePresets {
    static var names: String { RuleSet.presets.keys.sorted().joined(separator: ", ") }
}

/// `W-D-L` on the command line, for example `2-1-0`.
extension PointsSystem: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public var defaultValueDescription: String { description }
}
