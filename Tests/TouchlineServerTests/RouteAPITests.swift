import Canvas
@testable import Club
import Foundation
import HTTPTypes
import Routes
import Testing
import TestSupport
@testable import TouchlineServer

/// Route files of the repository: the examples, the reader's fixtures and the fuzzers' corpus.
private enum RouteFiles {
    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: APITest.root.appendingPathComponent(path))
    }

    static let hike = "examples/routes/garmin-hike.gpx"
    static let mojstrovka = "Tests/RoutesTests/Fixtures/gpxpy/Mojstrovka.gpx"
    static let korita = "Tests/RoutesTests/Fixtures/gpxpy/korita-zbevnica.gpx"
    static let garmin = "Tests/RoutesTests/Fixtures/georust/garmin-activity.gpx"

    /// Every format the reader knows, each as its own media type (the polyline has none).
    static let formats: [(path: String, type: String?)] = [
        (hike, "application/gpx+xml"),
        ("fuzz/corpus/kml/track.kml", "application/vnd.google-earth.kml+xml"),
        ("fuzz/corpus/geojson/collection.geojson", "application/geo+json"),
        ("fuzz/corpus/tcx/activity.tcx", "application/vnd.garmin.tcx+xml"),
        ("fuzz/corpus/polyline/google.txt", "text/plain"),
        ("fuzz/corpus/geojson/line.geojson", nil),
        ("examples/routes/planned-route.gpx", "application/octet-stream"),
    ]

    /// What the library reads from a file, as the service counts its points.
    static func read(_ path: String) throws -> (document: RouteDocument, points: Int) {
        let document = try RouteReader.read(data(path), source: path).document
        let points = document.tracks.flatMap(\.points).count + document.routes.flatMap(\.stops).count + document.waypoints.count
        return (document, points)
    }
}

private extension Reply {
    func items() throws -> [[String: Any]] {
        guard let items = try json()["items"] as? [[String: Any]] else { throw TestFailure("no items: \(text)") }
        return items
    }

    /// The body decoded as `type` by JSONDecoder, which reads numbers exactly (Foundation's
    /// JSONSerialization loses the last digit of some doubles on Linux).
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: body)
    }
}

private extension TestClient {
    /// Uploads `path` as `token`'s route; returns its id.
    func upload(_ path: String, token: String, query: String = "", type: String? = "application/gpx+xml") async throws -> Int {
        let reply = try await send(.post, "/api/v1/routes\(query)", token: token, body: try RouteFiles.data(path), contentType: type)
        guard reply.status == .created, let id = try reply.json()["id"] as? Int else {
            throw TestFailure("upload \(path): \(reply.status) \(reply.text)")
        }
        return id
    }
}

/// The routes stored, as rows, to show a refused request changed nothing.
private func storedRoutes(_ test: APITest) throws -> [String] {
    try test.store().read { db in
        try db.values(String.self, "SELECT id || ' ' || ownerId || ' ' || name || ' ' || length(document) FROM route ORDER BY id")
    }
}

@Suite("Stored routes over HTTP")
struct RouteAPITests {
    @Test("POST /routes takes every format, named by the query, by the file, or 'Untitled route'; the summary has the library's figures")
    func uploadEveryFormat() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            for (path, type) in RouteFiles.formats {
                let reply = try await client.send(.post, "/api/v1/routes", token: alice, body: try RouteFiles.data(path), contentType: type)
                #expect(reply.status == .created, "\(path): \(reply.text)")
                let route = try reply.json()
                let id = try #require(route["id"] as? Int)
                #expect(reply.headers[.location] == "/api/v1/routes/\(id)")
                let (document, points) = try RouteFiles.read(path)
                #expect(route["pointCount"] as? Int == points, "\(path)")
                let distance = RouteStatisticsCalculator.statistics(of: document, splitMeters: 0)?.distanceMeters ?? 0
                #expect(try reply.decode(RouteSummary.self).distanceMeters == distance, "\(path)")
                #expect(route["name"] as? String == StoredRoutes.name(nil, of: document, otherwise: "Untitled route"), "\(path)")
            }
            // The KML and the GeoJSON name themselves; the polyline cannot.
            let names = try await client.send(.get, "/api/v1/routes?limit=100", token: alice).items().compactMap { $0["name"] as? String }
            #expect(names.contains("Ride") && names.contains("Untitled route"))

            let named = try await client.send(.post, "/api/v1/routes?name=Sunday%20loop&category=hike&note=windy&heartRate=142",
                                              token: alice, body: try RouteFiles.data(RouteFiles.mojstrovka), contentType: "application/xml")
            #expect(named.status == .created)
            let route = try named.json()
            #expect(route["name"] as? String == "Sunday loop")
            #expect(route["category"] as? String == "hike")
            #expect(route["note"] as? String == "windy")
            #expect(route["heartRate"] as? Int == 142)
            let start = try RouteFiles.read(RouteFiles.mojstrovka).document.tracks.first?.points.first
            #expect(route["startLatitude"] as? Double == start?.latitude && route["startLongitude"] as? Double == start?.longitude)
        }
    }

    @Test("refused uploads: 401, 415, 413, 400 for what is not a route file or a broken one, 422 for rule breaks; nothing stored")
    func refusedUploads() async throws {
        let test = try APITest { $0.maxUploadBytes = 200_000 }
        try await test.run { client in
            let alice = try await client.user("alice")
            let hike = try RouteFiles.data(RouteFiles.hike)
            #expect(hike.count > 200_000)
            let kept = try await client.upload(RouteFiles.mojstrovka, token: alice)
            let before = try storedRoutes(test)
            let everything = try StoredRows(test.store())

            let anonymous = try await client.send(.post, "/api/v1/routes", body: try RouteFiles.data(RouteFiles.mojstrovka))
            #expect(anonymous.status == .unauthorized)
            let image = try await client.send(.post, "/api/v1/routes", token: alice, body: Data("x".utf8), contentType: "image/png")
            #expect(image.status == .unsupportedMediaType)
            #expect(try image.problem().detail.contains("application/gpx+xml"))
            let large = try await client.send(.post, "/api/v1/routes", token: alice, body: hike, contentType: "application/gpx+xml")
            #expect(large.status == .contentTooLarge)
            #expect(try large.problem().detail.contains("200000 bytes"))

            let notRoute = try await client.send(.post, "/api/v1/routes", token: alice, body: Data("hello, world".utf8),
                                                 contentType: "text/plain")
            #expect(notRoute.status == .badRequest)
            #expect(try notRoute.problem().detail.hasPrefix("body"))
            let truncated = try await client.send(.post, "/api/v1/routes", token: alice, body: hike.prefix(20_000),
                                                  contentType: "application/gpx+xml")
            #expect(truncated.status == .badRequest)
            let detail = try truncated.problem().detail
            #expect(detail.hasPrefix("body:"), "\(detail)")
            // It names the line: body:LINE:COLUMN or body:LINE.
            #expect(detail.dropFirst(5).first?.isNumber == true, "\(detail)")
            let nowhere = Data(#"<?xml version="1.0"?><gpx version="1.1" creator="t"><trk><trkseg><trkpt lat="95" lon="0"/></trkseg></trk></gpx>"#.utf8)
            let noPoints = try await client.send(.post, "/api/v1/routes", token: alice, body: nowhere, contentType: "application/gpx+xml")
            #expect(noPoints.status == .unprocessableContent)
            #expect(try noPoints.problem().detail.hasPrefix("body: no usable points"))
            let deep = Data((#"{"type":"LineString","coordinates":"# + String(repeating: "[", count: 100)
                + String(repeating: "]", count: 100) + "}").utf8)
            let nested = try await client.send(.post, "/api/v1/routes", token: alice, body: deep, contentType: "application/geo+json")
            #expect(nested.status == .unprocessableContent)
            #expect(try nested.problem().detail.hasPrefix("body:1:"))

            let mojstrovka = try RouteFiles.data(RouteFiles.mojstrovka)
            let heart = try await client.send(.post, "/api/v1/routes?heartRate=300", token: alice, body: mojstrovka)
            #expect(heart.status == .unprocessableContent)
            #expect(try heart.problem().detail == "heart rate: 300 is not a heart rate from 0 to 250 bpm")
            let notNumber = try await client.send(.post, "/api/v1/routes?heartRate=fast", token: alice, body: mojstrovka)
            #expect(notNumber.status == .badRequest)
            #expect(try notNumber.problem().detail.contains("'heartRate'"))
            let longName = try await client.send(.post, "/api/v1/routes?name=" + String(repeating: "n", count: 101), token: alice,
                                                 body: mojstrovka)
            #expect(longName.status == .unprocessableContent)
            #expect(try longName.problem().detail == "name: must be at most 100 characters")
            let blank = try await client.send(.post, "/api/v1/routes?name=%20%20", token: alice, body: mojstrovka)
            #expect(try blank.problem().detail == "name: must not be empty")

            #expect(try storedRoutes(test) == before)
            #expect(try StoredRows(test.store()) == everything)
            #expect(before.count == 1 && before[0].hasPrefix("\(kept) "))
        }
    }

    @Test("GET /routes?near= lists nearest first with the service's own distances; without, newest first")
    func listNear() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let mojstrovka = try await client.upload(RouteFiles.mojstrovka, token: alice, query: "?name=Mojstrovka")
            let korita = try await client.upload(RouteFiles.korita, token: alice)
            let garmin = try await client.upload(RouteFiles.garmin, token: alice)

            // From Kranjska Gora: Mojstrovka, then Korita (near Rijeka), then California.
            let near = try await client.send(.get, "/api/v1/routes?near=46.4853,13.7856", token: alice)
            #expect(near.status == .ok)
            let items = try near.items()
            #expect(items.compactMap { $0["id"] as? Int } == [mojstrovka, korita, garmin])
            #expect(try near.json()["next"] is NSNull)
            let actor = try Accounts(store: test.store()).resumeSession(token: alice)
            let service = try StoredRoutes(store: test.store()).list(actor, near: GeoPoint(coordinates: "46.4853,13.7856"))
            #expect(try near.decode(RoutePage.self).items.compactMap(\.distanceFromMeters) == service.compactMap(\.distanceFromMeters))
            #expect(service.count == 3)

            let newest = try await client.send(.get, "/api/v1/routes", token: alice).items()
            #expect(newest.compactMap { $0["id"] as? Int } == [garmin, korita, mojstrovka])
            #expect(newest.allSatisfy { $0["distanceFromMeters"] == nil })

            for bad in ["46.4", "46.4,13.7,1", "91,0", "0,181", "a,b", "nan,0", "%2046,13", "1e1,2"] {
                let reply = try await client.send(.get, "/api/v1/routes?near=\(bad)", token: alice)
                #expect(reply.status == .badRequest, "\(bad)")
                #expect(try reply.problem().detail.hasPrefix("query parameter 'near'"))
            }
            let bob = try await client.user("bob")
            #expect(try await client.send(.get, "/api/v1/routes", token: bob).items().isEmpty)
            #expect(try await client.send(.get, "/api/v1/routes").status == .unauthorized)
        }
    }

    @Test("pages of ?limit= follow each other by ?after= with no repeat and no gap, nearest or newest first")
    func paging() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            var ids: [Int] = []
            for (path, type) in RouteFiles.formats + [(path: RouteFiles.mojstrovka, type: "application/gpx+xml"), (path: RouteFiles.korita, type: nil)] {
                ids.append(try await client.upload(path, token: alice, type: type))
            }
            for query in ["", "near=45.3,14.1&"] {
                let whole = try await client.send(.get, "/api/v1/routes?\(query)limit=100", token: alice).decode(RoutePage.self).items
                #expect(whole.count == ids.count)
                for limit in [1, 2, 4] {
                    var seen: [RouteSummary] = []
                    var next: String?
                    var pages = 0
                    repeat {
                        let after = next.map { "&after=\($0)" } ?? ""
                        let reply = try await client.send(.get, "/api/v1/routes?\(query)limit=\(limit)\(after)", token: alice)
                        #expect(reply.status == .ok, "\(reply.text)")
                        let page = try reply.decode(RoutePage.self).items
                        #expect(page.count <= limit)
                        seen += page
                        next = try reply.json()["next"] as? String
                        pages += 1
                    } while next != nil && pages < 20
                    #expect(seen == whole, "\(query) limit \(limit)")
                    #expect(pages == (ids.count + limit - 1) / limit)
                }
            }
            // Nearest first: the KML, GeoJSON and TCX of the corpus all start at 45.3,14.1.
            let near = try await client.send(.get, "/api/v1/routes?near=45.3,14.1&limit=3", token: alice).items()
            #expect(near.compactMap { $0["distanceFromMeters"] as? Double } == [0, 0, 0])
            #expect(near.compactMap { $0["id"] as? Int } == [ids[1], ids[2], ids[3]])

            let first = try await client.send(.get, "/api/v1/routes?limit=1", token: alice)
            let cursor = try #require(try first.json()["next"] as? String)
            let other = try await client.send(.get, "/api/v1/routes?limit=1&near=1,1&after=\(cursor)", token: alice)
            #expect(other.status == .unprocessableContent)
            #expect(try other.problem().detail == "after: the cursor is from routes listed without a point; leave near out")
            for bad in ["after=YzEuNDI", "after=%21%21", "limit=0", "limit=101", "limit=x"] {
                let reply = try await client.send(.get, "/api/v1/routes?\(bad)", token: alice)
                #expect(reply.status == .badRequest, "\(bad)")
            }
        }
    }

    @Test("show, edit (null clears), delete; another user's route and a deleted one are 404; no token is 401")
    func showEditDelete() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let id = try await client.upload(RouteFiles.mojstrovka, token: alice, query: "?name=Mojstrovka&category=hike&note=snow&heartRate=130")
            let shown = try await client.send(.get, "/api/v1/routes/\(id)", token: alice)
            #expect(shown.status == .ok)
            #expect(try shown.json()["name"] as? String == "Mojstrovka")
            #expect(try shown.json()["pointCount"] as? Int == RouteFiles.read(RouteFiles.mojstrovka).points)

            let renamed = try await client.send(.patch, "/api/v1/routes/\(id)", token: alice,
                                                json: ["name": "Mojstrovka pass", "heartRate": 138])
            #expect(renamed.status == .ok)
            var route = try renamed.json()
            #expect(route["name"] as? String == "Mojstrovka pass")
            #expect(route["heartRate"] as? Int == 138)
            #expect(route["category"] as? String == "hike" && route["note"] as? String == "snow")
            let cleared = try await client.send(.patch, "/api/v1/routes/\(id)", token: alice,
                                                json: ["heartRate": NSNull(), "category": NSNull(), "note": ""])
            route = try cleared.json()
            #expect(route["heartRate"] == nil && route["category"] == nil && route["note"] == nil)
            #expect(route["name"] as? String == "Mojstrovka pass")
            let again = try await client.send(.get, "/api/v1/routes/\(id)", token: alice).json()
            #expect(again["name"] as? String == "Mojstrovka pass" && again["heartRate"] == nil)

            let badHeart = try await client.send(.patch, "/api/v1/routes/\(id)", token: alice, json: ["heartRate": 300])
            #expect(badHeart.status == .unprocessableContent)
            #expect(try badHeart.problem().detail == "heart rate: 300 is not a heart rate from 0 to 250 bpm")
            let wrongType = try await client.send(.patch, "/api/v1/routes/\(id)", token: alice, json: ["heartRate": "high"])
            #expect(wrongType.status == .badRequest)
            #expect(try wrongType.problem().detail.contains("'heartRate'"))
            let blankName = try await client.send(.patch, "/api/v1/routes/\(id)", token: alice, json: ["name": " "])
            #expect(try blankName.problem().detail == "name: must not be empty")

            for (method, path) in [(HTTPRequest.Method.get, ""), (.patch, ""), (.delete, ""), (.get, "/statistics"), (.get, ".gpx"),
                                   (.get, ".png"), (.get, "/thumbnail.png")] {
                let peek = try await client.send(method, "/api/v1/routes/\(id)\(path)", token: bob,
                                                 json: method == .patch ? ["name": "mine"] : nil)
                #expect(peek.status == .notFound, "\(method) \(path)")
                #expect(try peek.problem().detail == "no route '\(id)'")
                let anonymous = try await client.send(method, "/api/v1/routes/\(id)\(path)")
                #expect(anonymous.status == .unauthorized, "\(method) \(path)")
            }
            #expect(try await client.send(.get, "/api/v1/routes/abc", token: alice).status == .notFound)

            let deleted = try await client.send(.delete, "/api/v1/routes/\(id)", token: alice)
            #expect(deleted.status == .noContent)
            for path in ["", ".kml", ".svg", "/statistics"] {
                let gone = try await client.send(.get, "/api/v1/routes/\(id)\(path)", token: alice)
                #expect(gone.status == .notFound, "\(path)")
            }
            #expect(try await client.send(.delete, "/api/v1/routes/\(id)", token: alice).status == .notFound)
        }
    }

    @Test("statistics of a stored and of a posted file are the library's, with route stats' split rule")
    func statistics() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let id = try await client.upload(RouteFiles.hike, token: alice)
            let library = try #require(RouteStatisticsCalculator.statistics(of: RouteFiles.read(RouteFiles.hike).document, splitMeters: 500))
            let stored = try await client.send(.get, "/api/v1/routes/\(id)/statistics?split=500", token: alice)
            #expect(stored.status == .ok)
            #expect(try JSONDecoder().decode(RouteStatistics.self, from: stored.body) == library)
            #expect(try stored.json()["splits"] as? [Any] != nil)
            let posted = try await client.send(.post, "/api/v1/render/route/statistics?split=500", body: try RouteFiles.data(RouteFiles.hike),
                                               contentType: "application/gpx+xml")
            #expect(posted.status == .ok)
            #expect(posted.body == stored.body)
            let byDefault = try await client.send(.get, "/api/v1/routes/\(id)/statistics", token: alice)
            #expect(try JSONDecoder().decode(RouteStatistics.self, from: byDefault.body).splits.count
                == RouteStatisticsCalculator.statistics(of: RouteFiles.read(RouteFiles.hike).document)?.splits.count)

            for bad in ["5", "9.99", "nan", "inf", "far"] {
                let reply = try await client.send(.get, "/api/v1/routes/\(id)/statistics?split=\(bad)", token: alice)
                #expect(reply.status == .badRequest, "\(bad)")
                #expect(try reply.problem().detail == "query parameter 'split': expected a number of metres, 10 or more")
            }
            let waypoints = Data(#"<?xml version="1.0"?><gpx version="1.1" creator="t"><wpt lat="45" lon="7"><name>Hut</name></wpt></gpx>"#.utf8)
            let unmeasured = try await client.send(.post, "/api/v1/render/route/statistics", body: waypoints)
            #expect(unmeasured.status == .unprocessableContent)
            #expect(try unmeasured.problem().detail == "body: no track or route to measure")
        }
    }

    @Test("export as GPX, GeoJSON and KML: their media types, a file name, and the same points read back")
    func export() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let id = try await client.upload(RouteFiles.mojstrovka, token: alice, query: "?name=R%C3%ADa%20walk&heartRate=120")
            let original = try RouteFiles.read(RouteFiles.mojstrovka)
            for format in RouteExportFormat.allCases {
                let reply = try await client.send(.get, "/api/v1/routes/\(id).\(format.rawValue)", token: alice)
                #expect(reply.status == .ok)
                #expect(reply.headers[.contentType] == format.mediaType)
                #expect(reply.headers[.contentDisposition]
                    == "attachment; filename=\"R-a-walk.\(format.rawValue)\"; filename*=UTF-8''R%C3%ADa%20walk.\(format.rawValue)")
                let again = try RouteReader.read(reply.body, source: format.rawValue)
                #expect(again.format.rawValue == format.rawValue)
                #expect(again.document.tracks.flatMap(\.points).count == original.document.tracks.flatMap(\.points).count)
                let etag = try #require(reply.headers[.eTag])
                let cached = try await client.send(.get, "/api/v1/routes/\(id).\(format.rawValue)", token: alice, headers: [.ifNoneMatch: etag])
                #expect(cached.status == .notModified)
            }
            let gpx = try await client.send(.get, "/api/v1/routes/\(id).gpx", token: alice)
            #expect(gpx.text.contains("<name>Ría walk</name>"))
            #expect(try RouteReader.read(gpx.body, source: "gpx").document.tracks.flatMap(\.points) == original.document.tracks.flatMap(\.points))
            let plain = try await client.upload(RouteFiles.korita, token: alice, query: "?name=Korita")
            let named = try await client.send(.get, "/api/v1/routes/\(plain).kml", token: alice)
            #expect(named.headers[.contentDisposition] == "attachment; filename=\"Korita.kml\"")
        }
    }

    @Test("maps of a stored route as PNG, SVG and PDF with route render's options; the same bytes as the library and a posted file")
    func maps() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let id = try await client.upload(RouteFiles.hike, token: alice)
            let png = try await client.send(.get, "/api/v1/routes/\(id).png?size=400x300", token: alice)
            #expect(png.status == .ok)
            #expect(png.headers[.contentType] == "image/png")
            let image = try RasterImage(pngData: png.body)
            #expect(image.width == 400 && image.height == 300)
            let route = RGBA(RouteMapStyle.standard.route)
            let background = RGBA(RouteMapStyle.standard.background)
            #expect(image.count { $0.distance(to: route) < 40 } > 300, "the route is drawn")
            #expect(image.count { $0.distance(to: background) < 8 } > 400 * 300 / 2, "mostly background")

            let sharp = try await client.send(.get, "/api/v1/routes/\(id).png?size=400x300&scale=2", token: alice)
            let doubled = try RasterImage(pngData: sharp.body)
            #expect(doubled.width == 800 && doubled.height == 600)

            let query = "size=500x400&colourBy=elevation&kmLabels=true&profile=true"
            let full = try await client.send(.get, "/api/v1/routes/\(id).png?\(query)", token: alice)
            #expect(full.status == .ok)
            // `route render`'s map: the same options and the stats line it writes under the profile.
            let document = try RouteFiles.read(RouteFiles.hike).document
            let options = RouteMapOptions(size: Size(width: 500, height: 400), colourBy: .elevation, kilometreLabels: true, profile: true,
                                          statsLine: RouteStatisticsText.statsLine(of: document))
            let library = try RouteMapRenderer(document: document, options: options).render(format: .png).data
            #expect(full.body == library)
            let posted = try await client.send(.post, "/api/v1/render/route?\(query)", body: try RouteFiles.data(RouteFiles.hike),
                                               contentType: "application/gpx+xml")
            #expect(posted.status == .ok)
            #expect(posted.body == full.body)
            #expect(posted.headers[.eTag] == full.headers[.eTag])

            let etag = try #require(full.headers[.eTag])
            let cached = try await client.send(.get, "/api/v1/routes/\(id).png?\(query)", token: alice, headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified)
            #expect(cached.body.isEmpty)

            let svg = try await client.send(.get, "/api/v1/routes/\(id).svg", token: alice)
            #expect(svg.headers[.contentType] == "image/svg+xml")
            #expect(svg.text.contains("<svg"))
            let pdf = try await client.send(.get, "/api/v1/routes/\(id).pdf", token: alice)
            #expect(pdf.headers[.contentType] == "application/pdf")
            #expect(pdf.body.starts(with: Data("%PDF-".utf8)))
            let negotiated = try await client.send(.post, "/api/v1/render/route", body: try RouteFiles.data(RouteFiles.hike),
                                                   headers: [.accept: "application/pdf"])
            #expect(negotiated.headers[.contentType] == "application/pdf")
            let html = try await client.send(.post, "/api/v1/render/route", body: try RouteFiles.data(RouteFiles.hike),
                                             headers: [.accept: "text/html"])
            #expect(html.status == .notAcceptable)
        }
    }

    @Test("thumbnails of a stored and a posted route, route thumbs' sizes and scales")
    func thumbnails() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let id = try await client.upload(RouteFiles.korita, token: alice)
            let thumbnail = try await client.send(.get, "/api/v1/routes/\(id)/thumbnail.png", token: alice)
            #expect(thumbnail.status == .ok)
            #expect(thumbnail.headers[.contentType] == "image/png")
            let image = try RasterImage(pngData: thumbnail.body)
            #expect(image.width == 320 && image.height == 200)
            #expect(image.count { $0.distance(to: RGBA(RouteMapStyle.standard.route)) < 40 } > 100)
            let document = try RouteFiles.read(RouteFiles.korita).document
            let library = try RouteMapRenderer(document: document, options: RouteMapOptions(size: Size(width: 320, height: 200)))
                .render(format: .png).data
            #expect(thumbnail.body == library)

            let small = try await client.send(.get, "/api/v1/routes/\(id)/thumbnail.png?size=160x100&scale=2", token: alice)
            let smallImage = try RasterImage(pngData: small.body)
            #expect(smallImage.width == 320 && smallImage.height == 200)
            let posted = try await client.send(.post, "/api/v1/render/route/thumbnail?size=160x100&scale=2",
                                               body: try RouteFiles.data(RouteFiles.korita), contentType: "application/gpx+xml")
            #expect(posted.status == .ok)
            #expect(posted.body == small.body)
            let etag = try #require(small.headers[.eTag])
            let cached = try await client.send(.get, "/api/v1/routes/\(id)/thumbnail.png?size=160x100&scale=2", token: alice,
                                               headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified)

            let tooSharp = try await client.send(.get, "/api/v1/routes/\(id)/thumbnail.png?scale=5", token: alice)
            #expect(tooSharp.status == .badRequest)
            #expect(try tooSharp.problem().detail == "query parameter 'scale': expected a number from 0.01 to 4")
        }
    }

    @Test("bad render options are 400 naming the parameter, sizes beyond the limits 422, checked before the body is read")
    func badOptions() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let id = try await client.upload(RouteFiles.korita, token: alice)
            for (query, parameter) in [("colourBy=rainbow", "colourBy"), ("size=big", "size"), ("size=0x10", "size"), ("scale=0", "scale"),
                                       ("scale=17", "scale"), ("kmLabels=maybe", "kmLabels"), ("profile=2", "profile")] {
                let reply = try await client.send(.get, "/api/v1/routes/\(id).png?\(query)", token: alice)
                #expect(reply.status == .badRequest, "\(query)")
                #expect(try reply.problem().detail.hasPrefix("query parameter '\(parameter)'"), "\(query)")
            }
            for query in ["size=100000x100000", "size=20000x20000&scale=16", "size=10x10"] {
                let reply = try await client.send(.get, "/api/v1/routes/\(id).png?\(query)", token: alice)
                #expect(reply.status == .unprocessableContent, "\(query)")
                #expect(try reply.problem().detail.hasPrefix("query parameter 'size': "), "\(query)")
                let thumbnail = try await client.send(.get, "/api/v1/routes/\(id)/thumbnail.png?\(query)", token: alice)
                #expect(thumbnail.status == .unprocessableContent || thumbnail.status == .badRequest, "\(query)")
                // A posted file is not even read: the options are refused first.
                let posted = try await client.send(.post, "/api/v1/render/route?\(query)", body: Data("not a route".utf8))
                #expect(posted.status == .unprocessableContent, "\(query)")
            }
            let notRoute = try await client.send(.post, "/api/v1/render/route", body: Data("not a route".utf8))
            #expect(notRoute.status == .badRequest)
            let typed = try await client.send(.post, "/api/v1/render/route/thumbnail", body: Data("x".utf8), contentType: "image/jpeg")
            #expect(typed.status == .unsupportedMediaType)
            #expect(try await client.send(.get, "/healthz").status == .ok)
        }
    }

    @Test("posted renders need no account and take at most --max-upload")
    func postedLimits() async throws {
        try await APITest { $0.maxUploadBytes = 100_000 }.run { client in
            let hike = try RouteFiles.data(RouteFiles.hike)
            for path in ["render/route", "render/route/thumbnail", "render/route/statistics"] {
                let large = try await client.send(.post, "/api/v1/\(path)", body: hike, contentType: "application/gpx+xml")
                #expect(large.status == .contentTooLarge, "\(path)")
                let small = try await client.send(.post, "/api/v1/\(path)", body: try RouteFiles.data("fuzz/corpus/kml/track.kml"))
                #expect(small.status == .ok, "\(path): \(small.text)")
            }
        }
    }
}

@Suite("Route quotas over HTTP")
struct RouteQuotaAPITests {
    @Test("an account over its route quota gets 422 naming the limit, and nothing is stored")
    func quota() async throws {
        let test = try APITest { $0.routeQuota = StorageQuota(items: 1, bytes: 1 << 30) }
        try await test.run { client in
            let alice = try await client.user("alice")
            _ = try await client.upload(RouteFiles.hike, token: alice)
            let before = try storedRoutes(test)
            let everything = try StoredRows(test.store())
            let refused = try await client.send(.post, "/api/v1/routes", token: alice, body: try RouteFiles.data(RouteFiles.hike),
                                                contentType: "application/gpx+xml")
            #expect(refused.status == .unprocessableContent)
            #expect(try refused.problem().detail == "routes: an account keeps at most 1 routes; delete one first")
            #expect(try storedRoutes(test) == before)
            #expect(try StoredRows(test.store()) == everything)
        }
    }
}

@Suite("What an upload reports")
struct RouteUploadReportTests {
    @Test("POST /routes says which format it read and what the reader dropped, by reason")
    func dropped() async throws {
        let gpx = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="43.2630" lon="-2.9350"><ele>10</ele></trkpt>
            <trkpt lat="95" lon="-2.9350"></trkpt>
            <trkpt lat="0" lon="0"></trkpt>
            <trkpt lat="43.2640" lon="-2.9350"><ele>12</ele></trkpt>
            </trkseg></trk></gpx>
            """
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let reply = try await client.send(.post, "/api/v1/routes", token: alice, body: Data(gpx.utf8), contentType: nil)
            #expect(reply.status == .created)
            let body = try reply.json()
            #expect(body["format"] as? String == "gpx")
            #expect(body["pointCount"] as? Int == 2)
            #expect(body["dropped"] as? [String: Int] == ["invalid coordinate": 1, "(0, 0) fix": 1])
            let clean = try await client.send(.post, "/api/v1/routes", token: alice, body: try RouteFiles.data(RouteFiles.hike),
                                              contentType: "application/gpx+xml")
            #expect(try clean.json()["dropped"] as? [String: Int] == [:])
        }
    }
}
