import Foundation
import HTTPTypes
import Testing
import TestSupport
@testable import Club
@testable import TouchlineServer

@Suite("City guides over HTTP")
struct GuideAPITests {
    @Test("guides, places near a point, votes, itineraries, photos and comments, with their permissions")
    func guidesPlacesVotesAndComments() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let created = try await client.send(.post, "/api/v1/guides", token: alice, json: ["name": "Bilbao", "country": "Spain"])
            #expect(created.status == .created, "\(created.text)")
            let guide = try #require(try created.json()["id"] as? Int)
            #expect(created.headers[.location] == "/api/v1/guides/\(guide)")
            #expect(try await client.send(.post, "/api/v1/guides", json: ["name": "X", "country": "Y"]).status == .unauthorized)

            let place = try await client.send(.post, "/api/v1/guides/\(guide)/places", token: alice, json: [
                "name": "San Mamés", "category": "ground", "latitude": 43.2641, "longitude": -2.9494,
                "openingHours": "Mo-Fr 09:00-14:00;Su off",
            ])
            #expect(place.status == .created, "\(place.text)")
            let ground = try #require(try place.json()["id"] as? Int)
            #expect(try place.json()["openingHours"] as? String == "Mo-Fr 09:00-14:00; Sa-Su off")
            let museum = try #require(try await client.send(.post, "/api/v1/guides/\(guide)/places", token: alice, json: [
                "name": "Guggenheim", "latitude": 43.2687, "longitude": -2.9340,
            ]).json()["id"] as? Int)

            // Bad input: 422 naming the field; someone who does not edit the guide: 403.
            let hours = try await client.send(.post, "/api/v1/guides/\(guide)/places", token: alice, json: [
                "name": "Café", "latitude": 43.26, "longitude": -2.93, "openingHours": "Mo-Fr 25:00-26:00",
            ])
            #expect(try hours.status == .unprocessableContent && hours.problem().detail.hasPrefix("hours: rule 1"), "\(hours.text)")
            let latitude = try await client.send(.post, "/api/v1/guides/\(guide)/places", token: alice, json: [
                "name": "Café", "latitude": 91, "longitude": -2.93,
            ])
            #expect(try latitude.status == .unprocessableContent && latitude.problem().detail.hasPrefix("latitude:"))
            let stranger = try await client.send(.post, "/api/v1/guides/\(guide)/places", token: bob, json: [
                "name": "Café", "latitude": 43.26, "longitude": -2.93,
            ])
            #expect(stranger.status == .forbidden)

            // Near a point: nearest first, each with its distance.
            let near = try await client.send(.get, "/api/v1/places/near?near=43.263,-2.935&within=5").json()
            let items = try #require(near["items"] as? [[String: Any]])
            #expect(items.compactMap { $0["id"] as? Int } == [museum, ground])
            #expect(items.allSatisfy { ($0["distanceMeters"] as? Double ?? 0) > 0 })
            #expect(try await client.send(.get, "/api/v1/places/near?near=43.263,-2.935").status == .badRequest)
            #expect(try await client.send(.get, "/api/v1/places/near?near=43.263,-2.935&within=0").status == .unprocessableContent)

            // Votes: once, then 409; the score rolls up into the guide's.
            let vote = try await client.send(.put, "/api/v1/places/\(ground)/vote", token: bob)
            #expect(try vote.status == .ok && vote.json()["score"] as? Int == 1)
            #expect(try await client.send(.put, "/api/v1/places/\(ground)/vote", token: bob).status == .conflict)
            #expect(try await client.send(.get, "/api/v1/guides/\(guide)").json()["score"] as? Int == 1)
            let top = try await client.send(.get, "/api/v1/guides/top")
            #expect(top.status == .ok && top.text.contains("\"Bilbao\""))
            let mostVoted = try await client.send(.get, "/api/v1/guides/\(guide)/places?order=score").json()
            #expect((mostVoted["items"] as? [[String: Any]])?.first?["id"] as? Int == ground)
            #expect(try await client.send(.delete, "/api/v1/places/\(ground)/vote", token: bob).json()["score"] as? Int == 0)
            #expect(try await client.send(.delete, "/api/v1/places/\(ground)/vote", token: bob).status == .notFound)

            // An itinerary with another guide's place is refused; its own are taken.
            let other = try #require(try await client.send(.post, "/api/v1/guides", token: bob, json: [
                "name": "Madrid", "country": "Spain",
            ]).json()["id"] as? Int)
            let bernabeu = try #require(try await client.send(.post, "/api/v1/guides/\(other)/places", token: bob, json: [
                "name": "Bernabéu", "latitude": 40.4531, "longitude": -3.6883,
            ]).json()["id"] as? Int)
            let mixed = try await client.send(.post, "/api/v1/guides/\(guide)/itineraries", token: alice, json: [
                "name": "Weekend", "days": 1, "stops": [[ground, bernabeu]],
            ])
            #expect(mixed.status == .unprocessableContent)
            let itinerary = try await client.send(.post, "/api/v1/guides/\(guide)/itineraries", token: alice, json: [
                "name": "Weekend", "days": 2, "stops": [[museum, ground], [ground]],
            ])
            #expect(itinerary.status == .created, "\(itinerary.text)")

            // Photos and comments.
            let photo = try await client.send(.post, "/api/v1/guides/\(guide)/photos?place=\(ground)&caption=Kick-off", token: bob,
                                              body: TestImages.png(claimingWidth: 40, height: 30), contentType: "image/png")
            #expect(photo.status == .created, "\(photo.text)")
            let photoID = try #require(try photo.json()["id"] as? Int)
            #expect(try await client.send(.get, "/api/v1/photos/\(photoID)").body == TestImages.png(claimingWidth: 40, height: 30))
            #expect(try await client.send(.post, "/api/v1/guides/\(guide)/photos", token: bob, body: Data("GIF89a".utf8),
                                          contentType: "image/png").status == .unprocessableContent)
            let comment = try await client.send(.post, "/api/v1/places/\(ground)/comments", token: bob,
                                                json: ["title": "Go early", "text": "The bars fill up"])
            #expect(comment.status == .created)
            let commentID = try #require(try comment.json()["id"] as? Int)
            let carol = try await client.user("carol")
            #expect(try await client.send(.delete, "/api/v1/place-comments/\(commentID)", token: carol).status == .forbidden)
            #expect(try await client.send(.delete, "/api/v1/place-comments/\(commentID)", token: alice).status == .noContent)
            #expect(try await client.send(.get, "/api/v1/users/bob/votes").status == .ok)
        }
    }

    @Test("export a guide as a booklet and an offline copy, import the copy as another guide, refuse a bad one")
    func exportAndImport() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let guide = try #require(try await client.send(.post, "/api/v1/guides", token: alice, json: [
                "name": "Bilbao", "country": "Spain",
            ]).json()["id"] as? Int)
            for (name, latitude, longitude) in [("San Mamés", 43.2641, -2.9494), ("Guggenheim", 43.2687, -2.9340)] {
                #expect(try await client.send(.post, "/api/v1/guides/\(guide)/places", token: alice, json: [
                    "name": name, "latitude": latitude, "longitude": longitude,
                ]).status == .created)
            }
            let pdf = try await client.send(.get, "/api/v1/guides/\(guide)/export.pdf")
            #expect(pdf.status == .ok && pdf.headers[.contentType] == "application/pdf" && pdf.body.starts(with: Data("%PDF".utf8)))
            let zip = try await client.send(.get, "/api/v1/guides/\(guide)/export.zip", token: bob)
            #expect(zip.status == .ok && zip.headers[.contentType] == "application/zip")
            let archive = try GuideArchive(zip: zip.body, source: "export.zip")
            #expect(archive.manifest.places.count == 2 && archive.manifest.maps == ["maps/places.png"])
            // Bob's export is his offline copy: nothing of it is "not yet downloaded".
            let pending = try await client.send(.get, "/api/v1/guides/\(guide)/places?order=not-downloaded", token: bob).json()
            #expect((pending["items"] as? [Any])?.isEmpty == true)

            let imported = try await client.send(.post, "/api/v1/guides/import?name=Bilbao%20copy", token: bob, body: zip.body,
                                                 contentType: "application/zip")
            #expect(imported.status == .created, "\(imported.text)")
            #expect(try imported.json()["owner"] as? String == "bob" && imported.json()["places"] as? Int == 2)
            #expect(try await client.send(.post, "/api/v1/guides/import", token: bob, body: zip.body,
                                          contentType: "application/zip").status == .conflict)
            var newer = archive
            newer.manifest.version = 2
            let refused = try await client.send(.post, "/api/v1/guides/import?name=Other", token: bob, body: try newer.zip(),
                                                contentType: "application/zip")
            #expect(try refused.status == .unprocessableContent && refused.problem().detail.contains("version 2"))
            #expect(try await client.send(.post, "/api/v1/guides/import", body: zip.body, contentType: "application/zip").status
                    == .unauthorized)
        }
    }
}
