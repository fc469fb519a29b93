import Canvas
import Foundation
import League

/// A player's trading card: 63.5 x 88.9 mm, drawn in vector from plain values.
///
/// The front shows the team's name and the season on a frame in the team's primary colour,
/// the photo (fitted without distortion, or a drawn silhouette), the squad number on a badge
/// in the secondary colour, the name, the position, and the season's statistics:
/// appearances, minutes, goals, assists and cards; for goalkeepers clean sheets and goals
/// conceded instead of goals and assists. Text on colour is white or near-black, whichever
/// reads better. The same card always gives the same bytes.
///
/// ```swift
/// let card = PlayerCard(name: "Nico Williams", number: 10, position: .forward, positionDetail: "LW",
///                       team: "Athletic Infantil A", season: "2024/25",
///                       primaryColor: try Color(hex: "#EE2523"), secondaryColor: .white,
///                       statistics: PlayerStatistics(player: "Nico Williams", team: "Athletic", goals: 7))
/// try card.png(language: .spanish).write(to: URL(fileURLWithPath: "nico.png"))
/// ```
public struct PlayerCard: Sendable, Equatable {
    /// The card's width, 63.5 mm, in points.
    public static let width = 180.0
    /// The card's height, 88.9 mm, in points.
    public static let height = 252.0
    /// Pixels per point of the PNG: 300 dpi, so the PNG is 750 x 1050 px.
    public static let pngScale = 300.0 / 72.0
    /// The frame's colour when the team has none.
    public static let defaultPrimaryColor = Color(red: 0.12, green: 0.23, blue: 0.37)
    /// The longest name, team or season a card takes, in characters.
    public static let maximumTextLength = 200
    /// What a photo may be: at most 2 MiB, 4096 px a side and 16 megapixels, checked from its
    /// header before it is decoded (the club services refuse larger photos at upload with the
    /// same numbers, `Squads.photoMaximumSide` and the rest). A JPEG larger than the card
    /// prints is decoded at a half, a quarter or an eighth of its size.
    public static let photoLimits = ImageLimits(maximumBytes: 2 << 20, maximumSide: 4_096, maximumPixels: 16_000_000)

    /// The player's name as printed, up to 200 characters (shrunk, wrapped, then shortened to fit).
    public var name: String
    /// The squad number, 0 to 999; nil draws no badge.
    public var number: Int?
    /// The line the player plays in; goalkeepers get other statistics.
    public var position: PlayerPosition
    /// A finer role such as `LW`, printed after the position.
    public var positionDetail: String?
    /// The team's name, on the frame.
    public var team: String
    /// The season, such as `2024/25`, on the frame.
    public var season: String
    /// The frame's colour; the statistics boxes and the photo's background are tints of it.
    public var primaryColor: Color
    /// The number badge's colour (and the panel's outline when it stands out from the frame).
    public var secondaryColor: Color
    /// PNG or JPEG bytes, within ``photoLimits``; nil draws a silhouette.
    public var photo: Data?
    /// The numbers printed: appearances, minutes, goals, assists, cards; for goalkeepers
    /// clean sheets and goals conceded instead of goals and assists.
    public var statistics: PlayerStatistics

    /// A card; colours default to a navy frame with a white badge.
    public init(name: String, number: Int?, position: PlayerPosition, positionDetail: String? = nil, team: String,
                season: String, primaryColor: Color = PlayerCard.defaultPrimaryColor, secondaryColor: Color = .white,
                photo: Data? = nil, statistics: PlayerStatistics) {
        self.name = name
        self.number = number
        self.position = position
        self.positionDetail = positionDetail
        self.team = team
        self.season = season
        self.primaryColor = primaryColor
        self.secondaryColor = secondaryColor
        self.photo = photo
        self.statistics = statistics
    }

    /// True for goalkeepers, whose cards show clean sheets and goals conceded.
    public var isGoalkeeper: Bool { position == .goalkeeper }

    /// The card as a PNG of 750 x 1050 px (300 dpi), transparent outside its rounded corners.
    ///
    /// - Throws: ``PlayerCardError`` for a photo that is not a readable PNG or JPEG within ``photoLimits``, or a value out of range.
    public func png(language: CardLanguage = .english) throws -> Data {
        let photo = try preparedPhoto()
        let canvas = try Canvas(width: Self.width, height: Self.height, scale: Self.pngScale)
        try draw(on: canvas, at: .zero, language: language, photo: photo)
        return try canvas.encoded()
    }

    /// The card as a one-page PDF of 63.5 x 88.9 mm, in vector (the photo embedded).
    ///
    /// - Throws: ``PlayerCardError`` for a photo that is not a readable PNG or JPEG within ``photoLimits``, or a value out of range.
    public func pdf(language: CardLanguage = .english) throws -> Data {
        let photo = try preparedPhoto()
        let canvas = try Canvas(width: Self.width, height: Self.height, format: .pdf, title: name)
        try draw(on: canvas, at: .zero, language: language, photo: photo)
        return try canvas.encoded()
    }

    /// Checks what input controls (text lengths, the number), then decodes the photo and
    /// reduces it to what the card prints at 300 dpi when it is larger; nil without a photo.
    func preparedPhoto() throws -> RasterImage? {
        for (field, text) in [("name", name), ("team", team), ("season", season), ("position", positionDetail ?? "")]
        where text.count > Self.maximumTextLength {
            throw PlayerCardError.textTooLong(player: nameForMessages, field: field, maximum: Self.maximumTextLength)
        }
        if let number, !(0...999).contains(number) {
            throw PlayerCardError.invalidNumber(player: nameForMessages, number: number)
        }
        guard let photo else { return nil }
        let image: RasterImage
        do {
            let frame = Layout.photo
            image = try RasterImage(imageData: photo, limits: Self.photoLimits,
                                    fittingIn: Size(width: frame.width * Self.pngScale, height: frame.height * Self.pngScale))
        } catch {
            throw PlayerCardError.unreadablePhoto(player: nameForMessages,
                                                  reason: (error as? LocalizedError)?.errorDescription ?? "\(error)")
        }
        guard image.width > 0, image.height > 0 else {
            throw PlayerCardError.unreadablePhoto(player: nameForMessages, reason: "the image is empty")
        }
        return try image.reduced(toFit: Layout.photo, scale: Self.pngScale)
    }

    /// The name as error messages give it: whole, or its first 60 characters.
    var nameForMessages: String {
        name.count > 60 ? String(name.prefix(60)) + "…" : name
    }
}
