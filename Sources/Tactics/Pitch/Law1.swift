/// The measurements of the field of play in the IFAB Laws of the Game, Law 1, in metres.
///
/// Lines belong to the areas they bound and every distance is measured to a line's outer edge,
/// so the pitch drawing insets each line by half its width into the area it bounds.
public enum Law1 {
    /// Touchline length limits (the pitch's length).
    public static let lengthRange = 90.0...120.0
    /// Goal line length limits (the pitch's width).
    public static let widthRange = 45.0...90.0
    /// Lines are no wider than 12 cm; goal posts and crossbar have the goal line's width.
    public static let lineWidth = 0.12
    /// The centre circle's radius.
    public static let centreCircleRadius = 9.15
    /// The goal area reaches 5.5 m from the inside of each post and 5.5 m into the field.
    public static let goalAreaDistance = 5.5
    /// The penalty area reaches 16.5 m from the inside of each post and 16.5 m into the field.
    public static let penaltyAreaDistance = 16.5
    /// The penalty mark is 11 m from the midpoint between the posts.
    public static let penaltyMarkDistance = 11.0
    /// The penalty arc's radius around the penalty mark (drawn outside the penalty area).
    public static let penaltyArcRadius = 9.15
    /// The corner arcs' radius.
    public static let cornerArcRadius = 1.0
    /// The distance between the inner edges of the posts.
    public static let goalWidth = 7.32
    /// The distance from the crossbar's lower edge to the ground (not drawn on a plan view).
    public static let goalHeight = 2.44
}
