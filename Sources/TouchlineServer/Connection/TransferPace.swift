import NIOCore

/// How long a transfer of some bytes may take: a grace period, then one second more for every
/// `minimumBytesPerSecond` bytes moved (the rule of Apache's mod_reqtimeout). A slow but honest
/// upload or download finishes; a client that trickles bytes to hold a connection open does not.
///
/// ```swift
/// let pace = TransferPace(graceSeconds: 20, minimumBytesPerSecond: 8192)
/// pace.deadline(from: start, bytes: 81_920)   // start + 30 s
/// ```
public struct TransferPace: Sendable, Equatable {
    /// Seconds allowed before the first byte counts.
    public var graceSeconds: Double
    /// The slowest average rate kept up, in bytes a second.
    public var minimumBytesPerSecond: Double

    /// A pace of `graceSeconds` plus a second per `minimumBytesPerSecond` bytes; both are
    /// clamped to at least a millisecond and one byte a second.
    public init(graceSeconds: Double, minimumBytesPerSecond: Double) {
        self.graceSeconds = graceSeconds.isFinite ? max(0.001, graceSeconds) : 0.001
        self.minimumBytesPerSecond = minimumBytesPerSecond.isFinite ? max(1, minimumBytesPerSecond) : 1
    }

    /// When a transfer that began at `start` must have moved `bytes` bytes.
    public func deadline(from start: NIODeadline, bytes: Int) -> NIODeadline {
        start + allowance(graceSeconds) + allowance(for: bytes)
    }

    /// The time `bytes` bytes may take at the slowest rate, grace apart.
    func allowance(for bytes: Int) -> TimeAmount {
        allowance(Double(max(0, bytes)) / minimumBytesPerSecond)
    }

    /// Seconds as a time amount, capped at a day so that no sum overflows.
    private func allowance(_ seconds: Double) -> TimeAmount {
        .nanoseconds(Int64(min(seconds, 86_400) * 1_000_000_000))
    }
}
