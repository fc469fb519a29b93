/// Envelopes an administrator granted a collector (``Collections/grant``), and what the
/// collector holds unopened now.
public struct EnvelopeGrant: Sendable, Equatable, Codable {
    public var collection: String
    public var collector: String
    public var granted: Int
    /// Unopened envelopes after the grant: regular and special.
    public var envelopes: Int
    public var specialEnvelopes: Int
}
