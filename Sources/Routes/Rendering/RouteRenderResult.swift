import Foundation

/// An encoded route map and what the reader should know about it.
public struct RouteRenderResult: Sendable, Equatable {
    /// The PNG, SVG or PDF bytes.
    public var data: Data
    /// Things that did not stop the render but changed it: missing tiles, a colouring or a
    /// profile the data could not support, points left out. Empty when all went to plan.
    public var notes: [String]

    public init(data: Data, notes: [String]) {
        self.data = data
        self.notes = notes
    }
}
