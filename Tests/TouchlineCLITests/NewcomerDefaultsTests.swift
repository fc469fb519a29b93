import Foundation
import Testing

/// What a newcomer expects without reading the help: sensible defaults, logins by email, `--as`
/// everywhere, and messages that say what to do.
@Suite(.serialized) struct NewcomerDefaultsTests {
    @Test func userAddWithoutANameUsesTheUsername() throws {
        let club = try ClubScratch(users: [])
        let add = try Touchline.run(["user", "add", "dani", "--email", "dani@example.org", "--json"],
                                    environment: club.environment.merging(["TOUCHLINE_PASSWORD": "long enough"]) { $1 })
        #expect(add.status == 0, "\(add.stderr)")
        let account = try #require(try JSONSerialization.jsonObject(with: Data(add.stdout.utf8)) as? [String: Any])
        #expect(account["displayName"] as? String == "dani")
    }

    @Test func loginTakesAUsernameOrAnEmail() throws {
        let club = try ClubScratch(users: ["alice"])
        let byEmail = try club.run(["login", "Alice@Example.org", "--password-stdin"], stdin: Data("alice-password\n".utf8))
        #expect(byEmail.status == 0, "\(byEmail.stderr)")
        #expect(byEmail.stdout == "logged in as alice\n")
        #expect(try club.run(["whoami"]).stdout == "alice\n")
        let asEmail = try club.run(["whoami", "--as", "alice@example.org", "--password-stdin"], stdin: Data("alice-password\n".utf8))
        #expect(asEmail.stdout == "alice\n")
        // A wrong password or an unknown address: the same message as for usernames.
        let wrong = try club.run(["login", "alice@example.org", "--password-stdin"], stdin: Data("nope nope\n".utf8))
        #expect(wrong.status == 77 && wrong.stderr == "touchline: error: wrong username or password\n")
        let unknown = try club.run(["login", "nobody@example.org", "--password-stdin"], stdin: Data("alice-password\n".utf8))
        #expect(unknown.status == 77 && unknown.stderr == "touchline: error: wrong username or password\n")
    }

    @Test func leagueCreateDefaultsToAFriendsLeagueAndReadsAcceptAs() throws {
        let club = try ClubScratch(users: ["org"])
        let created = try #require(try club.json(["league", "create", "Liga", "--season", "2024/25"], as: "org") as? [String: Any])
        #expect(created["kind"] as? String == "friends")
        #expect(try club.run(["league", "add-team", "Liga", "A"], as: "org").status == 0)
        #expect(try club.run(["league", "add-team", "Liga", "B"], as: "org").status == 0)
        // Every command that reads the database takes --as (and checks its password).
        for command in [["league", "table", "Liga"], ["league", "list"], ["league", "teams", "Liga"],
                        ["league", "fixtures", "Liga"], ["league", "results", "Liga"], ["league", "scorers", "Liga"],
                        ["league", "discipline", "Liga"], ["league", "export", "Liga", "--format", "json"], ["user", "search", "org"]] {
            let result = try club.run(command, as: "org")
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        var environment = club.environment
        environment["TOUCHLINE_PASSWORD"] = "not the password"
        let wrong = try Touchline.run(["league", "table", "Liga", "--as", "org"], environment: environment)
        #expect(wrong.status == 77)
    }

    @Test func joiningALeagueWithoutAPasswordSaysSoWithoutAsking() throws {
        let club = try ClubScratch(users: ["org", "bob"])
        #expect(try club.run(["league", "create", "Liga", "--season", "2024/25"], as: "org").status == 0)
        // No league password is given anywhere: the league has none, and says so first.
        let join = try club.run(["league", "join", "Liga"], as: "bob")
        #expect(join.status == 77)
        #expect(join.stderr == "touchline: error: permission denied: league 'Liga' has no password to join with: "
            + "ask its owner to make you an editor\n")
    }

    @Test func userDeleteSaysEverythingThatGoes() throws {
        let help = try Touchline.run(["help", "user", "delete"])
        for part in ["teams and players you own", "leagues you own", "friendlies you recorded", "stored routes",
                     "messages you received"] {
            #expect(help.stdout.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ").contains(part), "\(part)")
        }
    }
}
