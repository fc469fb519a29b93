extension Season {
    /// How far a table of the season reaches, for a heading: "After matchday 19" when
    /// `matchday` is given, "As of 2023-05-28" when `date` is, otherwise the date of the latest
    /// result (or its matchday when results carry no dates); nil before any result.
    public func progressLabel(matchday: Int? = nil, asOf date: String? = nil) -> String? {
        if let matchday { return "After matchday \(matchday)" }
        if let date { return "As of \(date)" }
        let counted = matches.filter { $0.result != nil }
        if let latest = counted.compactMap(\.date).max() { return "As of \(latest)" }
        if let latest = counted.compactMap(\.matchday).max() { return "After matchday \(latest)" }
        return nil
    }
}

extension Season {
    /// The season as it stood after `matchday` or on `date`: the matches up to the cut and
    /// the deductions that applied by then (undated ones always; with a matchday, those dated
    /// up to its latest result), as ``StandingsEngine`` counts them.
    public func cut(matchday: Int? = nil, asOf date: String? = nil) -> Season {
        guard matchday != nil || date != nil else { return self }
        var kept = self
        kept.matches = matches.filter { Self.isWithinCut($0, matchday: matchday, date: date) }
        let latest = kept.matches.filter { $0.result != nil }.compactMap(\.date).max() ?? ""
        let cutOff = date ?? latest
        kept.deductions = deductions.filter { Self.applies($0, cutOff: cutOff) }
        return kept
    }

    /// True when `match` is of `matchday` or earlier and on `date` or earlier (a match without
    /// a matchday or a date is after every cut by that measure).
    static func isWithinCut(_ match: Match, matchday: Int?, date: String?) -> Bool {
        if let matchday, (match.matchday ?? Int.max) > matchday { return false }
        if let date, (match.date ?? "9999") > date { return false }
        return true
    }

    /// True when `deduction` applies to a table cut off on `cutOff` (nil: no cut).
    static func applies(_ deduction: PointDeduction, cutOff: String?) -> Bool {
        guard let cutOff, let when = deduction.date else { return true }
        return when <= cutOff
    }
}
