import Crypto
import Foundation

/// A table's row count and SHA-256, taken row by row in primary-key order over a canonical
/// encoding that does not depend on the store:
///
/// - first the shape: each column's lower-cased name and kind, sorted by name, as
///   `name:kind` lines;
/// - then every row, each value of it in that column order as one tag byte and its bytes:
///   `N` for NULL; `I` and 8 bytes big-endian for an integer; `R` and the 8 bytes of the IEEE
///   754 double, big-endian; `B` and `0` or `1` for a boolean; `T` (text), `X` (blob) or `D`
///   (a timestamp, as `yyyy-MM-dd HH:mm:ss.ffffff` in UTC) then the length in 8 bytes
///   big-endian and the UTF-8 or raw bytes.
struct TableDigest {
    private var hash = SHA256()
    private(set) var rows = 0

    init(shape: TableShape) {
        for column in shape.columns {
            hash.update(data: Data("\(column.name):\(column.kind.rawValue)\n".utf8))
        }
    }

    /// Adds one row, its values in the shape's column order.
    mutating func add(_ row: [SQLValue]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 * row.count)
        for value in row {
            switch value {
            case .null: bytes.append(UInt8(ascii: "N"))
            case .integer(let integer):
                bytes.append(UInt8(ascii: "I"))
                Self.append(UInt64(bitPattern: integer), to: &bytes)
            case .real(let real):
                bytes.append(UInt8(ascii: "R"))
                Self.append(real.bitPattern, to: &bytes)
            case .boolean(let boolean):
                bytes.append(UInt8(ascii: "B"))
                bytes.append(boolean ? 1 : 0)
            case .text(let text):
                Self.append(tag: "T", count: text.utf8.count, to: &bytes)
                bytes.append(contentsOf: text.utf8)
            case .blob(let blob):
                Self.append(tag: "X", count: blob.count, to: &bytes)
                bytes.append(contentsOf: blob)
            case .timestamp(let timestamp):
                let text = timestamp.canonicalText
                Self.append(tag: "D", count: text.utf8.count, to: &bytes)
                bytes.append(contentsOf: text.utf8)
            }
        }
        hash.update(data: bytes)
        rows += 1
    }

    /// The SHA-256 so far, as 64 lower-case hex digits.
    var hex: String {
        hash.finalize().map { String(format: "%02x", $0) }.joined()
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    private static func append(tag: Character, count: Int, to bytes: inout [UInt8]) {
        bytes.append(tag.asciiValue ?? 0)
        append(UInt64(count), to: &bytes)
    }
}
