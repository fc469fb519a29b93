import Club
import Foundation
import ZIPFoundation

/// `touchline collection export` over HTTP: the folder it writes (`collection.json` and the
/// images it names, `image-<digest>.png|jpg`), the same bytes, as one ZIP archive made in
/// memory, entries stored (the images are compressed already) and dated 1980-01-01 so that the
/// same collection makes the same archive. The images may take at most
/// ``ServerOptions/maxFrameArchiveBytes`` (128 MiB unless set), checked before any is read.
enum CollectionExportArchive {
    /// `export` as a ZIP archive, `collection.json` first, then the images by name.
    static func data(_ export: Collections.Export) throws -> Data {
        let archive = try Archive(accessMode: .create)
        let files = [("collection.json", try export.manifest.encoded())] + export.images.sorted { $0.key < $1.key }
        for (name, data) in files {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count),
                                 modificationDate: BoardFramesArchive.entryDate, compressionMethod: .none) { position, length in
                data.subdata(in: Int(position)..<Int(position) + length)
            }
        }
        guard let data = archive.data else { throw Problem(.internalError, "the archive could not be made") }
        return data
    }
}
