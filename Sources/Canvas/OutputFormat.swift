import Foundation

/// The file formats a ``Canvas`` can produce.
public enum OutputFormat: String, Sendable, CaseIterable, Codable {
    case png, svg, pdf

    /// The format named by a file's extension (`.png`, `.svg`, `.pdf`, any case), or nil.
    public init?(fileExtensionOf url: URL) {
        self.init(rawValue: url.pathExtension.lowercased())
    }

    /// True for PDF and SVG.
    public var isVector: Bool { self != .png }
}
