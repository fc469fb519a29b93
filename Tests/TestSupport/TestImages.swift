import Foundation

/// Small image files whose headers claim any size: decompression bombs in miniature, for
/// tests that must show a size is refused from the header, before decoding.
public enum TestImages {
    /// A PNG of a few dozen bytes whose IHDR claims `width` x `height` 8-bit RGB pixels (its
    /// data holds no rows: it must never get as far as decoding).
    public static func png(claimingWidth width: Int, height: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(bigEndian: UInt32(width))
        header.append(bigEndian: UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0])
        data.append(chunk: "IHDR", header)
        data.append(chunk: "IDAT", Data([0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]))
        data.append(chunk: "IEND", Data())
        return data
    }

    /// An 8 x 8 grey baseline JPEG (331 bytes, written by Pillow) whose SOF0 is patched to claim
    /// `width` x `height` (each at most 65535).
    public static func jpeg(claimingWidth width: Int, height: Int) -> Data {
        var data = Data(hex: tinyJPEG)
        // SOF0: FF C0, length, precision, then height and width, big-endian.
        guard let sof = data.firstRange(of: Data([0xFF, 0xC0])) else { return data }
        let at = sof.lowerBound + 5
        data[at] = UInt8(height >> 8 & 0xFF)
        data[at + 1] = UInt8(height & 0xFF)
        data[at + 2] = UInt8(width >> 8 & 0xFF)
        data[at + 3] = UInt8(width & 0xFF)
        return data
    }

    /// An 8 x 8 mid-grey JPEG.
    public static var smallJPEG: Data { Data(hex: tinyJPEG) }

    /// A 48 x 32 picture when upright (red top-left, green top-right, blue bottom-left, yellow
    /// bottom-right), stored turned a quarter anticlockwise with EXIF orientation 6: the same
    /// bytes as `Tests/CanvasTests/Fixtures/orientation-6.jpg`.
    public static var quadrantsOrientation6: Data { Data(hex: orientation6) }

    /// The upright quadrants' colours.
    public static let quadrantColours: [(red: UInt8, green: UInt8, blue: UInt8)] = [
        (220, 30, 30), (30, 180, 60), (40, 60, 220), (240, 220, 40),
    ]

    static let orientation6 = """
        ffd8ffe000104a46494600010100000100010000ffe100224578696600004d4d002a0000000800010112000300000001000600000000\
        0000ffdb0043000201010101010201010102020202020403020202020504040304060506060605060606070908060709070606080b08\
        090a0a0a0a0a06080b0c0b0a0c090a0a0affdb004301020202020202050303050a0706070a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a\
        0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0affc00011080030002003011100021101031101ffc400\
        1f0000010501010101010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d010203\
        00041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a\
        434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6\
        a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffc400\
        1f0100030101010101010101010000000000000102030405060708090a0bffc400b51100020102040403040705040400010277000102\
        031104052131061241510761711322328108144291a1b1c109233352f0156272d10a162434e125f11718191a262728292a3536373839\
        3a434445464748494a535455565758595a636465666768696a737475767778797a82838485868788898a92939495969798999aa2a3a4\
        a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae2e3e4e5e6e7e8e9eaf2f3f4f5f6f7f8f9faffda00\
        0c03010002110311003f00c3afe733fcfb0a00fd50afe173fd680a00fcafafee83fc970a00fd50afe173fd680a00fcafafee83fc970a\
        00fd50afe173fd680a00fc27afef43fd180a00e0ebfdcc3fc270a00ef2bfc333fdd80a00e0ebfdcc3fc270a00ef2bfc333fdd80a00e0\
        ebfdcc3fc270a00fffd9
        """

    static let tinyJPEG = """
        ffd8ffe000104a46494600010100000100010000ffdb004300100b0c0e0c0a100e0d0e1211101318281a181616183123251d283a333d\
        3c3933383740485c4e404457453738506d51575f626768673e4d71797064785c656763ffc0000b080008000801011100ffc4001f0000\
        010501010101010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d010203000411\
        05122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445\
        464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9\
        aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffda00080101\
        00003f002bffd9
        """

    /// The CRC-32 of PNG chunks (ISO 3309, reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

extension Data {
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    mutating func append(chunk type: String, _ body: Data) {
        append(bigEndian: UInt32(body.count))
        let typed = Data(type.utf8) + body
        append(typed)
        append(bigEndian: TestImages.crc32(typed))
    }

    init(hex: String) {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in hex.unicodeScalars {
            guard let digit = UInt8(String(character), radix: 16) else { continue }
            if let first = high {
                bytes.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        self.init(bytes)
    }
}
