import Foundation

/// Reads a season's matches from the open formats football data is published in:
/// openfootball's football.json (current and legacy forms), Football.TXT, and CSV.
///
/// An import is all or nothing: a malformed input throws an ``ImportError`` naming the line
/// (text formats) or the JSON path (`matches[12].score.ft`) and what was expected. What can be
/// read but is doubtful goes into the result's validation report (``ImportResult/issues``):
/// matches with an unknown status and duplicates are skipped, scores that do not agree with
/// their half-time or extra-time score are kept and flagged as suspicious.
///
/// ```swift
/// let result = try SeasonImporter.read(contentsOf: URL(fileURLWithPath: "en.1.json"))
/// print(result.season.name, result.season.matches.count)   // English Premier League 2023/24 380
/// for issue in result.issues { print(issue) }
///
/// let csv = Data("Round,Date,Team 1,FT,Team 2\nMatchday 1,2024-08-16,Leeds,2-1,Hull\n".utf8)
/// let season = try SeasonImporter.read(csv, source: "cup.csv").season   // format detected
/// ```
///
/// Every match is normalised the same way: dates `YYYY-MM-DD`, times `HH:MM` (a zone note such
/// as `UTC+3` is left out), team names trimmed with inner white space collapsed, the round's
/// label kept in `round` and its number (`Matchday 12`, `Round 3`, `12. Round`) in `matchday`.
///
/// Limits: inputs up to ``maximumInputBytes``, ``maximumMatches`` matches, team names of
/// ``maximumNameLength`` characters, labels of ``maximumLabelLength`` characters and
/// ``maximumGoals`` goals a side.
public enum SeasonImporter {
    /// The formats the importer reads.
    public enum Format: String, Sendable, CaseIterable {
        /// openfootball football.json, current form: `{"name", "matches": [...]}`.
        case footballJSON
        /// openfootball football.json, legacy form: `{"name", "rounds": [{"name", "matches": [...]}]}`.
        case footballJSONLegacy
        /// openfootball Football.TXT plain text (`= Title`, `Matchday 1`, `[Sat Aug/15]`,
        /// `15.00  Aston Villa  0-2 (0-1)  Wigan Athletic`, or dates inline on match lines).
        case footballTXT
        /// CSV with a header line naming `Round,Date,Team 1,FT,Team 2` (and optionally `HT`,
        /// `ET`, `P`, `Status`, `Time`), RFC 4180 quoting.
        case csv
    }

    /// Inputs above this size (32 MiB) are refused.
    public static let maximumInputBytes = 32 * 1024 * 1024
    /// At most this many matches in one input.
    public static let maximumMatches = 200_000
    /// Team (and scorer) names are at most this many characters.
    public static let maximumNameLength = 100
    /// Season names and round labels are at most this many characters.
    public static let maximumLabelLength = 200
    /// Goals in one score are at most this many.
    public static let maximumGoals = 999

    /// The format of `data`, told from its content, or nil when it is none of ``Format``.
    ///
    /// JSON is parsed: an object with `matches` is ``Format/footballJSON``, one with `rounds`
    /// ``Format/footballJSONLegacy``. Text whose first line is a CSV header naming `Team 1` and
    /// `Team 2` is ``Format/csv``; text that starts with a `= Title` line, or whose first lines
    /// hold rounds, dates or scores (`Matchday 1`, `[Sat Aug/15]`, `Leeds  2-1  Hull`), is
    /// ``Format/footballTXT``.
    public static func detectFormat(_ data: Data) -> Format? {
        guard data.count <= maximumInputBytes else { return nil }
        let head = ImportText.lenientPrefix(data, bytes: 64 * 1024)
        guard let first = head.first(where: { !ImportText.isSpace($0) }) else { return nil }
        if first == "{" || first == "[" {
            return FootballJSONInput.detectFormat(withoutBOM(data))
        }
        return textFormat(head)
    }

    /// Reads a season from `data`.
    ///
    /// - Parameters:
    ///   - source: the input's name for messages, usually its file name. When the input has no
    ///     season name (CSV, a Football.TXT file without a `= Title` line), it is the file name
    ///     without its extension.
    ///   - format: the format, or nil to detect it (``detectFormat(_:)``).
    /// - Throws: ``ImportError`` when the input is too large, not UTF-8, of no known format, or
    ///   malformed anywhere.
    public static func read(_ data: Data, source: String, format: Format? = nil) throws(ImportError) -> ImportResult {
        try read(data, source: source, format: format, fallback: nil)
    }

    /// Reads a season from a file.
    ///
    /// The format is detected from the content when not given; a `.csv` or `.txt` file whose
    /// content does not tell is read as CSV or Football.TXT. Messages name the file by its last
    /// path component.
    ///
    /// - Throws: ``ImportError`` as ``read(_:source:format:)`` does (a file over
    ///   ``maximumInputBytes`` is refused before it is loaded), or the file system's error
    ///   when the file cannot be read.
    public static func read(contentsOf url: URL, format: Format? = nil) throws -> ImportResult {
        let source = url.lastPathComponent
        if let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize, size > maximumInputBytes {
            throw tooLarge(size, source: source)
        }
        let data = try Data(contentsOf: url)
        let fallback: Format?
        switch url.pathExtension.lowercased() {
        case "csv": fallback = .csv
        case "txt": fallback = .footballTXT
        default: fallback = nil
        }
        return try read(data, source: source, format: format, fallback: fallback)
    }

    // MARK: - Internals

    static func read(_ data: Data, source: String, format: Format?, fallback: Format?) throws(ImportError) -> ImportResult {
        guard data.count <= maximumInputBytes else { throw tooLarge(data.count, source: source) }
        let text = try ImportText.decode(data, source: source)
        let startsWithJSON = text.first(where: { !ImportText.isSpace($0) }).map { $0 == "{" || $0 == "[" } ?? false

        let json = withoutBOM(data)
        let resolved: Format
        if let format {
            resolved = format
        } else if startsWithJSON {
            switch try ImportJSONDecoding.decode(FootballJSONInput.self, from: json, source: source) {
            case .current(let document):
                return try FootballJSONReader(source: source).read(document)
            case .legacy(let document):
                return try FootballJSONLegacyReader(source: source).read(document)
            case .other:
                throw ImportError(.unknownFormat, source: source,
                                  "a JSON document without 'matches' (football.json) or 'rounds' (legacy football.json)")
            }
        } else if let found = textFormat(text) ?? fallback {
            resolved = found
        } else {
            throw ImportError(.unknownFormat, source: source,
                              "cannot tell the format: expected football.json, Football.TXT (a '= Title' line, rounds, dates, matches) or CSV with a 'Round,Date,Team 1,FT,Team 2' header")
        }

        switch resolved {
        case .footballJSON:
            let document = try ImportJSONDecoding.decode(FootballJSONDocument.self, from: json, source: source)
            return try FootballJSONReader(source: source).read(document)
        case .footballJSONLegacy:
            let document = try ImportJSONDecoding.decode(FootballJSONLegacyDocument.self, from: json, source: source)
            return try FootballJSONLegacyReader(source: source).read(document)
        case .footballTXT:
            return try FootballTXTReader(source: source).read(text)
        case .csv:
            return try SeasonCSVReader(source: source).read(text)
        }
    }

    /// The season's name when the input has none: the source without its extension.
    static func defaultName(_ source: String) -> String {
        guard let dot = source.lastIndex(of: "."), dot != source.startIndex else { return source }
        return String(source[..<dot])
    }

    private static func tooLarge(_ size: Int, source: String) -> ImportError {
        ImportError(.tooLarge, source: source, "\(size) bytes; inputs of at most \(maximumInputBytes) bytes (32 MiB) are accepted")
    }

    private static func withoutBOM(_ data: Data) -> Data {
        data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
    }

    private static func textFormat(_ text: String) -> Format? {
        if SeasonCSVReader.looksLikeCSV(text) { return .csv }
        if FootballTXTReader.looksLikeTXT(text) { return .footballTXT }
        return nil
    }
}
