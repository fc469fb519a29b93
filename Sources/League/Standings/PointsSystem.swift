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

    public var description: String { "\(win)-\(draw)-\(loss)" }
}
