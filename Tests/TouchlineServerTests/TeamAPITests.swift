@testable import Club
import Foundation
import HTTPTypes
import Testing
@testable import TouchlineServer

@Suite("Teams over HTTP")
struct TeamAPITests {
    @Test("create, list with the caller's role, show with members, edit and delete")
    func lifecycle() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let carol = try await client.user("carol")
            let created = try await client.send(.post, "/api/v1/teams", token: alice,
                                                json: ["name": " Athletic Infantil A ", "season": "2024/2025", "category": "Infantil",
                                                       "primaryColor": "#ee2523", "unknown": "ignored"])
            #expect(created.status == .created)
            #expect(created.headers[.location] == "/api/v1/teams/1")
            let team = try created.json()
            #expect(team["id"] as? Int == 1 && team["name"] as? String == "Athletic Infantil A")
            #expect(team["season"] as? String == "2024/25" && team["category"] as? String == "Infantil")
            #expect(team["primaryColor"] as? String == "#EE2523" && team["secondaryColor"] == nil)
            #expect(team["owner"] as? String == "alice" && team["createdAt"] is String && team["timeZone"] as? String == "UTC")
            let older = try await client.team(alice, "Athletic Infantil A", season: "2023/24")

            #expect(try await client.send(.put, "/api/v1/teams/1/members/bob", token: alice, json: ["role": "editor"]).status == .noContent)
            #expect(try await client.send(.put, "/api/v1/teams/1/members/Carol", token: alice, json: ["role": "viewer"]).status == .noContent)

            let mine = try await client.send(.get, "/api/v1/teams", token: alice)
            #expect(mine.status == .ok)
            let items = try #require(try mine.json()["items"] as? [[String: Any]])
            #expect(items.map { ($0["team"] as? [String: Any])?["season"] as? String } == ["2024/25", "2023/24"])
            #expect(items.map { $0["role"] as? String } == ["owner", "owner"])
            #expect(try mine.json()["next"] is NSNull)
            let bobs = try await client.send(.get, "/api/v1/teams", token: bob).json()["items"] as? [[String: Any]]
            #expect(bobs?.count == 1 && bobs?.first?["role"] as? String == "editor")

            let shown = try await client.send(.get, "/api/v1/teams/1", token: carol)
            #expect(shown.status == .ok)
            let detail = try shown.json()
            #expect((detail["team"] as? [String: Any])?["name"] as? String == "Athletic Infantil A")
            #expect(detail["role"] as? String == "viewer")
            let members = try #require(detail["members"] as? [[String: String]])
            #expect(members == [["username": "bob", "role": "editor"], ["username": "carol", "role": "viewer"]])
            let listed = try await client.send(.get, "/api/v1/teams/1/members", token: bob).json()
            #expect(listed["items"] as? [[String: String]] == members && listed["next"] is NSNull)

            // An editor edits; null clears an optional field, absent fields stay.
            let edited = try await client.send(.patch, "/api/v1/teams/1", token: bob,
                                               json: ["name": "Athletic Infantil B", "category": NSNull(), "secondaryColor": "#ffffff"])
            #expect(edited.status == .ok)
            let after = try edited.json()
            #expect(after["name"] as? String == "Athletic Infantil B" && after["category"] == nil)
            #expect(after["primaryColor"] as? String == "#EE2523" && after["secondaryColor"] as? String == "#FFFFFF")
            #expect(after["season"] as? String == "2024/25")
            let cleared = try await client.send(.patch, "/api/v1/teams/1", token: alice, json: ["primaryColor": ""])
            #expect(try cleared.json()["primaryColor"] == nil && cleared.json()["secondaryColor"] as? String == "#FFFFFF")
            let zoned = try await client.send(.patch, "/api/v1/teams/1", token: alice, json: ["timeZone": "Europe/Madrid"])
            #expect(try zoned.status == .ok && zoned.json()["timeZone"] as? String == "Europe/Madrid")
            let same = try await client.send(.patch, "/api/v1/teams/1", token: alice, json: [:] as [String: Any])
            #expect(try same.status == .ok && (same.json()["name"] as? String) == "Athletic Infantil B")

            // The owner deletes the team with its current players; the other team stays.
            _ = try await client.player(alice, team: 1, "Nico", "Williams", number: 10)
            #expect(try await client.send(.delete, "/api/v1/teams/1", token: alice).status == .noContent)
            let gone = try await client.send(.get, "/api/v1/teams/1", token: alice)
            #expect(try gone.status == .notFound && gone.problem().detail == "no team '1'")
            #expect(try test.count("team") == 1 && test.count("player") == 0 && test.count("teamMember") == 0)
            #expect(try await client.send(.get, "/api/v1/teams/\(older)", token: alice).status == .ok)
        }
    }

    @Test("what each kind of user may do: owner, editor, viewer, a stranger and no token")
    func permissions() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let carol = try await client.user("carol")
            let dave = try await client.user("dave")
            let team = try await client.team(alice, "Athletic Infantil A")
            try await client.grant(alice, team: team, "bob", "editor")
            try await client.grant(alice, team: team, "carol", "viewer")

            // A viewer sees but may not change.
            let viewerEdit = try await client.send(.patch, "/api/v1/teams/\(team)", token: carol, json: ["region": "Bizkaia"])
            #expect(viewerEdit.status == .forbidden)
            #expect(try viewerEdit.problemLine()
                == "forbidden: permission denied: only the owner and editors of team '1' may do that; carol is a viewer")
            // An editor changes the team but may neither delete it nor grant roles.
            let editorDelete = try await client.send(.delete, "/api/v1/teams/\(team)", token: bob)
            #expect(editorDelete.status == .forbidden)
            #expect(try editorDelete.problem().detail == "permission denied: only the owner of team '1' may do that; bob is a editor")
            let editorGrant = try await client.send(.put, "/api/v1/teams/\(team)/members/dave", token: bob, json: ["role": "viewer"])
            #expect(editorGrant.status == .forbidden)
            #expect(try await client.send(.delete, "/api/v1/teams/\(team)/members/carol", token: bob).status == .forbidden)

            // A stranger cannot tell the team exists.
            for (method, path, body) in [(HTTPRequest.Method.get, "", nil), (.patch, "", ["region": "x"]), (.delete, "", nil),
                                         (.get, "/members", nil), (.put, "/members/dave", ["role": "editor"]),
                                         (.delete, "/members/bob", nil)] as [(HTTPRequest.Method, String, [String: String]?)] {
                let reply = try await client.send(method, "/api/v1/teams/\(team)\(path)", token: dave, json: body)
                #expect(reply.status == .notFound, "\(method) \(path)")
                #expect(try reply.problem().detail == "no team '1'")
            }
            #expect((try await client.send(.get, "/api/v1/teams", token: dave).json()["items"] as? [Any])?.isEmpty == true)

            // No token: 401 everywhere, before anything else is looked at.
            for (method, path) in [(HTTPRequest.Method.post, "/api/v1/teams"), (.get, "/api/v1/teams"), (.get, "/api/v1/teams/1"),
                                   (.patch, "/api/v1/teams/1"), (.delete, "/api/v1/teams/1"), (.get, "/api/v1/teams/1/members"),
                                   (.put, "/api/v1/teams/1/members/bob"), (.delete, "/api/v1/teams/1/members/bob")] {
                let reply = try await client.send(method, path, json: ["name": "x", "role": "editor"])
                #expect(reply.status == .unauthorized, "\(method) \(path)")
                #expect(try reply.problem().type == "unauthorized")
            }
            // Ids that are not ids, or of no team: 404 as the CLI's "no team".
            let word = try await client.send(.get, "/api/v1/teams/abc", token: alice)
            #expect(try word.status == .notFound && word.problem().detail == "no team 'abc'")
            #expect(try await client.send(.get, "/api/v1/teams/0", token: alice).status == .notFound)
            #expect(try await client.send(.get, "/api/v1/teams/99", token: alice).status == .notFound)
            #expect(try test.count("team") == 1 && test.count("teamMember") == 2)
        }
    }

    @Test("grants: editor or viewer, replaced by a later grant, taken away; the owner's own role and unknown users refused")
    func grants() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let team = try await client.team(alice, "Athletic Infantil A")
            try await client.grant(alice, team: team, "bob", "viewer")
            try await client.grant(alice, team: team, "bob", "editor")
            let members = try await client.send(.get, "/api/v1/teams/\(team)/members", token: alice).json()["items"]
            #expect(members as? [[String: String]] == [["username": "bob", "role": "editor"]])

            let owner = try await client.send(.put, "/api/v1/teams/\(team)/members/bob", token: alice, json: ["role": "owner"])
            #expect(owner.status == .unprocessableContent)
            #expect(try owner.problemLine() == "invalid: role: a team has one owner; grant editor or viewer")
            let boss = try await client.send(.put, "/api/v1/teams/\(team)/members/bob", token: alice, json: ["role": "boss"])
            #expect(boss.status == .badRequest)
            #expect(try boss.problem().detail == "field 'role': expected one of viewer, editor, owner")
            let missing = try await client.send(.put, "/api/v1/teams/\(team)/members/bob", token: alice, json: [:] as [String: Any])
            #expect(try missing.status == .badRequest && missing.problem().detail == "field 'role': missing")
            let nobody = try await client.send(.put, "/api/v1/teams/\(team)/members/zed", token: alice, json: ["role": "viewer"])
            #expect(try nobody.status == .notFound && nobody.problem().detail == "no user 'zed'")
            let herself = try await client.send(.put, "/api/v1/teams/\(team)/members/alice", token: alice, json: ["role": "viewer"])
            #expect(herself.status == .unprocessableContent)
            #expect(try herself.problem().detail == "user: the owner already has every right")

            #expect(try await client.send(.delete, "/api/v1/teams/\(team)/members/bob", token: alice).status == .noContent)
            let again = try await client.send(.delete, "/api/v1/teams/\(team)/members/bob", token: alice)
            #expect(try again.status == .notFound && again.problem().detail == "no role for bob on team '1'")
            #expect(try await client.send(.get, "/api/v1/teams/\(team)", token: bob).status == .notFound)
            #expect(try test.count("teamMember") == 0)
        }
    }

    @Test("the calendar's subscription token: the owner rotates it (the old one stops reading) and revokes it")
    func calendarToken() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let dave = try await client.user("dave")
            let team = try await client.team(alice, "Athletic Infantil A", fields: ["timeZone": "Europe/Madrid"])
            try await client.grant(alice, team: team, "bob", "editor")
            let path = "/api/v1/teams/\(team)/calendar-token"

            let first = try await client.send(.post, path, token: alice)
            #expect(first.status == .created)
            let subscription = try first.json()
            let token = try #require(subscription["token"] as? String)
            #expect(token.count == 43 && subscription["teamID"] as? Int == team)
            let feed = try #require(subscription["path"] as? String)
            #expect(feed == "/api/v1/teams/\(team)/calendar.ics?token=\(token)")
            let calendar = try await client.send(.get, feed)
            #expect(calendar.status == .ok && calendar.text.hasPrefix("BEGIN:VCALENDAR"))

            let second = try await client.send(.post, path, token: alice)
            let newFeed = try #require(try second.json()["path"] as? String)
            #expect(try await client.send(.get, feed).status == .notFound)
            #expect(try await client.send(.get, newFeed).status == .ok)

            let editor = try await client.send(.post, path, token: bob)
            #expect(editor.status == .forbidden)
            #expect(try editor.problem().detail == "permission denied: only the owner of team '1' may do that; bob is a editor")
            #expect(try await client.send(.delete, path, token: bob).status == .forbidden)
            #expect(try await client.send(.post, path, token: dave).status == .notFound)
            #expect(try await client.send(.delete, path, token: dave).status == .notFound)
            #expect(try await client.send(.post, path).status == .unauthorized)

            #expect(try await client.send(.delete, path, token: alice).status == .noContent)
            #expect(try await client.send(.get, newFeed).status == .notFound)
        }
    }

    @Test("bad bodies: 400 malformed, 415 not JSON, 422 a broken rule with the CLI's message, 409 a name taken; nothing written")
    func badBodies() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let missing = try await client.send(.post, "/api/v1/teams", token: alice, json: ["name": "Infantil A"])
            #expect(try missing.status == .badRequest && missing.problem().detail == "field 'season': missing")
            let wrongType = try await client.send(.post, "/api/v1/teams", token: alice, json: ["name": 7, "season": "2024/25"])
            #expect(try wrongType.status == .badRequest && wrongType.problem().detail == "field 'name': expected a string")
            let syntax = try await client.send(.post, "/api/v1/teams", token: alice, body: Data("{\"name\": ".utf8),
                                               contentType: "application/json")
            #expect(try syntax.status == .badRequest && syntax.problem().type == "malformed")
            let form = try await client.send(.post, "/api/v1/teams", token: alice, body: Data("name=x".utf8),
                                             contentType: "application/x-www-form-urlencoded")
            #expect(form.status == .unsupportedMediaType)
            let season = try await client.send(.post, "/api/v1/teams", token: alice, json: ["name": "Infantil A", "season": "spring"])
            #expect(season.status == .unprocessableContent)
            #expect(try season.problemLine() == "invalid: season: 'spring' is not a season like 2024/25 or 2025")
            let colour = try await client.send(.post, "/api/v1/teams", token: alice,
                                               json: ["name": "Infantil A", "season": "2024/25", "primaryColor": "red"])
            #expect(colour.status == .unprocessableContent)
            #expect(try colour.problem().detail == "primary colour: 'red' is not a colour like #C8102E")
            let zone = try await client.send(.post, "/api/v1/teams", token: alice,
                                             json: ["name": "Infantil A", "season": "2024/25", "timeZone": "Mars/Olympus"])
            #expect(zone.status == .unprocessableContent)
            #expect(try zone.problem().detail
                == "time zone: 'Mars/Olympus' is not a time zone: give an IANA name like Europe/Madrid, America/Mexico_City or UTC")
            let blank = try await client.send(.post, "/api/v1/teams", token: alice, json: ["name": "  ", "season": "2024/25"])
            #expect(try blank.status == .unprocessableContent && blank.problem().detail == "name: must not be empty")
            #expect(try test.count("team") == 0)

            let team = try await client.team(alice, "Infantil A")
            let twice = try await client.send(.post, "/api/v1/teams", token: alice, json: ["name": "infantil a", "season": "2024/25"])
            #expect(twice.status == .conflict)
            #expect(try twice.problemLine() == "conflict: team 'infantil a 2024/25' is already taken")
            let other = try await client.team(alice, "Infantil B")
            let rename = try await client.send(.patch, "/api/v1/teams/\(other)", token: alice, json: ["name": "Infantil A"])
            #expect(rename.status == .conflict)
            let badEdit = try await client.send(.patch, "/api/v1/teams/\(team)", token: alice,
                                                json: ["name": "Infantil C", "secondaryColor": "#12345"])
            #expect(badEdit.status == .unprocessableContent)
            let patchType = try await client.send(.patch, "/api/v1/teams/\(team)", token: alice, json: ["region": 5])
            #expect(try patchType.status == .badRequest && patchType.problem().detail == "field 'region': expected a string")
            let names = try test.store().read { db in try db.values(String.self, "SELECT name FROM team ORDER BY id") }
            #expect(names == ["Infantil A", "Infantil B"])
        }
    }
}

extension Reply {
    /// The problem's kind and detail as one line, `not-found: no team '1'`.
    func problemLine() throws -> String {
        let problem = try problem()
        return "\(problem.type): \(problem.detail)"
    }
}

extension APITest {
    /// The number of rows in `table`.
    func count(_ table: String) throws -> Int {
        try store().read { db in try db.value(Int.self, "SELECT count(*) FROM \(table)") ?? 0 }
    }
}

/// A team with one user of each kind: alice owns it, bob edits it, carol views it, dave is a
/// stranger to it (their tokens).
struct TeamPeople {
    let alice: String, bob: String, carol: String, dave: String
    let team: Int
}

extension TestClient {
    /// Registers alice, bob, carol and dave, and makes alice's team "Athletic Infantil A" with
    /// bob its editor and carol its viewer.
    func teamPeople() async throws -> TeamPeople {
        let alice = try await user("alice"), bob = try await user("bob")
        let carol = try await user("carol"), dave = try await user("dave")
        let team = try await self.team(alice, "Athletic Infantil A")
        try await grant(alice, team: team, "bob", "editor")
        try await grant(alice, team: team, "carol", "viewer")
        return TeamPeople(alice: alice, bob: bob, carol: carol, dave: dave, team: team)
    }

    /// Creates a team owned by `token`'s user; its id.
    func team(_ token: String, _ name: String, season: String = "2024/25", fields: [String: Any] = [:]) async throws -> Int {
        let reply = try await send(.post, "/api/v1/teams", token: token, json: fields.merging(["name": name, "season": season]) { $1 })
        guard reply.status == .created, let id = try reply.json()["id"] as? Int else {
            throw TestFailure("team \(name): \(reply.status) \(reply.text)")
        }
        return id
    }

    /// Grants `username` a role on `team` as its owner.
    func grant(_ token: String, team: Int, _ username: String, _ role: String) async throws {
        let reply = try await send(.put, "/api/v1/teams/\(team)/members/\(username)", token: token, json: ["role": role])
        guard reply.status == .noContent else { throw TestFailure("grant \(username): \(reply.status) \(reply.text)") }
    }

    /// Adds a player to `team`; their id.
    func player(_ token: String, team: Int, _ firstName: String, _ surnames: String, number: Int,
                position: String = "MF") async throws -> Int {
        let reply = try await send(.post, "/api/v1/teams/\(team)/players", token: token,
                                   json: ["firstName": firstName, "surnames": surnames, "number": number, "position": position])
        guard reply.status == .created, let id = try reply.json()["id"] as? Int else {
            throw TestFailure("player \(firstName): \(reply.status) \(reply.text)")
        }
        return id
    }
}
