import Canvas
import Foundation
import League
import TestSupport
import Testing
@testable import Reports

@Suite struct PlayerCardTests {
    typealias F = ReportsFixtures
    typealias L = PlayerCard.Layout
    static let scale = PlayerCard.pngScale

    static func image(_ card: PlayerCard, language: CardLanguage = .english) throws -> RasterImage {
        try RasterImage(pngData: card.png(language: language))
    }

    @Test func pngIsTradingCardSizeAt300DPI() throws {
        let image = try Self.image(F.card())
        #expect(image.width == 750 && image.height == 1050)
        // The rounded corners are cut away; the card's edges are not.
        #expect(image.pixel(x: 1, y: 1).alpha == 0)
        #expect(image.pixel(x: 375, y: 1).alpha == 255)
    }

    @Test func pdfIsOnePageOfCardSize() throws {
        let pdf = try F.card().pdf()
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        #expect(try PDFProbe.info(pdf).pages == 1)
        let boxes = F.mediaBoxes(pdf)
        #expect(boxes.count == 1)
        #expect(boxes.allSatisfy { abs($0.width - 180) < 0.01 && abs($0.height - 252) < 0.01 })
    }

    @Test func theFrameIsInTheTeamsColour() throws {
        let image = try Self.image(F.card())
        let red = RGBA(F.athleticRed)
        for point in [Point(x: 90, y: 4), Point(x: 3.5, y: 120), Point(x: 176.5, y: 200), Point(x: 90, y: 248.5)] {
            #expect(F.pixel(image, point, scale: Self.scale).distance(to: red) <= 2, "at \(point)")
        }
        // Text on the band is white on Athletic red (better contrast than black).
        let header = Rect(x: L.headerInset, y: 8, width: 100, height: 10)
        #expect(F.count(in: image, header, scale: Self.scale) { $0.distance(to: RGBA(.white)) <= 30 } > 200)
        // The panel is white, the statistics boxes a tint of the team's colour.
        #expect(F.pixel(image, Point(x: 9, y: 170), scale: Self.scale) == RGBA(.white))
        let tint = RGBA(F.athleticRed.mixed(with: .white, fraction: 0.86))
        #expect(F.pixel(image, Point(x: L.cells[0].minX + 2, y: L.cells[0].minY + 2), scale: Self.scale).distance(to: tint) <= 2)
    }

    @Test func aPortraitPhotoIsFittedWithoutDistortion() throws {
        // 100 x 200 px into the 156 x 120 pt frame: 60 x 120 pt, centred, from x = 60 to 120.
        let photo = try F.solidPNG(width: 100, height: 200, color: F.photoGreen)
        let image = try Self.image(F.card(photo: photo))
        let green = RGBA(F.photoGreen), backdrop = RGBA(F.athleticRed.mixed(with: .white, fraction: 0.82))
        for point in [Point(x: 90, y: 90), Point(x: 62, y: 120), Point(x: 118, y: 32), Point(x: 90, y: 148)] {
            #expect(F.pixel(image, point, scale: Self.scale).distance(to: green) <= 3, "photo at \(point)")
        }
        // The frame's background shows at the sides: the photo was not stretched.
        for point in [Point(x: 57, y: 120), Point(x: 20, y: 120), Point(x: 123, y: 90), Point(x: 160, y: 140)] {
            #expect(F.pixel(image, point, scale: Self.scale).distance(to: backdrop) <= 3, "backdrop at \(point)")
        }
        // No silhouette is drawn under a photo.
        let silhouette = RGBA(PlayerCard.silhouetteColor)
        #expect(F.count(in: image, L.photo, scale: Self.scale) { $0.distance(to: silhouette) <= 10 } == 0)
    }

    @Test func aLandscapePhotoIsFittedAndClippedToTheFrame() throws {
        // 400 x 100 px: 156 x 39 pt, centred vertically (y from 70.5 to 109.5).
        let photo = try F.solidPNG(width: 400, height: 100, color: F.photoGreen)
        let image = try Self.image(F.card(photo: photo))
        let green = RGBA(F.photoGreen)
        #expect(F.pixel(image, Point(x: 90, y: 90), scale: Self.scale).distance(to: green) <= 3)
        #expect(F.pixel(image, Point(x: 13, y: 90), scale: Self.scale).distance(to: green) <= 3)
        #expect(F.pixel(image, Point(x: 90, y: 66), scale: Self.scale).distance(to: green) > 30)
        #expect(F.pixel(image, Point(x: 90, y: 114), scale: Self.scale).distance(to: green) > 30)
        // Nothing green outside the photo frame.
        #expect(F.count(in: image, Rect(x: 0, y: 152, width: 180, height: 100), scale: Self.scale) {
            $0.distance(to: green) <= 10
        } == 0)
    }

    @Test func largePhotosAreReducedToPrintResolution() throws {
        let photo = try F.solidPNG(width: 3000, height: 2000, color: F.photoGreen)
        let prepared = try #require(try F.card(photo: photo).preparedPhoto())
        #expect(prepared.width <= 660 && prepared.width >= 640)
        let image = try Self.image(F.card(photo: photo))
        #expect(F.pixel(image, Point(x: 90, y: 90), scale: Self.scale).distance(to: RGBA(F.photoGreen)) <= 3)
    }

    @Test func aJPEGPhotoIsShownUprightByItsExifOrientation() throws {
        // 48 x 32 upright (stored 32 x 48, orientation 6) into the 156 x 120 pt frame at (12, 30):
        // 156 x 104 pt, from y = 38 to 142.
        let image = try Self.image(F.card(photo: TestImages.quadrantsOrientation6))
        let colours = TestImages.quadrantColours.map { RGBA(red: $0.red, green: $0.green, blue: $0.blue) }
        let probes = [Point(x: 51, y: 64), Point(x: 129, y: 64), Point(x: 51, y: 116), Point(x: 129, y: 116)]
        for (point, colour) in zip(probes, colours) {
            #expect(F.pixel(image, point, scale: Self.scale).distance(to: colour) <= 16, "at \(point)")
        }
    }

    @Test func aPhotoOverTheLimitsIsRefusedFromItsHeader() throws {
        for bomb in [TestImages.png(claimingWidth: 16_384, height: 6_100), TestImages.jpeg(claimingWidth: 16_384, height: 6_100)] {
            let started = ContinuousClock.now
            #expect(throws: PlayerCardError.unreadablePhoto(
                player: "Nico Williams",
                reason: "the image is 16384x6100 px: at most 4096 px a side and 16 megapixels here; resize it")) {
                try F.card(photo: bomb).png()
            }
            #expect(ContinuousClock.now - started < .seconds(1))
        }
    }

    @Test func aLargeJPEGPhotoIsDecodedAtAFractionOfItsSize() throws {
        // 8 x 8 claimed as 4000 x 3000: an eighth would be 500 x 375, less than the 650 x 500 px
        // the frame prints, so a quarter (1000 x 750) is decoded, then reduced.
        let data = TestImages.jpeg(claimingWidth: 4_000, height: 3_000)
        let frame = Size(width: 156 * Self.scale, height: 120 * Self.scale)
        let decoded = try RasterImage(imageData: data, limits: PlayerCard.photoLimits, fittingIn: frame)
        #expect(decoded.width == 1_000 && decoded.height == 750)
    }

    @Test func withoutAPhotoASilhouetteIsDrawn() throws {
        let image = try Self.image(F.card(photo: nil))
        // Head and shoulders, dark, in the middle of the frame.
        let silhouette = RGBA(PlayerCard.silhouetteColor)
        #expect(F.pixel(image, Point(x: 90, y: 76), scale: Self.scale) == silhouette)
        #expect(F.pixel(image, Point(x: 90, y: 135), scale: Self.scale) == silhouette)
        #expect(F.isDark(silhouette))
        // Beside them, the frame's background.
        #expect(!F.isDark(F.pixel(image, Point(x: 150, y: 70), scale: Self.scale)))
        #expect(!F.isDark(F.pixel(image, Point(x: 90, y: 40), scale: Self.scale)))
    }

    @Test func theSquadNumberSitsOnABadge() throws {
        let image = try Self.image(F.card(number: 10))
        // White badge (secondary colour) with red digits (primary reads on white).
        let badge = Rect(x: L.badgeCenter.x - 11, y: L.badgeCenter.y - 11, width: 22, height: 22)
        #expect(F.count(in: image, badge, scale: Self.scale) { $0.distance(to: RGBA(F.athleticRed)) <= 40 } > 300)
        #expect(F.count(in: image, badge, scale: Self.scale) { $0 == RGBA(.white) } > 300)
        let none = try Self.image(F.card(number: nil))
        #expect(F.count(in: none, badge, scale: Self.scale) { $0 == RGBA(.white) } < 50)
    }

    @Test func aLongNameShrinksThenWrapsAndStaysInsideTheCard() throws {
        let long = "Maximiliano Bartolomé Fernández-Etxeberria de la Santísima T"
        #expect(long.count == 60)
        let canvas = try Canvas(width: 10, height: 10)
        let measure = { (text: String, size: Double) in canvas.measure(text, font: Font(size: size, weight: .bold)).advance }
        let card = F.card(name: long, photo: nil)
        let block = card.nameBlock(measure: measure)
        #expect(block.lines.count == 2)
        #expect(block.size >= L.nameTwoLines.lowerBound)
        for line in block.lines { #expect(measure(line, block.size) <= L.name.width) }

        // A short name stays on one line at the largest size.
        let short = F.card(name: "Sancet").nameBlock(measure: measure)
        #expect(short.lines == ["Sancet"] && short.size == L.nameOneLine.upperBound)
        // A name too long for two lines is cut with an ellipsis; one long word too.
        let huge = F.card(name: Array(repeating: "Bartolomé", count: 12).joined(separator: " ")).nameBlock(measure: measure)
        #expect(huge.lines.count == 2 && huge.lines[1].hasSuffix("…"))
        #expect(huge.lines.allSatisfy { measure($0, huge.size) <= L.name.width })
        let word = F.card(name: String(repeating: "x", count: 60)).nameBlock(measure: measure)
        #expect(word.lines.count == 1 && word.lines[0].hasSuffix("…") && measure(word.lines[0], word.size) <= L.name.width)

        // In the picture: ink in the name box, none in the panel's margins beside it, and the
        // frame untouched.
        let image = try Self.image(card)
        #expect(F.count(in: image, L.name, scale: Self.scale) { F.isDark($0) } > 500)
        let margins = [Rect(x: L.panel.minX + 0.5, y: L.name.minY, width: L.name.minX - L.panel.minX - 1, height: L.name.height),
                       Rect(x: L.name.maxX + 0.5, y: L.name.minY, width: L.panel.maxX - L.name.maxX - 1, height: L.name.height)]
        for margin in margins {
            #expect(F.count(in: image, margin, scale: Self.scale) { $0 != RGBA(.white) } == 0, "ink in \(margin)")
        }
        let frame = Rect(x: 0.5, y: L.name.minY, width: 5, height: L.name.height)
        #expect(F.count(in: image, frame, scale: Self.scale) { $0.distance(to: RGBA(F.athleticRed)) > 2 } == 0)
    }

    @Test func goalkeepersShowCleanSheetsAndGoalsConceded() throws {
        let keeper = F.card(name: "Unai Simón", number: 1, position: .goalkeeper)
        let labels = keeper.statisticCells(language: .english).map(\.label)
        #expect(labels == ["Appearances", "Minutes", "Clean sheets", "Goals conceded", "Cards"])
        let values = keeper.statisticCells(language: .english).map(\.value)
        #expect(values == [.count(12), .count(934), .count(5), .count(9), .cards(yellow: 2, red: 1)])
        let outfield = F.card().statisticCells(language: .english)
        #expect(outfield.map(\.label) == ["Appearances", "Minutes", "Goals", "Assists", "Cards"])
        #expect(outfield.map(\.value)[2...3] == [.count(7), .count(4)])
    }

    @Test
    func theGoalkeepersPDFSaysCleanSheetsNotGoalsOrAssists() throws {
        let text = try PDFProbe.text(layout: false, F.card(name: "Unai Simón", number: 1, position: .goalkeeper).pdf())
        for expected in ["Unai Simón", "Athletic Infantil A", "2024/25", "GOALKEEPER", "Clean sheets", "Goals conceded",
                         "Appearances", "Minutes", "Cards", "934"] {
            #expect(text.contains(expected), "missing \(expected) in \(text)")
        }
        #expect(!text.contains("Assists"))
        #expect(text.components(separatedBy: "Goals").count == text.components(separatedBy: "Goals conceded").count)
    }

    @Test
    func labelsInSpanishAndCatalan() throws {
        let spanish = try PDFProbe.text(layout: false, F.card().pdf(language: .spanish))
        for expected in ["Partidos", "Minutos", "Goles", "Asistencias", "Tarjetas", "DELANTERO · LW"] {
            #expect(spanish.contains(expected), "missing \(expected)")
        }
        #expect(!spanish.contains("Appearances"))
        let catalan = try PDFProbe.text(layout: false, F.card(name: "Unai Simón", position: .goalkeeper).pdf(language: .catalan))
        for expected in ["Partits", "Minuts", "Porteries a zero", "Gols encaixats", "Targetes", "PORTER"] {
            #expect(catalan.contains(expected), "missing \(expected)")
        }
    }

    @Test func labelsInEveryLanguage() {
        #expect(CardLanguage.spanish.labels.cleanSheets == "Porterías a cero")
        #expect(CardLanguage.spanish.name(of: .midfielder) == "Centrocampista")
        #expect(CardLanguage.catalan.labels.assists == "Assistències")
        #expect(CardLanguage.catalan.name(of: .midfielder) == "Migcampista")
        #expect(F.card().positionLine(language: .catalan) == "DAVANTER · LW")
        #expect(CardLanguage(rawValue: "es") == .spanish && CardLanguage(rawValue: "fr") == nil)
    }

    @Test func anUnreadablePhotoNamesThePlayer() throws {
        let broken = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("not really a PNG".utf8)
        let card = F.card(name: "Iñaki Williams", photo: broken)
        for render in [{ try card.png() }, { try card.pdf() }] {
            do {
                _ = try render()
                Issue.record("expected an error")
            } catch let error as PlayerCardError {
                guard case .unreadablePhoto(let player, _) = error else { Issue.record("\(error)"); continue }
                #expect(player == "Iñaki Williams")
                #expect(error.localizedDescription.hasPrefix("the photo of Iñaki Williams cannot be read"))
            }
        }
    }

    @Test func valuesOutOfRangeAreRefused() throws {
        #expect(throws: PlayerCardError.invalidNumber(player: "Nico Williams", number: 1000)) { try F.card(number: 1000).png() }
        var card = F.card()
        card.team = String(repeating: "T", count: 201)
        #expect(throws: PlayerCardError.textTooLong(player: "Nico Williams", field: "team", maximum: 200)) { try card.pdf() }
    }

    @Test func aCardFromTheClubsDetailsTakesTheTeamsColoursOrTheDefaults() throws {
        let statistics = PlayerStatistics(player: "Nico Williams", team: "Athletic Infantil A", goals: 7)
        var details = PlayerCardDetails(name: "Nico Williams", number: 10, position: .forward, positionDetail: "LW",
                                        team: "Athletic Infantil A", season: "2024/25", primaryColor: "#EE2523",
                                        secondaryColor: "#000000", statistics: statistics)
        let card = try PlayerCard(details)
        #expect(card == PlayerCard(name: "Nico Williams", number: 10, position: .forward, positionDetail: "LW",
                                   team: "Athletic Infantil A", season: "2024/25", primaryColor: F.athleticRed,
                                   secondaryColor: try Color(hex: "#000000"), statistics: statistics))
        details.primaryColor = nil
        details.secondaryColor = nil
        let plain = try PlayerCard(details)
        #expect(plain.primaryColor == PlayerCard.defaultPrimaryColor && plain.secondaryColor == .white)
        details.primaryColor = "red"
        #expect(throws: CanvasError.self) { try PlayerCard(details) }
    }

    @Test func aSquadOfNoPlayersNamesTheTeam() throws {
        #expect(throws: PlayerCardError.emptySquad(team: "Athletic Infantil A")) {
            try PlayerCard.squad([], team: "Athletic Infantil A")
        }
        #expect(PlayerCardError.emptySquad(team: "Athletic Infantil A").errorDescription == "team 'Athletic Infantil A' has no players")
        let players = (1...3).map {
            PlayerCardDetails(name: "Player \($0)", number: 4 - $0, position: .defender, team: "Athletic Infantil A", season: "2024/25",
                              statistics: PlayerStatistics(player: "Player \($0)", team: "Athletic Infantil A"))
        }
        #expect(try PlayerCard.squad(players, team: "Athletic Infantil A").map(\.number) == [3, 2, 1])
    }

    @Test func rendersAreByteIdentical() throws {
        let photo = try F.solidPNG(width: 120, height: 160, color: F.photoGreen)
        let card = F.card(photo: photo)
        #expect(try card.png() == card.png())
        #expect(try card.pdf(language: .catalan) == card.pdf(language: .catalan))
        #expect(try F.card().pdf() == F.card().pdf())
    }

    @Test func textOnColourReadsByContrast() throws {
        #expect(F.athleticRed.readableInk == .white)
        #expect(try Color(hex: "#FFD700").readableInk == .nearBlack)
        #expect(try Color(hex: "#FFD700").readable(on: .white) == .nearBlack)
        #expect(F.athleticRed.readable(on: .white) == F.athleticRed)
        #expect(abs(Color.black.contrastRatio(with: .white) - 21) < 0.01)
    }
}
