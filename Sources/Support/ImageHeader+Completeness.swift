import Foundation

extension ImageHeader {
    /// Checks that `data`, the file this header was read from, runs whole to its end marker,
    /// still without decoding anything: a PNG's chunks, each as long as it says, up to IEND
    /// with image data (IDAT) before it; a JPEG's marker segments and entropy-coded scans up
    /// to its end-of-image marker (EOI). A file cut short in a copy or an upload fails here,
    /// where a decoder would fail later (PNG) or fill the missing rows with grey (JPEG).
    ///
    /// Every byte is looked at once at most, with every read bounds-checked; callers bound the
    /// size of `data`. Bytes after the end marker are allowed (some cameras append data).
    ///
    /// ```swift
    /// let header = try ImageHeader(upload)
    /// try header.checkComplete(upload)     // "... the file is cut short inside its IDAT chunk"
    /// ```
    ///
    /// - Throws: ``Failure/malformed(_:_:)`` saying where the file stops or goes wrong.
    public func checkComplete(_ data: Data) throws {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            switch format {
            case .png: try Self.checkPNGChunks(bytes)
            case .jpeg: try Self.checkJPEGSegments(bytes)
            }
        }
    }

    /// Walks a PNG's chunks (length, type, data, CRC) from the one after the signature to IEND.
    static func checkPNGChunks(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        var offset = 8
        var sawImageData = false
        while true {
            guard offset + 8 <= bytes.count else { throw Failure.malformed(.png, "the file is cut short before its IEND chunk") }
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            let typeBytes = Array(bytes[(offset + 4)..<(offset + 8)])
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw Failure.malformed(.png, "no chunk type at byte \(offset + 4)")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= 0x7FFF_FFFF else { throw Failure.malformed(.png, "a \(type) chunk of length \(length)") }
            let end = offset + 12 + length
            guard end <= bytes.count else { throw Failure.malformed(.png, "the file is cut short inside its \(type) chunk") }
            switch type {
            case "IDAT": sawImageData = true
            case "IEND":
                guard sawImageData else { throw Failure.malformed(.png, "no image data (IDAT chunk) before IEND") }
                return
            default: break
            }
            offset = end
        }
    }

    /// Walks a JPEG's markers from the one after SOI: segments by their lengths, the
    /// entropy-coded data after each SOS up to the next marker that is not a stuffed byte or a
    /// restart, until EOI.
    static func checkJPEGSegments(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        let cutShort = Failure.malformed(.jpeg, "the file is cut short before its end-of-image marker")
        var index = 2
        var sawScan = false
        while true {
            guard index + 1 < bytes.count else { throw cutShort }
            let marker: UInt8
            switch try jpegMarker(bytes, at: index) {
            case .skip(let count):
                index += count
                continue
            case .endOfImage:
                guard sawScan else { throw Failure.malformed(.jpeg, "no image data (scan) before the end-of-image marker") }
                return
            case .segment(_, nil):
                throw cutShort
            case .segment(let found, let length?):
                guard length >= 2 else { throw Failure.malformed(.jpeg, "a marker segment of length \(length)") }
                marker = found
                index += 2 + length
            }
            guard index <= bytes.count else { throw cutShort }
            guard marker == 0xDA else { continue }
            sawScan = true
            // The scan's data runs to the next 0xFF that is neither a stuffed 0x00, a restart
            // marker nor a fill byte.
            while true {
                guard let next = bytes[index...].firstIndex(of: 0xFF), next + 1 < bytes.count else { throw cutShort }
                let following = bytes[next + 1]
                if following == 0x00 || (0xD0...0xD7).contains(following) || following == 0xFF {
                    index = next + (following == 0xFF ? 1 : 2)
                    continue
                }
                index = next
                break
            }
        }
    }
}
