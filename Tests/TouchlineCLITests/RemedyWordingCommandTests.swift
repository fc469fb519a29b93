import Foundation
import Testing

/// Refusals that say what would get the change through name the command line's own commands
/// and options, word for word as before the remedy became a value in the library.
@Suite(.serialized) struct RemedyWordingCommandTests {
    @Test func remediesNameTheCommandLinesOptions() throws {
        let club = try ClubScratch(users: ["org"])
        #expect(try club.run(["league", "create", "Liga", "--season", "2024/25"], as: "org").status == 0)
        for team in ["A", "B", "C", "D"] { #expect(try club.run(["league", "add-team", "Liga", team], as: "org").status == 0) }
        let generated = try club.run(["league", "fixtures", "Liga", "--generate", "--single", "--seed", "1", "--start", "2024-08-10"],
                                     as: "org")
        #expect(generated.status == 0)
        let matches = try #require(try club.json(["match", "list", "--league", "Liga"], as: "org") as? [[String: Any]])
        let first = try #require(matches.first { ($0["match"] as? [String: Any])?["matchday"] as? Int == 1 })
        let id = try #require(first["id"] as? Int)
        let match = try #require(first["match"] as? [String: Any])
        let home = try #require(match["home"] as? String), away = try #require(match["away"] as? String)

        let status = try club.run(["match", "edit", "\(id)", "--status", "played"], as: "org")
        #expect(status.status == 65)
        #expect(status.stderr == "touchline: error: status: 'played' comes with a result: enter it with "
            + "'match result \(id) SCORE --status played'\n")

        #expect(try club.run(["match", "result", "\(id)", "1-0"], as: "org").status == 0)
        let played = try club.run(["match", "edit", "\(id)", "--status", "postponed"], as: "org")
        #expect(played.stderr == "touchline: error: status: match \(id) has a result (played 1-0): "
            + "change it with 'match result \(id) SCORE --status STATUS'\n")

        #expect(try club.run(["match", "event", "\(id)", "--team", home, "--goal", "Ana", "--minute", "10"], as: "org").status == 0)
        let contradicted = try club.run(["match", "result", "\(id)", "0-0"], as: "org")
        #expect(contradicted.status == 65)
        #expect(contradicted.stderr == "touchline: error: result: match \(id) has events this change would contradict: "
            + "its 10' event of \(home): \(home) scored 0 in \(home) 0-0 \(away), and 0 of its goals are entered already; "
            + "delete the event first ('match event \(id) --delete ID', ids in 'match show \(id)')\n")

        let removal = try club.run(["league", "remove-team", "Liga", home], as: "org")
        #expect(removal.status == 65)
        #expect(removal.stderr == "touchline: error: team: \(home) has played 1 match in league 'Liga' (the first: match \(id)); "
            + "removing it would change the table: give --force to delete those matches too\n")

        // The played match moved onto matchday 2's date: the same fixtures would have its teams play twice that day.
        #expect(try club.run(["match", "edit", "\(id)", "--date", "2024-08-17"], as: "org").status == 0)
        let again = try club.run(["league", "fixtures", "Liga", "--generate", "--single", "--seed", "1", "--start", "2024-08-10"],
                                 as: "org")
        #expect(again.status == 65)
        #expect(again.stderr.hasPrefix("touchline: error: fixtures: existing: "))
        #expect(again.stderr.hasSuffix(" would play twice on 2024-08-17 between the results kept and the new fixtures; "
            + "choose another --start or --interval\n"), "\(again.stderr)")
    }
}
