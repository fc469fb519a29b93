import Foundation
import Hummingbird
import Reports

/// `touchline card album` over HTTP: a ZIP archive of `album.json` at its root and the images
/// it names, printed as a PDF (every page) or one page as a PNG (`?page=N`, from 1) at 144 dpi,
/// by `Accept`. Nothing stored: Reports' ``Album/init(archive:source:paper:)``
/// bounds what the archive controls and names the entry at fault.
enum AlbumUpload {
    /// Media types a ZIP archive may be sent as (browsers on Windows say `x-zip-compressed`).
    static let mediaTypes: Set<String> = ["application/zip", "application/x-zip-compressed", "application/octet-stream"]

    static func response(_ request: Request, api: APIServices) async throws -> Response {
        if let type = MediaTypes.essence(request.headers[.contentType]), !mediaTypes.contains(type) {
            throw Problem(.unsupportedMediaType, "send the album as a ZIP archive (application/zip) of album.json and its images")
        }
        let format = try Negotiation.format(request.headers[.accept], offering: [.pdf, .png])
        let page = try Self.page(request, format: format)
        let archive = try await Body.read(request, limit: api.options.maxUploadBytes)
        let data = try await api.rendering {
            try Self.printed(try Album(archive: archive, source: "body"), as: format, page: page)
        }
        api.metrics.render("album", format: format.rawValue)
        return Rendered.response(data, contentType: format.contentType, request: request)
    }

    /// `page`, the page a PNG shows (from 1), refused with any other format.
    static func page(_ request: Request, format: ResponseFormat) throws -> Int? {
        let page = try Query(request).int("page", in: 1...10_000)
        if page != nil, format != .png {
            throw Problem.malformed("query parameter 'page': goes with Accept: image/png; a PDF holds every page")
        }
        return page
    }

    /// `album` as a PDF (every page), or page `page` (default 1) as a PNG at 144 dpi.
    static func printed(_ album: Album, as format: ResponseFormat, page: Int?) throws -> Data {
        guard format == .png else { return try album.pdf() }
        let page = page ?? 1
        guard page <= album.pageCount else {
            throw Problem.malformed("query parameter 'page': the album has \(album.pageCount) page" + (album.pageCount == 1 ? "" : "s"))
        }
        return try album.png(page: page - 1, scale: 2)
    }
}
