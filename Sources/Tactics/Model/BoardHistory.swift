/// Which strokes and clears are in effect as undo and redo come and go (pointer log and stroke
/// document version 2).
///
/// `undo` takes back the last stroke or clear still in effect (an undone clear brings its ink
/// back); `redo` puts back what the last undo took; a new stroke or clear forgets what could be
/// redone. Events are named by their index in the log, so the readers, the renderer and the
/// animator share one rule.
///
/// ```swift
/// var history = BoardHistory()
/// history.record(0, of: .stroke(line))   // in effect: [0]
/// history.record(1, of: .undo(time: 9))  // in effect: []
/// history.record(2, of: .redo(time: 12)) // in effect: [0]
/// ```
public struct BoardHistory: Sendable, Equatable {
    /// What the log did that history cannot do.
    public enum Refusal: Sendable, Equatable {
        /// An undo with no stroke or clear in effect.
        case nothingToUndo
        /// A redo with no undo to take back.
        case nothingToRedo
    }

    /// The indices of the strokes and clears in effect, in replay order.
    public private(set) var inEffect: [Int] = []
    /// What undo took and redo can put back, the most recent last.
    public private(set) var undone: [Int] = []
    /// The fewest events in effect since ``markSettled()``: `inEffect[..<settledCount]` has
    /// not changed since then (what came after may have been undone).
    public private(set) var settledCount = 0

    public init() {}

    /// The history after the first events of a log.
    public init<Events: Collection<BoardEvent>>(_ events: Events) where Events.Index == Int {
        for index in events.indices { _ = record(index, of: events[index]) }
    }

    /// Applies event `index` of the log; returns why it cannot, for an undo or redo with
    /// nothing to act on (and changes nothing then).
    @discardableResult
    public mutating func record(_ index: Int, of event: BoardEvent) -> Refusal? {
        switch event {
        case .stroke, .clear:
            inEffect.append(index)
            undone.removeAll()
        case .undo:
            guard let last = inEffect.popLast() else { return .nothingToUndo }
            undone.append(last)
            settledCount = min(settledCount, inEffect.count)
        case .redo:
            guard let last = undone.popLast() else { return .nothingToRedo }
            inEffect.append(last)
        }
        return nil
    }

    /// Starts counting ``settledCount`` again from what is in effect now.
    public mutating func markSettled() {
        settledCount = inEffect.count
    }

    /// The events in effect that can show: those after the last clear in effect.
    public func visible(in events: [BoardEvent]) -> ArraySlice<Int> {
        let start = inEffect.lastIndex { events[$0].isClear }.map { $0 + 1 } ?? 0
        return inEffect[start...]
    }
}
