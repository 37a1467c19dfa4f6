import CGLWire
import Logging
import NIOCore
import NIOPosix
import Synchronization

extension Daemon {
    /// What pings systemd's watchdog until cancelled, when there is one and somewhere to
    /// ping; `run()` runs it as a child task.
    func watchdog(_ eventLoops: MultiThreadedEventLoopGroup) -> (@Sendable () async -> Void)? {
        guard let watchdog = options.watchdog, let notifier = options.notifier else { return nil }
        logger.info("Keeping systemd's watchdog", metadata: ["cgl.watchdog.timeout": "\(watchdog.timeout)", "cgl.watchdog.interval": "\(watchdog.interval)"])
        let logger = self.logger
        return { await watchdog.run(notifier: notifier, logger: logger) { await self.serviceAnswers(eventLoops) } }
    }

    /// Whether the serving machinery answers: every event loop runs a task (they accept and
    /// serve the connections), the listening socket is open, and the request path answers a
    /// `ping` as it would a client's. Before the socket is open (migrations, registering),
    /// the event loops alone.
    func serviceAnswers(_ eventLoops: MultiThreadedEventLoopGroup) async -> Bool {
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
        var answers = AnswerBuffer()
        guard handler.handle(.ping, requestID: 1, into: &answers) == nil else { return false }
        var parser = FrameParser()
        answers.flush { parser.feed($0.readableBytesView) }
        guard let frame = try? parser.next(), let response = try? WireResponse(frame: frame) else { return false }
        if case .pong = response { return true }
        return false
    }
}
