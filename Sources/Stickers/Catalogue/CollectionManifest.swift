import Foundation
import Support

/// A whole collection in one file, `collection.json` in an import folder beside its images:
///
/// ```json
/// {"format": "touchline.collection", "version": 1, "name": "Liga 2024/25",
///  "description": "...", "packSize": 5, "weights": {"common": 1, "rare": 0.25, "special": 0.05},
///  "cover": "cover.png",
///  "families": [{"name": "Athletic", "cards": [
///     {"number": 1, "title": "Unai Simón", "description": "...", "image": "athletic/1.png", "rarity": "common"}]}]}
/// ```
///
/// `description`, `packSize` (5), `weights` (``RarityWeights/standard``), `cover`, a card's
/// `description`, `image` and `rarity` (`common`) are optional. Image paths are relative to the
/// folder, with `/` between folders and no `..`. ``read(_:source:)`` checks every rule and
/// reports every broken one at once.
public struct CollectionManifest: Sendable, Hashable, Codable {
    /// One family (a team) and its cards.
    public struct Family: Sendable, Hashable, Codable {
        public var name: String
        public var cards: [Card]

        public init(name: String, cards: [Card]) {
            self.name = name
            self.cards = cards
        }
    }

    /// One card of a family.
    public struct Card: Sendable, Hashable, Codable {
        public var number: Int
        public var title: String
        public var description: String?
        public var image: String?
        public var rarity: Rarity?

        public init(number: Int, title: String, description: String? = nil, image: String? = nil, rarity: Rarity? = nil) {
            self.number = number
            self.title = title
            self.description = description
            self.image = image
            self.rarity = rarity
        }
    }

    /// The format's name and version.
    public static let formatName = "touchline.collection"
    public static let currentVersion = 1
    /// The largest manifest read.
    public static let maximumBytes = 4 << 20
    /// The most cards and families a collection may have: as many cards as the album printer
    /// prints in one album (a World Cup album has about 700).
    public static let maximumCards = 2_000
    /// The largest card image or cover, as the album printer reads them: a slot prints at about
    /// 300 x 400 px, so a card scanned at 300 dpi (750 x 1050) fits with room to spare.
    public static let imageMaximumSide = 2_048
    public static let imageMaximumPixels = 4_000_000
    public static let maximumFamilies = 500
    /// The highest card number.
    public static let maximumNumber = 99_999
    /// How long a name or title (a collection's, a family's, a card's) and a description may be,
    /// in characters.
    public static let nameLength = 1...100
    public static let descriptionLength = 0...2_000
    /// The most problems one report lists.
    static let problemsShown = 10

    public var format: String
    public var version: Int
    public var name: String
    public var description: String?
    public var packSize: Int?
    public var weights: RarityWeights?
    public var cover: String?
    public var families: [Family]

    public init(name: String, description: String? = nil, packSize: Int? = nil, weights: RarityWeights? = nil,
                cover: String? = nil, families: [Family]) {
        format = Self.formatName
        version = Self.currentVersion
        self.name = name
        self.description = description
        self.packSize = packSize
        self.weights = weights
        self.cover = cover
        self.families = families
    }

    /// Every image path the manifest names (the cover first, then the cards'), each once.
    public var imagePaths: [String] {
        var seen = Set<String>()
        return ([cover] + families.flatMap { $0.cards.map(\.image) }).compactMap { $0 }.filter { seen.insert($0).inserted }
    }

    /// Reads and checks a manifest; `source` names it in messages.
    ///
    /// - Throws: ``ManifestError``: unreadable JSON (with line and column), or every rule broken.
    public static func read(_ data: Data, source: String) throws -> CollectionManifest {
        guard data.count <= maximumBytes else {
            throw ManifestError.unreadable(source: source, message: "is larger than \(maximumBytes >> 20) MiB")
        }
        if let syntax = JSONSyntaxError.nesting(deeperThan: 16, in: data) {
            throw ManifestError.unreadable(source: source, message: "line \(syntax.line), column \(syntax.column): \(syntax.message)")
        }
        let manifest: CollectionManifest
        do {
            manifest = try JSONDecoder().decode(CollectionManifest.self, from: data)
        } catch let error as DecodingError {
            throw ManifestError.unreadable(source: source, message: describe(error, data: data))
        }
        let problems = manifest.problems()
        guard problems.isEmpty else { throw ManifestError.invalid(source: source, problems: problems) }
        return manifest
    }

    /// The manifest as `collection.json` holds it: pretty-printed, keys sorted, a newline at
    /// the end, so that the same collection exports the same bytes.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Every rule the manifest breaks, in the order of the file, each naming its place: a JSON
    /// path (`families[0].cards[2].number`) unless `places` says otherwise (a CSV manifest's
    /// lines, ``read(csv:source:details:)``).
    public func problems() -> [String] {
        problems(at: .json)
    }

    func problems(at places: ManifestPlaces) -> [String] {
        var problems: [String] = []
        if format != Self.formatName { problems.append("format: expected \"\(Self.formatName)\"") }
        if version != Self.currentVersion { problems.append("version: expected \(Self.currentVersion), not \(version)") }
        for (field, expected) in Self.detailProblems(name: name, description: description, packSize: packSize) {
            problems.append("\(places.collectionField(field)): \(expected)")
        }
        if let weights {
            do { _ = try weights.validated() } catch { problems.append(error.localizedDescription) }
        }
        if let cover { Self.checkImagePath(cover, places.collectionField("cover"), into: &problems) }
        if families.isEmpty { problems.append("\(places.families): expected at least one family") }
        if families.count > Self.maximumFamilies {
            problems.append("\(places.families): expected at most \(Self.maximumFamilies), not \(families.count)")
        }
        var familyNames: [String: Int] = [:], numbers: [Int: String] = [:]
        var cards = 0
        for (index, family) in families.enumerated() {
            let field = places.familyName(index)
            Self.checkText(family.name, field, Self.nameLength, into: &problems)
            if let first = familyNames[CaseFold.key(family.name)] {
                problems.append("\(field): \"\(family.name)\" is the name of \(places.family(first)) too "
                                + "(names are told apart ignoring case)")
            } else {
                familyNames[CaseFold.key(family.name)] = index
            }
            for (position, card) in family.cards.enumerated() {
                cards += 1
                let place = places.card(index, position)
                if !(1...Self.maximumNumber).contains(card.number) {
                    problems.append("\(places.field(place, "number")): expected 1 to \(Self.maximumNumber), not \(card.number)")
                } else if let first = numbers[card.number] {
                    problems.append("\(places.field(place, "number")): \(card.number) is the number of \(first) too")
                } else {
                    numbers[card.number] = place
                }
                Self.checkText(card.title, places.field(place, "title"), Self.nameLength, into: &problems)
                if let description = card.description {
                    Self.checkText(description, places.field(place, "description"), Self.descriptionLength, into: &problems)
                }
                if let image = card.image { Self.checkImagePath(image, places.field(place, "image"), into: &problems) }
            }
        }
        if cards > Self.maximumCards {
            problems.append("\(places.families): expected at most \(Self.maximumCards) cards in all, not \(cards)")
        }
        return problems
    }

    private static func checkText(_ text: String, _ field: String, _ length: ClosedRange<Int>, into problems: inout [String]) {
        if let problem = textProblem(text, field, length) { problems.append(problem) }
    }

    /// What is wrong with `text` as `field` of `length` characters (a name or title 1 to 100,
    /// a description 0 to 2,000), or nil: the manifest's rule, for a catalogue edited one field
    /// at a time too.
    public static func textProblem(_ text: String, _ field: String, _ length: ClosedRange<Int>) -> String? {
        textExpectation(text, length).map { "\(field): \($0)" }
    }

    /// What the collection-wide fields break, each with what was expected: the one rule for a
    /// manifest's and for what a front end gives beside a CSV manifest
    /// (``CSVDetails``), which each name the field their own way.
    static func detailProblems(name: String, description: String?, packSize: Int?) -> [(field: String, expected: String)] {
        var problems: [(field: String, expected: String)] = []
        if let expected = textExpectation(name, nameLength) { problems.append(("name", expected)) }
        if let description, let expected = textExpectation(description, descriptionLength) {
            problems.append(("description", expected))
        }
        if let packSize, !(1...EnvelopeDraw.maximumSize).contains(packSize) {
            problems.append(("packSize", "expected 1 to \(EnvelopeDraw.maximumSize) cards an envelope, not \(packSize)"))
        }
        return problems
    }

    /// What `text` of `length` characters should have been, or nil: ``textProblem(_:_:_:)``
    /// without its field.
    static func textExpectation(_ text: String, _ length: ClosedRange<Int>) -> String? {
        if text.contains("\0") { return "expected text without NUL characters" }
        if !length.contains(text.count) || (length.lowerBound > 0 && text.trimmingCharacters(in: .whitespaces).isEmpty) {
            return "expected \(length.lowerBound) to \(length.upperBound) characters, not \(text.count)"
        }
        return nil
    }

    /// A relative path inside the folder, to a `.png`, `.jpg` or `.jpeg` file.
    private static func checkImagePath(_ path: String, _ field: String, into problems: inout [String]) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let lower = path.lowercased()
        if path.isEmpty || path.count > 300 || path.hasPrefix("/") || path.contains("\\") || path.contains("\0")
            || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            problems.append("\(field): expected a path inside the folder (no leading /, no .., at most 300 characters), not \"\(path.prefix(300))\"")
        } else if !(lower.hasSuffix(".png") || lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg")) {
            problems.append("\(field): expected a .png, .jpg or .jpeg file, not \"\(path)\"")
        }
    }

    private static func describe(_ error: DecodingError, data: Data) -> String {
        if case .dataCorrupted(let context) = error, context.codingPath.last?.stringValue == "rarity" {
            return CodingPathText.path(context.codingPath) + ": expected \"common\", \"rare\" or \"special\""
        }
        return CodingPathText.describe(error, in: data)
    }
}

/// Why a collection manifest was refused: one line naming the file and what was expected.
public enum ManifestError: Error, Sendable, Hashable, LocalizedError {
    /// Not JSON of the format's shape.
    case unreadable(source: String, message: String)
    /// JSON of the right shape that breaks rules: every one broken.
    case invalid(source: String, problems: [String])
    /// A folder or archive with no manifest, neither `collection.json` nor `collection.csv`.
    case missing(source: String)

    public var errorDescription: String? {
        switch self {
        case .unreadable(let source, let message): return "\(source): \(message)"
        case .missing(let source):
            return "\(source): no \(CollectionManifest.jsonFileName) or \(CollectionManifest.csvFileName) in it"
        case .invalid(let source, let problems):
            let shown = problems.prefix(CollectionManifest.problemsShown).joined(separator: "; ")
            let more = problems.count > CollectionManifest.problemsShown
                ? "; and \(problems.count - CollectionManifest.problemsShown) more" : ""
            return "\(source): \(problems.count) problem\(problems.count == 1 ? "" : "s"): \(shown)\(more)"
        }
    }
}
