import Foundation

extension RouteReader {
    /// The format of `data`, judged from its content, or nil when it is none of them.
    ///
    /// - XML (after an optional byte-order mark, declaration, comments and doctype) whose root
    ///   element is `gpx`, `kml` or `TrainingCenterDatabase`, with or without a prefix;
    /// - a JSON object: GeoJSON;
    /// - otherwise, text made only of the printable ASCII characters 63...126 that encoded
    ///   polylines use (surrounding white space allowed): a polyline.
    ///
    /// Only as much of `data` is looked at as the decision needs.
    public static func detectFormat(_ data: Data) -> RouteFormat? {
        if case .format(let format) = detection(data) { return format }
        return nil
    }

    enum Detection: Equatable {
        case format(RouteFormat)
        case empty
        case unknownXMLRoot(String)
        case unknown
    }

    static func detect(_ data: Data, source: String) throws(RouteReadError) -> RouteFormat {
        switch detection(data) {
        case .format(let format):
            return format
        case .empty:
            throw RouteReadError(source: source, message: "the input is empty", kind: .unrecognizedFormat)
        case .unknownXMLRoot(let root):
            throw RouteReadError(source: source, message: "XML root element <\(root)> is not <gpx>, <kml> or <TrainingCenterDatabase>", kind: .unrecognizedFormat)
        case .unknown:
            throw RouteReadError(source: source, message: "unrecognized format: expected GPX, KML or TCX (XML), GeoJSON (a JSON object), or an encoded polyline", kind: .unrecognizedFormat)
        }
    }

    static func detection(_ data: Data) -> Detection {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            // UTF-16 XML: transcode a prefix to UTF-8 and look at that.
            if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
                let bigEndian = bytes[0] == 0xFE
                var units: [UInt16] = []
                var index = 2
                while index + 1 < min(bytes.count, detectionPrefixBytes) {
                    let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                    units.append(UInt16(high) << 8 | UInt16(low))
                    index += 2
                }
                let utf8 = Array(String(decoding: units, as: UTF16.self).utf8)
                return utf8.withUnsafeBufferPointer { detection(in: $0, allowPolyline: false) }
            }
            return detection(in: bytes, allowPolyline: true)
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func detection(in bytes: UnsafeBufferPointer<UInt8>, allowPolyline: Bool) -> Detection {
        let count = bytes.count
        var i = 0
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        while i < count, isSpace(bytes[i]) { i += 1 }
        guard i < count else { return .empty }
        let first = bytes[i]
        if first == UInt8(ascii: "<") { return xmlRoot(bytes, from: i) }
        if allowPolyline, (63...126).contains(first) {
            var j = i
            while j < count, (63...126).contains(bytes[j]) { j += 1 }
            while j < count, isSpace(bytes[j]) { j += 1 }
            if j == count { return .format(.polyline) }
        }
        if first == UInt8(ascii: "{") { return .format(.geojson) }
        return .unknown
    }

    /// Finds the root element's local name, skipping the declaration, processing instructions,
    /// comments and a doctype.
    private static func xmlRoot(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Detection {
        let count = bytes.count
        var i = start

        func skip(past terminator: [UInt8]) -> Bool {
            while i + terminator.count <= count {
                var matches = true
                for (offset, byte) in terminator.enumerated() where bytes[i + offset] != byte {
                    matches = false
                    break
                }
                if matches {
                    i += terminator.count
                    return true
                }
                i += 1
            }
            return false
        }

        while i < count {
            if isSpace(bytes[i]) {
                i += 1
                continue
            }
            guard bytes[i] == UInt8(ascii: "<"), i + 1 < count else { return .unknown }
            let next = bytes[i + 1]
            if next == UInt8(ascii: "?") {
                guard skip(past: Array("?>".utf8)) else { return .unknown }
            } else if next == UInt8(ascii: "!") {
                if i + 3 < count, bytes[i + 2] == UInt8(ascii: "-"), bytes[i + 3] == UInt8(ascii: "-") {
                    guard skip(past: Array("-->".utf8)) else { return .unknown }
                } else {
                    // <!DOCTYPE ...> possibly with an internal subset [...]
                    var depth = 0
                    i += 2
                    while i < count {
                        let byte = bytes[i]
                        i += 1
                        if byte == UInt8(ascii: "[") { depth += 1 }
                        if byte == UInt8(ascii: "]") { depth -= 1 }
                        if byte == UInt8(ascii: ">") && depth <= 0 { break }
                    }
                }
            } else {
                var end = i + 1
                while end < count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: "/") { end += 1 }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end]), as: UTF8.self)
                switch XMLEventDriver.localName(name) {
                case "gpx": return .format(.gpx)
                case "kml": return .format(.kml)
                case "TrainingCenterDatabase": return .format(.tcx)
                default: return .unknownXMLRoot(name)
                }
            }
        }
        return .unknown
    }
}
