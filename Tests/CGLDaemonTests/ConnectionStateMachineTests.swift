@testable import CGLDaemon
import NIOCore
import Testing

/// The connection's decisions, driven event by event without a channel, a clock or a socket.
@Suite struct ConnectionStateMachineTests {
    /// A connection's state machine with `limit` requests in flight and an idle timeout of
    /// four checks, held by reference so that each event reads as one expression.
    final class Connection {
        var state: ConnectionStateMachine
        init(limit: Int = 2) {
            state = ConnectionStateMachine(maximumRequestsInFlight: limit, idleWatch: IdleWatch(timeout: .milliseconds(4)))
        }

        var reads: Bool { state.reads }
        var inFlight: Int { state.inFlight }
        func peerIdentified() -> ConnectionStateMachine.Action { state.peerIdentified() }
        func helloAccepted() { state.helloWasAccepted() }
        func frameArrived() -> Bool { state.frameArrived() }
        func writable(_ isWritable: Bool) -> Bool { state.writabilityChanged(isWritable: isWritable) }
        func admit(daemonAdmits: () -> Bool = { true }) -> ConnectionStateMachine.Admission { state.admitRequest(daemonAdmits: daemonAdmits) }
        func answered() -> ConnectionStateMachine.Action { state.requestAnswered() }
        func drain() -> ConnectionStateMachine.Action { state.drain() }
        func failed() -> Bool { state.failed() }
        func helloTimer() -> ConnectionStateMachine.Action { state.helloTimerFired() }
        func idleChecks(_ count: Int) -> [ConnectionStateMachine.Action] { (0 ..< count).map { _ in state.idleTimerFired() } }
        func drainTimer() -> ConnectionStateMachine.Action { state.drainTimerFired() }
    }

    /// A connection whose peer is known and whose hello was accepted.
    private func serving(limit: Int = 2) -> Connection {
        let connection = Connection(limit: limit)
        _ = connection.peerIdentified()
        connection.helloAccepted()
        return connection
    }

    @Test func nothingIsReadBeforeThePeerIsKnown() {
        let connection = Connection()
        #expect(!connection.reads && !connection.frameArrived())
        #expect(!connection.writable(true))
        #expect(connection.peerIdentified() == .startServing(reading: true))
        #expect(connection.reads && connection.frameArrived())
        #expect(connection.peerIdentified() == .none)
    }

    @Test func aPeerKnownWhileTheClientDoesNotReadStartsWithoutReading() {
        let connection = Connection()
        _ = connection.writable(false)
        #expect(connection.peerIdentified() == .startServing(reading: false))
    }

    @Test func backpressureStopsReadingWhileAnswersWaitAndResumesAfter() {
        let connection = serving()
        #expect(connection.writable(false) == false)
        #expect(!connection.reads)
        // Frames already read are still handled: only reading stops.
        #expect(connection.frameArrived())
        #expect(connection.writable(true) == true)
    }

    @Test func theConnectionsBoundInFlightIsCheckedBeforeTheDaemons() {
        let connection = serving(limit: 2)
        var daemonAsked = 0
        let admitAll = { () -> Bool in daemonAsked += 1; return true }
        #expect(connection.admit(daemonAdmits: admitAll) == .admitted)
        #expect(connection.admit(daemonAdmits: admitAll) == .admitted)
        #expect(connection.admit(daemonAdmits: admitAll) == .connectionBusy)
        #expect(daemonAsked == 2 && connection.inFlight == 2)
        #expect(connection.answered() == .none)
        #expect(connection.admit { false } == .daemonBusy)
        #expect(connection.inFlight == 1)
        #expect(connection.admit(daemonAdmits: admitAll) == .admitted)
    }

    @Test func aHelloNotAcceptedInTimeCloses() {
        let connection = Connection()
        _ = connection.peerIdentified()
        #expect(connection.helloTimer() == .close)
        connection.helloAccepted()
        #expect(connection.helloTimer() == .none)
    }

    @Test func aSilentConnectionClosesAfterItsTimeout() {
        let connection = serving()
        #expect(connection.idleChecks(4) == [.none, .none, .none, .none])
        #expect(connection.idleChecks(1) == [.close])
    }

    @Test func aConnectionWaitingForAnswersIsNeverIdle() {
        let connection = serving()
        #expect(connection.admit() == .admitted)
        #expect(connection.idleChecks(20).allSatisfy { $0 == .none })
        #expect(connection.answered() == .none)
        #expect(connection.frameArrived())
        #expect(connection.idleChecks(5) == [.none, .none, .none, .none, .close])
    }

    @Test func drainingWithNothingInFlightClosesAtOnceAndTakesNoMoreRequests() {
        let connection = serving()
        #expect(connection.drain() == .flushAndClose)
        #expect(!connection.frameArrived() && !connection.reads)
        #expect(connection.drain() == .none)
    }

    @Test func drainingClosesWhenTheLastAnswerIsWritten() {
        let connection = serving(limit: 4)
        #expect(connection.admit() == .admitted && connection.admit() == .admitted)
        #expect(connection.drain() == .flushAndAwaitAnswers(inFlight: 2))
        #expect(!connection.frameArrived())
        #expect(connection.answered() == .none)
        #expect(connection.answered() == .close)
        #expect(connection.drainTimer() == .none)
    }

    @Test func aClientThatNeverReadsIsClosedWhenTheDrainTimerFires() {
        let connection = serving()
        #expect(connection.admit() == .admitted)
        #expect(connection.drain() == .flushAndAwaitAnswers(inFlight: 1))
        #expect(connection.idleChecks(20).allSatisfy { $0 == .none })
        #expect(connection.writable(false) == false)
        #expect(connection.drainTimer() == .closeUnread(inFlight: 1))
    }

    @Test func aClientThatReadsWaitsForAnswersStillBeingMadeForABoundedTime() {
        let connection = serving()
        #expect(connection.admit() == .admitted)
        #expect(connection.drain() == .flushAndAwaitAnswers(inFlight: 1))
        let extensions = ConnectionStateMachine.maximumDrainTimeouts - 1
        #expect((0 ..< extensions).map { _ in connection.drainTimer() } == Array(repeating: .extendDrain, count: extensions))
        #expect(connection.drainTimer() == .closeUnread(inFlight: 1))

        let answered = serving()
        #expect(answered.admit() == .admitted)
        _ = answered.drain()
        #expect(answered.drainTimer() == .extendDrain)
        #expect(answered.answered() == .close)
        #expect(answered.drainTimer() == .none)
    }

    @Test func aConnectionDrainedBeforeItsPeerIsKnownNeverStarts() {
        let connection = Connection()
        #expect(connection.drain() == .flushAndClose)
        #expect(connection.peerIdentified() == .none)
        #expect(!connection.reads)
    }

    @Test func aFailedConnectionDoesNothingMore() {
        let connection = serving()
        #expect(connection.failed())
        #expect(!connection.failed())
        #expect(!connection.frameArrived())
        #expect(connection.helloTimer() == .none && connection.idleChecks(10).allSatisfy { $0 == .none } && connection.drain() == .none)
    }
}
