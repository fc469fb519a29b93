import Foundation

/// Why ``FixtureGenerator`` cannot build a schedule. Each message names the input at fault
/// (`teams[3]`, `startDate`, `intervalDays`, `existing`) and what was expected.
public enum FixtureError: Error, Sendable, Hashable, LocalizedError {
    /// Fewer than two teams.
    case tooFewTeams(count: Int)
    /// More teams than ``FixtureGenerator/maximumTeams``.
    case tooManyTeams(count: Int, limit: Int)
    /// A team whose name is empty or only white space, by its index in the list.
    case emptyTeamName(index: Int)
    /// A team name longer than ``FixtureGenerator/maximumTeamNameLength`` characters.
    case teamNameTooLong(index: Int, length: Int, limit: Int)
    /// The same team twice (names compared ignoring case), by the indexes of both.
    case duplicateTeam(name: String, firstIndex: Int, index: Int)
    /// An interval between matchdays outside 1...365 days.
    case invalidInterval(days: Int)
    /// A start date that is not a real `YYYY-MM-DD` date from year 1 to 9999.
    case invalidStartDate(String)
    /// A matchday whose date would fall after 9999-12-31.
    case dateOutOfRange(matchday: Int)
    /// More existing matches than ``FixtureGenerator/maximumExistingMatches``.
    case tooManyExistingMatches(count: Int, limit: Int)
    /// A match with a result whose pairing the new schedule puts on another matchday (or on
    /// none): regenerating would move a played match.
    case playedMatchWouldMove(home: String, away: String, matchday: Int?, newMatchday: Int?)
    /// The new schedule and the results kept would have a team play twice on one date.
    case teamTwiceOnOneDate(team: String, date: String)

    /// What is wrong, naming the input and what was expected, and what to change: for
    /// ``teamTwiceOnOneDate(team:date:)``, another `startDate` or `intervalDays` (the fields of
    /// ``FixtureOptions``).
    public var errorDescription: String? {
        guard case .teamTwiceOnOneDate = self else { return reason }
        return reason + "; choose another startDate or intervalDays"
    }

    /// What is wrong, naming the input and what was expected, without the advice on which
    /// option to change that ``errorDescription`` adds: for a front end that names its options
    /// in its own terms (the command line's `--start` and `--interval`).
    public var reason: String {
        switch self {
        case .tooFewTeams(let count):
            return "teams: \(count) team\(count == 1 ? "" : "s") given, a round robin needs at least 2"
        case .tooManyTeams(let count, let limit):
            return "teams: \(count) teams given, at most \(limit) are supported"
        case .emptyTeamName(let index):
            return "teams[\(index)]: the name is empty; expected a team name"
        case .teamNameTooLong(let index, let length, let limit):
            return "teams[\(index)]: the name has \(length) characters; at most \(limit) are allowed"
        case .duplicateTeam(let name, let firstIndex, let index):
            return "teams[\(index)]: \"\(name)\" is already teams[\(firstIndex)] (names are compared ignoring case)"
        case .invalidInterval(let days):
            return "intervalDays: \(days) is out of range; expected 1 to 365 days between matchdays"
        case .invalidStartDate(let text):
            return "startDate: \"\(text)\" is not a valid date; expected YYYY-MM-DD, for example 2024-08-17"
        case .dateOutOfRange(let matchday):
            return "startDate: matchday \(matchday) would fall after 9999-12-31; choose an earlier start or a shorter interval"
        case .tooManyExistingMatches(let count, let limit):
            return "existing: \(count) matches given, at most \(limit) are supported"
        case .playedMatchWouldMove(let home, let away, let matchday, let newMatchday):
            let from = matchday.map { "matchday \($0)" } ?? "no matchday"
            let to = newMatchday.map { "matchday \($0)" } ?? "no matchday"
            return "existing: \(home) v \(away) has a result on \(from), and the new fixtures put that pairing on \(to); "
                + "played matches never move: keep the same teams, rounds and seed, or add the remaining matches one by one"
        case .teamTwiceOnOneDate(let team, let date):
            return "existing: \(team) would play twice on \(date) between the results kept and the new fixtures"
        }
    }
}
