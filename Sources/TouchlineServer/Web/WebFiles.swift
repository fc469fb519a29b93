import Foundation

/// The web board's files (`Resources/web/`): the pages, their scripts and styles. Served from
/// the copy embedded in the binary (``WebAssets``, which `scripts/embed-web` writes), or, for
/// development, read afresh from a folder on every request (`touchline serve --web-root DIR`).
///
/// Only plain file names of that one folder are served (letters, digits, `.`, `_`, `-`, not
/// starting with a dot) with a known extension: anything else, `..` and encoded slashes
/// included, is "no such file".
struct WebFiles: Sendable {
    /// One file, ready to answer with.
    struct File: Sendable {
        var data: Data
        var contentType: String
        /// A strong validator: the SHA-256 of the bytes.
        var etag: String

        init(data: Data, contentType: String) {
            self.data = data
            self.contentType = contentType
            etag = Rendered.etag(of: data)
        }
    }

    /// The folder read on every request, or nil for the embedded copy.
    let folder: URL?

    /// The embedded files (`folder` nil) or those of `folder`.
    init(folder: String? = nil) {
        self.folder = folder.map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// The largest file read from a folder: far above any page or script of the board.
    static let maximumFileBytes = 8 << 20

    /// Content types by extension; files of other types are not served.
    static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml",
        "json": "application/json",
        "png": "image/png",
        "ico": "image/x-icon",
        "txt": "text/plain; charset=utf-8",
        "webmanifest": "application/manifest+json",
        "woff2": "font/woff2",
    ]

    /// The embedded files by name, decoded once.
    static let embedded: [String: File] = {
        var files: [String: File] = [:]
        for (name, base64) in WebAssets.files {
            guard let type = contentType(of: name),
                  let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else { continue }
            files[name] = File(data: data, contentType: type)
        }
        return files
    }()

    /// The file called `name`, nil when there is none (or the name is not one served).
    ///
    /// - Throws: a file system error when a file of the folder exists but cannot be read.
    func file(_ name: String) throws -> File? {
        guard Self.isFileName(name), let type = Self.contentType(of: name) else { return nil }
        guard let folder else { return Self.embedded[name] }
        let url = folder.appendingPathComponent(name, isDirectory: false)
        // Only a regular file of the folder itself: no directory, no symbolic link.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? Int, size <= Self.maximumFileBytes else { return nil }
        return File(data: try Data(contentsOf: url), contentType: type)
    }

    /// True for a plain file name: 1 to 100 letters, digits, `.`, `_` and `-`, not starting with a dot.
    static func isFileName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...100).contains(bytes.count), bytes[0] != UInt8(ascii: ".") else { return false }
        return bytes.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// The content type of a file called `name`, from its extension.
    static func contentType(of name: String) -> String? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return contentTypes[name[name.index(after: dot)...].lowercased()]
    }
}
