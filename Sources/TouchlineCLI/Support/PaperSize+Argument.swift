import ArgumentParser
import Foundation
import Reports

/// `a4`, `letter` (see `PaperSize.named`) or `WIDTHxHEIGHTmm`, for example `100x150mm`.
extension PaperSize: ExpressibleByArgument {
    public init?(argument: String) {
        let text = argument.lowercased()
        if let named = Self.named[text] {
            self = named
            return
        }
        guard text.hasSuffix("mm") else { return nil }
        let parts = text.dropLast(2).split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              (1...2000).contains(width), (1...2000).contains(height) else { return nil }
        self.init(widthMillimeters: width, heightMillimeters: height)
    }

    public static var defaultCompletionKind: CompletionKind { .list(named.keys.sorted()) }
}
