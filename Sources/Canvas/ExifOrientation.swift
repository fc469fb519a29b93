/// The orientation tag of an EXIF block, read with every offset checked against its length.
///
/// EXIF (in a JPEG's APP1 segment, after `Exif\0\0`) is a small TIFF file: a byte-order mark
/// (`II` little-endian or `MM` big-endian), 42, the offset of the first image file directory
/// (IFD0), and there a count of 12-byte entries `tag, type, count, value`. Orientation is tag
/// 0x0112, a SHORT from 1 (upright) to 8; anything else, or any offset outside the block,
/// reads as 1.
enum ExifOrientation {
    /// The orientation in an APP1 payload starting with `Exif\0\0`, or 1.
    static func read(_ segment: UnsafeBufferPointer<UInt8>) -> Int {
        let header: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        guard segment.count >= 6, Array(segment[0..<6]) == header else { return 1 }
        return read(tiff: UnsafeBufferPointer(rebasing: segment[6...]))
    }

    /// The orientation in a TIFF structure (what follows `Exif\0\0`), or 1.
    static func read(tiff: UnsafeBufferPointer<UInt8>) -> Int {
        let littleEndian: Bool
        switch (byte(tiff, 0), byte(tiff, 1)) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return 1
        }
        func u16(_ offset: Int) -> Int? {
            guard let a = byte(tiff, offset), let b = byte(tiff, offset + 1) else { return nil }
            return littleEndian ? Int(a) | Int(b) << 8 : Int(a) << 8 | Int(b)
        }
        func u32(_ offset: Int) -> Int? {
            guard let low = u16(littleEndian ? offset : offset + 2), let high = u16(littleEndian ? offset + 2 : offset) else {
                return nil
            }
            return high << 16 | low
        }
        guard u16(2) == 42, let ifd = u32(4), ifd >= 8, let count = u16(ifd) else { return 1 }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry), let type = u16(entry + 2), let values = u32(entry + 4) else { return 1 }
            guard tag == 0x0112 else { continue }
            let value: Int?
            switch type {
            case 3 where values >= 1: value = u16(entry + 8)      // SHORT, the usual
            case 4 where values >= 1: value = u32(entry + 8)      // LONG, seen from a few writers
            default: value = nil
            }
            guard let value, (1...8).contains(value) else { return 1 }
            return value
        }
        return 1
    }

    private static func byte(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }
}
