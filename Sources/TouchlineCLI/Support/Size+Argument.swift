import ArgumentParser
import Canvas

/// `WxH` on the command line (``Canvas/Size/init(dimensions:)``), for example `1600x1040`.
extension Size: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(dimensions: argument)
    }

    public static var defaultCompletionKind: CompletionKind { .default }
}
