import ArgumentParser
import Canvas

/// `WxH` on the command line, for example `1600x1040`: each side at least 1 (pixel or point),
/// so `1e-300x1e-300` is a usage error rather than a drawing that fails.
extension Size: ExpressibleByArgument {
    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width.isFinite, height.isFinite, width >= 1, height >= 1 else { return nil }
        self.init(width: width, height: height)
    }

    public static var defaultCompletionKind: CompletionKind { .default }
}
