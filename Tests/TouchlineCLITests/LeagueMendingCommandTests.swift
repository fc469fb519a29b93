import Foundation
import Testing

/// `league rename`, `league delete --yes` and `league remove-team [--force]`, end to end.
@Suite(.serialized) struct LeagueMendingCommandTests {
    @Test func renameRemoveATeamAndDelete() throws {
        let club = try ClubScratch(users: ["org", "bob"])
        #expect(try club.run(["league", "create", "Liga", "--season", "2024/25"], as: "org").status == 0)
        for team in ["A", "B", "C"] { #expect(try club.run(["league", "add-team", "Liga", team], as: "org").status == 0) }
        let rename = try club.run(["league", "rename", "Liga", "Liga Nueva"], as: "org")
        #expect(rename.status == 0 && rename.stdout == "renamed league 1 to Liga Nueva\n")
        #expect(try club.run(["league", "rename", "Liga Nueva", "X"], as: "bob").status == 77)

        #expect(try club.run(["match", "add", "--league", "Liga Nueva", "--home", "A", "--away", "B", "--matchday", "1"], as: "org").status == 0)
        #expect(try club.run(["match", "result", "1", "2-0"], as: "org").status == 0)
        #expect(try club.run(["match", "lineup", "1", "--team", "A", "Ana", "Bea"], as: "org").status == 0)
        let show = try club.run(["match", "show", "1"])
        #expect(show.stdout.contains("LINE-UP  PLAYERS\nA        Ana, Bea\n"), "\(show.stdout)")
        let refused = try club.run(["league", "remove-team", "Liga Nueva", "B"], as: "org")
        #expect(refused.status == 65 && refused.stderr.contains("give --force"))
        let forced = try club.run(["league", "remove-team", "Liga Nueva", "B", "--force"], as: "org")
        #expect(forced.status == 0 && forced.stdout == "removed B from league Liga Nueva with 1 match\n")
        let teams = try #require(try club.json(["league", "teams", "Liga Nueva"], as: "org") as? [[String: Any]])
        #expect(teams.compactMap { $0["name"] as? String } == ["A", "C"])

        let withoutYes = try club.run(["league", "delete", "Liga Nueva"], as: "org")
        #expect(withoutYes.status == 64 && withoutYes.stderr.contains("add --yes"))
        #expect(try club.run(["league", "delete", "Liga Nueva", "--yes"], as: "bob").status == 77)
        #expect(try club.run(["league", "delete", "Liga Nueva", "--yes"], as: "org").status == 0)
        #expect((try club.json(["league", "list"], as: "org") as? [Any])?.isEmpty == true)
    }
}

/// Events carry ids that `match show` lists and `match event --delete` takes; deleting a team
/// deletes the friendlies it played.
@Suite(.serialized) struct MatchEventDeleteCommandTests {
    @Test func aWrongGoalIsDeletedByItsId() throws {
        let club = try ClubScratch(users: ["org", "bob"])
        #expect(try club.run(["team", "add", "Rápidos", "--season", "2024/25"], as: "org").status == 0)
        #expect(try club.run(["match", "add", "--home", "Rápidos", "--away", "Lentos"], as: "org").status == 0)
        #expect(try club.run(["match", "result", "1", "2-0"], as: "org").status == 0)
        let goal = try club.run(["match", "event", "1", "--team", "Rápidos", "--goal", "Ana", "--minute", "10"], as: "org")
        #expect(goal.status == 0 && goal.stdout == "match 1: 10' Rápidos: goal Ana (event 1)\n")
        #expect(try club.run(["match", "event", "1", "--team", "Rápidos", "--goal", "Fantasma", "--minute", "20"], as: "org").status == 0)
        let show = try club.run(["match", "show", "1"], as: "org")
        #expect(show.stdout.contains("ID  MIN  TEAM     EVENT\n1   10'  Rápidos  goal Ana\n2   20'  Rápidos  goal Fantasma\n"),
                "\(show.stdout)")
        let json = try #require(try club.json(["match", "show", "1"], as: "org") as? [String: Any])
        #expect(json["eventIDs"] as? [Int] == [1, 2])

        let mixed = try club.run(["match", "event", "1", "--delete", "2", "--team", "Rápidos"], as: "org")
        #expect(mixed.status == 64 && mixed.stderr.contains("--delete takes only the event's id"))
        #expect(try club.run(["match", "event", "1", "--goal", "X"], as: "org").stderr.contains("missing --team"))
        #expect(try club.run(["match", "event", "1", "--delete", "2"], as: "bob").status == 65)
        let deleted = try club.run(["match", "event", "1", "--delete", "2"], as: "org")
        #expect(deleted.status == 0 && deleted.stdout == "match 1: deleted event 2\n")
        let missing = try club.run(["match", "event", "1", "--delete", "2"], as: "org")
        #expect(missing.status == 65 && missing.stderr == "touchline: error: no event of match 1 '2'\n")
        #expect(!(try club.run(["match", "show", "1"], as: "org").stdout.contains("Fantasma")))

        // The friendly was played by the club team: deleting the team deletes it.
        #expect(try club.run(["team", "delete", "Rápidos"], as: "org").status == 0)
        #expect(try club.run(["match", "show", "1"], as: "org").status == 65)
    }
}
