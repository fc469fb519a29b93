import Foundation
import Support

/// A guide taken offline: `guide.json` (a ``Manifest``), the pictures and photos it names
/// under `images/`, and maps under `maps/` (drawn by the front end that makes the archive:
/// Club never draws). ``Guides/export(_:_:)`` makes one; ``Guides/importGuide(_:_:name:)``
/// writes one into another database; ``init(zip:source:)`` reads one back from a ZIP archive,
/// refusing it whole, naming the entry or field, when anything in it is wrong.
///
/// The format is Touchline's own, versioned (``Manifest/version``), documented in
/// `docs/guide-archive.md`.
public struct GuideArchive: Sendable, Equatable {
    /// The format's name in every manifest.
    public static let format = "touchline-guide"
    /// The version this Touchline writes and reads.
    public static let version = 1
    /// The manifest's name in the archive.
    public static let manifestPath = "guide.json"
    /// The largest manifest, in bytes.
    public static let maximumManifestBytes = 16 << 20
    /// What a guide archive may hold.
    public static let limits = BoundedArchive.Limits(entries: 20_000, entryBytes: Guides.pictureMaximumBytes,
                                                     totalBytes: 1 << 30, pathBytes: 200, depth: 2)

    /// `guide.json`.
    public struct Manifest: Sendable, Equatable, Codable {
        public var format: String
        public var version: Int
        public var guide: Guide
        public var places: [Place]
        public var itineraries: [Itinerary]
        public var photos: [Photo]
        /// The maps the archive holds, by path (`maps/places.png`, `maps/itinerary-1-day-1.png`).
        public var maps: [String]
    }

    public struct Guide: Sendable, Equatable, Codable {
        public var name: String
        public var country: String
        public var description: String?
        /// The cover's and transit map's paths in the archive.
        public var cover: String?
        public var transitMap: String?
        /// The guide's score where it was exported (votes are not carried over).
        public var score: Int
    }

    public struct Place: Sendable, Equatable, Codable {
        /// The place's id where it was exported; itineraries and photos name places by it.
        public var id: Int64
        public var name: String
        public var description: String?
        public var category: PlaceCategory
        public var openingHours: String?
        public var priceRange: String?
        public var address: String?
        public var latitude: Double
        public var longitude: Double
        public var picture: String?
        public var author: String?
        public var score: Int
        /// The newest comments the exporter could see, for reading offline (not imported: they
        /// are their authors').
        public var comments: [Comment]
    }

    public struct Comment: Sendable, Equatable, Codable {
        public var author: String
        public var title: String
        public var text: String
        public var createdAt: Date
    }

    public struct Itinerary: Sendable, Equatable, Codable {
        public var name: String
        public var days: Int
        public var description: String?
        /// Each day's places, by ``Place/id``.
        public var stops: [[Int64]]
        public var score: Int
    }

    public struct Photo: Sendable, Equatable, Codable {
        public var file: String
        /// The place it shows, by ``Place/id``; nil for the guide's own.
        public var place: Int64?
        public var caption: String?
        public var author: String
        public var score: Int
    }

    public var manifest: Manifest
    /// The images and maps by their path in the archive.
    public var files: [String: Data]

    public init(manifest: Manifest, files: [String: Data]) {
        self.manifest = manifest
        self.files = files
    }

    /// The manifest as `guide.json` holds it: pretty-printed, keys sorted, dates in ISO 8601.
    public func encodedManifest() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(manifest) + Data("\n".utf8)
    }

    /// The archive's bytes: `guide.json`, then the other files by path, entries stored and
    /// dated 1980, so that the same guide makes the same bytes.
    public func zip() throws -> Data {
        try StoredArchive.make([(Self.manifestPath, try encodedManifest())] + files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// Reads a guide archive, checking everything before anything is written: the format and
    /// version, every path the manifest names (inside the archive, present), every image a
    /// whole PNG or JPEG within the limits, every place an itinerary or photo names.
    ///
    /// - Throws: ``GuideArchiveError`` naming the archive and the entry or field at fault.
    public init(zip data: Data, source: String) throws {
        let archive: BoundedArchive
        do {
            archive = try BoundedArchive(data: data, source: source, kind: .init("a guide archive"), limits: Self.limits)
        } catch let error as BoundedArchiveError {
            throw GuideArchiveError(message: error.errorDescription ?? "\(source): not a guide archive")
        }
        func refused(_ message: String) -> GuideArchiveError { GuideArchiveError(message: "\(source): \(message)") }
        guard archive.contains(Self.manifestPath) else { throw refused("no \(Self.manifestPath): not a guide archive") }
        let manifestData = try Self.read(archive, Self.manifestPath)
        guard manifestData.count <= Self.maximumManifestBytes else { throw refused("\(Self.manifestPath) is larger than 16 MiB") }
        if let syntax = JSONSyntaxError.nesting(deeperThan: 16, in: manifestData) {
            throw refused("\(Self.manifestPath): line \(syntax.line), column \(syntax.column): \(syntax.message)")
        }
        struct Header: Decodable { var format: String?; var version: Int? }
        let header = try? JSONDecoder().decode(Header.self, from: manifestData)
        if let header {
            guard header.format == Self.format else {
                throw refused("\(Self.manifestPath): format is \(header.format.map { "'\($0)'" } ?? "missing"): expected '\(Self.format)'")
            }
            guard header.version == Self.version else {
                throw refused("\(Self.manifestPath): version \(header.version.map(String.init) ?? "missing") is not one this "
                              + "touchline reads (\(Self.version)); export the guide again with this version")
            }
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            manifest = try decoder.decode(Manifest.self, from: manifestData)
        } catch let error as DecodingError {
            throw refused("\(Self.manifestPath): \(CodingPathText.describe(error, in: manifestData))")
        }
        var files: [String: Data] = [:]
        for (field, path) in manifest.namedFiles {
            guard let normalized = BoundedArchive.normalized(path), !path.contains("\\") else {
                throw refused("\(Self.manifestPath): \(field): '\(path)' leaves the archive; paths are relative to its root, without '..'")
            }
            guard archive.contains(normalized) else { throw refused("\(field) names \(path), which is missing from the archive") }
            let data = try Self.read(archive, normalized)
            if field.hasPrefix("maps") {
                guard (try? ImageHeader(data))?.format == .png else { throw refused("\(path) (\(field)) is not a PNG map") }
            } else {
                do {
                    _ = try Guides.checkPicture(data, field: path)
                } catch let error as ClubError {
                    throw refused("\(field): \(error.errorDescription ?? "not a PNG or JPEG picture")")
                }
            }
            files[normalized] = data
        }
        self.files = files
        try manifest.checkReferences(source: source)
    }

    private static func read(_ archive: BoundedArchive, _ path: String) throws -> Data {
        do {
            return try archive.read(path)
        } catch let error as BoundedArchiveError {
            throw GuideArchiveError(message: error.errorDescription ?? "\(archive.source): \(path) cannot be read")
        }
    }
}

extension GuideArchive.Manifest {
    /// Every file the manifest names, with the field that names it.
    var namedFiles: [(field: String, path: String)] {
        var named: [(String, String)] = []
        if let cover = guide.cover { named.append(("guide.cover", cover)) }
        if let map = guide.transitMap { named.append(("guide.transitMap", map)) }
        for (index, place) in places.enumerated() {
            if let picture = place.picture { named.append(("places[\(index)].picture", picture)) }
        }
        for (index, photo) in photos.enumerated() { named.append(("photos[\(index)].file", photo.file)) }
        for (index, map) in maps.enumerated() { named.append(("maps[\(index)]", map)) }
        return named
    }

    /// Refuses an itinerary or photo naming a place the manifest does not hold, or a place id
    /// twice.
    func checkReferences(source: String) throws {
        var ids = Set<Int64>()
        for (index, place) in places.enumerated() where !ids.insert(place.id).inserted {
            throw GuideArchiveError(message: "\(source): guide.json: places[\(index)].id: \(place.id) is another place's id too")
        }
        for (index, itinerary) in itineraries.enumerated() {
            for (day, stops) in itinerary.stops.enumerated() {
                for stop in stops where !ids.contains(stop) {
                    throw GuideArchiveError(message: "\(source): guide.json: itineraries[\(index)].stops[\(day)]: no place \(stop) in the archive")
                }
            }
        }
        for (index, photo) in photos.enumerated() {
            if let place = photo.place, !ids.contains(place) {
                throw GuideArchiveError(message: "\(source): guide.json: photos[\(index)].place: no place \(place) in the archive")
            }
        }
    }
}

/// Why a guide archive was refused: one line naming the archive and the entry or field.
public struct GuideArchiveError: Error, Sendable, Equatable, LocalizedError {
    public let message: String
    public var errorDescription: String? { message }
}
