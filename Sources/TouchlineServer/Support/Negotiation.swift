import Foundation

/// What a response can be, by `Accept`.
enum ResponseFormat: String, Sendable {
    case json, pdf, png, svg

    var contentType: String {
        switch self {
        case .json: return "application/json"
        case .pdf: return "application/pdf"
        case .png: return "image/png"
        case .svg: return "image/svg+xml"
        }
    }
}

/// Content negotiation by `Accept` (RFC 9110 §12.5.1), by quality then by the order offered.
enum Negotiation {
    /// The best of `offers` for `accept`; the first offer when `Accept` is absent.
    ///
    /// - Throws: ``Problem`` 406 when `Accept` takes none of them.
    static func format(_ accept: String?, offering offers: [ResponseFormat]) throws -> ResponseFormat {
        guard let first = offers.first else { throw Problem(.notAcceptable, "nothing to offer") }
        guard let accept, !accept.trimmingCharacters(in: .whitespaces).isEmpty else { return first }
        var best: (quality: Double, index: Int, format: ResponseFormat)?
        for range in accept.split(separator: ",").prefix(50) {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)).flatMap { $0.isFinite ? min(max($0, 0), 1) : nil } ?? 0
            }
            guard quality > 0 else { continue }
            for (index, offer) in offers.enumerated() where matches(type, offer.contentType) {
                if let current = best, quality < current.quality || (quality == current.quality && index >= current.index) {
                    continue
                }
                best = (quality, index, offer)
            }
        }
        guard let best else {
            throw Problem(.notAcceptable, "this resource is available as \(offers.map(\.contentType).joined(separator: ", "))")
        }
        return best.format
    }

    private static func matches(_ range: String, _ type: String) -> Bool {
        if range == "*/*" || range == type { return true }
        if range.hasSuffix("/*") { return type.hasPrefix(range.dropLast()) }
        return false
    }
}
