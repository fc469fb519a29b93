import Foundation
@testable import League
import Support
import Testing

/// Round-robin fixtures: the circle method, the second-half schemes, breaks, byes, seeds,
/// dates and regeneration.
@Suite struct FixtureTests {
    // MARK: - Helpers

    struct Pair: Hashable, CustomStringConvertible {
        var home: String
        var away: String
        var reversed: Pair { Pair(home: away, away: home) }
        var description: String { "\(home)-\(away)" }
    }

    static func names(_ count: Int) -> [String] { (0..<count).map { "Team \($0 + 1)" } }

    static func generate(_ count: Int, _ rounds: FixtureOptions.Rounds = .double,
                         _ scheme: FixtureOptions.SecondHalf = .mirrored, seed: UInt64? = nil) throws -> Fixtures {
        try FixtureGenerator.generate(teams: names(count),
                                      options: FixtureOptions(rounds: rounds, secondHalf: scheme, seed: seed))
    }

    /// The matches of each matchday as (home, away) pairs, matchday 1 first.
    static func roundsOf(_ fixtures: Fixtures) -> [Set<Pair>] {
        var rounds = [Set<Pair>](repeating: [], count: fixtures.rounds)
        for match in fixtures.matches {
            guard let matchday = match.matchday else { continue }
            rounds[matchday - 1].insert(Pair(home: match.home, away: match.away))
        }
        return rounds
    }

    /// Each team's venue per matchday: "H", "A" or "-" for a rest day.
    static func venues(_ fixtures: Fixtures) -> [String: [Character]] {
        var venues: [String: [Character]] = [:]
        for team in fixtures.teams { venues[team] = Array(repeating: "-", count: fixtures.rounds) }
        for match in fixtures.matches {
            guard let matchday = match.matchday else { continue }
            venues[match.home]?[matchday - 1] = "H"
            venues[match.away]?[matchday - 1] = "A"
        }
        return venues
    }

    /// Breaks counted independently of the generator: equal venues on consecutive matchdays.
    static func breaks(_ sequence: [Character]) -> Int {
        zip(sequence, sequence.dropFirst()).filter { $0 == $1 && $0 != "-" }.count
    }

    static func longestRun(_ sequence: [Character], of venue: Character) -> Int {
        var best = 0, current = 0
        for value in sequence {
            current = value == venue ? current + 1 : 0
            best = max(best, current)
        }
        return best
    }

    static func firstHalfRounds(_ count: Int) -> Int { count % 2 == 0 ? count - 1 : count }

    // MARK: - Round robin structure

    @Test("A single round robin meets every pair once, each team at most once a round",
          arguments: 2...21)
    func singleRoundRobin(count: Int) throws {
        let fixtures = try Self.generate(count, .single)
        #expect(fixtures.rounds == Self.firstHalfRounds(count))
        #expect(fixtures.matches.count == count * (count - 1) / 2)
        var met = Set<Set<String>>()
        for match in fixtures.matches {
            #expect(match.home != match.away)
            #expect(met.insert([match.home, match.away]).inserted, "\(match.home) and \(match.away) meet twice")
            #expect(match.status == .scheduled)
            #expect(match.fullTime == nil)
            #expect(match.date == nil)
            let matchday = try #require(match.matchday)
            #expect(match.round == "Matchday \(matchday)")
        }
        #expect(met.count == count * (count - 1) / 2)
        for round in Self.roundsOf(fixtures) {
            let teams = round.flatMap { [$0.home, $0.away] }
            #expect(Set(teams).count == teams.count, "a team plays twice in a round")
            #expect(round.count == count / 2)
        }
        #expect(fixtures.matches.map { $0.matchday ?? 0 } == fixtures.matches.map { $0.matchday ?? 0 }.sorted())
        // Home games are balanced: every team hosts (n-1)/2 matches, rounded either way.
        for (team, sequence) in Self.venues(fixtures) {
            let homes = sequence.filter { $0 == "H" }.count
            #expect(abs(2 * homes - (count - 1)) <= 1, "\(team) hosts \(homes) of \(count - 1)")
        }
    }

    @Test("A double round robin meets every pair twice, once at each ground",
          arguments: 2...21, FixtureOptions.SecondHalf.allCases)
    func doubleRoundRobin(count: Int, scheme: FixtureOptions.SecondHalf) throws {
        let fixtures = try Self.generate(count, .double, scheme)
        let half = Self.firstHalfRounds(count)
        #expect(fixtures.rounds == 2 * half)
        #expect(fixtures.matches.count == count * (count - 1))
        let pairs = fixtures.matches.map { Pair(home: $0.home, away: $0.away) }
        let distinct = Set(pairs)
        #expect(distinct.count == pairs.count, "an ordered pair is played twice")
        #expect(distinct == Set(pairs.map(\.reversed)))
        let rounds = Self.roundsOf(fixtures)
        for round in rounds {
            let teams = round.flatMap { [$0.home, $0.away] }
            #expect(Set(teams).count == teams.count)
            #expect(round.count == count / 2)
        }
        // Each half is a single round robin of its own.
        for halfRounds in [rounds[0..<half], rounds[half...]] {
            let met = halfRounds.flatMap { $0.map { Set([$0.home, $0.away]) } }
            #expect(Set(met).count == count * (count - 1) / 2)
        }
        for (team, sequence) in Self.venues(fixtures) {
            #expect(sequence.filter { $0 == "H" }.count == count - 1, "\(team) hosts every opponent once")
        }
    }

    // MARK: - Second halves

    @Test("Mirrored: round R + k replays round k with home and away swapped", arguments: [4, 5, 10, 20])
    func mirroredStructure(count: Int) throws {
        let rounds = Self.roundsOf(try Self.generate(count, .double, .mirrored))
        let half = Self.firstHalfRounds(count)
        for k in 0..<half {
            #expect(rounds[half + k] == Set(rounds[k].map(\.reversed)), "round \(half + k + 1)")
        }
    }

    /// Goossens and Spieksma (2012); Durán et al. (2017), constraint (15): x[i,j,1] = x[j,i,2R]
    /// and x[i,j,k] = x[j,i,k+R-1] for k = 2...R.
    @Test("French: the second half plays rounds 2...R, then round 1, with grounds swapped",
          arguments: [4, 5, 10, 20])
    func frenchStructure(count: Int) throws {
        let rounds = Self.roundsOf(try Self.generate(count, .double, .french))
        let half = Self.firstHalfRounds(count)
        #expect(rounds[2 * half - 1] == Set(rounds[0].map(\.reversed)), "the last round replays round 1")
        for k in 2...half {  // round k (1-based) returns as round R + k - 1
            #expect(rounds[half + k - 2] == Set(rounds[k - 1].map(\.reversed)), "round \(half + k - 1)")
        }
        #expect(rounds[half] != Set(rounds[0].map(\.reversed)) || count == 2)
    }

    /// Durán et al. (2017), constraint (16): x[i,j,R] = x[j,i,R+1] and x[i,j,k] = x[j,i,k+R+1]
    /// for k = 1...R-1.
    @Test("English: the second half opens with round R again, then rounds 1...R-1, grounds swapped",
          arguments: [4, 5, 10, 20])
    func englishStructure(count: Int) throws {
        let fixtures = try Self.generate(count, .double, .english)
        let rounds = Self.roundsOf(fixtures)
        let half = Self.firstHalfRounds(count)
        #expect(rounds[half] == Set(rounds[half - 1].map(\.reversed)), "round R + 1 replays round R")
        for k in 1..<half {
            #expect(rounds[half + k] == Set(rounds[k - 1].map(\.reversed)), "round \(half + k + 1)")
        }
    }

    // MARK: - Breaks

    @Test("A single round robin has n - 2 breaks (n even) and none (n odd)", arguments: 2...21)
    func singleBreaks(count: Int) throws {
        let fixtures = try Self.generate(count, .single)
        let venues = Self.venues(fixtures)
        #expect(fixtures.breaks == (count % 2 == 0 ? count - 2 : 0))
        #expect(fixtures.breaks == venues.values.map(Self.breaks).reduce(0, +))
        for (team, sequence) in venues {
            #expect(fixtures.breaksByTeam[team] == Self.breaks(sequence))
            #expect(Self.breaks(sequence) <= 1, "\(team) has more than one break")
        }
        #expect(fixtures.breaksByTeam.count == count)
        if count % 2 == 0 {
            #expect(fixtures.breaksByTeam.values.filter { $0 == 0 }.count == 2)
        }
    }

    @Test("Break counts of a double round robin, per scheme, for n = 4, 6, ..., 20",
          arguments: Array(stride(from: 4, through: 20, by: 2)))
    func doubleBreaksEven(count: Int) throws {
        let mirrored = try Self.generate(count, .double, .mirrored)
        let french = try Self.generate(count, .double, .french)
        let english = try Self.generate(count, .double, .english)
        #expect(mirrored.breaks == 3 * count - 6)  // de Werra's minimum for a mirrored schedule
        #expect(french.breaks == 2 * count)        // every team exactly two: the French minimum
        #expect(english.breaks == 2 * count - 4)   // four teams with one, the others two
        #expect(french.breaksByTeam.values.allSatisfy { $0 == 2 })
        #expect(english.breaksByTeam.values.filter { $0 == 1 }.count == 4)
        #expect(english.breaksByTeam.values.filter { $0 == 2 }.count == count - 4)
        #expect(mirrored.breaksByTeam.values.filter { $0 == 0 }.count == 2)
        #expect(mirrored.breaksByTeam.values.filter { $0 == 3 }.count == count - 2)
        for fixtures in [mirrored, french, english] {
            for (team, sequence) in Self.venues(fixtures) {
                #expect(fixtures.breaksByTeam[team] == Self.breaks(sequence))
            }
        }
    }

    @Test("Break counts of a double round robin with an odd number of teams",
          arguments: Array(stride(from: 3, through: 21, by: 2)))
    func doubleBreaksOdd(count: Int) throws {
        #expect(try Self.generate(count, .double, .mirrored).breaks == count - 2)
        #expect(try Self.generate(count, .double, .french).breaks == 1)
        #expect(try Self.generate(count, .double, .english).breaks == 0)
    }

    @Test("Breaks do not depend on the seed", arguments: [6, 7, 12])
    func breaksWithSeed(count: Int) throws {
        for seed: UInt64 in [1, 99, .max] {
            #expect(try Self.generate(count, .single, seed: seed).breaks == (count % 2 == 0 ? count - 2 : 0))
            #expect(try Self.generate(count, .double, .mirrored, seed: seed).breaks
                        == (count % 2 == 0 ? 3 * count - 6 : count - 2))
        }
    }

    // MARK: - Runs

    @Test("The longest home and away runs are reported with their team and first matchday")
    func longestRuns() throws {
        for (scheme, expected) in [(FixtureOptions.SecondHalf.mirrored, 3), (.french, 2), (.english, 2)] {
            let fixtures = try Self.generate(8, .double, scheme)
            let venues = Self.venues(fixtures)
            #expect(fixtures.longestHomeRun.length == expected, "\(scheme)")
            #expect(fixtures.longestAwayRun.length == expected, "\(scheme)")
            #expect(venues.values.map { Self.longestRun($0, of: "H") }.max() == expected)
            #expect(venues.values.map { Self.longestRun($0, of: "A") }.max() == expected)
            for (run, venue) in [(fixtures.longestHomeRun, Character("H")), (fixtures.longestAwayRun, "A")] {
                let sequence = try #require(venues[run.team])
                let start = run.firstMatchday - 1
                #expect(sequence[start..<(start + run.length)].allSatisfy { $0 == venue })
                #expect(start == 0 || sequence[start - 1] != venue)
            }
        }
        // Mirrored schedules reach three in a row at the turn of the season; French and
        // English ones never go beyond two.
        for count in stride(from: 4, through: 20, by: 2) {
            for scheme in FixtureOptions.SecondHalf.allCases {
                let fixtures = try Self.generate(count, .double, scheme)
                let expected = scheme == .mirrored ? 3 : 2
                #expect(fixtures.longestHomeRun.length == expected, "\(count) teams, \(scheme)")
                #expect(fixtures.longestAwayRun.length == expected, "\(count) teams, \(scheme)")
            }
        }
        // Two teams: one at home, one away, on the only matchday.
        let two = try FixtureGenerator.generate(teams: ["A", "B"], options: FixtureOptions(rounds: .single))
        #expect(two.longestHomeRun == FixtureRun(team: "A", length: 1, firstMatchday: 1))
        #expect(two.longestAwayRun == FixtureRun(team: "B", length: 1, firstMatchday: 1))
        // A rest day ends a run: with five teams no team is home (or away) twice running.
        let five = try Self.generate(5, .single)
        #expect(five.longestHomeRun.length == 1)
        #expect(five.longestAwayRun.length == 1)
    }

    // MARK: - Byes

    @Test("With an odd number of teams one team rests each matchday", arguments: [5, 7])
    func byes(count: Int) throws {
        for rounds in FixtureOptions.Rounds.allCases {
            let fixtures = try Self.generate(count, rounds, .french)
            #expect(fixtures.byes.count == fixtures.rounds)
            let venues = Self.venues(fixtures)
            for matchday in 1...fixtures.rounds {
                let resting = venues.filter { $0.value[matchday - 1] == "-" }.map(\.key)
                #expect(resting == [fixtures.byes[matchday]].compactMap { $0 })
                #expect(fixtures.matches(onMatchday: matchday).count == (count - 1) / 2)
            }
            // Each team rests once in each half.
            let perTeam = Dictionary(grouping: fixtures.byes.values, by: { $0 }).mapValues(\.count)
            #expect(perTeam.count == count)
            #expect(perTeam.values.allSatisfy { $0 == (rounds == .double ? 2 : 1) })
            for (_, sequence) in venues {
                #expect(sequence.filter { $0 != "-" }.count == (rounds == .double ? 2 : 1) * (count - 1))
            }
        }
        let even = try Self.generate(6, .double)
        #expect(even.byes.isEmpty)
    }

    // MARK: - Seeds

    @Test("The same seed gives the same fixtures; another seed another order")
    func determinism() throws {
        let teams = Self.names(10)
        let options = FixtureOptions(rounds: .double, secondHalf: .english, seed: 2024, startDate: "2024-08-17")
        let first = try FixtureGenerator.generate(teams: teams, options: options)
        let second = try FixtureGenerator.generate(teams: teams, options: options)
        #expect(first == second)
        #expect(Set(first.teams) == Set(teams))
        #expect(first.teams != teams)

        var other = options
        other.seed = 2025
        let third = try FixtureGenerator.generate(teams: teams, options: other)
        #expect(third.teams != first.teams)
        #expect(third.matches != first.matches)

        // Without a seed the teams keep their order: the first team hosts the last on matchday 1.
        let plain = try FixtureGenerator.generate(teams: teams, options: FixtureOptions(rounds: .single))
        #expect(plain.teams == teams)
        #expect(plain.matches.first.map { Pair(home: $0.home, away: $0.away) }
                    == Pair(home: "Team 1", away: "Team 10"))
    }

    @Test("The seeded order is pinned, so it stays the same across platforms and versions")
    func pinnedShuffle() throws {
        var random = SeededRandom(seed: 0)
        // SplitMix64's published first outputs for seed 0.
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        let fixtures = try FixtureGenerator.generate(
            teams: ["A", "B", "C", "D", "E", "F"], options: FixtureOptions(rounds: .single, seed: 42))
        #expect(fixtures.teams == Self.pinnedOrder)
        #expect(Set(Self.roundsOf(fixtures)[0]) == [Pair(home: "C", away: "E"), Pair(home: "F", away: "A"),
                                                    Pair(home: "B", away: "D")])
    }

    static let pinnedOrder = ["C", "F", "D", "B", "A", "E"]

    // MARK: - Dates

    @Test("Matchdays are dated from the start date, an interval apart")
    func dates() throws {
        var options = FixtureOptions(rounds: .double, startDate: "2024-08-17")
        let weekly = try FixtureGenerator.generate(teams: Self.names(4), options: options)
        let dates = (1...weekly.rounds).map { weekly.matches(onMatchday: $0).first?.date }
        #expect(dates == ["2024-08-17", "2024-08-24", "2024-08-31", "2024-09-07", "2024-09-14", "2024-09-21"])
        for match in weekly.matches {
            #expect(match.date == dates[(match.matchday ?? 1) - 1])
        }

        options.startDate = "2023-12-30"
        options.intervalDays = 30
        let monthly = try FixtureGenerator.generate(teams: Self.names(4), options: options)
        let monthlyDates = (1...monthly.rounds).map { monthly.matches(onMatchday: $0).first?.date }
        #expect(monthlyDates == ["2023-12-30", "2024-01-29", "2024-02-28", "2024-03-29", "2024-04-28", "2024-05-28"])

        options.startDate = "2024-02-28"
        options.intervalDays = 1
        let daily = try FixtureGenerator.generate(teams: Self.names(4), options: options)
        #expect(daily.matches(onMatchday: 2).first?.date == "2024-02-29")
        #expect(daily.matches(onMatchday: 3).first?.date == "2024-03-01")

        options.startDate = "2100-02-28"  // not a leap year
        #expect(try FixtureGenerator.generate(teams: Self.names(4), options: options)
                    .matches(onMatchday: 2).first?.date == "2100-03-01")
    }

    // MARK: - Regeneration

    @Test("Regenerating keeps the results already entered")
    func regenerateKeepsResults() throws {
        let teams = Self.names(6)
        let options = FixtureOptions(rounds: .double, secondHalf: .mirrored, seed: 5, startDate: "2024-08-17")
        let original = try FixtureGenerator.generate(teams: teams, options: options)

        // Enter results for matchday 1 and postpone a match of matchday 2.
        var entered = original.matches
        var results: [Match] = []
        for index in entered.indices where entered[index].matchday == 1 {
            entered[index].status = .played
            entered[index].fullTime = Score(2, index % 3)
            entered[index].date = "2024-08-18"
            entered[index].events = [MatchEvent(team: entered[index].home,
                                                kind: .goal(scorer: "Nine", assist: nil, penalty: false, ownGoal: false),
                                                minute: 9)]
            results.append(entered[index])
        }
        let postponedIndex = try #require(entered.firstIndex { $0.matchday == 2 })
        entered[postponedIndex].status = .postponed

        // Same options: every result lands on its own fixture, nothing else changes.
        let same = try FixtureGenerator.regenerate(teams: teams, options: options, keeping: entered)
        #expect(same.unplacedResults.isEmpty)
        for result in results {
            let kept = try #require(same.matches.first { $0.home == result.home && $0.away == result.away })
            #expect(kept == result)
        }
        #expect(same.matches.filter { $0.status == .played }.count == results.count)
        #expect(same.matches.filter { $0.status == .postponed }.isEmpty)
        #expect(same.breaks == original.breaks)

        // Another seed would put played pairings on other matchdays: played matches never move,
        // so it is refused, naming the first one.
        var reseeded = options
        reseeded.seed = 6
        #expect {
            _ = try FixtureGenerator.regenerate(teams: teams, options: reseeded, keeping: entered)
        } throws: { error in
            guard case FixtureError.playedMatchWouldMove(_, _, let matchday, let newMatchday)? = error as? FixtureError else { return false }
            return matchday == 1 && newMatchday != 1
        }
    }

    @Test("A result kept on its date never puts a team twice on one date")
    func regenerateRefusesTwoMatchesOnADate() throws {
        let teams = ["Ajax", "AZ", "Feyenoord", "PSV"]
        var options = FixtureOptions(rounds: .single, seed: 1)
        options.startDate = "2024-08-10"
        let plain = try FixtureGenerator.generate(teams: teams, options: options)
        // Matchday 1's first match was played on matchday 2's date.
        var played = try #require(plain.matches.first { $0.matchday == 1 })
        played.status = .played
        played.fullTime = Score(1, 0)
        played.date = try #require(plain.matches.first { $0.matchday == 2 }?.date)
        #expect(throws: FixtureError.self) {
            try FixtureGenerator.regenerate(teams: teams, options: options, keeping: [played])
        }
        // Without dates in the new schedule there is no clash.
        options.startDate = nil
        let undated = try FixtureGenerator.regenerate(teams: teams, options: options, keeping: [played])
        #expect(undated.matches.contains(played))
    }

    @Test("Regenerating a single round robin may reverse a pair; misfits are reported")
    func regenerateSingle() throws {
        let teams = ["Ajax", "AZ", "Feyenoord", "PSV", "Twente"]
        let options = FixtureOptions(rounds: .single)
        let plain = try FixtureGenerator.generate(teams: teams, options: options)
        let fixture = try #require(plain.matches.first)
        // The result was played the other way round, spelled in lower case.
        let reversed = Match.played(fixture.away.lowercased(), Score(3, 0), fixture.home.lowercased(), matchday: fixture.matchday)
        let again = Match.played(fixture.home, Score(1, 1), fixture.away)  // the pair is already filled
        let stranger = Match.played("Ajax", Score(1, 0), "Vitesse")
        let itself = Match.played("PSV", Score(0, 0), "psv")
        let scheduled = Match(home: "Ajax", away: "PSV")
        let other = plain.matches[1]
        let awarded = Match(home: other.home, away: other.away, matchday: other.matchday, status: .awarded, fullTime: Score(3, 0))

        let fixtures = try FixtureGenerator.regenerate(
            teams: teams, options: options, keeping: [reversed, again, stranger, itself, scheduled, awarded])
        #expect(fixtures.unplacedResults == [again, stranger, itself])
        let kept = try #require(fixtures.matches.first { $0.matchday == fixture.matchday && $0.home == fixture.away })
        #expect(kept.away == fixture.home)  // canonical spelling, the result's orientation
        #expect(kept.fullTime == Score(3, 0))
        #expect(kept.matchday == fixture.matchday)
        let decided = try #require(fixtures.matches.first { $0.home == other.home && $0.away == other.away })
        #expect(decided.status == .awarded && decided.fullTime == Score(3, 0))
        #expect(fixtures.matches.filter { $0.status != .scheduled }.count == 2)
        #expect(fixtures.matches.count == 10)

        // In a double round robin the reversed pair is the other leg: a result never moves there.
        let legs = try FixtureGenerator.generate(teams: teams, options: FixtureOptions(rounds: .double))
        let first = try #require(legs.matches.first { $0.home == "Ajax" && $0.away == "AZ" }?.matchday)
        let double = try FixtureGenerator.regenerate(
            teams: teams, options: FixtureOptions(rounds: .double),
            keeping: [Match.played("Ajax", Score(1, 0), "AZ", matchday: first), Match.played("Ajax", Score(2, 0), "AZ", matchday: first)])
        #expect(double.unplacedResults == [Match.played("Ajax", Score(2, 0), "AZ", matchday: first)])
        let leg = try #require(double.matches.first { $0.home == "AZ" && $0.away == "Ajax" })
        #expect(leg.status == .scheduled)
    }

    // MARK: - Bad input

    @Test("Bad inputs are refused with a message naming the input")
    func badInputs() throws {
        func failure(_ teams: [String], _ options: FixtureOptions = FixtureOptions()) -> FixtureError? {
            do {
                _ = try FixtureGenerator.generate(teams: teams, options: options)
                return nil
            } catch {
                return error
            }
        }
        #expect(failure([]) == .tooFewTeams(count: 0))
        #expect(failure(["Solo"]) == .tooFewTeams(count: 1))
        #expect(failure(Self.names(1_001)) == .tooManyTeams(count: 1_001, limit: 1_000))
        #expect(failure(["A", ""]) == .emptyTeamName(index: 1))
        #expect(failure(["A", " \t"]) == .emptyTeamName(index: 1))
        #expect(failure(["Ajax", "PSV", "ajax"]) == .duplicateTeam(name: "ajax", firstIndex: 0, index: 2))
        #expect(failure(["A", String(repeating: "é", count: 201)]) == .teamNameTooLong(index: 1, length: 201, limit: 200))
        #expect(failure(["A", String(repeating: "é", count: 200)]) == nil)
        #expect(failure(["A", "B"], FixtureOptions(intervalDays: 0)) == .invalidInterval(days: 0))
        #expect(failure(["A", "B"], FixtureOptions(intervalDays: 366)) == .invalidInterval(days: 366))
        #expect(failure(["A", "B"], FixtureOptions(intervalDays: 365)) == nil)
        #expect(failure(["A", "B"], FixtureOptions(startDate: "2024-02-30")) == .invalidStartDate("2024-02-30"))
        #expect(failure(["A", "B"], FixtureOptions(startDate: "next saturday")) == .invalidStartDate("next saturday"))
        // 38 weekly matchdays span 259 days: the last fits from 9999-04-16, not from the 17th.
        #expect(failure(Self.names(20), FixtureOptions(startDate: "9999-04-17")) == .dateOutOfRange(matchday: 38))
        #expect(failure(Self.names(20), FixtureOptions(startDate: "9999-04-16")) == nil)
        #expect(failure(Self.names(20), FixtureOptions(startDate: "9999-06-01")) == .dateOutOfRange(matchday: 32))

        let messages = [
            FixtureError.tooFewTeams(count: 1), .emptyTeamName(index: 3),
            .duplicateTeam(name: "ajax", firstIndex: 0, index: 2), .invalidInterval(days: 0),
            .invalidStartDate("2024-02-30"), .dateOutOfRange(matchday: 31),
            .tooManyExistingMatches(count: 3_000_000, limit: 2_000_000),
        ].compactMap(\.errorDescription)
        #expect(messages[0].hasPrefix("teams:"))
        #expect(messages[1].hasPrefix("teams[3]:"))
        #expect(messages[2].contains("teams[2]") && messages[2].contains("teams[0]"))
        #expect(messages[3].hasPrefix("intervalDays:"))
        #expect(messages[4].contains("2024-02-30") && messages[4].contains("YYYY-MM-DD"))
        #expect(messages[5].contains("matchday 31"))
        #expect(messages[6].hasPrefix("existing:"))
        // The advice on what to change names FixtureOptions' fields, no front end's options;
        // the reason alone leaves it for the front end to word.
        let twice = FixtureError.teamTwiceOnOneDate(team: "Ajax", date: "2024-08-17")
        #expect(twice.reason == "existing: Ajax would play twice on 2024-08-17 between the results kept and the new fixtures")
        #expect(twice.errorDescription == twice.reason + "; choose another startDate or intervalDays")
        #expect(FixtureError.invalidInterval(days: 0).reason == FixtureError.invalidInterval(days: 0).errorDescription)
    }
}
