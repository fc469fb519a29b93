import Support

/// Round-robin fixtures by the circle method, with the fewest breaks.
///
/// The first half is the circle method's canonical schedule with de Werra's home-away
/// assignment (see ``FixtureOptions/SecondHalf`` for the second half). For `n` teams:
///
/// | schedule                | matchdays      | breaks, `n` even | breaks, `n` odd |
/// |-------------------------|----------------|------------------|-----------------|
/// | single                  | `n - 1` / `n`  | `n - 2`          | 0               |
/// | double, mirrored        | twice as many  | `3n - 6`         | `n - 2`         |
/// | double, French          | twice as many  | `2n`             | 1               |
/// | double, English         | twice as many  | `2n - 4`         | 0               |
///
/// For an even `n` each of these is the least any schedule of its kind can have: `n - 2` and
/// `3n - 6` are de Werra's bounds (1981); the French and English figures follow from the same
/// parity argument (every team has at least two breaks in a French schedule; in an English
/// one at most four teams, two home-away patterns and their complements, can have a single
/// break). With an odd `n` a rest day ends a run: see ``Fixtures``.
///
/// ```swift
/// let fixtures = try FixtureGenerator.generate(
///     teams: ["Ajax", "AZ", "Feyenoord", "PSV", "Twente", "Utrecht"],
///     options: FixtureOptions(rounds: .double, secondHalf: .mirrored, seed: 7, startDate: "2024-08-10"))
/// fixtures.rounds   // 10
/// fixtures.breaks   // 12 (3n - 6)
/// ```
public enum FixtureGenerator {
    /// The most teams a schedule may have.
    public static let maximumTeams = 1_000
    /// The longest team name, in characters.
    public static let maximumTeamNameLength = 200
    /// The most existing matches ``regenerate(teams:options:keeping:)`` accepts.
    public static let maximumExistingMatches = 2_000_000

    /// The fixtures of a round robin between `teams`.
    ///
    /// - Throws: ``FixtureError`` for fewer than 2 or more than ``maximumTeams`` teams, an
    ///   empty, over-long or repeated name (ignoring case), an interval outside 1...365 days, or
    ///   a start date that is not a valid `YYYY-MM-DD`.
    public static func generate(teams: [String], options: FixtureOptions = FixtureOptions()) throws(FixtureError)
        -> Fixtures {
        try regenerate(teams: teams, options: options, keeping: [])
    }

    /// Generates the fixtures again and carries over the results already entered in `existing`.
    ///
    /// A match carries a result (``Match/hasResult``) when it is played, awarded, abandoned or
    /// cancelled, or has a full-time score; scheduled and postponed matches are simply
    /// replaced. Played matches never move: each result takes the new fixture with the same
    /// home and away team (names compared ignoring case; in a single round robin also the
    /// reversed pair, which then keeps the result's home and away) only when that fixture is
    /// on the result's own matchday, and takes its status, scores, events, line-ups, date and
    /// time. A result whose pairing the new schedule puts on another matchday is an error
    /// (``FixtureError/playedMatchWouldMove(home:away:matchday:newMatchday:)``), and so is a
    /// team playing twice on one date. Results whose teams are no longer in the list, or whose
    /// pairing's fixture already took another result, stay as they are, in
    /// ``Fixtures/unplacedResults``. Breaks and runs are reported on the schedule
    /// with the results in place.
    ///
    /// ```swift
    /// let played = [Match.played("Ajax", Score(2, 1), "PSV", matchday: 1, date: "2024-08-10")]
    /// let fixtures = try FixtureGenerator.regenerate(teams: clubs, options: options, keeping: played)
    /// ```
    ///
    /// - Throws: ``FixtureError`` as ``generate(teams:options:)`` does, and for more than
    ///   ``maximumExistingMatches`` existing matches.
    public static func regenerate(teams: [String], options: FixtureOptions, keeping existing: [Match])
        throws(FixtureError) -> Fixtures {
        guard existing.count <= maximumExistingMatches else {
            throw .tooManyExistingMatches(count: existing.count, limit: maximumExistingMatches)
        }
        let keys = try validate(teams)
        guard (1...365).contains(options.intervalDays) else { throw .invalidInterval(days: options.intervalDays) }
        var startDay: Int?
        if let text = options.startDate {
            guard let day = CivilDate(text) else { throw .invalidStartDate(text) }
            startDay = day.daysSince1970
        }

        // Slot i of the circle holds teams[order[i]].
        var order = Array(teams.indices)
        if let seed = options.seed {
            var random = SeededRandom(seed: seed)
            random.shuffle(&order)
        }
        let count = teams.count
        let slots = count + count % 2
        let dummy = count % 2 == 1 ? slots - 1 : -1
        let schedule = FixtureCircle.schedule(slots: slots, rounds: options.rounds, scheme: options.secondHalf)
        let rounds = schedule.count
        let interval = options.intervalDays
        let lastDay = CivilDate.latest.daysSince1970
        if let startDay, startDay + (rounds - 1) * interval > lastDay {
            throw .dateOutOfRange(matchday: (lastDay - startDay) / interval + 2)
        }

        var matches: [Match] = []
        matches.reserveCapacity(rounds * (count / 2))
        var pairs: [FixturePairing] = []  // the same matches as indexes into `teams`
        pairs.reserveCapacity(rounds * (count / 2))
        var byes: [Int: String] = [:]
        for (index, round) in schedule.enumerated() {
            let matchday = index + 1
            let label = "Matchday \(matchday)"
            let date = startDay.flatMap { CivilDate(daysSince1970: $0 + index * interval)?.description }
            for pairing in round {
                if pairing.home == dummy {
                    byes[matchday] = teams[order[pairing.away]]
                } else if pairing.away == dummy {
                    byes[matchday] = teams[order[pairing.home]]
                } else {
                    let home = order[pairing.home], away = order[pairing.away]
                    matches.append(Match(home: teams[home], away: teams[away], matchday: matchday, round: label,
                                         date: date))
                    pairs.append(FixturePairing(home: home, away: away))
                }
            }
        }

        let unplaced = try carryOver(existing, into: &matches, pairs: pairs, teams: teams, keys: keys,
                                     allowReversed: options.rounds == .single)
        try checkOneMatchADate(matches + unplaced)
        let report = FixtureAnalysis.report(teams: teams, matches: matches, rounds: rounds)
        return Fixtures(teams: order.map { teams[$0] }, matches: matches, rounds: rounds, byes: byes,
                        breaks: report.breaks, breaksByTeam: report.breaksByTeam,
                        longestHomeRun: report.longestHomeRun, longestAwayRun: report.longestAwayRun,
                        unplacedResults: unplaced)
    }

    /// Checks the team list; returns each team's index by its lowercased name.
    static func validate(_ teams: [String]) throws(FixtureError) -> [String: Int] {
        guard teams.count >= 2 else { throw .tooFewTeams(count: teams.count) }
        guard teams.count <= maximumTeams else { throw .tooManyTeams(count: teams.count, limit: maximumTeams) }
        var keys: [String: Int] = [:]
        keys.reserveCapacity(teams.count)
        for (index, name) in teams.enumerated() {
            guard !name.allSatisfy(\.isWhitespace) else { throw .emptyTeamName(index: index) }
            if name.utf8.count > maximumTeamNameLength, name.count > maximumTeamNameLength {
                throw .teamNameTooLong(index: index, length: name.count, limit: maximumTeamNameLength)
            }
            let key = name.lowercased()
            if let first = keys[key] { throw .duplicateTeam(name: name, firstIndex: first, index: index) }
            keys[key] = index
        }
        return keys
    }

    /// Refuses a schedule in which a team plays twice on one date.
    static func checkOneMatchADate(_ matches: [Match]) throws(FixtureError) {
        var seen = Set<String>()
        for match in matches {
            guard let date = match.date else { continue }
            for team in [match.home, match.away] where !seen.insert(team.lowercased() + "\n" + date).inserted {
                throw .teamTwiceOnOneDate(team: team, date: date)
            }
        }
    }

    /// Puts the results of `existing` into the matching fixtures of their own matchday;
    /// returns those whose teams are no longer in the list.
    static func carryOver(_ existing: [Match], into matches: inout [Match], pairs: [FixturePairing],
                          teams: [String], keys: [String: Int], allowReversed: Bool) throws(FixtureError) -> [Match] {
        let results = existing.filter(\.hasResult)
        guard !results.isEmpty else { return [] }
        let count = teams.count
        var fixtureOf = [Int](repeating: -1, count: count * count)  // home * count + away -> match
        for (index, pair) in pairs.enumerated() { fixtureOf[pair.home * count + pair.away] = index }

        var unplaced: [Match] = []
        for result in results {
            guard let home = keys[result.home.lowercased()], let away = keys[result.away.lowercased()],
                  home != away else {
                unplaced.append(result)
                continue
            }
            var target = fixtureOf[home * count + away]
            var reversed = false
            if target < 0, allowReversed {
                target = fixtureOf[away * count + home]
                reversed = true
            }
            // Its pairing's fixture already holds another result (a replay): kept as it is.
            guard target >= 0 else {
                unplaced.append(result)
                continue
            }
            guard matches[target].matchday == result.matchday else {
                throw .playedMatchWouldMove(home: result.home, away: result.away, matchday: result.matchday,
                                            newMatchday: matches[target].matchday)
            }
            fixtureOf[reversed ? away * count + home : home * count + away] = -1  // filled
            var match = matches[target]
            if reversed { swap(&match.home, &match.away) }
            match.status = result.status
            match.fullTime = result.fullTime
            match.halfTime = result.halfTime
            match.extraTime = result.extraTime
            match.penalties = result.penalties
            match.events = result.events
            match.lineups = result.lineups
            if let date = result.date { match.date = date }
            if let time = result.time { match.time = time }
            matches[target] = match
        }
        return unplaced
    }
}
