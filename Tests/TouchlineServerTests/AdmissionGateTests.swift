import Testing
@testable import TouchlineServer

@Suite("Admission gates")
struct AdmissionGateTests {
    @Test("beyond the places and the line, callers are turned away with a 503 naming the work")
    func turnedAway() async throws {
        let gate = AdmissionGate(limit: 1, queueLimit: 0, work: "renders")
        let (entered, enteredSignal) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await gate.run {
                enteredSignal.yield()
                for await _ in release { break }
                return 1
            }
        }
        for await _ in entered { break }
        await #expect(throws: Problem(.overloaded, "too many renders at once; try again in a moment", retryAfter: 1)) {
            try await gate.run { 2 }
        }
        releaseSignal.yield()
        #expect(try await holder.value == 1)
        // The place came back.
        #expect(try await gate.run { 3 } == 3)
    }
}
