import Foundation
import ZIPFoundation

/// ZIP archives made in memory for tests, including the hostile ones a server must refuse:
/// paths leading out, symbolic links, entries whose header understates their size.
public enum TestZip {
    /// An entry to write: its path, its bytes (nil for a folder), and whether it is a symbolic
    /// link (its bytes then the target).
    public struct Entry {
        public var path: String
        public var data: Data?
        public var isLink: Bool

        public init(_ path: String, _ data: Data?, isLink: Bool = false) {
            self.path = path
            self.data = data
            self.isLink = isLink
        }
    }

    /// An archive of `entries`, in order, stored unless `compressed` is true (deflated).
    public static func archive(_ entries: [Entry], compressed: Bool = false) throws -> Data {
        let archive = try Archive(accessMode: .create)
        for entry in entries {
            let data = entry.data ?? Data()
            let type: ZIPFoundation.Entry.EntryType = entry.data == nil ? .directory : entry.isLink ? .symlink : .file
            try archive.addEntry(with: entry.path, type: type, uncompressedSize: Int64(data.count),
                                 compressionMethod: compressed && type == .file ? .deflate : .none) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        guard let data = archive.data else { throw CocoaError(.fileWriteUnknown) }
        return data
    }

    /// An entry read back from an archive: its path, its bytes (CRC-checked), and whether it
    /// was stored as it is rather than compressed.
    public struct ReadEntry: Sendable, Equatable {
        public var path: String
        public var data: Data
        public var isStored: Bool
    }

    /// The entries of `zip` in its central directory's order.
    public static func read(_ zip: Data) throws -> [ReadEntry] {
        let archive = try Archive(data: zip, accessMode: .read)
        return try archive.map { entry in
            var data = Data()
            _ = try archive.extract(entry, skipCRC32: false) { data.append($0) }
            return ReadEntry(path: entry.path, data: data, isStored: !entry.isCompressed)
        }
    }

    /// A folder's files as entries, by their paths relative to it (sorted).
    public static func entries(of folder: URL) throws -> [Entry] {
        let base = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var entries: [Entry] = []
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isFolder)
            entries.append(Entry(relative, isFolder.boolValue ? nil : try Data(contentsOf: URL(fileURLWithPath: base + "/" + relative))))
        }
        return entries.sorted { $0.path < $1.path }
    }

    /// `zip` with the uncompressed size its headers give every entry set to `size`: a header
    /// that lies, as a zip bomb's may.
    public static func understating(_ zip: Data, as size: UInt32) -> Data {
        var bytes = [UInt8](zip)
        let patches: [(signature: [UInt8], offset: Int)] = [([0x50, 0x4B, 0x03, 0x04], 22), ([0x50, 0x4B, 0x01, 0x02], 24)]
        for (signature, offset) in patches {
            var index = 0
            while index + offset + 4 <= bytes.count {
                if Array(bytes[index..<index + 4]) == signature {
                    for byte in 0..<4 { bytes[index + offset + byte] = UInt8((size >> (8 * UInt32(byte))) & 0xFF) }
                }
                index += 1
            }
        }
        return Data(bytes)
    }
}
