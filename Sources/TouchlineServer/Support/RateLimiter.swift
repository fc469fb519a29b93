import Foundation
import NIOConcurrencyHelpers

/// Counts attempts per key (an account, a client address) in fixed one-minute windows and
/// refuses those over the limit. Memory is bounded: windows that ended are dropped as the table
/// grows, and when it is full of live keys new keys are refused rather than remembered.
final class RateLimiter: Sendable {
    private struct Window {
        var start: Double
        var count: Int
    }

    /// The most keys kept at once.
    static let maximumKeys = 100_000
    private let limit: Int
    private let windowSeconds: Double
    private let windows = NIOLockedValueBox<[String: Window]>([:])

    init(limit: Int, windowSeconds: Double = 60) {
        self.limit = max(1, limit)
        self.windowSeconds = windowSeconds
    }

    /// Counts one attempt for `key`; nil when it is allowed, else the whole seconds until the
    /// key's window ends (for `Retry-After`).
    func attempt(_ key: String, now: Double = ProcessInfo.processInfo.systemUptime) -> Int? {
        windows.withLockedValue { windows in
            if var window = windows[key], now - window.start < windowSeconds {
                guard window.count < limit else {
                    return max(1, Int((window.start + windowSeconds - now).rounded(.up)))
                }
                window.count += 1
                windows[key] = window
                return nil
            }
            if windows.count >= Self.maximumKeys {
                windows = windows.filter { now - $0.value.start < windowSeconds }
                if windows.count >= Self.maximumKeys { return Int(windowSeconds) }
            }
            windows[key] = Window(start: now, count: 1)
            return nil
        }
    }
}
