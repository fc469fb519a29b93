import Canvas
import Foundation

/// Reads GPS tracks, routes and waypoints from GPX, KML, GeoJSON, TCX and encoded polylines.
///
/// The format is the one given, else the one a file's extension names (`.gpx`, `.kml`, `.tcx`,
/// `.geojson`, `.json`), else detected from the content. XML formats are parsed as a stream
/// (libxml2's push parser, fed in chunks), so a file of hundreds of megabytes is never
/// held whole: memory grows with the points kept, not the bytes read. Values that would be
/// wrong are dropped and counted in the result's `report` rather than failing the whole file;
/// a file with nothing usable, malformed syntax, or more than `maximumPointCount` points throws
/// a `RouteReadError` that names the source, line and column.
///
/// ```swift
/// let result = try RouteReader.read(contentsOf: URL(fileURLWithPath: "hike.gpx"))
/// for track in result.document.tracks { print(track.name ?? "-", track.points.count) }
/// if !result.report.isEmpty { print("dropped:", result.report.dropped) }
///
/// let line = try RouteReader.read(Data("_p~iF~ps|U_ulLnnqC_mqNvxq`@".utf8), source: "directions")
/// // line.format == .polyline, one track of three points
/// ```
public enum RouteReader {
    /// The most points (kept or dropped) one input may hold.
    public static let maximumPointCount = 20_000_000

    /// The largest GeoJSON or polyline input accepted: 128 MiB. Foundation has no streaming JSON
    /// parser, so these are decoded in memory (a file is memory-mapped, not copied); decoding
    /// GeoJSON peaks at about nine times the file size.
    public static let maximumInMemoryBytes = 128 * 1_024 * 1_024

    /// How many leading bytes of a file `read(contentsOf:)` looks at to detect its format.
    static let detectionPrefixBytes = 65_536

    // MARK: Reading

    /// Reads the file at `url` in the format given, else the one its extension names (see
    /// ``RouteFormat/init(fileExtension:)``), else the one its content shows.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - format: The format to read the file as; nil to go by the extension or the content.
    ///   - polylinePrecision: Decimal digits of an encoded polyline (5 for Google, 6 for OSRM
    ///     and Valhalla).
    /// - Throws: `RouteReadError`, with `source` set to the file's path.
    public static func read(contentsOf url: URL, format: RouteFormat? = nil, polylinePrecision: Int = 5) throws(RouteReadError) -> ReadResult {
        let source = url.isFileURL ? url.path : url.absoluteString
        guard url.isFileURL else {
            throw RouteReadError(source: source, message: "only local files can be read", kind: .unreadable)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw RouteReadError(source: source, message: "no such file", kind: .unreadable)
        }
        guard !isDirectory.boolValue else {
            throw RouteReadError(source: source, message: "is a directory, not a route file", kind: .unreadable)
        }

        let resolved: RouteFormat
        let head = try readPrefix(of: url, source: source)
        if let format {
            resolved = format
        } else if let named = RouteFormat(fileExtension: url.pathExtension) {
            // The name is trusted over the content: `[[[...]]]` in a .geojson file is deep JSON,
            // not the encoded polyline its characters would also spell.
            if detection(head) == .empty {
                throw RouteReadError(source: source, message: "the input is empty", kind: .unrecognizedFormat)
            }
            resolved = named
        } else {
            resolved = try detect(head, source: source)
        }

        switch resolved {
        case .gpx, .kml, .tcx:
            try checkXMLEncoding(head, source: source)
            return try readXML(.file(url), format: resolved, source: source)
        case .geojson, .polyline:
            let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            guard size <= maximumInMemoryBytes else {
                throw tooLarge(size, format: resolved, source: source)
            }
            let data: Data
            do {
                data = try Data(contentsOf: url, options: .alwaysMapped)
            } catch {
                throw RouteReadError(source: source, message: "cannot read the file: \(error.localizedDescription)", kind: .unreadable)
            }
            return try readInMemory(data, format: resolved, source: source, polylinePrecision: polylinePrecision)
        }
    }

    /// Reads route data already in memory.
    ///
    /// - Parameters:
    ///   - data: The bytes of a GPX, KML, GeoJSON or TCX file, or an encoded polyline.
    ///   - source: A name for the data in errors (a file name, "upload", "clipboard").
    ///   - format: The format to read the data as; nil to detect it.
    ///   - polylinePrecision: Decimal digits of an encoded polyline (5 or 6).
    /// - Throws: `RouteReadError`.
    public static func read(_ data: Data, source: String, format: RouteFormat? = nil, polylinePrecision: Int = 5) throws(RouteReadError) -> ReadResult {
        let resolved: RouteFormat
        if let format { resolved = format } else { resolved = try detect(data, source: source) }
        switch resolved {
        case .gpx, .kml, .tcx:
            // Fed in chunks so libxml2 never copies it whole.
            try checkXMLEncoding(data, source: source)
            return try readXML(.data(data), format: resolved, source: source)
        case .geojson, .polyline:
            guard data.count <= maximumInMemoryBytes else { throw tooLarge(data.count, format: resolved, source: source) }
            return try readInMemory(data, format: resolved, source: source, polylinePrecision: polylinePrecision)
        }
    }

    // MARK: Formats

    /// Refuses XML that libxml2 (through Foundation's XMLParser at the time) crashed on instead of
    /// failing (both found by fuzzing): input that is neither UTF-8 nor UTF-16 with a
    /// byte-order mark (UCS-4 and EBCDIC signatures, NUL bytes at the start), and an XML
    /// declaration naming an encoding outside ``xmlEncodings``, such as `utf-7` or `EBCDIC-US`.
    static func checkXMLEncoding(_ head: Data, source: String) throws(RouteReadError) {
        let bytes = [UInt8](head.prefix(1_024))
        var text: String
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            let bigEndian = bytes[0] == 0xFE
            var units: [UInt16] = []
            for index in stride(from: 2, to: bytes.count - 1, by: 2) {
                let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                units.append(UInt16(high) << 8 | UInt16(low))
            }
            text = String(decoding: units, as: UTF16.self)
        } else {
            let ebcdic: [UInt8] = [0x4C, 0x6F, 0xA7, 0x94]
            guard !bytes.prefix(4).contains(0), Array(bytes.prefix(4)) != ebcdic else {
                throw RouteReadError(source: source, line: 1, column: 1,
                                     message: "XML must be UTF-8 (or UTF-16 with a byte-order mark); this input starts with other bytes",
                                     kind: .malformed)
            }
            text = String(decoding: bytes, as: UTF8.self)
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        }
        guard let encoding = declaredEncoding(in: text) else { return }
        guard xmlEncodings.contains(encoding.lowercased()) else {
            throw RouteReadError(source: source, line: 1,
                                 message: "the XML declaration names the encoding '\(encoding)'; only UTF-8, UTF-16, US-ASCII, "
                                    + "ISO-8859 and Windows code pages are read",
                                 kind: .malformed)
        }
    }

    /// The encodings an XML declaration may name (lower case): UTF-8, UTF-16 and the
    /// single-byte encodings that keep ASCII where it is.
    static let xmlEncodings: Set<String> = {
        var names: Set<String> = ["utf-8", "utf8", "utf-16", "utf16", "us-ascii", "ascii", "latin1", "latin-1", "l1"]
        for part in 1...16 where part != 12 { names.insert("iso-8859-\(part)"); names.insert("iso8859-\(part)") }
        for page in 1250...1258 { names.insert("windows-\(page)"); names.insert("cp\(page)") }
        return names
    }()

    /// The `encoding` of an XML declaration at the start of `text`, or nil.
    static func declaredEncoding(in text: String) -> String? {
        guard text.hasPrefix("<?xml"), let end = text.range(of: "?>") else { return nil }
        let declaration = text[..<end.lowerBound]
        guard let name = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[name.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return String(value)
    }

    private static func readXML(_ input: XMLEventDriver.Input, format: RouteFormat, source: String) throws(RouteReadError) -> ReadResult {
        let builder = DocumentBuilder(source: source)
        let handler: any RouteXMLHandler
        switch format {
        case .gpx: handler = GPXHandler(builder: builder)
        case .kml: handler = KMLHandler(builder: builder)
        case .tcx: handler = TCXHandler(builder: builder)
        case .geojson, .polyline:
            throw RouteReadError(source: source, message: "\(format.rawValue) is not an XML format", kind: .unrecognizedFormat)
        }
        try XMLEventDriver.run(input, handler: handler, source: source)
        var finished = handler.builder
        let (document, report) = try finished.finish()
        return ReadResult(document: document, report: report, format: format)
    }

    private static func readInMemory(_ data: Data, format: RouteFormat, source: String, polylinePrecision: Int) throws(RouteReadError) -> ReadResult {
        var builder: DocumentBuilder
        switch format {
        case .geojson:
            builder = try GeoJSONReader.read(data, source: source)
        case .polyline:
            builder = try readPolyline(data, source: source, precision: polylinePrecision)
        case .gpx, .kml, .tcx:
            return try read(data, source: source, format: format)
        }
        let (document, report) = try builder.finish()
        return ReadResult(document: document, report: report, format: format)
    }

    /// An encoded polyline, possibly surrounded by white space (a file with a trailing newline),
    /// as a track of one segment.
    private static func readPolyline(_ data: Data, source: String, precision: Int) throws(RouteReadError) -> DocumentBuilder {
        let bytes = [UInt8](data)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        // Where the polyline starts, to report errors at the right line and column.
        var line = 1, lineStart = 0
        for index in 0..<start where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let points: [GeoPoint]
        do {
            points = try EncodedPolyline.decode(String(decoding: bytes[start..<end], as: UTF8.self), precision: precision)
        } catch {
            var located = error
            located.source = source
            if let column = error.column {
                located.line = line
                located.column = column + start - lineStart
            }
            throw located
        }
        var builder = DocumentBuilder(source: source)
        builder.beginTrack()
        builder.beginSegment()
        for point in points {
            try builder.addTrackPoint(latitude: point.latitude, longitude: point.longitude, elevation: nil, time: nil)
        }
        builder.endTrack()
        return builder
    }

    // MARK: Helpers

    private static func readPrefix(of url: URL, source: String) throws(RouteReadError) -> Data {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            return try handle.read(upToCount: detectionPrefixBytes) ?? Data()
        } catch {
            throw RouteReadError(source: source, message: "cannot read the file: \(error.localizedDescription)", kind: .unreadable)
        }
    }

    private static func tooLarge(_ size: Int, format: RouteFormat, source: String) -> RouteReadError {
        RouteReadError(
            source: source,
            message: "\(format.rawValue) input of \(DocumentBuilder.grouped(size)) bytes is larger than the \(DocumentBuilder.grouped(maximumInMemoryBytes)) bytes read in memory",
            kind: .limitExceeded)
    }
}
