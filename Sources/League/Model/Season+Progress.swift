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
