@testable import CGLDaemon
import Logging
import Synchronization
import Testing

/// Repeated warnings are rate-limited, and the count of those not logged is told.
@Suite struct LogThrottleTests {
    /// Lines a logger wrote: message and metadata.
    final class Lines: Sendable {
        let lines = Mutex<[(message: String, metadata: Logger.Metadata)]>([])

        var logger: Logger {
            Logger(label: "test") { _ in Handler(lines: self) }
        }

        struct Handler: LogHandler {
            let lines: Lines
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .info
            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }
            func log(event: LogEvent) {
                lines.lines.withLock { $0.append((event.message.description, event.metadata ?? [:])) }
            }
        }
    }

    @Test func twentyThousandRefusalsWriteAFewLinesAndTheirCount() {
        let now = Mutex(ContinuousClock.now)
        let throttle = LogThrottle(burst: 10, window: .seconds(10)) { now.withLock { $0 } }
        let lines = Lines()
        let logger = lines.logger
        for index in 0..<20_000 {
            throttle.log(.warning, "Refused a request: not authorized", metadata: ["cgl.index": "\(index)"], to: logger)
            throttle.log(.warning, "Refused a connection: too many open", to: logger)
        }
        let written = lines.lines.withLock { $0 }
        // Ten of each kind: the kinds are counted apart.
        #expect(written.count == 20)
        #expect(written.filter { $0.message == "Refused a request: not authorized" }.map { $0.metadata["cgl.index"]?.description } == (0..<10).map { "\($0)" })
        #expect(written.allSatisfy { $0.metadata["cgl.suppressed"] == nil })
        // The next window: the first line says how many the last one left out.
        now.withLock { $0 += .seconds(10) }
        throttle.log(.warning, "Refused a request: not authorized", to: logger)
        throttle.log(.warning, "Refused a request: not authorized", to: logger)
        let next = lines.lines.withLock { Array($0.dropFirst(20)) }
        #expect(next.map { $0.metadata["cgl.suppressed"]?.description } == ["19990", nil])
        // A level the logger does not write is not counted either.
        throttle.log(.debug, "Refused a request: not authorized", to: logger)
        #expect(lines.lines.withLock { $0.count } == 22)
    }
}
