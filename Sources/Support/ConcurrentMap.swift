import Foundation

/// `transform` applied to `0..<count` on every core, the results in order. When several
/// fail, the error of the lowest index is thrown, so failures are the same from run to run.
///
/// ```swift
/// let pages = try concurrentMap(sections.count) { try render(sections[$0]) }
/// ```
public func concurrentMap<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) throws -> T) throws -> [T] {
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

/// Runs `work` for each index of `0..<count`, at most `width` at a time, and hands each result
/// to `finished` on the calling task as it comes (in the order they finish), so the caller can
/// show progress or collect results without a lock. The one bounded fan-out of the command
/// line's `--jobs` options.
///
/// ```swift
/// var sizes = [Int](repeating: 0, count: files.count)
/// await forEachConcurrently(files.count, width: jobs, { index in size(of: files[index]) }) { index, size in
///     sizes[index] = size
/// }
/// ```
public func forEachConcurrently<T: Sendable>(_ count: Int, width: Int, _ work: @escaping @Sendable (Int) -> T,
                                            finished: (Int, T) -> Void) async {
    await withTaskGroup(of: (Int, T).self) { group in
        var next = 0
        func start() {
            guard next < count else { return }
            let index = next
            next += 1
            group.addTask { (index, work(index)) }
        }
        for _ in 0..<max(1, width) { start() }
        while let (index, result) = await group.next() {
            finished(index, result)
            start()
        }
    }
}
