import CGLWire
import Logging
import NIOCore
import NIOPosix
import Synchronization

extension Daemon {
    /// Starts pinging systemd's watchdog, when there is one and somewhere to ping.
    func startWatchdog() -> Task<Void, Never>? {
        guard let watchdog = options.watchdog, let notifier = options.notifier else { return nil }
        logger.info("Keeping systemd's watchdog", metadata: ["cgl.watchdog.timeout": "\(watchdog.timeout)", "cgl.watchdog.interval": "\(watchdog.interval)"])
        let logger = self.logger
        // The daemon cancels this task at the end of `run()`, so holding it strongly is fine.
        return Task {
            await watchdog.run(notifier: notifier, logger: logger) { await self.serviceAnswers() }
        }
    }

    /// Whether the serving machinery answers: every event loop runs a task (they accept and
    /// serve the connections), the listening socket is open, and the request path answers a
    /// `ping` as it would a client's. Before the socket is open (migrations, registering),
    /// the event loops alone.
    func serviceAnswers() async -> Bool {
        for loop in eventLoops.makeIterator() {
            guard (try? await loop.submit({}).get()) != nil else { return false }
        }
        guard case .serving(let serving) = phase.withLock({ $0 }) else { return true }
        let channel = serving.listeningChannel
        guard (try? await channel.eventLoop.submit({ channel.isActive }).get()) == true else { return false }
        return await Self.answersPing(serving.handler)
    }

    /// Sends a `ping` through the request handler, as a connection would; whether a `pong` came back.
    static func answersPing(_ handler: RequestHandler) async -> Bool {
        let answer = Mutex<[UInt8]>([])
        await handler.answer(.ping, requestID: 0) { bytes in answer.withLock { $0 += bytes } }
        var parser = FrameParser()
        parser.feed(answer.withLock { $0 })
        guard let frame = try? parser.next(), let response = try? WireResponse(frame: frame) else { return false }
        if case .pong = response { return true }
        return false
    }
}
