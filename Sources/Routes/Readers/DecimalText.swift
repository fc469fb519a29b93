/// Reads decimal numbers from text faster than `Double(_:)` for the common case, with the
/// same, correctly rounded result.
///
/// Coordinates and elevations are plain decimals (`47.4844814278`, `-0.11438`) with at most
/// 19 significant digits. Such a number is an integer mantissa divided by a power of ten; when
/// the mantissa is below 2^53 and the power at most 10^22 both are exact doubles, and one
/// IEEE division rounds correctly (Clinger's fast path). Anything else (exponents, very long
/// mantissas, `nan`, white space) goes to `Double(_:)`.
enum DecimalText {
    /// 10^exponent for 0...22, all exact doubles.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// The value of `text`, or nil when it is empty or not a number. Surrounding white space
    /// is allowed.
    static func double(_ text: String) -> Double? {
        guard !text.isEmpty else { return nil }
        var copy = text
        if let value = copy.withUTF8({ fastPath($0) }) { return value }
        return slowPath(text)
    }

    /// The value of the UTF-8 `bytes` (no white space), or nil.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        if let value = fastPath(bytes) { return value }
        return slowPath(String(decoding: bytes, as: UTF8.self))
    }

    private static func fastPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard var cursor = bytes.baseAddress, bytes.count > 0, bytes.count <= 40 else { return nil }
        let end = cursor + bytes.count
        let negative = cursor.pointee == 45   // -
        if negative || cursor.pointee == 43 { cursor += 1 }   // - or +
        var mantissa: UInt64 = 0
        var significant = 0, fractionDigits = 0
        var inFraction = false, sawDigit = false
        while cursor < end {
            let digit = cursor.pointee &- 48
            if digit <= 9 {
                sawDigit = true
                if significant > 0 || digit != 0 { significant += 1 }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                if inFraction { fractionDigits += 1 }
            } else if cursor.pointee == 46 && !inFraction {   // .
                inFraction = true
            } else {
                return nil
            }
            cursor += 1
        }
        // "." and "-" alone are not numbers; past 19 digits the mantissa may have overflowed.
        guard sawDigit, significant <= 19, mantissa <= 1 << 53, fractionDigits <= 22 else { return nil }
        let value = Double(mantissa) / powerOfTen(fractionDigits)
        return negative ? -value : value
    }

    private static func slowPath(_ text: String) -> Double? {
        if let value = Double(text) { return value }
        let trimmed = trimmed(text)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64, trimmed.utf8.count < text.utf8.count else { return nil }
        return double(String(trimmed))
    }

    /// `text` without leading and trailing ASCII white space.
    static func trimmed(_ text: String) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return text[first...last]
    }
}
