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

    /// How help shows a default: its name (`a4`), else its size in millimetres (`100x150mm`).
    public var defaultValueDescription: String {
        if let name = Self.named.first(where: { $0.value == self })?.key { return name }
        let millimetres = { (points: Double) in String(format: "%g", (points / 72 * 25.4 * 10).rounded() / 10) }
        return "\(millimetres(width))x\(millimetres(height))mm"
    }
}
