import Foundation

/// `transform` applied to `0..<count` on every core, the results in order. When several
/// fail, the error of the lowest index is thrown, so failures are the same from run to run.
func concurrentMap<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) throws -> T) throws -> [T] {
    let results = ResultSlots<T>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
        results.set(index, Result { try transform(index) })
    }
    return try results.values.map { try $0.get() }
}

/// Results written by concurrent tasks, one slot each, behind a lock.
private final class ResultSlots<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<T, any Error>?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<T, any Error>) {
        lock.withLock { slots[index] = result }
    }

    /// Every slot's result; a slot never set (which cannot happen once all tasks ran) fails.
    var values: [Result<T, any Error>] {
        lock.withLock { slots.map { $0 ?? .failure(CancellationError()) } }
    }
}
