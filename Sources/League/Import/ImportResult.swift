/// What an import produced: the season and the validation report.
public struct ImportResult: Sendable, Equatable {
    /// The season, with every match that was not skipped, in the order of the input.
    public var season: Season
    /// What was skipped or looks suspicious, in the order of the input.
    public var issues: [ImportIssue]

    /// A result with `season` and its validation report.
    public init(season: Season, issues: [ImportIssue] = []) {
        self.season = season
        self.issues = issues
    }

    /// The issues of one kind.
    public func issues(_ kind: ImportIssue.Kind) -> [ImportIssue] {
        issues.filter { $0.kind == kind }
    }
}
