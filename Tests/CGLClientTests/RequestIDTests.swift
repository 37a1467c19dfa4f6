@testable import CGLClient
import Testing

@Suite struct RequestIDTests {
    @Test func rangesFollowOneAnother() {
        let first = ClientConnection.requestIDs(3, from: 1)
        let second = ClientConnection.requestIDs(1, from: first.next)
        #expect(first == (1, 4))
        #expect(second == (4, 5))
    }

    @Test func aRangeThatWouldPassTheLastIdStartsAgainFromOne() {
        // UInt32.max itself is skipped: a range from it would end past it.
        #expect(ClientConnection.requestIDs(1, from: .max) == (1, 2))
        let last = ClientConnection.requestIDs(2, from: .max - 1)
        #expect(last.first == 1 && last.next == 3)
        let exact = ClientConnection.requestIDs(1, from: .max - 1)
        #expect(exact.first == .max - 1 && exact.next == .max)
    }

    @Test func zeroIsNeverAnId() {
        #expect(ClientConnection.requestIDs(5, from: 0).first == 1)
    }
}
