import Canvas
import Club
import Foundation
import HTTPTypes
import TestSupport
import Testing
@testable import TouchlineServer

@Suite("Players and squads over HTTP")
struct PlayerAPITests {
    static var laporte: [String: Any] {
        ["firstName": "Aymeric", "surnames": "Laporte", "number": 4, "position": "DF", "positionDetail": "cb",
         "birthDate": "1994-05-27", "notes": "Left-footed"]
    }

    /// A real PNG photo of `width` x `height` pixels in one colour.
    static func photo(width: Double = 60, height: Double = 80) throws -> Data {
        let canvas = try Canvas(width: width, height: height)
        canvas.paint(Color(red: 0.1, green: 0.7, blue: 0.4))
        return try canvas.encoded()
    }

    @Test("add, list by number, show with the history, edit, move to another team and delete")
    func lifecycle() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let infantil = try await client.team(alice, "Athletic Infantil A")
            let cadete = try await client.team(alice, "Athletic Cadete A")
            let added = try await client.send(.post, "/api/v1/teams/\(infantil)/players", token: alice, json: Self.laporte)
            #expect(added.status == .created)
            #expect(added.headers[.location] == "/api/v1/players/1")
            let player = try added.json()
            #expect(player["id"] as? Int == 1 && player["firstName"] as? String == "Aymeric" && player["surnames"] as? String == "Laporte")
            #expect(player["number"] as? Int == 4 && player["position"] as? String == "DF" && player["positionDetail"] as? String == "CB")
            #expect(player["birthDate"] as? String == "1994-05-27" && player["notes"] as? String == "Left-footed")
            #expect(player["teamID"] as? Int == infantil && player["hasPhoto"] as? Bool == false)
            let nico = try await client.player(alice, team: infantil, "Nico", "Williams", number: 10, position: "FW")
            let unai = try await client.player(alice, team: infantil, "Unai", "Simón", number: 1, position: "GK")

            let squad = try await client.send(.get, "/api/v1/teams/\(infantil)/players", token: alice)
            #expect(squad.status == .ok)
            let items = try #require(try squad.json()["items"] as? [[String: Any]])
            #expect(items.map { $0["number"] as? Int } == [1, 4, 10])
            #expect(items.map { $0["surnames"] as? String } == ["Simón", "Laporte", "Williams"])
            #expect(try squad.json()["next"] is NSNull)

            // Edit: absent fields stay, null clears, a new number.
            let edited = try await client.send(.patch, "/api/v1/players/1", token: alice,
                                               json: ["notes": NSNull(), "positionDetail": "LCB", "number": 5, "position": "MF"])
            #expect(edited.status == .ok)
            let after = try edited.json()
            #expect(after["notes"] == nil && after["positionDetail"] as? String == "LCB" && after["number"] as? Int == 5)
            #expect(after["position"] as? String == "MF" && after["birthDate"] as? String == "1994-05-27")

            // Move to the other team with a number there; the spell in the first stays as history.
            let moved = try await client.send(.post, "/api/v1/players/1/moves", token: alice, json: ["team": cadete, "number": 14])
            #expect(moved.status == .ok)
            #expect(try moved.json()["teamID"] as? Int == cadete && moved.json()["number"] as? Int == 14)
            let shown = try await client.send(.get, "/api/v1/players/1", token: alice)
            #expect(shown.status == .ok)
            let history = try #require(try shown.json()["history"] as? [[String: Any]])
            #expect(history.map { $0["teamName"] as? String } == ["Athletic Infantil A", "Athletic Cadete A"])
            #expect(history.map { $0["number"] as? Int } == [5, 14])
            #expect(history[0]["leftAt"] is String && history[1]["leftAt"] == nil && history[0]["joinedAt"] is String)
            #expect((try shown.json()["player"] as? [String: Any])?["teamID"] as? Int == cadete)
            let same = try await client.send(.post, "/api/v1/players/1/moves", token: alice, json: ["team": cadete, "number": 15])
            #expect(same.status == .unprocessableContent)
            #expect(try same.problem().detail == "team: the player is already in team \(cadete)")
            let malformed = try await client.send(.post, "/api/v1/players/1/moves", token: alice, json: ["team": "Cadete"])
            #expect(try malformed.status == .badRequest && malformed.problem().detail == "field 'team': expected a number")

            #expect(try await client.send(.delete, "/api/v1/players/\(nico)", token: alice).status == .noContent)
            let gone = try await client.send(.get, "/api/v1/players/\(nico)", token: alice)
            #expect(try gone.status == .notFound && gone.problem().detail == "no player '\(nico)'")
            let left = try await client.send(.get, "/api/v1/teams/\(infantil)/players", token: alice).json()["items"] as? [[String: Any]]
            #expect(left?.map { $0["id"] as? Int } == [unai])
        }
    }

    @Test("a squad number another player wears is a 409 naming them, on add, edit and move; nothing written")
    func numberTaken() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let infantil = try await client.team(alice, "Athletic Infantil A")
            let cadete = try await client.team(alice, "Athletic Cadete A")
            let laporte = try await client.player(alice, team: infantil, "Aymeric", "Laporte", number: 4)
            let inigo = try await client.player(alice, team: infantil, "Iñigo", "Martínez", number: 5)
            _ = try await client.player(alice, team: cadete, "Dani", "Vivian", number: 3)
            let detail = "number: 4 is already worn by Aymeric Laporte in this team"

            var clash = Self.laporte
            clash["firstName"] = "Yeray"
            let add = try await client.send(.post, "/api/v1/teams/\(infantil)/players", token: alice, json: clash)
            #expect(add.status == .conflict)
            #expect(try add.problemLine() == "conflict: " + detail)
            let edit = try await client.send(.patch, "/api/v1/players/\(inigo)", token: alice, json: ["number": 4, "notes": "x"])
            #expect(try edit.status == .conflict && edit.problem().detail == detail)
            let move = try await client.send(.post, "/api/v1/players/\(laporte)/moves", token: alice, json: ["team": cadete, "number": 3])
            #expect(move.status == .conflict)
            #expect(try move.problem().detail == "number: 3 is already worn by Dani Vivian in this team")

            #expect(try test.count("player") == 3)
            let inigoNow = try await client.send(.get, "/api/v1/players/\(inigo)", token: alice).json()["player"] as? [String: Any]
            #expect(inigoNow?["number"] as? Int == 5 && inigoNow?["notes"] == nil)
            #expect(try test.count("squadMembership") == 3)
        }
    }

    @Test("bad players: 400 for malformed fields, 422 with the CLI's message for broken rules")
    func badBodies() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let team = try await client.team(alice, "Athletic Infantil A")
            let path = "/api/v1/teams/\(team)/players"
            /// The status and detail of adding Laporte with `change`.
            func refusal(_ change: [String: Any]) async throws -> String {
                let reply = try await client.send(.post, path, token: alice, json: Self.laporte.merging(change) { $1 })
                return "\(reply.status.code) \(try reply.problem().detail)"
            }
            #expect(try await refusal(["position": "XX"]) == "400 field 'position': expected one of GK, DF, MF, FW")
            #expect(try await refusal(["number": "4"]) == "400 field 'number': expected a number")
            #expect(try await refusal(["number": 100]) == "422 number: 100 is not a squad number from 1 to 99")
            #expect(try await refusal(["birthDate": "1994-02-30"]) == "422 born: '1994-02-30' is not a past date like 1994-05-27")
            #expect(try await refusal(["positionDetail": "right back"]) == "422 position: 'right back' is not a position detail like RB")
            #expect(try await refusal(["firstName": " "]) == "422 name: must not be empty")
            let missing = try await client.send(.post, path, token: alice, json: ["firstName": "A", "number": 4, "position": "DF"])
            #expect(try missing.status == .badRequest && missing.problem().detail == "field 'surnames': missing")
            let patch = try await client.send(.patch, "/api/v1/players/1", token: alice, json: ["position": "GK"])
            #expect(patch.status == .notFound)
            #expect(try test.count("player") == 0)
            let id = try await client.player(alice, team: team, "Nico", "Williams", number: 10)
            let badPatch = try await client.send(.patch, "/api/v1/players/\(id)", token: alice, json: ["position": "striker"])
            #expect(badPatch.status == .badRequest)
            #expect(try badPatch.problem().detail == "field 'position': expected one of GK, DF, MF, FW")
            let future = try await client.send(.patch, "/api/v1/players/\(id)", token: alice, json: ["birthDate": "2999-01-01", "number": 11])
            #expect(future.status == .unprocessableContent)
            let unchanged = try await client.send(.get, "/api/v1/players/\(id)", token: alice).json()["player"] as? [String: Any]
            #expect(unchanged?["number"] as? Int == 10 && unchanged?["birthDate"] == nil)
        }
    }

    @Test("what each kind of user may do: owner and editor change the squad, a viewer sees it, a stranger cannot tell it exists")
    func permissions() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let carol = try await client.user("carol")
            let dave = try await client.user("dave")
            let team = try await client.team(alice, "Athletic Infantil A")
            let daves = try await client.team(dave, "Real Sociedad Infantil")
            try await client.grant(alice, team: team, "bob", "editor")
            try await client.grant(alice, team: team, "carol", "viewer")

            // The editor adds, edits, uploads a photo and removes.
            let added = try await client.player(bob, team: team, "Nico", "Williams", number: 10)
            #expect(try await client.send(.patch, "/api/v1/players/\(added)", token: bob, json: ["notes": "Fast"]).status == .ok)
            let upload = try await client.send(.put, "/api/v1/players/\(added)/photo", token: bob, body: try Self.photo(),
                                               contentType: "image/png")
            #expect(upload.status == .ok)
            let laporte = try await client.player(alice, team: team, "Aymeric", "Laporte", number: 4)

            // The viewer sees the squad, the player and the photo, and may change none of them.
            #expect(try await client.send(.get, "/api/v1/teams/\(team)/players", token: carol).status == .ok)
            #expect(try await client.send(.get, "/api/v1/players/\(added)", token: carol).status == .ok)
            #expect(try await client.send(.get, "/api/v1/players/\(added)/photo", token: carol).status == .ok)
            let forbidden = "forbidden: permission denied: only the owner and editors of team '1' may do that; carol is a viewer"
            for (method, path, json, body) in [
                (.post, "/api/v1/teams/\(team)/players", Self.laporte, nil),
                (.patch, "/api/v1/players/\(added)", ["notes": "x"], nil), (.delete, "/api/v1/players/\(added)", nil, nil),
                (.post, "/api/v1/players/\(added)/moves", ["team": team, "number": 11], nil),
                (.put, "/api/v1/players/\(added)/photo", nil, try Self.photo()), (.delete, "/api/v1/players/\(added)/photo", nil, nil),
            ] as [(HTTPRequest.Method, String, [String: Any]?, Data?)] {
                let reply = try await client.send(method, path, token: carol, json: json, body: body,
                                                  contentType: body == nil ? nil : "image/png")
                #expect(reply.status == .forbidden, "\(method) \(path)")
                #expect(try reply.problemLine() == forbidden, "\(method) \(path)")
            }

            // A stranger: not found, for the team and for its players.
            for (method, path) in [(HTTPRequest.Method.get, "/api/v1/teams/\(team)/players"), (.post, "/api/v1/teams/\(team)/players")] {
                let reply = try await client.send(method, path, token: dave, json: Self.laporte)
                #expect(try reply.status == .notFound && reply.problem().detail == "no team '\(team)'", "\(method) \(path)")
            }
            for (method, suffix) in [(HTTPRequest.Method.get, ""), (.patch, ""), (.delete, ""), (.get, "/photo"), (.put, "/photo"),
                                     (.delete, "/photo")] {
                let reply = try await client.send(method, "/api/v1/players/\(added)\(suffix)", token: dave,
                                                  json: method == .patch ? ["notes": "x"] : nil,
                                                  body: method == .put ? try Self.photo() : nil,
                                                  contentType: method == .put ? "image/png" : nil)
                #expect(reply.status == .notFound, "\(method) \(suffix)")
                #expect(try reply.problem().detail == "no player '\(added)'", "\(method) \(suffix)")
            }
            // Nor may the stranger move a player into their own team, nor the editor move one into the stranger's.
            let steal = try await client.send(.post, "/api/v1/players/\(added)/moves", token: dave, json: ["team": daves, "number": 7])
            #expect(steal.status == .notFound)
            let give = try await client.send(.post, "/api/v1/players/\(added)/moves", token: bob, json: ["team": daves, "number": 7])
            #expect(try give.status == .notFound && give.problem().detail == "no team '\(daves)'")

            // No token.
            for (method, path) in [(HTTPRequest.Method.get, "/api/v1/teams/1/players"), (.post, "/api/v1/teams/1/players"),
                                   (.get, "/api/v1/players/1"), (.patch, "/api/v1/players/1"), (.delete, "/api/v1/players/1"),
                                   (.post, "/api/v1/players/1/moves"), (.put, "/api/v1/players/1/photo"),
                                   (.get, "/api/v1/players/1/photo"), (.delete, "/api/v1/players/1/photo")] {
                #expect(try await client.send(method, path).status == .unauthorized, "\(method) \(path)")
            }
            // The owner removes what the editor added.
            #expect(try await client.send(.delete, "/api/v1/players/\(added)", token: alice).status == .noContent)
            #expect(try await client.send(.delete, "/api/v1/players/\(laporte)", token: bob).status == .noContent)
            #expect(try test.count("player") == 0)
            #expect(try await client.send(.get, "/api/v1/players/abc", token: alice).status == .notFound)
        }
    }

    @Test("photos: PNG or JPEG as the raw body, read back with an ETag; other types 415, non-images and cut uploads 422")
    func photos() async throws {
        let test = try APITest { $0.maxUploadBytes = 3 << 20 }
        try await test.run { client in
            let alice = try await client.user("alice")
            let team = try await client.team(alice, "Athletic Infantil A")
            let nico = try await client.player(alice, team: team, "Nico", "Williams", number: 10)
            let path = "/api/v1/players/\(nico)/photo"
            let none = try await client.send(.get, path, token: alice)
            #expect(try none.status == .notFound && none.problem().detail == "player \(nico) has no photo")

            let png = try Self.photo()
            let uploaded = try await client.send(.put, path, token: alice, body: png, contentType: "image/png")
            #expect(uploaded.status == .ok)
            #expect(try uploaded.json()["hasPhoto"] as? Bool == true && uploaded.json()["id"] as? Int == nico)
            let fetched = try await client.send(.get, path, token: alice)
            #expect(fetched.status == .ok && fetched.body == png)
            #expect(fetched.headers[.contentType] == "image/png")
            let etag = try #require(fetched.headers[.eTag])
            let cached = try await client.send(.get, path, token: alice, headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified && cached.body.isEmpty)

            let jpeg = TestImages.quadrantsOrientation6
            #expect(try await client.send(.put, path, token: alice, body: jpeg, contentType: "image/jpeg; q=1").status == .ok)
            let asJPEG = try await client.send(.get, path, token: alice)
            #expect(asJPEG.body == jpeg && asJPEG.headers[.contentType] == "image/jpeg" && asJPEG.headers[.eTag] != etag)

            // Refused uploads leave the photo there was.
            for (body, type, status, detail) in [
                (png, "image/gif", HTTPResponse.Status.unsupportedMediaType, "send the photo as the body, as image/png or image/jpeg"),
                (png, "application/json", .unsupportedMediaType, "send the photo as the body, as image/png or image/jpeg"),
                (Data("hello".utf8), "image/png", .unprocessableContent, "photo: is not a PNG or JPEG file"),
                (Data(), "image/jpeg", .unprocessableContent, "photo: is not a PNG or JPEG file"),
                (png.prefix(png.count - 20), "image/png", .unprocessableContent,
                 "photo: is not a readable PNG file: the file is cut short inside its IDAT chunk"),
                (jpeg.prefix(jpeg.count / 2), "image/jpeg", .unprocessableContent,
                 "photo: is not a readable JPEG file: the file is cut short before its end-of-image marker"),
                (TestImages.png(claimingWidth: 16_384, height: 6_100), "image/png", .unprocessableContent,
                 "photo: is 16384x6100 px: at most 4096 px a side and 16 megapixels; resize it (1000 px on the longer side is plenty for a card)"),
                (png + Data(count: 2 << 20), "image/png", .unprocessableContent, "photo: is larger than 2 MiB; resize or compress it"),
                (Data(count: 3 << 20 + 1), "image/png", .contentTooLarge, "the body is larger than the 3145728 bytes this endpoint takes"),
            ] as [(Data, String, HTTPResponse.Status, String)] {
                let reply = try await client.send(.put, path, token: alice, body: body, contentType: type)
                #expect(reply.status == status, "\(detail)")
                #expect(try reply.problem().detail == detail)
            }
            let noType = try await client.send(.put, path, token: alice, body: png)
            #expect(noType.status == .unsupportedMediaType)
            #expect(try await client.send(.get, path, token: alice).body == jpeg)

            #expect(try await client.send(.delete, path, token: alice).status == .noContent)
            #expect(try await client.send(.get, path, token: alice).status == .notFound)
            #expect(try await client.send(.delete, path, token: alice).status == .noContent)
            let player = try await client.send(.get, "/api/v1/players/\(nico)", token: alice).json()["player"] as? [String: Any]
            #expect(player?["hasPhoto"] as? Bool == false)
        }
    }
}
