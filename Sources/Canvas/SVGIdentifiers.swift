import Foundation

/// Makes Cairo's SVG documents the same bytes for the same drawing.
///
/// Cairo names a document's groups and embedded images after the surfaces they came from
/// (`surface12`, `image7`), whose numbers count every surface the process has made: the same
/// drawing, done twice by a long-running process such as the server, came out with other
/// names, so its bytes and ETag changed. Those names are renumbered here in the order they
/// first appear, each group and image and every reference to it alike (`id="surface3"`,
/// `xlink:href="#surface3"`). Cairo's other names (`clip1`, `pattern0`, `glyph0-1`) are counted
/// per document already, and are left as they are.
enum SVGIdentifiers {
    /// The names renumbered: a prefix followed by digits.
    static let prefixes: [[UInt8]] = [Array("surface".utf8), Array("image".utf8)]

    /// `svg` with its surface and image names renumbered from 1 in order of appearance.
    static func normalized(_ svg: Data) -> Data {
        let bytes = [UInt8](svg)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        // The new number of each name met so far, and the last number given for each prefix.
        var renamed: [[UInt8]: Int] = [:]
        var next: [[UInt8]: Int] = [:]
        var index = 0
        while index < bytes.count {
            // A name is renamed where it is defined (`id="`) or referred to (`#`).
            let starts = (bytes[index] == UInt8(ascii: "#") ? 1 : 0) + (hasPrefix(bytes, at: index, Array("id=\"".utf8)) ? 4 : 0)
            guard starts > 0 else {
                output.append(bytes[index])
                index += 1
                continue
            }
            let nameStart = index + starts
            var matched = false
            for prefix in prefixes where hasPrefix(bytes, at: nameStart, prefix) {
                var end = nameStart + prefix.count
                while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
                guard end > nameStart + prefix.count, end < bytes.count,
                      bytes[end] == UInt8(ascii: "\"") || bytes[end] == UInt8(ascii: ")") else { continue }
                let name = Array(bytes[nameStart..<end])
                let number: Int
                if let known = renamed[name] {
                    number = known
                } else {
                    number = (next[prefix] ?? 0) + 1
                    next[prefix] = number
                    renamed[name] = number
                }
                output.append(contentsOf: bytes[index..<nameStart])
                output.append(contentsOf: prefix)
                output.append(contentsOf: Array(String(number).utf8))
                index = end
                matched = true
                break
            }
            if !matched {
                output.append(bytes[index])
                index += 1
            }
        }
        return Data(output)
    }

    private static func hasPrefix(_ bytes: [UInt8], at index: Int, _ prefix: [UInt8]) -> Bool {
        guard index + prefix.count <= bytes.count else { return false }
        for offset in 0..<prefix.count where bytes[index + offset] != prefix[offset] { return false }
        return true
    }
}
