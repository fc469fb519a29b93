/// Something that happened in a match, at a minute (plus stoppage time).
public struct MatchEvent: Sendable, Hashable, Codable {
    public enum Kind: Sendable, Hashable, Codable {
        /// A goal for `team` (the scorer's own team, or the benefiting team for an own goal).
        case goal(scorer: String, assist: String?, penalty: Bool, ownGoal: Bool)
        case yellowCard(player: String)
        /// A second yellow, which sends the player off (an indirect red).
        case secondYellow(player: String)
        /// A straight red.
        case redCard(player: String)
        case substitution(off: String, on: String)
    }

    /// The team the event belongs to: for an own goal, the team credited with the goal.
    public var team: String
    public var kind: Kind
    public var minute: Int
    /// Minutes of stoppage time beyond `minute` (90+3 is minute 90, stoppage 3).
    public var stoppage: Int

    public init(team: String, kind: Kind, minute: Int, stoppage: Int = 0) {
        self.team = team
        self.kind = kind
        self.minute = minute
        self.stoppage = stoppage
    }
}
