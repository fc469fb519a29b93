import Foundation
import TestSupport
import Testing
@testable import Reports

/// An album read from a ZIP archive (`album.json` at its root, its images beside it), with every limit the archive controls, and errors that name the entry.
@Suite struct AlbumArchiveTests {
    typealias Entry = TestZip.Entry
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/cards")

    /// An album of two owned cards, one image each.
    static let json = Data("""
        {"format": "touchline-album", "version": 1, "collection": "C",
         "families": [{"id": "f", "name": "F"}],
         "cards": [{"number": 1, "title": "One", "family": "f", "image": "images/1.png"},
                   {"number": 2, "title": "Two", "family": "f", "image": "./images/2.png"}],
         "owned": {"1": 1, "2": 2}}
        """.utf8)
    static func png() throws -> Data { try ReportsFixtures.solidPNG(width: 63, height: 89, color: ReportsFixtures.photoGreen) }

    func refusal(_ zip: Data) -> AlbumError? {
        do {
            _ = try Album(archive: zip, source: "up.zip")
            return nil
        } catch {
            return error as? AlbumError
        }
    }

    @Test func theExampleAlbumPrintsAsFromItsFolder() throws {
        let zip = try TestZip.archive(try TestZip.entries(of: Self.examples))
        let packed = try Album(archive: zip, source: "cards.zip")
        let folder = try Album(contentsOf: Self.examples.appendingPathComponent("album.json"))
        #expect(packed.sections == folder.sections && packed.pageCount == folder.pageCount)
        #expect(try packed.pdf() == folder.pdf())
    }

    @Test func pathsAreRelativeToTheRootAndDotStepsDropped() throws {
        let png = try Self.png()
        let album = try Album(archive: try TestZip.archive([Entry("album.json", Self.json), Entry("images/", nil),
                                                            Entry("images/1.png", try Self.png()), Entry("./images/2.png", try Self.png())]),
                              source: "up.zip")
        #expect(album.sections.first?.slots.map { $0.image == png } == [true, true])
    }

    @Test func whatIsNotAnAlbumArchiveIsRefused() throws {
        #expect(refusal(Data("not a zip at all".utf8)) == .notAnArchive(source: "up.zip"))
        #expect(refusal(Data()) == .notAnArchive(source: "up.zip"))
        #expect(refusal(try TestZip.archive([Entry("images/1.png", try Self.png())]))
            == .archive(source: "up.zip", entry: nil, message: "no album.json at the archive's root"))
        #expect(refusal(try TestZip.archive([Entry("cards/album.json", Self.json)]))
            == .archive(source: "up.zip", entry: nil, message: "no album.json at the archive's root "
                + "(there is 'cards/album.json': pack the folder's contents, not the folder)"))
        let broken = try TestZip.archive([Entry("album.json", Data("{".utf8))])
        guard case .syntax(let source, _)? = refusal(broken) else { Issue.record("not a syntax error"); return }
        #expect(source == "album.json")
    }

    @Test(arguments: [
        ("../evil.png", "'..' leads out of the archive"),
        ("images/../../evil.png", "'..' leads out of the archive"),
        ("/etc/passwd", "an absolute path; entries are relative to the archive's root"),
        ("images\\1.png", "the path holds a backslash; ZIP paths separate folders with '/'"),
        ("a\u{7}.png", "the path holds control characters"),
        (String(repeating: "d/", count: 17) + "x.png", "nested deeper than 16 folders"),
    ])
    func badPathsAreRefusedNamingTheEntry(_ path: String, _ message: String) throws {
        let zip = try TestZip.archive([Entry("album.json", Self.json), Entry(path, try Self.png())])
        #expect(refusal(zip) == .archive(source: "up.zip", entry: path, message: message))
    }

    @Test func entriesThatAreNotPlainFilesOrComeTwiceAreRefused() throws {
        let long = String(repeating: "a", count: 1_025)
        #expect(refusal(try TestZip.archive([Entry(long, try Self.png())]))
            == .archive(source: "up.zip", entry: String(long.prefix(200)), message: "the path is longer than 1024 bytes"))
        #expect(refusal(try TestZip.archive([Entry("album.json", Self.json), Entry("images/1.png", Data("/etc/passwd".utf8), isLink: true)]))
            == .archive(source: "up.zip", entry: "images/1.png", message: "a symbolic link; an album archive holds files and folders only"))
        #expect(refusal(try TestZip.archive([Entry("album.json", Self.json), Entry("images/1.png", try Self.png()),
                                             Entry("images/./1.png", try Self.png())]))
            == .archive(source: "up.zip", entry: "images/./1.png", message: "is in the archive twice"))
        let many = try TestZip.archive((0...4_096).map { Entry("f\($0)", Data()) }, compressed: false)
        #expect(refusal(many) == .archive(source: "up.zip", entry: nil,
                                          message: "more than 4096 entries; an album archive holds at most that many"))
    }

    @Test func sizesAreBoundedDeclaredAndInflated() throws {
        let seventeen = Data(count: 17 << 20)
        let large = try TestZip.archive([Entry("album.json", Self.json), Entry("images/1.png", seventeen)])
        #expect(refusal(large) == .archive(source: "up.zip", entry: "images/1.png",
                                           message: "larger than 16 MiB uncompressed; an entry may be at most that"))
        // A header that understates the size gives bytes whose checksum is not the entry's.
        #expect(refusal(TestZip.understating(large, as: 1_000)) == .archive(
            source: "up.zip", entry: "album.json", message: "cannot be read: the entry is damaged or cut short"))
        // Deflated entries are not read at all (ZIPFoundation 0.9.20 can spin forever on a
        // damaged one on Linux), so no bomb is ever inflated.
        let deflated = try TestZip.archive([Entry("album.json", Self.json), Entry("images/1.png", seventeen)], compressed: true)
        #expect(refusal(deflated) == .archive(source: "up.zip", entry: "album.json", message: "is compressed; album archives are "
            + "read with their entries stored (zip -0, or \"store\" as the method): the images are compressed already"))
        let fifteen = Data(count: 15 << 20)
        let five = try TestZip.archive([Entry("album.json", Self.json)] + (1...5).map { Entry("pad/\($0)", fifteen) })
        #expect(refusal(five) == .archive(source: "up.zip", entry: "pad/5", message: "the entries so far take more than 64 MiB "
            + "uncompressed; an album archive may take at most that"))
    }

    @Test func imagesComeFromTheArchiveOnly() throws {
        #expect(refusal(try TestZip.archive([Entry("album.json", Self.json), Entry("images/1.png", try Self.png())]))
            == .missingImage(source: "album.json", card: 2, path: "./images/2.png"))
        let outside = Data(String(decoding: Self.json, as: UTF8.self).replacingOccurrences(of: "images/1.png", with: "../1.png").utf8)
        #expect(refusal(try TestZip.archive([Entry("album.json", outside), Entry("images/2.png", try Self.png())]))
            == .invalid(source: "album.json", field: "card 1 image",
                        message: "'../1.png' leads out of the archive: give a path relative to album.json, inside the archive"))
        let text = try TestZip.archive([Entry("album.json", Self.json), Entry("images/1.png", Data("not a png".utf8)),
                                        Entry("images/2.png", try Self.png())])
        guard case .unreadableImage(_, 1, "images/1.png", _)? = refusal(text) else { Issue.record("not refused as unreadable"); return }
    }

    @Test func aDamagedEntryIsRefused() throws {
        var bytes = [UInt8](try TestZip.archive([Entry("album.json", Self.json), Entry("images/1.png", try Self.png()),
                                                 Entry("images/2.png", try Self.png())], compressed: false))
        // Flip a byte inside the stored album.json, found by its content (its header's time
        // of day can hold a "{" byte too): its CRC-32 no longer matches.
        let start = try #require(Data(bytes).firstRange(of: Self.json)?.lowerBound)
        bytes[start + 5] ^= 0x20
        #expect(refusal(Data(bytes)) == .archive(source: "up.zip", entry: "album.json",
                                                 message: "cannot be read: the entry is damaged or cut short"))
    }
}

/// Findings of the `album-zip` fuzzer, kept so they cannot come back.
@Suite struct AlbumArchiveFuzzFindings {
    @Test func anEntryThatPointsPastTheEndIsRefusedNotATrap() throws {
        // ZIPFoundation's in-memory archive trapped on this one (a range past its data).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let zip = try Data(contentsOf: root.appendingPathComponent("fuzz/corpus/album-zip/entry-past-the-end.zip"))
        #expect(throws: AlbumError.self) { try Album(archive: zip, source: "fuzz.zip") }
    }

    @Test func aDamagedDeflatedEntryIsRefusedBeforeItIsInflated() throws {
        // ZIPFoundation's Linux inflate loop spun forever on this one, asking for more past the
        // end of the file: deflated entries are refused before any is inflated.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let zip = try Data(contentsOf: root.appendingPathComponent("fuzz/corpus/album-zip/compressed-size-past-the-end.zip"))
        #expect(throws: AlbumError.self) { try Album(archive: zip, source: "fuzz.zip") }
    }
}
