import CPNG

/// How PNGs are encoded: the trade-off between encoding time and file size.
///
/// Touchline encodes through libpng directly rather than Cairo's writer, with a row filter and
/// zlib settings chosen per level. On a 1600 x 1040 board (measured here, single thread):
///
/// | level      | filter   | zlib                    | time   | size    |
/// |------------|----------|-------------------------|--------|---------|
/// | `fastest`  | none     | stored (level 0)        | ~7 ms  | 5.0 MB  |
/// | `fast`     | Up       | run-length (`Z_RLE`)    | ~13 ms | 84 kB   |
/// | `balanced` | Paeth    | run-length (`Z_RLE`)    | ~24 ms | 57 kB   |
/// | `smallest` | adaptive | level 9                 | ~350 ms| 56 kB   |
///
/// Cairo's own writer takes about 70 ms for the same board.
public struct PNGOptions: Sendable, Hashable {
    /// The size/speed trade-off.
    public enum Compression: String, Sendable, CaseIterable {
        /// No compression at all: for a fast local disk or a pipe that compresses itself.
        case fastest
        /// The Up filter with zlib's run-length matching: flat grass and horizontal bands
        /// become runs of zeros (the default).
        case fast
        /// The Paeth filter with run-length matching: about a third smaller than `fast` for
        /// about twice the time.
        case balanced
        /// Adaptive filtering at zlib level 9: the smallest files, slowly.
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
        case .balanced: return Int32(PNG_FILTER_PAETH)
        case .smallest: return Int32(TL_PNG_ALL_FILTERS)
        }
    }

    var zlibLevel: Int32 {
        switch compression {
        case .fastest: return 0
        case .fast, .balanced: return 1
        case .smallest: return 9
        }
    }

    /// zlib strategy: 3 is Z_RLE, 0 Z_DEFAULT_STRATEGY.
    var zlibStrategy: Int32 {
        switch compression {
        case .fastest, .smallest: return 0
        case .fast, .balanced: return 3
        }
    }
}
