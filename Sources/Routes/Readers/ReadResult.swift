/// What `RouteReader` makes of a file: the document, what was dropped on the way, and the
/// format it was read as.
public struct ReadResult: Sendable, Hashable {
    /// The tracks, planned routes and waypoints that survived validation.
    public var document: RouteDocument
    /// How many points, times and segments were dropped, and why.
    public var report: ValidationReport
    /// The format the input was read as (detected, or the one asked for).
    public var format: RouteFormat

    /// Creates a result from its parts.
    public init(document: RouteDocument, report: ValidationReport, format: RouteFormat) {
        self.document = document
        self.report = report
        self.format = format
    }
}
