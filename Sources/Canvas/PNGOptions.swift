import CPNG

/// How PNGs are encoded: the trade-off between encoding time and file size.
///
/// Touchline encodes through libpng directly rather than Cairo's writer, with a row filter and
/// zlib settings chosen per level. `fast` (the default) writes a 1600 x 1040 board several
/// times faster than Cairo's writer for a somewhat larger file; `smallest` tries every filter
/// at the highest zlib level.
public struct PNGOptions: Sendable, Hashable {
    /// The size/speed trade-off.
    public enum Compression: String, Sendable, CaseIterable {
        /// No filter, zlib level 1 with run-length matching: the quickest, largest files.
        case fastest
        /// The Up filter, zlib level 1 with run-length matching: quick, and far smaller for
        /// images with flat areas and horizontal bands (the default).
        case fast
        /// Adaptive filtering at zlib's default level 6: what most writers do.
        case balanced
        /// Adaptive filtering at zlib level 9.
        case smallest
    }

    public var compression: Compression

    public init(compression: Compression = .fast) {
        self.compression = compression
    }

    /// The default: `.fast`.
    public static let `default` = PNGOptions()

    var filter: Int32 {
        switch compression {
        case .fastest: return Int32(PNG_FILTER_NONE)
        case .fast: return Int32(PNG_FILTER_UP)
        case .balanced, .smallest: return Int32(TL_PNG_ALL_FILTERS)
        }
    }

    var zlibLevel: Int32 {
        switch compression {
        case .fastest, .fast: return 1
        case .balanced: return 6
        case .smallest: return 9
        }
    }

    /// zlib strategy: 3 is Z_RLE, 0 Z_DEFAULT_STRATEGY.
    var zlibStrategy: Int32 {
        switch compression {
        case .fastest, .fast: return 3
        case .balanced, .smallest: return 0
        }
    }
}
