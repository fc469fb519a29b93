import Foundation
import Testing

/// `league create --private`, `league visibility`, reads as the logged-in user, and a private
/// league's calendar token, end to end.
@Suite(.serialized) struct PrivateLeagueCommandTests {
    /// org's private "Secreta" (teams A and B, one dated match), bob an editor, carol nobody.
    static func secret() throws -> ClubScratch {
        let club = try ClubScratch(users: ["org", "bob", "carol"])
        let created = try club.run(["league", "create", "Secreta", "--season", "2024/25", "--private"], as: "org")
        #expect(created.status == 0 && created.stdout == "created league 1: Secreta 2024/25 (premier-league rules)\n",
                "\(created.stderr)")
        for team in ["A", "B"] { #expect(try club.run(["league", "add-team", "Secreta", team], as: "org").status == 0) }
        #expect(try club.run(["match", "add", "--league", "1", "--home", "A", "--away", "B", "--date", "2024-09-14"],
                             as: "org").status == 0)
        #expect(try club.run(["league", "grant", "Secreta", "bob"], as: "org").status == 0)
        return club
    }

    @Test func aPrivateLeagueIsNoLeagueToStrangersAndToNobodyLoggedIn() throws {
        let club = try Self.secret()
        let reads: [[String]] = [["league", "teams", "Secreta"], ["league", "fixtures", "Secreta"], ["league", "table", "Secreta"],
                                 ["league", "results", "Secreta"], ["league", "scorers", "Secreta"],
                                 ["league", "discipline", "Secreta"], ["league", "zones", "Secreta"],
                                 ["league", "export", "Secreta", "--format", "csv"], ["league", "calendar", "Secreta"],
                                 ["league", "visibility", "Secreta"], ["league", "time-zone", "Secreta"],
                                 ["match", "list", "--league", "Secreta"]]
        for arguments in reads {
            for user in ["carol", nil] {
                let refused = try club.run(arguments, as: user)
                #expect(refused.status == 65 && refused.stderr == "touchline: error: no league 'Secreta'\n",
                        "\(arguments) as \(user ?? "nobody"): \(refused.stderr)")
            }
            for user in ["org", "bob"] {
                let seen = try club.run(arguments, as: user)
                #expect(seen.status == 0, "\(arguments) as \(user): \(seen.stderr)")
            }
        }
        let shown = try club.run(["match", "show", "1"])
        #expect(shown.status == 65 && shown.stderr == "touchline: error: no match '1'\n")
        #expect(try club.run(["league", "list"], as: "carol").stdout == "no leagues\n")
        let listed = try #require(try club.json(["league", "list"], as: "bob") as? [[String: Any]])
        #expect(listed.map { $0["name"] as? String } == ["Secreta"] && listed.first?["private"] as? Bool == true)
    }

    @Test func theLoggedInUserSeesTheirPrivateLeaguesWithoutAs() throws {
        let club = try Self.secret()
        #expect(try club.run(["league", "table", "Secreta"]).status == 65)
        let login = try club.run(["login", "bob", "--password-stdin"], stdin: Data("bob-password\n".utf8))
        #expect(login.status == 0, "\(login.stderr)")
        let table = try club.run(["league", "table", "Secreta"])
        #expect(table.status == 0 && table.stdout.contains("A"), "\(table.stderr)")
        #expect(try club.run(["league", "list"]).stdout.contains("Secreta"))
    }

    @Test func theOwnerSwitchesALeagueBetweenPrivateAndPublic() throws {
        let club = try Self.secret()
        #expect(try club.run(["league", "visibility", "Secreta"], as: "org").stdout == "league 1 (Secreta) is private\n")
        let byEditor = try club.run(["league", "visibility", "Secreta", "--public"], as: "bob")
        #expect(byEditor.status == 77)
        #expect(try club.run(["league", "visibility", "Secreta", "--public"], as: "carol").status == 65)
        let made = try club.run(["league", "visibility", "Secreta", "--public"], as: "org")
        #expect(made.status == 0 && made.stdout == "league 1 (Secreta) is public\n", "\(made.stderr)")
        #expect(try club.run(["league", "table", "Secreta"]).status == 0)
        let info = try #require(try club.json(["league", "visibility", "1", "--private"], as: "org") as? [String: Any])
        #expect(info["private"] as? Bool == true)
        #expect(try club.run(["league", "table", "Secreta"]).status == 65)
        #expect(try club.run(["league", "visibility", "1", "--private", "--public"], as: "org").status == 64)
    }

    @Test func theOwnerRotatesAndRevokesAPrivateLeaguesCalendarToken() throws {
        let club = try Self.secret()
        let rotated = try club.run(["league", "calendar", "Secreta", "--rotate-token"], as: "org")
        let lines = rotated.stdout.split(separator: "\n").map(String.init)
        #expect(rotated.status == 0 && lines.count == 2, "\(rotated.stderr)")
        let token = String(lines.first?.split(separator: " ").last ?? "")
        #expect(token.count == 43 && lines.first == "calendar token of league 1: \(token)")
        #expect(lines.last == "subscribe to: /api/v1/leagues/1/calendar.ics?token=\(token)")
        let subscription = try #require(try club.json(["league", "calendar", "1", "--rotate-token"], as: "org") as? [String: Any])
        #expect(subscription["leagueID"] as? Int == 1 && (subscription["token"] as? String)?.count == 43)
        #expect(subscription["teamID"] == nil && subscription["token"] as? String != token)
        #expect(try club.run(["league", "calendar", "1", "--rotate-token"], as: "bob").status == 77)
        #expect(try club.run(["league", "calendar", "1", "--rotate-token"], as: "carol").status == 65)
        #expect(try club.run(["league", "calendar", "1", "--revoke-token"], as: "org").stdout
                == "league 1 has no calendar token now\n")
        let path = club.scratch.path("secreta.ics")
        #expect(try club.run(["league", "calendar", "1", "--rotate-token", "-o", path], as: "org").status == 64)
        #expect(try club.run(["league", "calendar", "1", "--rotate-token", "--revoke-token"], as: "org").status == 64)
        #expect(try club.run(["league", "calendar", "1", "--revoke-token", "--json"], as: "org").status == 64)
        // The owner and editors still write it, logged in.
        let written = try club.run(["league", "calendar", "Secreta", "-o", path], as: "bob")
        #expect(written.status == 0 && written.stdout.hasPrefix("wrote \(path) (calendar, "), "\(written.stderr)")
    }
}
