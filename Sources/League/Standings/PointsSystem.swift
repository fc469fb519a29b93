/// Points for a win, a draw and a loss.
public struct PointsSystem: Sendable, Hashable, Codable, CustomStringConvertible {
    public var win: Int
    public var draw: Int
    public var loss: Int

    public init(win: Int, draw: Int, loss: Int) {
        self.win = win
        self.draw = draw
        self.loss = loss
    }

    /// Three points for a win (the rule almost everywhere since 1995).
    public static let threeForAWin = PointsSystem(win: 3, draw: 1, loss: 0)
    /// Two points for a win.
    public static let twoForAWin = PointsSystem(win: 2, draw: 1, loss: 0)

    /// Parses `W-D-L`, for example `3-1-0` (each from 0 to 10, a win worth more than a draw).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let win = parts[0], let draw = parts[1], let loss = parts[2],
              [win, draw, loss].allSatisfy({ (0...10).contains($0) }), win > draw, draw >= loss else { return nil }
        self.init(win: win, draw: draw, loss: loss)
    }

    public var description: String { "\(win)-\(draw)-\(loss)" }
}
