import Foundation

/// A result of the app's mini-game recorded for a collector (``Challenges``).
public struct ChallengeRecord: Sendable, Equatable, Codable {
    public var id: Int64
    public var collection: String
    /// The collection's id, as HTTP paths name it.
    public var collectionId: Int64
    public var collector: String
    public var game: String
    public var score: Int
    /// A won challenge granted the collector one envelope.
    public var won: Bool
    /// The administrator who recorded it; nil once their account is deleted.
    public var recordedBy: String?
    public var recordedAt: Date
}
