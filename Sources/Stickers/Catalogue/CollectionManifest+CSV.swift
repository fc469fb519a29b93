import Foundation
import Support

extension CollectionManifest {
    /// The file names an import folder (or archive) may hold its manifest in: one or the other.
    public static let jsonFileName = "collection.json"
    public static let csvFileName = "collection.csv"

    /// What a CSV manifest cannot say, given beside it: the collection's name, and optionally
    /// its description and envelope size.
    public struct CSVDetails: Sendable, Hashable {
        public var name: String
        public var description: String?
        public var packSize: Int?

        public init(name: String, description: String? = nil, packSize: Int? = nil) {
            self.name = name
            self.description = description
            self.packSize = packSize
        }

        /// The first detail that breaks the manifest's rules, as `option` names it (`--name`,
        /// or `query parameter 'name'`, for the fields `name`, `description` and `packSize`).
        ///
        /// - Throws: ``ManifestError/unreadable(source:message:)`` whose source is the option.
        func check(naming option: (String) -> String) throws {
            if let problem = CollectionManifest.detailProblems(name: name, description: description, packSize: packSize).first {
                throw ManifestError.unreadable(source: option(problem.field), message: problem.expected)
            }
        }
    }

    /// The columns of `collection.csv`, by their header names (any case, any order).
    public enum CSVColumn: String, Sendable, CaseIterable {
        case family, number, title, description, image, rarity

        /// The columns every header must name.
        public static let required: [CSVColumn] = [.family, .number, .title]
    }

    /// Reads an import folder or archive: its manifest, ``jsonFileName`` or ``csvFileName``
    /// (not both), and every image the manifest names that it holds (one it lacks is left for
    /// the service to report with the rest). `file` gives the bytes of a file by its path
    /// inside, or nil when there is none; `source` names a file of it in messages (the whole
    /// for ""); `details` is what a CSV manifest cannot say, given by the front end's options
    /// (`detailsOption` names them: `name` as `--name`, `packSize` as `--pack-size`, ...),
    /// refused beside `collection.json`, which says it all.
    ///
    /// - Throws: ``ManifestError`` (``ManifestError/missing(source:)`` when neither manifest is
    ///   there), or what `file` throws.
    public static func readFolder(source: (String) -> String, details: CSVDetails?, detailsOption: (String) -> String,
                                  file: (String) throws -> Data?) throws -> (manifest: CollectionManifest, images: [String: Data]) {
        let manifest: CollectionManifest
        switch (try file(jsonFileName), try file(csvFileName)) {
        case (nil, nil): throw ManifestError.missing(source: source(""))
        case (_?, _?):
            throw ManifestError.unreadable(source: source(""), message: "holds both \(jsonFileName) and \(csvFileName); keep the one "
                                           + "to import")
        case (let json?, nil):
            guard details == nil else {
                throw ManifestError.unreadable(source: source(jsonFileName), message: "names its collection itself; "
                                               + "\(detailsOption("name")) is for a \(csvFileName) manifest")
            }
            manifest = try read(json, source: source(jsonFileName))
        case (nil, let csv?):
            guard let details else {
                throw ManifestError.unreadable(source: source(csvFileName), message: "does not name its collection; give the name "
                                               + "with \(detailsOption("name"))")
            }
            try details.check(naming: detailsOption)
            manifest = try read(csv: csv, source: source(csvFileName), details: details)
        }
        var images: [String: Data] = [:]
        for path in manifest.imagePaths {
            if let data = try file(path) { images[path] = data }
        }
        return (manifest, images)
    }

    /// Reads `collection.csv`, a spreadsheet's list of cards, one a line after a header:
    ///
    /// ```
    /// family,number,title,image,rarity
    /// Athletic,1,Unai Simón,athletic/1.png,
    /// Athletic,2,"Williams, Iñaki",athletic/2.png,rare
    /// ```
    ///
    /// - `family`, `number` and `title` are required, `description`, `image` and `rarity` optional
    ///   (an empty field is the default: no description, no image, `common`); another column is
    ///   refused, so that a misspelt one is not dropped quietly.
    /// - Families come in the order they first appear, each card in its line's order; a family's
    ///   lines need not be together.
    /// - Fields are split as RFC 4180 says (``CSVRecordSplitter``); text is UTF-8, a leading
    ///   byte-order mark (as spreadsheets write) is skipped.
    /// - Every rule of ``read(_:source:)`` holds, and every problem is reported at once, naming
    ///   its line (`collection.csv: 2 problems: line 4, number: ...`).
    ///
    /// - Throws: ``ManifestError``.
    public static func read(csv data: Data, source: String, details: CSVDetails) throws -> CollectionManifest {
        guard data.count <= maximumBytes else {
            throw ManifestError.unreadable(source: source, message: "is larger than \(maximumBytes >> 20) MiB")
        }
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(data: Data(bytes), encoding: .utf8) else {
            throw ManifestError.unreadable(source: source, message: "is not UTF-8 text")
        }
        let records: [CSVRecordSplitter.Record]
        switch CSVRecordSplitter.split(text, limit: maximumCards + 2) {
        case .success(let found): records = found
        case .failure(let failure): throw ManifestError.unreadable(source: source, message: "line \(failure.line): \(failure.message)")
        }
        guard let header = records.first else {
            throw ManifestError.unreadable(source: source, message: "empty: expected a header line such as 'family,number,title,image'")
        }
        let columns = try csvColumns(header, source: source)
        let rows = records.dropFirst()
        var problems: [String] = []
        if rows.isEmpty { problems.append("line \(header.line + 1): expected a card on each line after the header, found none") }
        if rows.count > maximumCards {
            throw ManifestError.invalid(source: source, problems: [
                "line \(rows[rows.startIndex + maximumCards].line): expected at most \(maximumCards) cards in all"])
        }
        var families: [Family] = [], lines: [[Int]] = [], positions: [String: Int] = [:]
        for row in rows {
            guard row.fields.count == header.fields.count else {
                problems.append("line \(row.line): \(row.fields.count) fields where the header has \(header.fields.count) "
                                + "(quote fields that hold commas)")
                continue
            }
            func field(_ column: CSVColumn) -> String? {
                guard let index = columns[column] else { return nil }
                let value = row.fields[index].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
            let numberText = field(.number) ?? ""
            guard let number = Int(numberText) else {
                problems.append("line \(row.line), number: expected a whole number, not \"\(numberText.prefix(20))\"")
                continue
            }
            var rarity: Rarity?
            if let name = field(.rarity) {
                guard let known = Rarity(rawValue: name.lowercased()) else {
                    problems.append("line \(row.line), rarity: expected \"common\", \"rare\" or \"special\", not \"\(name.prefix(20))\"")
                    continue
                }
                rarity = known
            }
            let card = Card(number: number, title: field(.title) ?? "", description: field(.description),
                            image: field(.image), rarity: rarity)
            let family = field(.family) ?? ""
            if let index = positions[family] {
                families[index].cards.append(card)
                lines[index].append(row.line)
            } else {
                positions[family] = families.count
                families.append(Family(name: family, cards: [card]))
                lines.append([row.line])
            }
        }
        let manifest = CollectionManifest(name: details.name, description: details.description, packSize: details.packSize,
                                          families: families)
        // With no family read, the lines' own problems say why; the rules of a whole manifest
        // would only add "expected at least one family".
        if !families.isEmpty { problems += manifest.problems(at: .csv(lines: lines)) }
        guard problems.isEmpty else { throw ManifestError.invalid(source: source, problems: problems) }
        return manifest
    }

    /// Each known column's position in the header; an unknown, repeated or missing one refused.
    private static func csvColumns(_ header: CSVRecordSplitter.Record, source: String) throws -> [CSVColumn: Int] {
        var columns: [CSVColumn: Int] = [:]
        let expected = CSVColumn.allCases.map(\.rawValue).joined(separator: ", ")
        for (position, name) in header.fields.enumerated() {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let column = CSVColumn(rawValue: trimmed.lowercased()) else {
                throw ManifestError.invalid(source: source, problems: [
                    "line \(header.line): unknown column \"\(trimmed.prefix(40))\" (expected \(expected))"])
            }
            guard columns.updateValue(position, forKey: column) == nil else {
                throw ManifestError.invalid(source: source, problems: ["line \(header.line): column \"\(column.rawValue)\" twice"])
            }
        }
        let missing = CSVColumn.required.filter { columns[$0] == nil }.map(\.rawValue)
        guard missing.isEmpty else {
            throw ManifestError.invalid(source: source, problems: [
                "line \(header.line): the header lacks \(missing.joined(separator: ", ")) (expected \(expected))"])
        }
        return columns
    }
}
