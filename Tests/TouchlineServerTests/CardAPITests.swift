import Canvas
import Club
import Foundation
import HTTPTypes
import League
import Reports
import TestSupport
import Testing
@testable import TouchlineServer

@Suite("Player cards, statistics and squad sheets over HTTP")
struct CardAPITests {
    /// Alice's team in red and white with Nico Williams (a photo, number 10) and Unai Simón
    /// (number 1); Bob may view it, Dave is a stranger.
    struct Setup {
        let test: APITest
        let alice: String, bob: String, dave: String
        let team: Int, nico: Int, unai: Int
    }

    static func club(_ test: APITest, _ client: TestClient, photo: Data? = nil) async throws -> Setup {
        let alice = try await client.user("alice")
        let bob = try await client.user("bob")
        let dave = try await client.user("dave")
        let team = try await client.team(alice, "Athletic Infantil A", fields: ["primaryColor": "#EE2523", "secondaryColor": "#FFFFFF"])
        try await client.grant(alice, team: team, "bob", "viewer")
        let nico = try await client.player(alice, team: team, "Nico", "Williams", number: 10, position: "FW")
        let unai = try await client.player(alice, team: team, "Unai", "Simón", number: 1, position: "GK")
        let upload = try await client.send(.put, "/api/v1/players/\(nico)/photo", token: alice,
                                           body: try photo ?? PlayerAPITests.photo(), contentType: "image/png")
        guard upload.status == .ok else { throw TestFailure("photo: \(upload.status) \(upload.text)") }
        return Setup(test: test, alice: alice, bob: bob, dave: dave, team: team, nico: nico, unai: unai)
    }

    @Test("a card is a PNG unless Accept asks for the PDF, the same bytes the library draws, with an ETag and 304")
    func card() async throws {
        let test = try APITest()
        try await test.run { client in
            let club = try await Self.club(test, client)
            let path = "/api/v1/players/\(club.nico)/card"
            let png = try await client.send(.get, path, token: club.alice)
            #expect(png.status == .ok)
            #expect(png.headers[.contentType] == "image/png")
            let image = try RasterImage(pngData: png.body)
            #expect(image.width == 750 && image.height == 1050)
            // The frame, left of the panel, is in the team's red.
            #expect(image.pixel(x: 15, y: 500).distance(to: RGBA(red: 0xEE, green: 0x25, blue: 0x23)) <= 8)
            let store = try test.store()
            let actor = try Accounts(store: store).resumeSession(token: club.alice)
            let library = try PlayerCard(try Cards(store: store).player(actor, id: Int64(club.nico)).cardDetails)
            #expect(try png.body == (library.png()))

            let etag = try #require(png.headers[.eTag])
            let cached = try await client.send(.get, path, token: club.bob, headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified)

            let pdf = try await client.send(.get, path, token: club.alice, headers: [.accept: "application/pdf"])
            #expect(pdf.status == .ok && pdf.headers[.contentType] == "application/pdf")
            #expect(try pdf.body == (library.pdf()))
            #expect(try PDFProbe.info(pdf.body).pages == 1)
            #expect(pdf.headers[.eTag] != etag)

            let spanish = try await client.send(.get, path + "?lang=es", token: club.alice, headers: [.accept: "image/*"])
            #expect(try spanish.status == .ok && spanish.body == (library.png(language: .spanish)))
            let svg = try await client.send(.get, path, token: club.alice, headers: [.accept: "image/svg+xml"])
            #expect(svg.status == .notAcceptable)
            #expect(try svg.problem().detail == "this resource is available as image/png, application/pdf")
            let language = try await client.send(.get, path + "?lang=eu", token: club.alice)
            #expect(language.status == .badRequest)
            #expect(try language.problem().detail == "query parameter 'lang': expected one of en, es, ca")
            // A player without a photo gets a silhouette.
            #expect(try await client.send(.get, "/api/v1/players/\(club.unai)/card", token: club.alice).status == .ok)
        }
    }

    @Test("cards, statistics and sheets: a viewer sees them, a stranger gets 404, no token 401")
    func permissions() async throws {
        let test = try APITest()
        try await test.run { client in
            let club = try await Self.club(test, client)
            let paths = ["/api/v1/players/\(club.nico)/card", "/api/v1/players/\(club.nico)/statistics",
                         "/api/v1/teams/\(club.team)/squad-sheet"]
            for path in paths {
                #expect(try await client.send(.get, path, token: club.bob).status == .ok, "\(path)")
                let stranger = try await client.send(.get, path, token: club.dave)
                #expect(stranger.status == .notFound, "\(path)")
                #expect(try stranger.problem().detail == (path.contains("teams") ? "no team '1'" : "no player '1'"))
                #expect(try await client.send(.get, path).status == .unauthorized, "\(path)")
            }
            #expect(try await client.send(.get, "/api/v1/players/99/card", token: club.alice).status == .notFound)
            #expect(try await client.send(.get, "/api/v1/teams/x/squad-sheet", token: club.alice).status == .notFound)
        }
    }

    @Test("a player's statistics are the numbers their card prints, from the team's matches in its season")
    func statistics() async throws {
        let test = try APITest()
        try await test.run { client in
            let club = try await Self.club(test, client)
            let empty = try await client.send(.get, "/api/v1/players/\(club.nico)/statistics", token: club.alice)
            #expect(empty.status == .ok)
            let zero = try empty.json()
            #expect(zero["player"] as? String == "Nico Williams" && zero["team"] as? String == "Athletic Infantil A")
            #expect(zero["appearances"] as? Int == 0 && zero["goals"] as? Int == 0 && zero["cleanSheets"] as? Int == 0)

            // A league match of the team's season, played under another name: Athletic 2-0 Eibar.
            let store = try test.store()
            let alice = try Accounts(store: store).resumeSession(token: club.alice)
            let leagues = Leagues(store: store, hasher: APITest.fastHasher), matches = Matches(store: store)
            let liga = try leagues.create(alice, name: "Liga Vasca", season: "2024/25", kind: .federation)
            try leagues.addTeam(alice, .id(liga.id), name: "Athletic", team: .id(Int64(club.team)))
            try leagues.addTeam(alice, .id(liga.id), name: "Eibar")
            let match = try matches.add(alice, league: .id(liga.id), home: "Athletic", away: "Eibar", date: "2024-10-05")
            try matches.result(alice, match: match.id, fullTime: Score(2, 0))
            try matches.setLineup(alice, match: match.id, team: "Athletic", players: ["Unai Simón", "Nico Williams"])
            try matches.addEvent(alice, match: match.id, MatchEvent(team: "Athletic", kind: .goal(scorer: "Nico Williams", assist: nil,
                                                                                                 penalty: false, ownGoal: false), minute: 10))

            let nico = try await client.send(.get, "/api/v1/players/\(club.nico)/statistics", token: club.bob).json()
            #expect(nico["appearances"] as? Int == 1 && nico["goals"] as? Int == 1 && nico["minutes"] as? Int == 90)
            let unai = try await client.send(.get, "/api/v1/players/\(club.unai)/statistics", token: club.alice).json()
            #expect(unai["cleanSheets"] as? Int == 1 && unai["goalsConceded"] as? Int == 0)
            let expected = try Cards(store: store).player(alice, id: Int64(club.nico)).statistics
            #expect(nico["yellowCards"] as? Int == expected.yellowCards && nico["starts"] as? Int == expected.starts)
        }
    }

    @Test("the squad sheet is a PDF by squad number titled with the team and season; an empty squad is 422")
    func squadSheet() async throws {
        let test = try APITest()
        try await test.run { client in
            let club = try await Self.club(test, client)
            let path = "/api/v1/teams/\(club.team)/squad-sheet"
            let sheet = try await client.send(.get, path + "?lang=ca", token: club.alice)
            #expect(sheet.status == .ok && sheet.headers[.contentType] == "application/pdf")
            #expect(try PDFProbe.info(sheet.body).pages == 1)
            let text = try PDFProbe.text(layout: false, sheet.body)
            #expect(text.contains("Athletic Infantil A · 2024/25"))
            #expect(text.contains("Nico") && text.contains("Simón"))
            let etag = try #require(sheet.headers[.eTag])
            let cached = try await client.send(.get, path + "?lang=ca", token: club.bob, headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified)
            let png = try await client.send(.get, path, token: club.alice, headers: [.accept: "image/png"])
            #expect(png.status == .notAcceptable)

            let empty = try await client.team(club.alice, "Athletic Cadete A")
            let none = try await client.send(.get, "/api/v1/teams/\(empty)/squad-sheet", token: club.alice)
            #expect(none.status == .unprocessableContent)
            #expect(try none.problemLine() == "invalid: team 'Athletic Cadete A' has no players")
        }
    }

    @Test("a stored photo no reader accepts fails the card and the sheet with 422 naming the player; the server goes on")
    func unreadablePhoto() async throws {
        let test = try APITest()
        try await test.run { client in
            // A whole PNG (the club checks its structure) whose data no PNG reader accepts.
            let club = try await Self.club(test, client, photo: TestImages.png(claimingWidth: 60, height: 80))
            for path in ["/api/v1/players/\(club.nico)/card", "/api/v1/teams/\(club.team)/squad-sheet"] {
                let reply = try await client.send(.get, path, token: club.alice)
                #expect(reply.status == .unprocessableContent, "\(path)")
                #expect(try reply.problem().detail.hasPrefix("the photo of Nico Williams cannot be read: "), "\(path)")
            }
            #expect(try await client.send(.get, "/api/v1/players/\(club.unai)/card", token: club.alice).status == .ok)
        }
    }
}
