import Foundation
import League
import Stickers
import Support

/// An album of numbered cards as stored: a JSON file with `"format": "touchline-album"` and
/// `"version": 1`, the collection's title, its families (a team, a set) and its cards, and how
/// many copies of each card are owned.
///
/// ```json
/// {
///   "format": "touchline-album", "version": 1,
///   "collection": "Athletic Club 2024/25",
///   "families": [{"id": "first-team", "name": "First team"}],
///   "cards": [{"number": 1, "title": "Unai Simón", "family": "first-team", "image": "images/01.png"}],
///   "owned": {"1": 2},
///   "blocked": {"1": 1}
/// }
/// ```
///
/// `owned` maps card numbers (as strings: JSON object keys are strings) to copies owned; a
/// card not listed, or listed with 0, is missing. `blocked` (optional) maps card numbers to
/// the copies promised in swap proposals, at most the copies owned. `image` is a PNG or JPEG path relative to the JSON
/// file, read only for owned cards.
public struct AlbumDocument: Sendable, Equatable, Codable {
    /// The value of `format`.
    public static let formatName = "touchline-album"
    /// The version this reader knows.
    public static let currentVersion = 1
    /// The most cards an album takes: as many as a sticker collection holds.
    public static let maximumCards = CollectionManifest.maximumCards
    /// The most families an album takes.
    public static let maximumFamilies = 200
    /// The most copies of one card.
    public static let maximumCopies = 999
    /// The largest album file, in bytes.
    public static let maximumFileBytes = 16 << 20

    /// A group of cards, printed as a section under its name.
    public struct Family: Sendable, Equatable, Codable {
        /// What cards name it by.
        public var id: String
        /// The section's heading.
        public var name: String

        /// A family.
        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// A card of the collection.
    public struct Card: Sendable, Equatable, Codable {
        /// The card's number in the collection, 1 to 99,999, unique.
        public var number: Int
        /// What the card shows: a player's name, say. Up to 200 characters.
        public var title: String
        /// The ``Family/id`` of its family.
        public var family: String
        /// A PNG path, relative to the album file.
        public var image: String?

        /// A card.
        public init(number: Int, title: String, family: String, image: String? = nil) {
            self.number = number
            self.title = title
            self.family = family
            self.image = image
        }
    }

    /// Always ``formatName``.
    public var format: String
    /// Always ``currentVersion``.
    public var version: Int
    /// The collection's title, 1 to 200 characters.
    public var collection: String
    /// 1 to 200 families, each a section of the album, in order.
    public var families: [Family]
    /// 1 to 2,000 cards, in any order.
    public var cards: [Card]
    /// Copies owned, by card number written as a string.
    public var owned: [String: Int]
    /// Copies promised in swaps, by card number written as a string (at most those owned).
    public var blocked: [String: Int]

    /// A document of the current format and version.
    public init(collection: String, families: [Family], cards: [Card], owned: [String: Int] = [:],
                blocked: [String: Int] = [:]) {
        format = Self.formatName
        version = Self.currentVersion
        self.collection = collection
        self.families = families
        self.cards = cards
        self.owned = owned
        self.blocked = blocked
    }

    enum CodingKeys: String, CodingKey {
        case format, version, collection, families, cards, owned, blocked
    }

    /// Encodes the JSON form, leaving `blocked` out when nothing is promised.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(version, forKey: .version)
        try container.encode(collection, forKey: .collection)
        try container.encode(families, forKey: .families)
        try container.encode(cards, forKey: .cards)
        try container.encode(owned, forKey: .owned)
        if !blocked.isEmpty { try container.encode(blocked, forKey: .blocked) }
    }

    /// Decodes the JSON form; `owned` may be left out (nothing owned yet), and `blocked` (nothing
    /// promised).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        version = try container.decode(Int.self, forKey: .version)
        collection = try container.decode(String.self, forKey: .collection)
        families = try container.decode([Family].self, forKey: .families)
        cards = try container.decode([Card].self, forKey: .cards)
        owned = try container.decodeIfPresent([String: Int].self, forKey: .owned) ?? [:]
        blocked = try container.decodeIfPresent([String: Int].self, forKey: .blocked) ?? [:]
    }

    /// Reads and checks an album file's bytes; `source` names the file in errors.
    ///
    /// - Throws: ``AlbumError`` naming the field (`cards[3].family`) or card that is wrong.
    public init(data: Data, source: String) throws {
        guard data.count <= Self.maximumFileBytes else {
            throw AlbumError.invalid(source: source, field: "", message: "the file is larger than 16 MiB")
        }
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch let error as DecodingError {
            throw Self.describe(error, data: data, source: source)
        } catch {
            throw AlbumError.syntax(source: source, message: error.localizedDescription)
        }
        try validate(source: source)
    }

    /// Checks every rule of the format, reporting the first broken one.
    public func validate(source: String) throws {
        func fail(_ field: String, _ message: String) -> AlbumError {
            AlbumError.invalid(source: source, field: field, message: message)
        }
        guard format == Self.formatName else {
            throw fail("format", "expected \"\(Self.formatName)\", found \"\(format)\"")
        }
        guard version == Self.currentVersion else {
            throw fail("version", "version \(version) is not supported (expected \(Self.currentVersion))")
        }
        try Self.checkText(collection, field: "collection", maximum: 200, source: source)
        guard (1...Self.maximumFamilies).contains(families.count) else {
            throw fail("families", "expected 1 to \(Self.maximumFamilies) families, found \(families.count)")
        }
        var familyIDs: [String: Int] = [:]
        for (index, family) in families.enumerated() {
            try Self.checkText(family.id, field: "families[\(index)].id", maximum: 100, source: source)
            try Self.checkText(family.name, field: "families[\(index)].name", maximum: 100, source: source)
            if let earlier = familyIDs[family.id] {
                throw fail("families[\(index)].id", "'\(family.id)' is also the id of families[\(earlier)]")
            }
            familyIDs[family.id] = index
        }
        guard (1...Self.maximumCards).contains(cards.count) else {
            throw fail("cards", "expected 1 to \(Self.maximumCards.formatted()) cards, found \(cards.count.formatted())")
        }
        var numbers: [Int: Int] = [:]
        for (index, card) in cards.enumerated() {
            let field = "cards[\(index)]"
            guard (1...99_999).contains(card.number) else {
                throw fail(field + ".number", "\(card.number) is not a card number from 1 to 99999")
            }
            if let earlier = numbers[card.number] {
                throw fail(field + ".number", "card \(card.number) is also cards[\(earlier)]")
            }
            numbers[card.number] = index
            guard card.title.count <= 200 else { throw fail(field + ".title", "is longer than 200 characters") }
            guard familyIDs[card.family] != nil else {
                let known = families.prefix(10).map(\.id).joined(separator: ", ")
                throw fail(field + ".family", "'\(card.family)' is not the id of a family (\(known)\(families.count > 10 ? ", ..." : ""))")
            }
            if let image = card.image, image.isEmpty || image.count > 1024 {
                throw fail(field + ".image", "expected a file path of 1 to 1024 characters")
            }
        }
        for (key, count) in owned.sorted(by: { $0.key < $1.key }) {
            guard key.allSatisfy(\.isASCII), let number = Int(key), numbers[number] != nil else {
                throw fail("owned.\(key)", "there is no card '\(key)' in the collection")
            }
            guard (0...Self.maximumCopies).contains(count) else {
                throw fail("owned.\(key)", "\(count) is not a number of copies from 0 to \(Self.maximumCopies)")
            }
        }
        for (key, count) in blocked.sorted(by: { $0.key < $1.key }) {
            guard key.allSatisfy(\.isASCII), let number = Int(key), numbers[number] != nil else {
                throw fail("blocked.\(key)", "there is no card '\(key)' in the collection")
            }
            guard (0...copies(of: number)).contains(count) else {
                throw fail("blocked.\(key)", "\(count) is not a number of copies from 0 to the \(copies(of: number)) owned")
            }
        }
    }

    /// Copies owned of card `number`.
    public func copies(of number: Int) -> Int { owned[String(number)] ?? 0 }

    /// Copies of card `number` promised in swaps.
    public func blockedCopies(of number: Int) -> Int { blocked[String(number)] ?? 0 }

    private static func checkText(_ text: String, field: String, maximum: Int, source: String) throws {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, text.count <= maximum else {
            throw AlbumError.invalid(source: source, field: field, message: "expected text of 1 to \(maximum) characters")
        }
    }

    /// The path and text of the first number in `data` (keys in order) that is not a whole
    /// number an `Int` holds, or nil.
    private static func firstNonWholeNumber(in data: Data) -> (String, String)? {
        func search(_ value: Any, _ path: String) -> (String, String)? {
            if let object = value as? [String: Any] {
                for key in object.keys.sorted() {
                    let field = path.isEmpty ? key : "\(path).\(key)"
                    if let value = object[key], let found = search(value, field) { return found }
                }
            } else if let array = value as? [Any] {
                for (index, item) in array.enumerated() {
                    if let found = search(item, "\(path)[\(index)]") { return found }
                }
            } else if let number = value as? NSNumber, !(value is Bool) {
                let double = number.doubleValue
                let whole = double.rounded() == double && abs(double) < 9.2e18
                if !whole { return (path, "\(number)") }
            }
            return nil
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) else { return nil }
        return search(root, "")
    }

    /// A decoding error as an ``AlbumError`` naming the JSON path.
    private static func describe(_ error: DecodingError, data: Data, source: String) -> AlbumError {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce("") { text, key in
                if let index = key.intValue, !(codingPath.first?.stringValue == "owned") { return text + "[\(index)]" }
                return text.isEmpty ? key.stringValue : text + "." + key.stringValue
            }
        }
        func expected(_ type: Any.Type) -> String {
            switch type {
            case is String.Type: return "a string"
            case is Int.Type: return "a whole number"
            case is [String: Int].Type: return "an object of card numbers and counts"
            default:
                return String(describing: type).hasPrefix("Array") ? "an array" : "an object"
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .invalid(source: source, field: path(context.codingPath + [key]), message: "missing")
        case .valueNotFound(let type, let context):
            return .invalid(source: source, field: path(context.codingPath), message: "expected \(expected(type)), found null")
        case .typeMismatch(let type, let context):
            return .invalid(source: source, field: path(context.codingPath), message: "expected \(expected(type))")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, let syntax = JSONSyntaxError.locate(in: data) {
                return .syntax(source: source, message: "line \(syntax.line), column \(syntax.column): \(syntax.message)")
            }
            // Foundation reports a number that does not fit an Int as invalid JSON, with no
            // path; every number of the format is a whole one, so the first other one is it.
            if context.codingPath.isEmpty, let (field, number) = firstNonWholeNumber(in: data) {
                return .invalid(source: source, field: field, message: "expected a whole number, found \(number)")
            }
            return .invalid(source: source, field: path(context.codingPath), message: context.debugDescription)
        @unknown default:
            return .syntax(source: source, message: error.localizedDescription)
        }
    }
}
