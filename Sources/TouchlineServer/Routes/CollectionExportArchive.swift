import Club
import Foundation
import Support

/// `touchline collection export` over HTTP: the folder it writes (`collection.json` and the
/// images it names, `image-<digest>.png|jpg`), the same bytes, as one ZIP archive made in
/// memory, entries stored (the images are compressed already) and dated 1980-01-01 so that the
/// same collection makes the same archive. The images may take at most
/// ``ServerOptions/maxFrameArchiveBytes`` (128 MiB unless set), checked before any is read.
enum CollectionExportArchive {
    /// `export` as a ZIP archive, `collection.json` first, then the images by name.
    static func data(_ export: Collections.Export) throws -> Data {
        try StoredArchive.make([("collection.json", try export.manifest.encoded())] + export.images.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
}
