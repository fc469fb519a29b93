import Foundation
import Testing
import ZIPFoundation
@testable import Support

/// ZIP archives read with bounds: what the album and collection uploads build on.
@Suite struct BoundedArchiveTests {
    static let kind = BoundedArchive.Kind("a test archive")

    /// An archive of `files` (path, bytes), stored unless `compressed`.
    static func zip(_ files: [(String, Data)], compressed: Bool = false) throws -> Data {
        let archive = try Archive(accessMode: .create)
        for (path, data) in files {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count),
                                 compressionMethod: compressed ? .deflate : .none) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return try #require(archive.data)
    }

    static func open(_ data: Data, limits: BoundedArchive.Limits = .init(entries: 10, entryBytes: 100, totalBytes: 150)) throws
        -> BoundedArchive {
        try BoundedArchive(data: data, source: "t.zip", kind: kind, limits: limits)
    }

    @Test func filesAreReadByTheirNormalisedPaths() throws {
        let archive = try Self.open(try Self.zip([("b/./two.txt", Data("2".utf8)), ("one.txt", Data("1".utf8))]))
        #expect(archive.paths == ["b/two.txt", "one.txt"])
        #expect(archive.contains("./b/two.txt") && !archive.contains("two.txt") && !archive.contains("../one.txt"))
        #expect(try archive.read("b/two.txt") == Data("2".utf8))
        #expect(throws: BoundedArchiveError.entry(source: "t.zip", entry: "three.txt", message: "is not in the archive")) {
            try archive.read("three.txt")
        }
        #expect(Self.kind.plural == "test archives")
    }

    @Test func everyLimitNamesItsEntry() throws {
        #expect(throws: BoundedArchiveError.notAnArchive(source: "t.zip")) { try Self.open(Data("not a zip".utf8)) }
        #expect(throws: BoundedArchiveError.entry(source: "t.zip", entry: "big", message: "larger than 0 MiB uncompressed; an entry may be at most that")) {
            try Self.open(try Self.zip([("big", Data(count: 101))]))
        }
        #expect(throws: BoundedArchiveError.entry(source: "t.zip", entry: "c", message: "the entries so far take more than 0 MiB uncompressed; a test archive may take at most that")) {
            try Self.open(try Self.zip([("a", Data(count: 60)), ("b", Data(count: 60)), ("c", Data(count: 60))]))
        }
        #expect(throws: BoundedArchiveError.entry(source: "t.zip", entry: nil, message: "more than 2 entries; a test archive holds at most that many")) {
            try Self.open(try Self.zip([("a", Data()), ("b", Data()), ("c", Data())]), limits: .init(entries: 2, entryBytes: 10, totalBytes: 10))
        }
        #expect(throws: BoundedArchiveError.entry(source: "t.zip", entry: "../x", message: "'..' leads out of the archive")) {
            try Self.open(try Self.zip([("../x", Data())]))
        }
        let compressed = try Self.zip([("z.txt", Data(repeating: 65, count: 50))], compressed: true)
        #expect(throws: BoundedArchiveError.entry(source: "t.zip", entry: "z.txt", message: "is compressed; test archives are read with their entries stored (zip -0, or \"store\" as the method): the images are compressed already")) {
            try Self.open(compressed)
        }
    }

    @Test func theTemporaryCopyIsPrivateAndGoneOnceRead() throws {
        let zip = try Self.zip([("one.txt", Data("1".utf8))])
        var archive: BoundedArchive? = try Self.open(zip)
        let url = try #require(archive?.copy.url)
        #expect(try Data(contentsOf: url) == zip)
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try archive?.read("one.txt") == Data("1".utf8))
        archive = nil
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
