import Foundation
import ZIPFoundation

/// A ZIP archive made in memory with its entries stored, not deflated (what
/// ``BoundedArchive`` reads back: the images such archives carry are compressed already), in
/// the order given and dated 1980-01-01 00:00 UTC, so that the same files make the same bytes.
///
/// ```swift
/// let zip = try StoredArchive.make([("guide.json", manifest), ("images/cover.jpg", cover)])
/// ```
public enum StoredArchive {
    /// The date every entry carries: the first a ZIP archive can give.
    public static let entryDate = Date(timeIntervalSince1970: 315_532_800)

    /// Why an archive could not be made.
    public struct Failure: Error, LocalizedError {
        public var errorDescription: String? { "the ZIP archive could not be made in memory" }
    }

    /// The archive of `files`, each a path inside it and its bytes.
    public static func make(_ files: [(path: String, data: Data)]) throws -> Data {
        let archive = try Archive(accessMode: .create)
        for (path, data) in files {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: entryDate,
                                 compressionMethod: .none) { position, length in
                data.subdata(in: Int(position)..<Int(position) + length)
            }
        }
        guard let data = archive.data else { throw Failure() }
        return data
    }
}
