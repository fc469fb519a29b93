import Foundation
import Testing
@testable import TouchlineServer

/// The live boards' hub, without sockets: sessions, epochs, resuming, limits.
@Suite struct LiveBoardsTests {
    static let header = #"{"type":"header","format":"touchline.pointer","version":2,"surface":{"width":800,"height":600}}"#
    static let stroke = [#"{"t":0,"type":"tool","tool":"red"}"#, #"{"t":1,"type":"down","id":1,"x":10,"y":10}"#,
                         #"{"t":2,"type":"up","id":1,"x":20,"y":20}"#]

    @Test func aLateViewerGetsTheWholeLogAndThenOnlyWhatIsNew() async throws {
        let hub = LiveBoards()
        let publisher = UUID()
        _ = await hub.startPublishing(board: 1, publisher: publisher)
        try await hub.publish(board: 1, publisher: publisher, text: Self.header + "\n" + Self.stroke[0] + "\n", first: true)
        _ = try await hub.join(board: 1, viewer: UUID(), byViewLink: true)
        let all = try #require(await hub.update(board: 1, epoch: nil, from: 0))
        #expect(all.from == 0)
        #expect(all.lines == Self.header + "\n" + Self.stroke[0] + "\n")
        #expect(await hub.update(board: 1, epoch: all.epoch, from: 2) == nil)
        try await hub.publish(board: 1, publisher: publisher, text: Self.stroke[1] + "\n\n" + Self.stroke[2], first: false)
        let new = try #require(await hub.update(board: 1, epoch: all.epoch, from: 2))
        #expect(new == LiveBoards.Update(epoch: all.epoch, from: 2, lines: Self.stroke[1] + "\n" + Self.stroke[2] + "\n"))
        // Another epoch (a restarted server, an old session) starts again from the header.
        #expect(await hub.update(board: 1, epoch: "0", from: 3)?.from == 0)
        // Publishing again from the start is a new epoch.
        try await hub.publish(board: 1, publisher: publisher, text: Self.header, first: true)
        let restarted = try #require(await hub.update(board: 1, epoch: all.epoch, from: 4))
        #expect(restarted.epoch != all.epoch)
        #expect(restarted.from == 0 && restarted.lines == Self.header + "\n")
    }

    @Test func linesThatAreNotALogAreRefusedWithTheLineAndKeptOut() async throws {
        let hub = LiveBoards()
        let publisher = UUID()
        _ = await hub.startPublishing(board: 1, publisher: publisher)
        _ = try await hub.join(board: 1, viewer: UUID(), byViewLink: false)
        try await hub.publish(board: 1, publisher: publisher, text: Self.header, first: true)
        await #expect(throws: LiveBoards.Refusal.invalidLog("live board:2: id: up for pointer 9 with no down before it")) {
            try await hub.publish(board: 1, publisher: publisher, text: #"{"t":1,"type":"up","id":9,"x":1,"y":1}"#, first: false)
        }
        #expect(await hub.update(board: 1, epoch: nil, from: 0)?.lines == Self.header + "\n")
        // The publisher is done: it may not go on.
        await #expect(throws: LiveBoards.Refusal.replaced) {
            try await hub.publish(board: 1, publisher: publisher, text: Self.stroke[0], first: false)
        }
        let other = UUID()
        _ = await hub.startPublishing(board: 1, publisher: other)
        await #expect(throws: LiveBoards.Refusal.invalidLog("live board:1: the log must start with its header line (type header, format touchline.pointer)")) {
            try await hub.publish(board: 1, publisher: other, text: #"{"type":"scribble"}"#, first: true)
        }
    }

    @Test func aLogOverTheLimitIsRefused() async throws {
        let hub = LiveBoards(limits: LiveBoards.Limits(logBytes: 300))
        let publisher = UUID()
        _ = await hub.startPublishing(board: 1, publisher: publisher)
        try await hub.publish(board: 1, publisher: publisher, text: Self.header, first: true)
        let moves = (0..<10).map { #"{"t":\#($0),"type":"down","id":\#($0),"x":1,"y":1}"# }.joined(separator: "\n")
        await #expect(throws: LiveBoards.Refusal.tooLarge(300)) {
            try await hub.publish(board: 1, publisher: publisher, text: moves, first: false)
        }
    }

    @Test func aSecondPublisherTakesOverAndTheFirstIsToldToClose() async throws {
        let hub = LiveBoards()
        let first = UUID(), second = UUID()
        let signals = await hub.startPublishing(board: 1, publisher: first)
        _ = await hub.startPublishing(board: 1, publisher: second)
        var iterator = signals.makeAsyncIterator()
        #expect(await iterator.next() == .close(reason: "the board is being drawn on another page"))
        await #expect(throws: LiveBoards.Refusal.replaced) {
            try await hub.publish(board: 1, publisher: first, text: Self.header, first: true)
        }
        try await hub.publish(board: 1, publisher: second, text: Self.header, first: true)
    }

    @Test func viewersAreCappedAndViewLinkViewersCloseWhenTheLinkChanges() async throws {
        let hub = LiveBoards(limits: LiveBoards.Limits(viewersPerBoard: 2))
        let byLink = try await hub.join(board: 1, viewer: UUID(), byViewLink: true)
        let owner = try await hub.join(board: 1, viewer: UUID(), byViewLink: false)
        #expect(await !hub.hasRoom(board: 1))
        await #expect(throws: LiveBoards.Refusal.tooManyViewers(2)) {
            _ = try await hub.join(board: 1, viewer: UUID(), byViewLink: true)
        }
        await hub.closeViewLinkViewers(board: 1)
        var linkSignals: [LiveBoards.Signal] = []
        for await signal in byLink { linkSignals.append(signal) }
        #expect(linkSignals.last == .close(reason: "the view link was changed"))
        var ownerIterator = owner.makeAsyncIterator()
        #expect(await ownerIterator.next() == .changed)
        #expect(await hub.viewerCount(board: 1) == 1)
    }

    @Test func aLongLogComesInMessagesOfBoundedSize() async throws {
        let hub = LiveBoards(limits: LiveBoards.Limits(messageBytes: 200))
        let publisher = UUID()
        _ = await hub.startPublishing(board: 1, publisher: publisher)
        let downs = (0..<20).map { #"{"t":\#($0),"type":"down","id":\#($0),"x":1,"y":1}"# }
        try await hub.publish(board: 1, publisher: publisher, text: ([Self.header] + downs).joined(separator: "\n"), first: true)
        var from = 0, epoch: String?, received = ""
        while let update = await hub.update(board: 1, epoch: epoch, from: from) {
            #expect(update.from == from)
            #expect(update.lines.utf8.count <= 200 || update.lines.utf8.count(of: UInt8(ascii: "\n")) == 1)
            received += update.lines
            from += update.lines.utf8.count(of: UInt8(ascii: "\n"))
            epoch = update.epoch
        }
        #expect(received == ([Self.header] + downs).joined(separator: "\n") + "\n")
    }

    @Test func closeReasonsFitAFrame() {
        let reason = LiveRoutes.closeReason(String(repeating: "é", count: 100))
        #expect(reason.utf8.count <= 123)
        #expect(reason.hasSuffix("…"))
        #expect(LiveRoutes.closeReason("short") == "short")
    }
}
