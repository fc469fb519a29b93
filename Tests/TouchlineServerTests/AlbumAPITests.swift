import Foundation
import HTTPTypes
import TestSupport
import Testing
@testable import TouchlineServer

/// `POST /api/v1/render/album`: `touchline card album` over HTTP, the album sent as a ZIP
/// archive of `album.json` and its images; nothing stored.
@Suite("Card albums over HTTP")
struct AlbumAPITests {
    typealias Entry = TestZip.Entry
    static let examples = APITest.root.appendingPathComponent("examples/cards")

    /// The PNG's width and height from its header.
    static func size(ofPNG data: Data) throws -> (Int, Int) {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else { throw TestFailure("not a PNG") }
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    /// An album of `count` cards with no images: 3 pages at 60.
    static func plainAlbum(cards count: Int) -> Data {
        let cards = (1...count).map { #"{"number": \#($0), "title": "Card \#($0)", "family": "f"}"# }.joined(separator: ",")
        return Data("""
            {"format": "touchline-album", "version": 1, "collection": "Big", "families": [{"id": "f", "name": "F"}],
             "cards": [\(cards)], "owned": {"1": 2}}
            """.utf8)
    }

    @Test("the example album as a PDF (pdfinfo) and a PNG page (144 dpi), with an ETag; pages by ?page=")
    func theExampleAlbumPrints() async throws {
        try await APITest().run { client in
            let zip = try TestZip.archive(try TestZip.entries(of: Self.examples))
            let pdf = try await client.send(.post, "/api/v1/render/album", body: zip, contentType: "application/zip")
            #expect(pdf.status == .ok)
            #expect(pdf.headers[.contentType] == "application/pdf")
            let info = try PDFProbe.info(pdf.body)
            #expect(info.pages == 1 && abs(info.width - 595.276) < 0.01 && abs(info.height - 841.89) < 0.01)
            #expect(try PDFProbe.text(pdf.body).contains("Athletic Club 2024/25"))
            let etag = try #require(pdf.headers[.eTag])
            let again = try await client.send(.post, "/api/v1/render/album", body: zip, contentType: "application/zip",
                                              headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)

            let png = try await client.send(.post, "/api/v1/render/album", body: zip, contentType: "application/zip",
                                            headers: [.accept: "image/png"])
            #expect(png.status == .ok && png.headers[.contentType] == "image/png")
            #expect(try Self.size(ofPNG: png.body) == (1191, 1684))

            // A bigger album: three pages; each PNG page its own.
            let big = try TestZip.archive([Entry("album.json", Self.plainAlbum(cards: 150))])
            let bigPDF = try await client.send(.post, "/api/v1/render/album", body: big, contentType: "application/zip")
            let pages = try PDFProbe.info(bigPDF.body).pages
            #expect(pages > 1)
            let first = try await client.send(.post, "/api/v1/render/album?page=1", body: big, headers: [.accept: "image/png"])
            let last = try await client.send(.post, "/api/v1/render/album?page=\(pages)", body: big, headers: [.accept: "image/png"])
            #expect(first.status == .ok && last.status == .ok && first.body != last.body)
            #expect(try Self.size(ofPNG: last.body) == (1191, 1684))
            let beyond = try await client.send(.post, "/api/v1/render/album?page=\(pages + 1)", body: big,
                                               headers: [.accept: "image/png"])
            #expect(beyond.status == .badRequest)
            #expect(try beyond.problem().detail == "query parameter 'page': the album has \(pages) pages")
            let pagedPDF = try await client.send(.post, "/api/v1/render/album?page=1", body: big, headers: [.accept: "application/pdf"])
            #expect(try pagedPDF.status == .badRequest
                && pagedPDF.problem().detail == "query parameter 'page': goes with Accept: image/png; a PDF holds every page")
        }
    }

    @Test("refusals name the entry: not a ZIP, no album.json, a path leading out, an entry too large, an image the archive lacks")
    func refusals() async throws {
        try await APITest().run { client in
            func refusal(_ body: Data, contentType: String = "application/zip") async throws -> (HTTPResponse.Status, String, String) {
                let reply = try await client.send(.post, "/api/v1/render/album", body: body, contentType: contentType)
                let problem = try reply.problem()
                return (reply.status, problem.type, problem.detail)
            }
            let json = try Data(contentsOf: Self.examples.appendingPathComponent("album.json"))
            let image = try Data(contentsOf: Self.examples.appendingPathComponent("images/01.png"))
            let images = try TestZip.entries(of: Self.examples).filter { $0.path.hasPrefix("images") }

            #expect(try await refusal(Data("PK but not really".utf8)) == (.badRequest, "malformed", "body: not a ZIP archive"))
            #expect(try await refusal(try TestZip.archive(images))
                == (.unprocessableContent, "invalid", "body: no album.json at the archive's root"))
            #expect(try await refusal(try TestZip.archive([Entry("album.json", json), Entry("../01.png", image)]))
                == (.unprocessableContent, "invalid", "body: entry '../01.png': '..' leads out of the archive"))
            #expect(try await refusal(try TestZip.archive([Entry("album.json", json), Entry("/etc/01.png", image)]))
                == (.unprocessableContent, "invalid",
                    "body: entry '/etc/01.png': an absolute path; entries are relative to the archive's root"))
            let large = try TestZip.archive([Entry("album.json", json), Entry("images/01.png", Data(count: 17 << 20))])
            #expect(try await refusal(large) == (.unprocessableContent, "invalid",
                                                  "body: entry 'images/01.png': larger than 16 MiB uncompressed; an entry may be at most that"))
            // Deflated entries (a zip bomb's way in) are refused before anything is inflated.
            let bomb = try TestZip.archive([Entry("album.json", json), Entry("images/01.png", Data(count: 17 << 20))], compressed: true)
            #expect(bomb.count < 1 << 20)
            #expect(try await refusal(bomb) == (.unprocessableContent, "invalid", "body: entry 'album.json': is compressed; album "
                + "archives are read with their entries stored (zip -0, or \"store\" as the method): the images are compressed already"))
            #expect(try await refusal(try TestZip.archive([Entry("album.json", json)] + images.filter { $0.path != "images/04.png" }))
                == (.unprocessableContent, "invalid", "album.json: card 4: image 'images/04.png' not found"))
            let unknownField = Data(String(decoding: json, as: UTF8.self).replacingOccurrences(of: "\"collection\"", with: "\"title\"").utf8)
            let (status, _, detail) = try await refusal(try TestZip.archive([Entry("album.json", unknownField)] + images))
            #expect(status == .unprocessableContent && detail.hasPrefix("album.json: "))
            #expect(try await refusal(try TestZip.archive([Entry("album.json", json)] + images), contentType: "application/json")
                == (.unsupportedMediaType, "unsupported-media-type",
                    "send the album as a ZIP archive (application/zip) of album.json and its images"))
        }
    }

    @Test("the body is limited as every upload is (413)")
    func theUploadLimit() async throws {
        try await APITest { $0.maxUploadBytes = 64 << 10 }.run { client in
            let zip = try TestZip.archive([Entry("album.json", Self.plainAlbum(cards: 10)), Entry("pad", Data((0..<100_000).map { UInt8($0 % 251) }))],
                                          compressed: false)
            let reply = try await client.send(.post, "/api/v1/render/album", body: zip, contentType: "application/zip")
            #expect(reply.status == .contentTooLarge)
        }
    }
}
