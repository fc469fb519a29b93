import Club
import Foundation
import Reports
import Routes

extension GuideArchive {
    /// The booklet's plain values: places chapter by chapter (in ``PlaceCategory`` order, in
    /// the manifest's order, by name, within one), itineraries' stops as indices into them.
    public func bookDocument() -> GuideBookDocument {
        let places = manifest.places.enumerated().sorted {
            ($0.element.category, $0.offset) < ($1.element.category, $1.offset)
        }.map(\.element)
        let index = Dictionary(places.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        return GuideBookDocument(
            title: manifest.guide.name, country: manifest.guide.country, description: manifest.guide.description,
            cover: manifest.guide.cover.flatMap { files[$0] },
            places: places.map { place in
                GuideBookDocument.Place(name: place.name, chapter: place.category.title, description: place.description,
                                        hours: place.openingHours, price: place.priceRange, address: place.address,
                                        latitude: place.latitude, longitude: place.longitude,
                                        picture: place.picture.flatMap { files[$0] }, score: place.score,
                                        comments: place.comments.map { ($0.title, $0.text, $0.author) })
            },
            itineraries: manifest.itineraries.map { itinerary in
                GuideBookDocument.Itinerary(name: itinerary.name, description: itinerary.description,
                                            days: itinerary.stops.map { $0.compactMap { index[$0] } })
            })
    }

    /// The archive with its maps drawn (``GuideBookDocument/maps(size:scale:)``) and named in
    /// its manifest.
    public func withMaps() throws -> GuideArchive {
        var archive = self
        for (path, png) in try bookDocument().maps() {
            archive.files[path] = png
            archive.manifest.maps.append(path)
        }
        return archive
    }

    /// The printable booklet (``GuideBook``) as PDF.
    public func bookletPDF() throws -> Data {
        try GuideBook(bookDocument()).book().pdf()
    }
}
