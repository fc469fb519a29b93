import Canvas
import Foundation
import Club
import Reports
import TestSupport
import Testing

/// `touchline card`: cards and sheets from a club database, albums from JSON.
@Suite(.serialized) struct CardCommandTests {
    static let red = RGBA(red: 0xEE, green: 0x25, blue: 0x23)

    /// Alice's team with Nico Williams (a photo) and Unai Simón, and a friendly they played.
    static func club(photo: Data? = nil) throws -> ClubScratch {
        let club = try ClubScratch()
        func run(_ arguments: [String]) throws {
            let result = try club.run(arguments, as: "alice")
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        try run(["team", "add", "Athletic Infantil A", "--season", "2024/25", "--primary", "#EE2523", "--secondary", "#FFFFFF"])
        let photoPath = club.scratch.path("nico.png")
        try (photo ?? Self.png(width: 60, height: 80, color: Color(red: 0.1, green: 0.7, blue: 0.4)))
            .write(to: URL(fileURLWithPath: photoPath))
        try run(["player", "add", "--team", "Athletic Infantil A", "--name", "Nico", "--surname", "Williams", "--number", "10",
                 "--position", "FW", "--detail", "LW", "--photo", photoPath])
        try run(["player", "add", "--team", "Athletic Infantil A", "--name", "Unai", "--surname", "Simón", "--number", "1",
                 "--position", "GK"])
        try run(["match", "add", "--home", "Athletic Infantil A", "--away", "Osasuna", "--date", "2024-10-12"])
        try run(["match", "result", "1", "2-1"])
        try run(["match", "lineup", "1", "--team", "Athletic Infantil A", "Unai Simon", "Nico Williams"])
        try run(["match", "event", "1", "--team", "Athletic Infantil A", "--goal", "Nico Williams", "--minute", "23"])
        try run(["match", "event", "1", "--team", "Osasuna", "--goal", "Budimir", "--minute", "50"])
        try run(["match", "event", "1", "--team", "Athletic Infantil A", "--goal", "nico williams", "--minute", "78"])
        return club
    }

    static func png(width: Double, height: Double, color: Color) throws -> Data {
        let canvas = try Canvas(width: width, height: height)
        canvas.paint(color)
        return try canvas.encoded()
    }

    static func pages(_ path: String) throws -> Int {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        return text.components(separatedBy: "/Type /Page").count - text.components(separatedBy: "/Type /Pages").count
    }

    /// One line on standard error, naming `expected`.
    static func oneLine(_ result: Touchline.Result, _ expected: String) -> Bool {
        result.stderr.hasPrefix("touchline: error: ") && result.stderr.contains(expected)
            && result.stderr.filter { $0 == "\n" }.count == 1 && result.stderr.hasSuffix("\n")
    }

    @Test func renderWritesATradingCardPNGAndPDF() throws {
        let club = try Self.club()
        let png = club.scratch.path("nico.card.png")
        let result = try club.run(["card", "render", "--player", "1", "-o", png, "--lang", "es"], as: "alice")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote \(png) (card of Nico Williams, 750x1050 px"))
        let image = try RasterImage(contentsOf: URL(fileURLWithPath: png))
        #expect(image.width == 750 && image.height == 1050)
        #expect(image.pixel(x: 375, y: 12).distance(to: Self.red) <= 2)
        // The photo, in the middle of the photo frame (90, 90 pt at 300 dpi).
        #expect(image.pixel(x: 375, y: 375).distance(to: RGBA(Color(red: 0.1, green: 0.7, blue: 0.4))) <= 3)

        let pdf = club.scratch.path("unai.pdf")
        #expect(try club.run(["card", "render", "--player", "2", "-o", pdf, "-q"], as: "alice").status == 0)
        #expect(try Self.pages(pdf) == 1)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: pdf)), as: UTF8.self).contains("/MediaBox [ 0 0 180 252 ]"))

        // The same card twice gives the same bytes.
        let again = club.scratch.path("again.png")
        #expect(try club.run(["card", "render", "--player", "1", "-o", again, "--lang", "es", "-q"], as: "alice").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: png)) == Data(contentsOf: URL(fileURLWithPath: again)))
    }

    @Test func statisticsFollowTheLineupsAndEvents() throws {
        let club = try Self.club()
        let stats = try #require(try club.json(["match", "stats", "--team", "Athletic Infantil A"], as: "alice") as? [String: Any])
        let players = try #require(stats["players"] as? [[String: Any]])
        let unai = try #require(players.first { $0["player"] as? String == "Unai Simon" })
        #expect(unai["goalsConceded"] as? Int == 1 && unai["cleanSheets"] as? Int == 0 && unai["minutes"] as? Int == 90)
        let nico = try #require(players.first { $0["player"] as? String == "Nico Williams" })
        #expect(nico["goals"] as? Int == 1)  // the engine counts names as written; cards fold them
    }

    @Test func aSheetOfTheSquadAsPDFOrOnePNGPerPlayer() throws {
        let club = try Self.club()
        for number in 2...10 where number != 10 {
            let result = try club.run(["player", "add", "--team", "1", "--name", "Player", "--surname", "\(number)",
                                       "--number", "\(number)", "--position", "MF"], as: "alice")
            #expect(result.status == 0, "\(result.stderr)")
        }
        let pdf = club.scratch.path("squad.pdf")
        let sheet = try club.run(["card", "sheet", "--team", "Athletic Infantil A", "-o", pdf], as: "alice")
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(sheet.stdout.hasPrefix("wrote \(pdf) (10 cards on 2 A4 pages"))
        #expect(try Self.pages(pdf) == 2)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: pdf)), as: UTF8.self)
        #expect(text.components(separatedBy: "/MediaBox [ 0 0 595.276 841.89 ]").count - 1 == 2)

        let folder = club.scratch.path("cards") + "/"
        let pngs = try club.run(["card", "sheet", "--team", "1", "-o", folder, "--jobs", "2"], as: "alice")
        #expect(pngs.status == 0, "\(pngs.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names.count == 10)
        #expect(names.first == "01-unai-simon.png" && names.last == "10-nico-williams.png" && names.contains("05-player-5.png"))
        let card = try RasterImage(contentsOf: URL(fileURLWithPath: folder + "10-nico-williams.png"))
        #expect(card.width == 750 && card.height == 1050)
    }

    @Test func unknownPlayersAndTeamsAndStrangersGetOneLineAndNoFile() throws {
        let club = try Self.club()
        let output = club.scratch.path("x.png")
        let unknown = try club.run(["card", "render", "--player", "42", "-o", output], as: "alice")
        #expect(unknown.status == 65)
        #expect(unknown.stderr == "touchline: error: no player '42'\n")
        // Carol has no role on the team: to her the player does not exist.
        let stranger = try club.run(["card", "render", "--player", "1", "-o", output], as: "carol")
        #expect(stranger.status == 65)
        #expect(stranger.stderr == "touchline: error: no player '1'\n")
        let team = try club.run(["card", "sheet", "--team", "Real Sociedad", "-o", club.scratch.path("x.pdf")], as: "alice")
        #expect(team.status == 65)
        #expect(team.stderr == "touchline: error: no team 'Real Sociedad'\n")
        // Not logged in.
        #expect(try club.run(["card", "render", "--player", "1", "-o", output]).status == 77)
        // A format the card does not come in.
        #expect(try club.run(["card", "render", "--player", "1", "-o", club.scratch.path("x.svg")], as: "alice").status == 64)
        #expect(try club.run(["card", "sheet", "--team", "1", "-o", club.scratch.path("x.png")], as: "alice").status == 64)
        #expect(!club.scratch.files.contains { $0.hasPrefix("x.") })
        // A team with no players: one line naming it, for a PDF and for a folder.
        #expect(try club.run(["team", "add", "Athletic Cadete A", "--season", "2024/25"], as: "alice").status == 0)
        for output in [club.scratch.path("x.pdf"), club.scratch.path("x-cards") + "/"] {
            let empty = try club.run(["card", "sheet", "--team", "Athletic Cadete A", "-o", output], as: "alice")
            #expect(empty.status == 65)
            #expect(empty.stderr == "touchline: error: team 'Athletic Cadete A' has no players\n")
        }
        #expect(!club.scratch.files.contains { $0.hasPrefix("x") })
    }

    @Test func anUnreadablePhotoNamesThePlayerAndWritesNothing() throws {
        // A PNG header (the database checks only that) and then no rows a PNG reader accepts.
        let broken = TestImages.png(claimingWidth: 60, height: 80)
        let club = try Self.club(photo: broken)
        let render = try club.run(["card", "render", "--player", "1", "-o", club.scratch.path("x.pdf")], as: "alice")
        #expect(render.status == 65)
        #expect(Self.oneLine(render, "the photo of Nico Williams cannot be read"), "\(render.stderr)")
        let sheet = try club.run(["card", "sheet", "--team", "1", "-o", club.scratch.path("x.pdf")], as: "alice")
        #expect(sheet.status == 65 && Self.oneLine(sheet, "the photo of Nico Williams cannot be read"))
        let folder = try club.run(["card", "sheet", "--team", "1", "-o", club.scratch.path("x-cards") + "/"], as: "alice")
        #expect(folder.status == 65 && Self.oneLine(folder, "the photo of Nico Williams cannot be read"))
        #expect(!club.scratch.files.contains { $0.hasPrefix("x") })
    }

    @Test func aPhotoClaimingHugeDimensionsIsRefusedAtUploadQuicklyAndChangesNothing() throws {
        let club = try Self.club()
        // What the database holds of the players, photos included (a card is byte-identical
        // from the same data).
        func snapshot() throws -> [String] {
            let card = club.scratch.path("snapshot.png")
            #expect(try club.run(["card", "render", "--player", "1", "-o", card], as: "alice").status == 0)
            return [try club.run(["player", "list", "--team", "1", "--json"], as: "alice").stdout,
                    try club.run(["player", "show", "1", "--json"], as: "alice").stdout,
                    try Data(contentsOf: URL(fileURLWithPath: card)).base64EncodedString()]
        }
        let before = try snapshot()
        for (name, bomb) in [("bomb.png", TestImages.png(claimingWidth: 16_384, height: 6_100)),
                             ("bomb.jpg", TestImages.jpeg(claimingWidth: 16_384, height: 6_100))] {
            let path = club.scratch.path(name)
            try bomb.write(to: URL(fileURLWithPath: path))
            let started = ContinuousClock.now
            let add = try club.run(["player", "add", "--team", "1", "--name", "Oihan", "--surname", "Sancet", "--number", "8",
                                    "--position", "MF", "--photo", path], as: "alice")
            let edit = try club.run(["player", "edit", "1", "--photo", path], as: "alice")
            #expect(ContinuousClock.now - started < .seconds(10))
            for result in [add, edit] {
                #expect(result.status == 65)
                #expect(result.stderr == "touchline: error: photo: is 16384x6100 px: at most 4096 px a side and 16 megapixels; "
                    + "resize it (1000 px on the longer side is plenty for a card)\n", "\(result.stderr)")
            }
        }
        #expect(try snapshot() == before)

        // A photo cut short (an interrupted copy) is refused at upload, not when a card is printed.
        let cut = club.scratch.path("cut.jpg")
        try TestImages.quadrantsOrientation6.prefix(400).write(to: URL(fileURLWithPath: cut))
        let edit = try club.run(["player", "edit", "1", "--photo", cut], as: "alice")
        #expect(edit.status == 65)
        #expect(edit.stderr == "touchline: error: photo: is not a readable JPEG file: the file is cut short before its end-of-image marker\n")
        #expect(try snapshot() == before)

        // A JPEG photo is taken and printed.
        let jpeg = club.scratch.path("upright.jpg")
        try TestImages.quadrantsOrientation6.write(to: URL(fileURLWithPath: jpeg))
        #expect(try club.run(["player", "edit", "1", "--photo", jpeg], as: "alice").status == 0)
        let png = club.scratch.path("nico.png")
        #expect(try club.run(["card", "render", "--player", "1", "-o", png], as: "alice").status == 0)
        let card = try RasterImage(contentsOf: URL(fileURLWithPath: png))
        // The frame (156 x 120 pt at 12, 30) holds 156 x 104 pt of the upright picture: red top-left.
        let red = TestImages.quadrantColours[0]
        #expect(card.pixel(x: Int(51 * 300.0 / 72), y: Int(64 * 300.0 / 72))
            .distance(to: RGBA(red: red.red, green: red.green, blue: red.blue)) <= 16)
    }

    @Test func theClubStoresOnlyPhotosTheCardsCanPrint() {
        let limits = PlayerCard.photoLimits
        #expect(limits.maximumBytes == Squads.photoMaximumBytes && limits.maximumSide == Squads.photoMaximumSide
            && limits.maximumPixels == Squads.photoMaximumPixels)
    }

    // MARK: - Albums

    static let album = """
        {"format": "touchline-album", "version": 1, "collection": "Cromos",
         "families": [{"id": "a", "name": "First team"}],
         "cards": [{"number": 1, "title": "Unai Simón", "family": "a", "image": "img/1.png"},
                   {"number": 2, "title": "Nico Williams", "family": "a"},
                   {"number": 3, "title": "Oihan Sancet", "family": "a", "image": "img/3.png"}],
         "owned": {"1": 2, "2": 1}}
        """

    @Test func anAlbumAsPDFAndPNG() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("img"), withIntermediateDirectories: true)
        try Self.png(width: 20, height: 28, color: Color(red: 0.1, green: 0.3, blue: 0.9)).write(to: URL(fileURLWithPath: scratch.path("img/1.png")))
        let input = try scratch.write("album.json", Self.album)
        let pdf = try Touchline.run(["card", "album", input, "-o", scratch.path("album.pdf")])
        #expect(pdf.status == 0, "\(pdf.stderr)")
        #expect(pdf.stdout.hasPrefix("wrote \(scratch.path("album.pdf")) (2 of 3 cards owned, album of 1 page"))
        #expect(try Self.pages(scratch.path("album.pdf")) == 1)
        let png = try Touchline.run(["card", "album", input, "-o", scratch.path("album.png"), "--page", "1", "-q"])
        #expect(png.status == 0, "\(png.stderr)")
        let image = try RasterImage(contentsOf: URL(fileURLWithPath: scratch.path("album.png")))
        #expect(image.width == 1191 && image.height == 1684)
        #expect(image.count { $0.distance(to: RGBA(red: 26, green: 77, blue: 230)) <= 3 } > 1000)
        // The example album renders too.
        let example = Touchline.root.appendingPathComponent("examples/cards/album.json").path
        #expect(try Touchline.run(["card", "album", example, "-o", scratch.path("example.pdf"), "-q"]).status == 0)
    }

    @Test func badAlbumsNameTheFieldOrCardAndWriteNothing() throws {
        let scratch = try Scratch()
        let output = scratch.path("out.pdf")
        let family = try scratch.write("family.json", Self.album.replacingOccurrences(of: "\"family\": \"a\", \"image\": \"img/3.png\"",
                                                                                    with: "\"family\": \"b\""))
        let wrongFamily = try Touchline.run(["card", "album", family, "-o", output])
        #expect(wrongFamily.status == 65)
        #expect(wrongFamily.stderr == "touchline: error: \(family): cards[2].family: 'b' is not the id of a family (a)\n")
        // Card 1 is owned and its image is not there.
        let input = try scratch.write("album.json", Self.album)
        let missing = try Touchline.run(["card", "album", input, "-o", output])
        #expect(missing.status == 66)
        #expect(missing.stderr == "touchline: error: \(input): card 1: image 'img/1.png' not found\n")
        // Its image is not a PNG.
        try FileManager.default.createDirectory(atPath: scratch.path("img"), withIntermediateDirectories: true)
        _ = try scratch.write("img/1.png", "not a png")
        let broken = try Touchline.run(["card", "album", input, "-o", output])
        #expect(broken.status == 65)
        #expect(Self.oneLine(broken, "\(input): card 1: image 'img/1.png' cannot be read"))
        let syntax = try Touchline.run(["card", "album", try scratch.write("bad.json", "{\"format\": "), "-o", output])
        #expect(syntax.status == 65 && Self.oneLine(syntax, "bad.json: not valid JSON: line 1, column 12"))
        #expect(try Touchline.run(["card", "album", scratch.path("none.json"), "-o", output]).status == 66)
        #expect(try Touchline.run(["card", "album", input, "-o", output, "--page", "2"]).status == 64)
        #expect(!scratch.files.contains("out.pdf"))
    }

    @Test func everyCardCommandHasHelpWithAnExample() throws {
        for command in [["card"], ["card", "render"], ["card", "sheet"], ["card", "album"], ["match", "lineup"]] {
            let help = try Touchline.run(command + ["--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("Example"), "\(command)")
            #expect(help.stdout.contains("touchline \(command.joined(separator: " "))"), "\(command)")
        }
    }
}
