import Canvas
import Foundation
import TestSupport
import Testing
@testable import Reports

@Suite struct AlbumTests {
    typealias F = ReportsFixtures
    static let blue = Color(red: 0.1, green: 0.3, blue: 0.9)

    /// A folder with an album of two families, its images and the JSON, removed at the end.
    final class Folder {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("tl-album-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url.appendingPathComponent("images"), withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }

        func write(_ name: String, _ data: Data) throws -> URL {
            let file = url.appendingPathComponent(name)
            try data.write(to: file)
            return file
        }
    }

    static let json = """
        {
          "format": "touchline-album", "version": 1, "collection": "Athletic Club 2024/25",
          "families": [{"id": "first", "name": "First team"}, {"id": "academy", "name": "Academy"},
                       {"id": "staff", "name": "Staff"}],
          "cards": [
            {"number": 2, "title": "Óscar de Marcos", "family": "first", "image": "images/2.png"},
            {"number": 1, "title": "Unai Simón", "family": "first", "image": "images/1.png"},
            {"number": 3, "title": "Dani Vivian", "family": "first", "image": "images/missing.png"},
            {"number": 4, "title": "Iñigo Lekue Martínez de la Santísima Trinidad", "family": "first"},
            {"number": 5, "title": "Unai Gómez", "family": "academy"},
            {"number": 6, "title": "Beñat Prados", "family": "academy"}
          ],
          "owned": {"1": 1, "2": 3, "3": 0, "4": 1, "6": 2}
        }
        """

    static func album() throws -> (Folder, Album) {
        let folder = try Folder()
        _ = try folder.write("images/1.png", F.solidPNG(width: 63, height: 89, color: F.photoGreen))
        _ = try folder.write("images/2.png", F.solidPNG(width: 63, height: 89, color: blue))
        let file = try folder.write("album.json", Data(json.utf8))
        return (folder, try Album(contentsOf: file))
    }

    @Test func sectionsFollowTheFamiliesAndSlotsTheNumbers() throws {
        let (_, album) = try Self.album()
        #expect(album.title == "Athletic Club 2024/25")
        #expect(album.sections.map(\.name) == ["First team", "Academy"])  // no cards in Staff: left out
        #expect(album.sections[0].slots.map(\.number) == [1, 2, 3, 4])
        #expect(album.sections[0].slots.map(\.copies) == [1, 3, 0, 1])
        // Only owned cards' images are read: card 3's file does not exist, and is not needed.
        #expect(album.sections[0].slots.map { $0.image != nil } == [true, true, false, false])
        #expect(album.cardCount == 6 && album.ownedCount == 4 && album.spareCount == 3)
        #expect(album.pageCount == 1)
    }

    @Test func copiesPromisedInSwapsShowAsASlateBandAndAreCheckedAgainstTheCopiesOwned() throws {
        let folder = try Folder()
        _ = try folder.write("images/1.png", F.solidPNG(width: 63, height: 89, color: F.photoGreen))
        _ = try folder.write("images/2.png", F.solidPNG(width: 63, height: 89, color: Self.blue))
        let promised = Self.json.replacingOccurrences(of: "\"owned\": {", with: "\"blocked\": {\"2\": 2, \"4\": 1}, \"owned\": {")
        let album = try Album(contentsOf: try folder.write("album.json", Data(promised.utf8)))
        #expect(album.sections[0].slots.map(\.blocked) == [0, 2, 0, 1])
        let scale = 2.0
        let image = try RasterImage(pngData: album.png(page: 0, scale: scale))
        guard case .row(_, 0, let top) = try #require(album.layout.pages[0].first(where: {
            if case .row(0, 0, _) = $0 { return true } else { return false }
        })) else { return }
        let slate = RGBA(Album.promisedColor)
        for (column, promised) in [(0, false), (1, true), (2, false), (3, true)] {
            let slot = album.layout.slotRect(column: column, top: top)
            let band = Rect(x: slot.minX + 4, y: slot.minY + 4, width: slot.width - 22, height: 8)
            let count = F.count(in: image, band, scale: scale) { $0.distance(to: slate) <= 6 }
            #expect(promised ? count > 100 : count == 0, "slot \(column): \(count)")
        }
        // More promised than owned, or a card that is not there, is named.
        for (blocked, message) in [("{\"1\": 2}", "blocked.1: 2 is not a number of copies from 0 to the 1 owned"),
                                   ("{\"9\": 1}", "blocked.9: there is no card '9' in the collection")] {
            let bad = Self.json.replacingOccurrences(of: "\"owned\": {", with: "\"blocked\": \(blocked), \"owned\": {")
            #expect(throws: AlbumError.invalid(source: "album.json", field: String(message.prefix { $0 != ":" }),
                                               message: String(message.drop { $0 != ":" }.dropFirst(2)))) {
                try Album(contentsOf: try folder.write("album.json", Data(bad.utf8)))
            }
        }
    }

    @Test func slotsShowOwnedMissingAndDuplicateCards() throws {
        let (_, album) = try Self.album()
        let scale = 2.0
        let image = try RasterImage(pngData: album.png(page: 0, scale: scale))
        let rows = album.layout.pages[0].compactMap { item -> (Int, Double)? in
            if case .row(let section, 0, let top) = item { return (section, top) }
            return nil
        }
        #expect(rows.count == 2)
        let first = rows[0].1, second = rows[1].1
        let slot = { (column: Int, top: Double) in album.layout.slotRect(column: column, top: top) }
        let green = RGBA(F.photoGreen), blue = RGBA(Self.blue), badge = RGBA(Album.badgeColor)
        // Owned, with an image: the image fills the slot's middle.
        #expect(F.pixel(image, slot(0, first).center, scale: scale).distance(to: green) <= 3)
        // Owned three times: its image, and the red badge on its corner with white "×3".
        let duplicate = slot(1, first)
        #expect(F.pixel(image, duplicate.center, scale: scale).distance(to: blue) <= 3)
        let badgeArea = Rect(x: duplicate.maxX - 12, y: duplicate.minY - 4, width: 16, height: 16)
        #expect(F.count(in: image, badgeArea, scale: scale) { $0.distance(to: badge) <= 3 } > 100)
        #expect(F.count(in: image, badgeArea.insetBy(3), scale: scale) { $0 == RGBA(.white) } > 5)
        // Owned once: no badge.
        let single = slot(0, first)
        let noBadge = Rect(x: single.maxX - 12, y: single.minY - 4, width: 16, height: 16)
        #expect(F.count(in: image, noBadge, scale: scale) { $0.distance(to: badge) <= 30 } == 0)
        // Missing: no image, the number in grey in the middle, a dashed outline (ink and gaps).
        let missing = slot(2, first)
        let middle = Rect(x: missing.minX + 10, y: missing.center.y - 16, width: missing.width - 20, height: 20)
        let grey = RGBA(Album.missingGrey)
        #expect(F.count(in: image, middle, scale: scale) { $0.distance(to: grey) <= 20 } > 40)
        #expect(F.count(in: image, missing, scale: scale) { $0.distance(to: green) <= 30 || $0.distance(to: blue) <= 30 } == 0)
        let edge = (Int(missing.minX * scale) + 16..<Int(missing.maxX * scale) - 16).map {
            image.pixel(x: $0, y: Int((missing.minY * scale).rounded()))
        }
        #expect(edge.filter { $0.red < 235 }.count > 20 && edge.filter { $0 == RGBA(.white) }.count > 10)
        // Owned without an image: a filled slot with its number.
        let plain = slot(3, first)
        #expect(F.pixel(image, Point(x: plain.minX + 5, y: plain.minY + 10), scale: scale).distance(to: RGBA(Album.ownedFill)) <= 2)
        #expect(F.count(in: image, Rect(x: plain.minX + 10, y: plain.center.y - 16, width: plain.width - 20, height: 20),
                        scale: scale) { $0.distance(to: RGBA(Album.ownedInk)) <= 20 } > 40)
        // The second family: card 6 owned twice has a badge, card 5 has none.
        #expect(F.count(in: image, Rect(x: slot(1, second).maxX - 12, y: second - 4, width: 16, height: 16), scale: scale) {
            $0.distance(to: badge) <= 3
        } > 100)
        #expect(F.count(in: image, Rect(x: slot(0, second).maxX - 12, y: second - 4, width: 16, height: 16), scale: scale) {
            $0.distance(to: badge) <= 30
        } == 0)
    }

    @Test
    func thePDFNamesTheFamiliesAndCards() throws {
        let (_, album) = try Self.album()
        let pdf = try album.pdf()
        #expect(try PDFProbe.info(pdf).pages == 1)
        let text = try PDFProbe.text(layout: false, pdf)
        for expected in ["Athletic Club 2024/25", "4 of 6 cards · 3 spare copies", "First team", "3/4", "Academy", "1/2",
                         "×3", "×2", "Dani Vivian", "Unai Gómez"] {
            #expect(text.contains(expected), "missing \(expected)")
        }
    }

    @Test func albumsAreByteIdentical() throws {
        let (_, first) = try Self.album()
        let (_, second) = try Self.album()
        #expect(try first.pdf() == second.pdf())
        #expect(try first.png(page: 0, scale: 1) == second.png(page: 0, scale: 1))
    }

    @Test func longFamiliesRunOverPagesWithTheirHeadingRepeated() throws {
        let cards = (1...100).map { AlbumDocument.Card(number: $0, title: "Card \($0)", family: $0 <= 80 ? "a" : "b") }
        let document = AlbumDocument(collection: "Big", families: [.init(id: "a", name: "A"), .init(id: "b", name: "B")],
                                     cards: cards, owned: ["7": 2])
        let album = try Album(document: document, source: "big.json") { _, _ in Data() }
        #expect(album.pageCount >= 3)
        var placed: [Int: [Int]] = [:]
        var headings: [(Int, Bool)] = []
        for page in album.layout.pages {
            for item in page {
                switch item {
                case .row(let section, let row, _): placed[section, default: []].append(row)
                case .heading(let section, let continued, _): headings.append((section, continued))
                }
            }
            // Every page's first item is a heading: no rows without one above them.
            if case .row = page.first { Issue.record("a page starts with a row") }
        }
        #expect(placed[0] == Array(0..<14) && placed[1] == Array(0..<4))
        #expect(headings.filter { !$0.1 }.map(\.0) == [0, 1])
        #expect(headings.contains { $0.0 == 0 && $0.1 })
        #expect(try PDFProbe.info(album.pdf()).pages == album.pageCount)
    }

    // MARK: - Bad input

    static func problem(_ edit: (inout [String: Any]) -> Void) throws -> AlbumError? {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        edit(&object)
        do {
            _ = try AlbumDocument(data: try JSONSerialization.data(withJSONObject: object), source: "album.json")
            return nil
        } catch let error as AlbumError {
            return error
        }
    }

    static func cards(_ object: [String: Any]) -> [[String: Any]] { object["cards"] as? [[String: Any]] ?? [] }

    @Test func badDocumentsNameTheField() throws {
        func message(_ edit: (inout [String: Any]) -> Void) throws -> String {
            try Self.problem(edit)?.errorDescription ?? "no error"
        }
        #expect(try message { $0["format"] = "touchline.album" }
                == "album.json: format: expected \"touchline-album\", found \"touchline.album\"")
        #expect(try message { $0["version"] = 2 } == "album.json: version: version 2 is not supported (expected 1)")
        #expect(try message { var c = Self.cards($0); c[1]["number"] = 2; $0["cards"] = c }
                == "album.json: cards[1].number: card 2 is also cards[0]")
        #expect(try message { var c = Self.cards($0); c[4]["family"] = "reserves"; $0["cards"] = c }
                == "album.json: cards[4].family: 'reserves' is not the id of a family (first, academy, staff)")
        #expect(try message { $0["owned"] = ["2": -1] } == "album.json: owned.2: -1 is not a number of copies from 0 to 999")
        #expect(try message { $0["owned"] = ["42": 1] } == "album.json: owned.42: there is no card '42' in the collection")
        #expect(try message { var c = Self.cards($0); c[0]["title"] = nil; $0["cards"] = c }
                == "album.json: cards[0].title: missing")
        #expect(try message { var c = Self.cards($0); c[0]["number"] = "two"; $0["cards"] = c }
                == "album.json: cards[0].number: expected a whole number")
        // Numbers an Int cannot hold are named too (Foundation reports them without a path).
        #expect(try message { var c = Self.cards($0); c[2]["number"] = 1e308; $0["cards"] = c }
                == "album.json: cards[2].number: expected a whole number, found 1e+308")
        #expect(try message { $0["owned"] = ["2": 1.5] } == "album.json: owned.2: expected a whole number, found 1.5")
        #expect(try message { $0["families"] = [[String: Any]]() }
                == "album.json: families: expected 1 to 200 families, found 0")
        #expect(try message { $0["cards"] = (1...2001).map { ["number": $0, "title": "", "family": "first"] } }
                == "album.json: cards: expected 1 to 2,000 cards, found 2,001")
        // Not JSON at all.
        #expect(throws: AlbumError.self) { try AlbumDocument(data: Data("{\"format\": ".utf8), source: "album.json") }
        do {
            _ = try AlbumDocument(data: Data("{\"format\": ".utf8), source: "album.json")
        } catch let error as AlbumError {
            #expect(error.errorDescription == "album.json: not valid JSON: line 1, column 12: unexpected end of input")
        }
    }

    @Test func anOwnedCardsImageMustExistAndBeAPNGOrJPEGWithinTheLimits() throws {
        let folder = try Folder()
        _ = try folder.write("images/2.png", F.solidPNG(width: 10, height: 10, color: Self.blue))
        let file = try folder.write("album.json", Data(Self.json.utf8))
        #expect(throws: AlbumError.missingImage(source: "album.json", card: 1, path: "images/1.png")) {
            try Album(contentsOf: file)
        }
        // Another format, or a header claiming too many pixels, is refused when the album is
        // read, before any page is drawn or anything decoded.
        func refusal(_ image: Data) throws -> String? {
            _ = try folder.write("images/1.png", image)
            do {
                _ = try Album(contentsOf: file)
                return nil
            } catch let error as AlbumError {
                guard case .unreadableImage(let source, let card, let path, _) = error,
                      source == "album.json", card == 1, path == "images/1.png" else { return "\(error)" }
                return error.errorDescription
            }
        }
        #expect(try refusal(Data("GIF89a, not a PNG".utf8))
            == "album.json: card 1: image 'images/1.png' cannot be read: a GIF image: only PNG and JPEG are read")
        let started = ContinuousClock.now
        #expect(try refusal(TestImages.png(claimingWidth: 16_384, height: 6_100))
            == "album.json: card 1: image 'images/1.png' cannot be read: the image is 16384x6100 px: "
            + "at most 2048 px a side and 4 megapixels here; resize it")
        #expect(try refusal(TestImages.jpeg(claimingWidth: 2_000, height: 2_001))?.contains("2000x2001 px") == true)
        #expect(ContinuousClock.now - started < .seconds(2))

        // A header that reads but data that does not: refused when the page is drawn.
        _ = try folder.write("images/1.png", TestImages.png(claimingWidth: 10, height: 10))
        let album = try Album(contentsOf: file)
        #expect { try album.pdf() } throws: { error in
            guard case .unreadableImage(let source, let card, let path, _) = error as? AlbumError else { return false }
            return source == "album.json" && card == 1 && path == "images/1.png"
        }
        #expect((try? album.png(page: 0)) == nil)
    }

    @Test func imagePathsStayInsideTheAlbumsFolder() throws {
        let folder = try Folder()
        let secret = folder.url.deletingLastPathComponent().appendingPathComponent("tl-secret-\(UUID().uuidString).png")
        try F.solidPNG(width: 10, height: 10, color: Self.blue).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        try FileManager.default.createSymbolicLink(at: folder.url.appendingPathComponent("images/link.png"), withDestinationURL: secret)
        _ = try folder.write("images/2.png", F.solidPNG(width: 10, height: 10, color: Self.blue))
        func refusal(_ path: String) throws -> AlbumError? {
            let json = Self.json.replacingOccurrences(of: "images/1.png", with: path)
            let file = try folder.write("album.json", Data(json.utf8))
            do {
                _ = try Album(contentsOf: file)
                return nil
            } catch let error as AlbumError {
                return error
            }
        }
        let name = secret.lastPathComponent
        for path in [secret.path, "../\(name)", "images/../../\(name)", "images/link.png"] {
            #expect(try refusal(path) == .invalid(source: "album.json", field: "card 1 image",
                                                 message: "'\(path)' leads out of the album's folder: give a path relative to it, inside it"))
        }
        // A missing file outside is refused the same way: nothing tells whether it exists.
        #expect(try refusal("../no-such-\(name)") == .invalid(source: "album.json", field: "card 1 image",
                                                             message: "'../no-such-\(name)' leads out of the album's folder: give a path relative to it, inside it"))
        // Inside the folder, a ./ step or a link that stays inside is fine.
        _ = try folder.write("images/1.png", F.solidPNG(width: 10, height: 10, color: Self.blue))
        try FileManager.default.createSymbolicLink(at: folder.url.appendingPathComponent("images/inside.png"),
                                                   withDestinationURL: folder.url.appendingPathComponent("images/1.png"))
        #expect(try refusal("./images/1.png") == nil)
        #expect(try refusal("images/inside.png") == nil)
        // A FIFO would block the reader for ever: only plain files are read.
        #expect(mkfifo(folder.url.appendingPathComponent("images/fifo.png").path, 0o600) == 0)
        #expect(try refusal("images/fifo.png") == .unreadableImage(source: "album.json", card: 1, path: "images/fifo.png",
                                                                  reason: "not a regular file"))
    }

    @Test func aJPEGImageIsDrawnUpright() throws {
        let folder = try Folder()
        // Card 1's image is a JPEG (whatever its name says) stored turned, with EXIF orientation 6.
        _ = try folder.write("images/1.png", TestImages.quadrantsOrientation6)
        _ = try folder.write("images/2.png", F.solidPNG(width: 63, height: 89, color: Self.blue))
        let album = try Album(contentsOf: try folder.write("album.json", Data(Self.json.utf8)))
        let scale = 2.0
        let image = try RasterImage(pngData: album.png(page: 0, scale: scale))
        let top = try #require(album.layout.pages[0].compactMap { item -> Double? in
            if case .row(0, 0, let top) = item { return top }
            return nil
        }.first)
        let slot = album.layout.slotRect(column: 0, top: top)
        // The 48 x 32 picture fitted in the slot (less 3 pt), centred: probe each quadrant.
        let inner = slot.insetBy(3).fitting(aspect: 1.5)
        let colours = TestImages.quadrantColours.map { RGBA(red: $0.red, green: $0.green, blue: $0.blue) }
        for (index, (fx, fy)) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)].enumerated() {
            let point = Point(x: inner.minX + inner.width * fx, y: inner.minY + inner.height * fy)
            #expect(F.pixel(image, point, scale: scale).distance(to: colours[index]) <= 16, "quadrant \(index)")
        }
    }
}
