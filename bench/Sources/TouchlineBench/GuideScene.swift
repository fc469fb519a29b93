import Canvas
import Club
import Foundation
import Reports
import Routes
import Support

/// The "guides" scenes, issue #17's scale: 1,000 guides of 100 places each (100,000), built
/// untimed through `Guides.create` and `Guides.addPlace`, with 100,000 votes from 2,000 users;
/// then the search for places within 5 km of a city's centre (first page, nearest first), a
/// guide's "most voted" page, the top 5 guides, and a 30-place guide's booklet: drawn in
/// process from its plain values, and as `touchline guide export NAME -o FILE.pdf` runs it,
/// whole process.
///
/// The cities lie on a grid over the inhabited latitudes; each guide's places are scattered
/// within about 4 km of its centre by SeededRandom with a fixed seed.
enum GuideScene {
    static let seed: UInt64 = 0x6_01DE_0017
    static let prefix = "guides", postgresPrefix = "guides on postgres"
    static let names = ["near 5 km", "most voted", "top 5", "booklet 30 places", "export pdf (process)"].map { "\(prefix): \($0)" }
    static let postgresNames = ["near 5 km", "most voted", "top 5"].map { "\(postgresPrefix): \($0)" }

    struct Size {
        var guides: Int
        var placesPerGuide: Int
        var voters: Int
        var votesPerVoter: Int
        static let full = Size(guides: 1_000, placesPerGuide: 100, voters: 2_000, votesPerVoter: 50)
        static let smoke = Size(guides: 20, placesPerGuide: 40, voters: 50, votesPerVoter: 20)
    }

    static func centre(of guide: Int) -> GeoPoint {
        GeoPoint(latitude: -40 + Double(guide % 25) * 3.2, longitude: -170 + Double(guide / 25) * 8.5)
    }

    static func guideName(_ index: Int) -> String { "City " + String(format: "%04d", index) }

    static func run(bench: Bench, size: Size, touchline: String?, postgres: String?) throws -> [SceneResult] {
        var results: [SceneResult] = []
        if names.contains(where: bench.includes) {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("touchline-bench-guides-\(ProcessInfo.processInfo.processIdentifier)")
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("club.sqlite").path
            let store = try ClubStore(path)
            defer { store.close() }
            results += try scenes(store, bench: bench, size: size, prefix: prefix, touchline: touchline, folder: folder, path: path)
        }
        if let postgres, postgresNames.contains(where: bench.includes) {
            let store = try ClubStore(postgres)
            defer { store.close() }
            results += try scenes(store, bench: bench, size: size, prefix: postgresPrefix, touchline: nil,
                                  folder: FileManager.default.temporaryDirectory, path: postgres)
        }
        return results
    }

    private static func scenes(_ store: ClubStore, bench: Bench, size: Size, prefix: String, touchline: String?, folder: URL,
                               path: String) throws -> [SceneResult] {
        let guides = Guides(store: store)
        let accounts = Accounts(store: store, hasher: StoreScene.fastHasher)
        var random = SeededRandom(seed: seed)
        let clock = ContinuousClock()
        var users: [ActingUser] = []
        var places: [Int64] = []
        let picture = try scenePicture()
        let building = try clock.measure {
            for index in 0..<size.voters {
                let name = "traveller" + String(format: "%05d", index)
                try accounts.register(username: name, displayName: name, email: "\(name)@example.org", password: StoreScene.password)
                users.append(try accounts.authenticate(username: name, password: StoreScene.password))
            }
            for guide in 0..<size.guides {
                let owner = users[guide % users.count]
                let created = try guides.create(owner, name: guideName(guide), country: "Country \(guide % 50)")
                let centre = centre(of: guide)
                for number in 0..<size.placesPerGuide {
                    let latitude = centre.latitude + random.uniform(-0.036...0.036)
                    let longitude = centre.longitude + random.uniform(-0.045...0.045)
                    let category = PlaceCategory.allCases[number % PlaceCategory.allCases.count]
                    places.append(try guides.addPlace(owner, to: .id(created.id), PlaceFields(
                        name: "Place \(number) of \(guideName(guide))",
                        description: "A good place to know before the match: open late, friendly, near the ground.",
                        category: category, openingHours: "Mo-Fr 09:00-14:00,16:00-20:00; Sa 10:00-14:00; Su off",
                        priceRange: "€€", latitude: latitude, longitude: longitude),
                        picture: number < 30 && guide == size.guides / 2 ? picture : nil).id)
                }
            }
            for voter in users {
                var chosen = Set<Int>()
                while chosen.count < size.votesPerVoter { chosen.insert(random.index(below: places.count)) }
                for index in chosen.sorted() { try guides.vote(voter, .place(places[index])) }
            }
        }
        try store.refreshStatistics()
        print("note: \(prefix) club of \(StoreScene.grouped(size.guides)) guides, \(StoreScene.grouped(places.count)) places and "
            + "\(StoreScene.grouped(size.voters * size.votesPerVoter)) votes built in "
            + String(format: "%.1f", Bench.milliseconds(building) / 1000) + " s")

        let middle = size.guides / 2
        let here = centre(of: middle)
        var results = [
            try bench.inProcess("\(prefix): near 5 km", note: "Guides.near a city centre within 5 km, first page of 20") {
                try timed {
                    guard try guides.near(nil, here, within: 5).items.count == PagingCursor.defaultLimit else {
                        throw BenchError("a short page of places near the centre")
                    }
                    return 0
                }
            },
            try bench.inProcess("\(prefix): most voted", note: "Guides.places of a \(size.placesPerGuide)-place guide by score, first page") {
                try timed {
                    guard try guides.places(nil, in: .name(guideName(middle)), order: .score).items.count == PagingCursor.defaultLimit
                    else { throw BenchError("a short most-voted page") }
                    return 0
                }
            },
            try bench.inProcess("\(prefix): top 5", note: "Guides.top over every guide's votes") {
                try timed {
                    guard try guides.top(nil).count == 5 else { throw BenchError("not five top guides") }
                    return 0
                }
            },
        ]
        let document = try bookletDocument(places: 30, picture: picture)
        guard prefix == Self.prefix else { return results }
        results.append(try bench.inProcess("\(prefix): booklet 30 places",
                                           note: "GuideBook PDF: 30 places with 640x480 pictures, 4 itinerary days, maps as vectors") {
            try timed { try GuideBook(document).book().pdf().count }
        })
        if let touchline, bench.includes("\(prefix): export pdf (process)") {
            // A guide of 30 places, as the booklet above.
            let owner = users[0]
            let booklet = try guides.create(owner, name: "Booklet", country: "Spain")
            var ids: [Int64] = []
            for number in 0..<30 {
                let point = GeoPoint(latitude: 43.25 + random.uniform(-0.02...0.02), longitude: -2.94 + random.uniform(-0.03...0.03))
                ids.append(try guides.addPlace(owner, to: .id(booklet.id), PlaceFields(
                    name: "Stop \(number)", description: "Open late, friendly, near the ground.",
                    category: PlaceCategory.allCases[number % 8], openingHours: "Mo-Su 10:00-22:00", priceRange: "€",
                    latitude: point.latitude, longitude: point.longitude), picture: picture).id)
            }
            try guides.createItinerary(owner, in: .id(booklet.id), name: "Weekend", days: 2,
                                       stops: [Array(ids.prefix(6)), Array(ids.suffix(6))])
            let output = folder.appendingPathComponent("booklet.pdf").path
            results.append(try bench.childProcess("\(prefix): export pdf (process)",
                                                  note: "touchline guide export Booklet -o FILE.pdf, whole process") {
                var child = ChildExit(status: 0, peakMiB: 0)
                let sample = try timed {
                    child = try spawnAndWait(touchline, ["guide", "export", "Booklet", "-o", output, "--db", path])
                    return 0
                }
                guard child.status == 0 else { throw BenchError("touchline guide export exited with status \(child.status)") }
                return Sample(elapsed: sample.elapsed, bytes: 0, childPeakMiB: child.peakMiB)
            })
        }
        return results
    }

    /// A 640 x 480 PNG: what a place's picture costs to decode and print.
    static func scenePicture() throws -> Data {
        let canvas = try Canvas(width: 640, height: 480)
        canvas.paint(Color(red: 0.2, green: 0.45, blue: 0.7))
        var path = Path()
        path.addRect(Rect(x: 40, y: 260, width: 560, height: 180))
        canvas.fill(path, color: Color(red: 0.15, green: 0.55, blue: 0.25))
        return try canvas.encoded()
    }

    static func bookletDocument(places count: Int, picture: Data) throws -> GuideBookDocument {
        var random = SeededRandom(seed: seed)
        let places = (0..<count).map { number in
            GuideBookDocument.Place(name: "Stop \(number)", chapter: PlaceCategory.allCases[number % 8].title,
                                    description: "Open late, friendly, near the ground; the best pintxos on the street.",
                                    hours: "Mo-Fr 09:00-14:00,16:00-20:00; Sa 10:00-14:00; Su off", price: "€€",
                                    address: "Calle \(number)", latitude: 43.25 + random.uniform(-0.02...0.02),
                                    longitude: -2.94 + random.uniform(-0.03...0.03), picture: picture, score: number,
                                    comments: [("Go early", "The bars fill up", "bob")])
        }.sorted { $0.chapter < $1.chapter }
        return GuideBookDocument(title: "Booklet", country: "Spain", description: "A weekend away.", cover: picture,
                                 places: places,
                                 itineraries: [.init(name: "Weekend", days: [[0, 1, 2, 3, 4, 5], [10, 11, 12, 13], [20, 21], [29]])])
    }
}
