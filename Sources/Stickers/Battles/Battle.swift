/// A battle between two collectors of a collection and the rules of its states: proposed by
/// the challenger, accepted, rejected or cancelled; once accepted each side reports a score
/// (the app plays the game) or one side surrenders; with both scores in it is resolved, and
/// finished once the winner has the loser's card (a tie finishes with no card).
///
/// ```
/// pending --accept--> accepted --both scores--> resolved --card moved--> finished
///    |                   |                         (tie: finished at once)
///    +-reject/cancel     +-surrender
/// ```
public struct Battle: Sendable, Hashable {
    /// How the winner's card is chosen.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A random unblocked copy of the loser's.
        case random
        /// The winner chooses among the loser's unblocked cards.
        case selective
    }

    /// Where the battle stands.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        case pending, accepted, resolved, finished, rejected, cancelled, surrendered

        /// Whether the battle is over.
        public var isOver: Bool { [.finished, .rejected, .cancelled, .surrendered].contains(self) }
    }

    /// One of the two sides.
    public enum Side: String, Sendable, Hashable, Codable {
        case challenger, opponent

        /// The other side.
        public var other: Side { self == .challenger ? .opponent : .challenger }
    }

    public var kind: Kind
    public private(set) var state: State
    public private(set) var challengerScore: Int?
    public private(set) var opponentScore: Int?

    /// The largest score a side may report.
    public static let maximumScore = 1_000_000_000

    /// A new battle, pending.
    public init(kind: Kind) {
        self.kind = kind
        state = .pending
    }

    /// A battle as stored, checked: scores within range, and the ones its state implies (none
    /// before acceptance or after a refusal; both once resolved or finished, different when
    /// resolved; not both when surrendered).
    ///
    /// - Throws: ``StickerError/invalid(field:expected:)``.
    public init(kind: Kind, state: State, challengerScore: Int?, opponentScore: Int?) throws {
        for (field, score) in [("challengerScore", challengerScore), ("opponentScore", opponentScore)] {
            guard let score else { continue }
            guard (0...Self.maximumScore).contains(score) else {
                throw StickerError.invalid(field: field, expected: "a score from 0 to \(Self.maximumScore)")
            }
        }
        let reported = [challengerScore, opponentScore].compactMap { $0 }
        let consistent: Bool
        switch state {
        case .pending, .rejected, .cancelled: consistent = reported.isEmpty
        case .accepted, .surrendered: consistent = reported.count < 2
        case .resolved: consistent = reported.count == 2 && challengerScore != opponentScore
        case .finished: consistent = reported.count == 2
        }
        guard consistent else {
            throw StickerError.invalid(field: "state", expected: "scores that agree with a \(state.rawValue) battle")
        }
        self.kind = kind
        self.state = state
        self.challengerScore = challengerScore
        self.opponentScore = opponentScore
    }

    /// The side that won, once resolved or finished: the higher score; nil for a tie or before.
    public var winner: Side? {
        guard state == .resolved || state == .finished, let challengerScore, let opponentScore,
              challengerScore != opponentScore else { return nil }
        return challengerScore > opponentScore ? .challenger : .opponent
    }

    /// The opponent accepts a pending battle.
    public mutating func accept(by side: Side) throws {
        try expect(.pending, side: side, allowed: .opponent, action: "accept the battle")
        state = .accepted
    }

    /// The opponent turns a pending battle down.
    public mutating func reject(by side: Side) throws {
        try expect(.pending, side: side, allowed: .opponent, action: "reject the battle")
        state = .rejected
    }

    /// The challenger takes a pending battle back.
    public mutating func cancel(by side: Side) throws {
        try expect(.pending, side: side, allowed: .challenger, action: "cancel the battle")
        state = .cancelled
    }

    /// Either side gives up an accepted battle before both scores are in: it ends with no
    /// card and no envelope.
    public mutating func surrender(by side: Side) throws {
        try expect(.accepted, side: side, allowed: nil, action: "surrender")
        state = .surrendered
    }

    /// `side` reports its score (once); with both in, the battle is resolved, and a tie
    /// finishes it at once.
    ///
    /// - Throws: ``StickerError/wrongState(action:state:)`` when not accepted or already
    ///   reported; ``StickerError/invalid(field:expected:)`` for a score out of range.
    public mutating func report(_ score: Int, by side: Side) throws {
        try expect(.accepted, side: side, allowed: nil, action: "report a score")
        guard (0...Self.maximumScore).contains(score) else {
            throw StickerError.invalid(field: "score", expected: "a score from 0 to \(Self.maximumScore)")
        }
        switch side {
        case .challenger:
            guard challengerScore == nil else { throw StickerError.wrongState(action: "report a score", state: "already reported") }
            challengerScore = score
        case .opponent:
            guard opponentScore == nil else { throw StickerError.wrongState(action: "report a score", state: "already reported") }
            opponentScore = score
        }
        if let challengerScore, let opponentScore {
            state = challengerScore == opponentScore ? .finished : .resolved
        }
    }

    /// A resolved battle ends once the winner has the loser's card.
    public mutating func finish() throws {
        try expect(.resolved, side: nil, allowed: nil, action: "hand over the card")
        state = .finished
    }

    /// Ends an open battle because one side is gone (left the collection, deleted their
    /// account): a pending battle is cancelled, an accepted one surrendered, a resolved one
    /// finished with no card. A battle already over stays as it is.
    public mutating func abandon() {
        switch state {
        case .pending: state = .cancelled
        case .accepted: state = .surrendered
        case .resolved: state = .finished
        case .finished, .rejected, .cancelled, .surrendered: break
        }
    }

    private func expect(_ wanted: State, side: Side?, allowed: Side?, action: String) throws {
        guard state == wanted else { throw StickerError.wrongState(action: action, state: state.rawValue) }
        if let allowed, let side, side != allowed {
            throw StickerError.wrongState(action: action, state: "for the \(allowed.rawValue) to do")
        }
    }
}
