import Foundation
import Tactics

/// Boards being drawn live: for each, the log its owner's page is publishing, checked line by
/// line by Tactics' parser, and the viewers following it.
///
/// The owner's page publishes a session: its first message is the whole log so far, every
/// later one appends lines. Each session has an epoch (random, so that a viewer resuming after
/// a server restart is never taken for one of this process's sessions); viewers pull what
/// they have not seen (``update(board:epoch:from:)``) whenever they are signalled, so a slow
/// viewer never makes the server buffer the log twice. Viewers of a board with no session
/// wait for one.
actor LiveBoards {
    /// Bounds on what live boards may hold.
    struct Limits: Sendable {
        /// Viewers of one board at once.
        var viewersPerBoard = 50
        /// The largest log published, in bytes (a stored board's limit).
        var logBytes = 4 << 20
        /// The most text sent to a viewer in one message.
        var messageBytes = 256 << 10
    }

    /// Why a publisher or viewer is turned away or closed.
    enum Refusal: Error, Equatable {
        /// The lines are not a log Tactics can read; the parser's message.
        case invalidLog(String)
        /// The log would pass ``Limits/logBytes``.
        case tooLarge(Int)
        /// Another page took over publishing this board.
        case replaced
        /// ``Limits/viewersPerBoard`` viewers already.
        case tooManyViewers(Int)
    }

    /// What tells a connection to look for news, or to close.
    enum Signal: Sendable, Equatable {
        case changed
        /// Close, saying why: the view link was changed, another page took over.
        case close(reason: String)
    }

    /// Lines a viewer has not seen yet.
    struct Update: Sendable, Equatable, Encodable {
        var epoch: String
        /// The number of the first line (0 = the header).
        var from: Int
        /// Complete lines, each ended by a line feed.
        var lines: String
    }

    private struct Watcher {
        var signals: AsyncStream<Signal>.Continuation
        /// Admitted by the view link (not as the owner): closed when the link changes.
        var byViewLink: Bool
    }

    private final class Session {
        var epoch = LiveBoards.newEpoch()
        /// Complete lines of the log, header first, without line feeds.
        var lines: [String] = []
        var bytes = 0
        var parser = PointerLogParser(source: "live board")
        var publisher: UUID?
        var publisherSignals: AsyncStream<Signal>.Continuation?
        var viewers: [UUID: Watcher] = [:]
        /// True once a publisher has started a log.
        var started = false
    }

    let limits: Limits
    private var sessions: [Int64: Session] = [:]

    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    // MARK: - Publishing

    /// Makes `publisher` the board's publisher; a page publishing before is told to close.
    /// The returned signals close this publisher when another takes over.
    func startPublishing(board: Int64, publisher: UUID) -> AsyncStream<Signal> {
        let session = session(board)
        session.publisherSignals?.yield(.close(reason: "the board is being drawn on another page"))
        session.publisherSignals?.finish()
        let (signals, continuation) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .bufferingNewest(1))
        session.publisher = publisher
        session.publisherSignals = continuation
        return signals
    }

    /// Takes a publisher's message: the whole log (`first`, a new epoch for everyone) or lines
    /// to append. Blank lines are dropped.
    ///
    /// - Throws: ``Refusal`` for lines that are not a log, a log over the limit, or a
    ///   publisher replaced by another; nothing of the message is kept then, and the session
    ///   takes no more from this publisher.
    func publish(board: Int64, publisher: UUID, text: String, first: Bool) throws(Refusal) {
        guard let session = sessions[board], session.publisher == publisher else { throw .replaced }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
            .filter { !$0.allSatisfy(\.isWhitespace) }
        let bytes = lines.reduce(0) { $0 + $1.utf8.count + 1 }
        var parser = first ? PointerLogParser(source: "live board") : session.parser
        let total = (first ? 0 : session.bytes) + bytes
        var refusal: Refusal?
        if total > limits.logBytes {
            refusal = .tooLarge(limits.logBytes)
        } else {
            do {
                for line in lines { try parser.feed(line: Data(line.utf8)) }
            } catch where error.kind == .missingHeader {
                refusal = .invalidLog("\(error.source):\(parser.lineCount): the log must start with its header line "
                    + "(type header, format touchline.pointer)")
            } catch {
                refusal = .invalidLog(error.localizedDescription)
            }
        }
        if let refusal {
            // The publisher's own connection closes with the refusal's reason: its signals
            // stay open, so that ending them does not race that close.
            session.publisher = nil
            throw refusal
        }
        if first {
            session.epoch = Self.newEpoch()
            session.lines = []
            session.started = true
        }
        session.parser = parser
        session.lines += lines
        session.bytes = total
        for viewer in session.viewers.values { viewer.signals.yield(.changed) }
    }

    /// The publisher left: the log stays for viewers (and late joiners) until the last one goes.
    func stopPublishing(board: Int64, publisher: UUID) {
        guard let session = sessions[board], session.publisher == publisher else { return }
        session.publisher = nil
        session.publisherSignals?.finish()
        session.publisherSignals = nil
        forgetIfIdle(board)
    }

    // MARK: - Viewing

    /// Whether another viewer may join the board.
    func hasRoom(board: Int64) -> Bool {
        (sessions[board]?.viewers.count ?? 0) < limits.viewersPerBoard
    }

    /// Adds a viewer; its signals say when there are lines to pull or that it must close.
    ///
    /// - Throws: ``Refusal/tooManyViewers(_:)`` when the board has its fill.
    func join(board: Int64, viewer: UUID, byViewLink: Bool) throws(Refusal) -> AsyncStream<Signal> {
        let session = session(board)
        guard session.viewers.count < limits.viewersPerBoard else {
            forgetIfIdle(board)
            throw .tooManyViewers(limits.viewersPerBoard)
        }
        let (signals, continuation) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .bufferingNewest(1))
        session.viewers[viewer] = Watcher(signals: continuation, byViewLink: byViewLink)
        continuation.yield(.changed)
        return signals
    }

    func leave(board: Int64, viewer: UUID) {
        sessions[board]?.viewers.removeValue(forKey: viewer)?.signals.finish()
        forgetIfIdle(board)
    }

    /// Closes the viewers that came by the view link, which has changed or gone.
    func closeViewLinkViewers(board: Int64) {
        guard let session = sessions[board] else { return }
        for (id, viewer) in session.viewers where viewer.byViewLink {
            viewer.signals.yield(.close(reason: "the view link was changed"))
            viewer.signals.finish()
            session.viewers[id] = nil
        }
        forgetIfIdle(board)
    }

    /// Closes everyone following or publishing the board, saying why, and forgets its log.
    func end(board: Int64, reason: String) {
        guard let session = sessions.removeValue(forKey: board) else { return }
        for viewer in session.viewers.values {
            viewer.signals.yield(.close(reason: reason))
            viewer.signals.finish()
        }
        session.publisherSignals?.yield(.close(reason: reason))
        session.publisherSignals?.finish()
    }

    /// The lines of the session after line `from` of epoch `epoch`, at most
    /// ``Limits/messageBytes`` of them (at least one line); all lines from 0 when the epoch is
    /// not the session's. Nil when the viewer has everything.
    func update(board: Int64, epoch: String?, from: Int) -> Update? {
        guard let session = sessions[board], session.started else { return nil }
        var start = epoch == session.epoch ? max(0, from) : 0
        guard start < session.lines.count else { return nil }
        let first = start
        var text = ""
        while start < session.lines.count, text.isEmpty || text.utf8.count + session.lines[start].utf8.count < limits.messageBytes {
            text += session.lines[start] + "\n"
            start += 1
        }
        return Update(epoch: session.epoch, from: first, lines: text)
    }

    /// Viewers of a board now (for tests and metrics).
    func viewerCount(board: Int64) -> Int { sessions[board]?.viewers.count ?? 0 }

    // MARK: - Sessions

    private func session(_ board: Int64) -> Session {
        if let session = sessions[board] { return session }
        let session = Session()
        sessions[board] = session
        return session
    }

    private func forgetIfIdle(_ board: Int64) {
        guard let session = sessions[board], session.publisher == nil, session.viewers.isEmpty else { return }
        sessions[board] = nil
    }

    /// 64 random bits in hex.
    static func newEpoch() -> String {
        String(UInt64.random(in: .min ... .max), radix: 16)
    }
}
