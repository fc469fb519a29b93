import League
import Testing

@Suite struct MatchEventCheckTests {
    func goal(_ team: String, _ scorer: String, minute: Int) -> MatchEvent {
        MatchEvent(team: team, kind: .goal(scorer: scorer, assist: nil, penalty: false, ownGoal: false), minute: minute)
    }

    @Test("the first event a change contradicts is named by its index, for the front end to name its id")
    func theFirstMisfitIsFound() {
        var match = Match(home: "Ajax", away: "PSV", status: .played, fullTime: Score(2, 0))
        match.events = [goal("Ajax", "Berghuis", minute: 10), goal("Ajax", "Brobbey", minute: 30), goal("Ajax", "Taylor", minute: 80)]
        #expect(MatchEventCheck.firstMisfit(in: match)?.index == 2)
        match.fullTime = Score(1, 0)
        let misfit = MatchEventCheck.firstMisfit(in: match)
        #expect(misfit?.index == 1)
        #expect(misfit?.problem == "its 30' event of Ajax: Ajax scored 1 in Ajax 1-0 PSV, and 1 of its goals are entered already")
        #expect(MatchEventCheck.problem(in: match) == misfit?.problem)
        match.fullTime = Score(3, 0)
        #expect(MatchEventCheck.firstMisfit(in: match) == nil)
    }
}
