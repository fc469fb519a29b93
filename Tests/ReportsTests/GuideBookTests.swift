import Canvas
import Foundation
import Testing
import TestSupport
@testable import Reports

/// A city guide's booklet: a cover, places chapter by chapter, maps of every place and of each
/// itinerary's days.
@Suite struct GuideBookTests {
    /// `count` places around Bilbao, grounds first, an itinerary of two days.
    static func document(places count: Int, cover: Data? = TestImages.quadrantsOrientation6) -> GuideBookDocument {
        let chapters = ["Grounds", "Food", "Sights"]
        let places = (0..<count).map { index -> GuideBookDocument.Place in
            let latitude = 43.25 + Double(index % 6) * 0.004
            let longitude = -2.95 + Double(index / 6) * 0.005
            return GuideBookDocument.Place(
                name: "Place \(index + 1)", chapter: chapters[index * chapters.count / max(count, 1)],
                description: String(repeating: "A long description of the place, with words to wrap. ", count: 1 + index % 4),
                hours: "Mo-Fr 09:00-14:00,16:00-20:00; Sa 10:00-14:00; Su off", price: "€€", address: "Street \(index)",
                latitude: latitude, longitude: longitude,
                picture: index % 3 == 0 ? TestImages.quadrantsOrientation6 : nil, score: index,
                comments: index % 2 == 0 ? [("Go early", "The bars fill up", "bob")] : [])
        }
        return GuideBookDocument(title: "Bilbao", country: "Spain", description: "Rain, pintxos and football.", cover: cover,
                                 places: places,
                                 itineraries: [.init(name: "Match weekend", days: [[0, 5, 9], [12, 3]])])
    }

    @Test func theBookletHoldsEveryPlaceByChapterAndAMapForEveryPlaceAndDay() throws {
        let document = Self.document(places: 30)
        let book = try GuideBook(document).book()
        let pdf = try book.pdf()
        let info = try PDFProbe.info(pdf)
        // A cover, the places, then three maps: every place, day 1, day 2.
        #expect(info.pages == book.pageCount && book.pageCount >= 6)
        let text = try PDFProbe.text(pdf)
        for index in 1...30 { #expect(text.contains("\(index). Place \(index)\n") || text.contains("\(index). Place \(index) ")) }
        for heading in ["Grounds", "Food", "Sights", "All places", "Match weekend: day 1", "Match weekend: day 2",
                        "“Go early” The bars fill up (bob)", "Open: Mo-Fr 09:00-14:00,16:00-20:00"] {
            #expect(text.contains(heading), "\(heading)")
        }
        #expect(try GuideBook(document).book().pdf() == pdf, "the same guide makes the same bytes")
    }

    @Test func theCoverShowsItsPictureUprightAndADayMapDrawsItsLegs() throws {
        let book = try GuideBook(Self.document(places: 14)).book()
        let cover = try RasterImage(pngData: try book.png(page: 0, scale: 1))
        // The cover picture is fitted under the title, upright: red top-left, yellow bottom-right.
        let frame = Rect(x: 36, y: 108, width: Double(cover.width) - 72, height: Double(cover.height) * 0.45)
        let fitted = frame.fitting(aspect: 48.0 / 32.0)
        let red = cover.pixel(x: Int(fitted.x + fitted.width * 0.25), y: Int(fitted.y + fitted.height * 0.25))
        let yellow = cover.pixel(x: Int(fitted.x + fitted.width * 0.75), y: Int(fitted.y + fitted.height * 0.75))
        #expect(red.red > 200 && red.green < 80 && red.blue < 80, "\(red)")
        #expect(yellow.red > 200 && yellow.green > 200 && yellow.blue < 80, "\(yellow)")

        // The last page is day 2's map: the planned route's blue line between its two stops.
        let day = try RasterImage(pngData: try book.png(page: book.pageCount - 1, scale: 1))
        let blue = day.count { $0.blue > 150 && $0.red < 80 && $0.green < 140 }
        #expect(blue > 200, "\(blue) blue pixels")
    }

    @Test func theOfflineMapsArePNGsNamedForTheirFiles() throws {
        let maps = try Self.document(places: 14).maps(size: Size(width: 320, height: 240))
        #expect(maps.map(\.path) == ["maps/places.png", "maps/itinerary-1-day-1.png", "maps/itinerary-1-day-2.png"])
        for map in maps {
            let image = try RasterImage(pngData: map.png)
            #expect(image.width == 320 && image.height == 240)
        }
    }
}
