import Foundation
import Hummingbird
import Stickers
import Support

/// `touchline collection import FOLDER` over HTTP: the folder as one ZIP archive, entries
/// stored (the images are compressed already), `collection.json` or `collection.csv` at its
/// root beside the images it names, read with Support's ``BoundedArchive`` and imported in one
/// transaction, as the command line does. What a CSV manifest cannot say comes in the query:
/// `name`, and optionally `description` and `packSize`, as `--name`, `--description` and
/// `--pack-size`.
enum CollectionImportArchive {
    /// Media types the archive may be sent as (browsers on Windows say `x-zip-compressed`).
    static let mediaTypes: Set<String> = ["application/zip", "application/x-zip-compressed"]

    /// The bounds of the archive: a manifest and an image for each card a collection may hold,
    /// with folders; no entry larger than a manifest may be; in all, no more than the upload.
    static func limits(uploadBytes: Int) -> BoundedArchive.Limits {
        .init(entries: 2 * CollectionManifest.maximumCards + 64, entryBytes: CollectionManifest.maximumBytes + 1,
              totalBytes: uploadBytes)
    }

    /// What a CSV manifest cannot say, from the query; nil when `name` is not given (then
    /// `description` and `packSize` may not be either).
    static func details(_ request: Request) throws -> CollectionManifest.CSVDetails? {
        let query = Query(request)
        // A description of 500 characters keeps the request target within the server's 8 KiB
        // however it is percent-encoded; a longer one goes in collection.json.
        let name = try query.string("name"), description = try query.string("description", maximumLength: 500)
        let packSize = try query.int("packSize", in: 1...EnvelopeDraw.maximumSize)
        guard let name else {
            if description != nil || packSize != nil {
                throw Problem.malformed("query parameters 'description' and 'packSize' go with 'name', for a collection.csv manifest")
            }
            return nil
        }
        return .init(name: name, description: description, packSize: packSize)
    }

    /// The manifest and the images it names that the archive holds.
    ///
    /// - Throws: ``BoundedArchiveError`` for an archive that is not one or breaks a limit;
    ///   ``ManifestError`` for its manifest, naming `body: collection.json` or `.csv`.
    static func read(_ data: Data, details: CollectionManifest.CSVDetails?,
                     uploadBytes: Int) throws -> (manifest: CollectionManifest, images: [String: Data]) {
        let archive = try BoundedArchive(data: data, source: "body", kind: .init("a collection archive"),
                                         limits: limits(uploadBytes: uploadBytes))
        do {
            return try CollectionManifest.readFolder(source: { $0.isEmpty ? "body" : "body: \($0)" }, details: details,
                                                     detailsOption: { "the query parameter '\($0)'" }) { path in
                archive.contains(path) ? try archive.read(path) : nil
            }
        } catch ManifestError.missing(let source) {
            let manifests = [CollectionManifest.jsonFileName, CollectionManifest.csvFileName]
            let nested = archive.paths.filter { path in manifests.contains { path.hasSuffix("/" + $0) } }.min()
            throw ManifestError.unreadable(source: source, message: "no collection.json or collection.csv at the archive's root"
                + (nested.map { " (there is '\($0)': pack the folder's contents, not the folder)" } ?? ""))
        }
    }
}
