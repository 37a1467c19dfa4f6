import CGLWire
import Synchronization
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The listening socket: binds it with SwiftNIO and runs one task per connection until
/// graceful shutdown, then waits for every connection to answer what it had in flight.
///
/// A connection's pipeline is ``HandshakeHandler``, ``WireFrameDecoder``, ``Connection``;
/// its task runs the requests answered later (``ConnectionWork``), in a task group of its
/// own, a child of the listener's.
struct Listener {
    /// An accepted connection: its channel, its last handler (bound to the channel's loop),
    /// and its pending requests.
    typealias Child = (channel: any Channel, connection: NIOLoopBound<Connection>, work: ConnectionWork)

    let server: NIOAsyncChannel<Child, Never>
    let handler: RequestHandler
    let configuration: DaemonConfiguration
    let counters: DaemonCounters
    let identifyPeer: @Sendable (any Channel) async throws -> PeerCredentials
    let protocolVersions: ClosedRange<UInt16>
    let logger: Logger

    /// Binds the socket (whose path `SocketFile.prepare` made ready), or serves the one
    /// systemd passed (`activated`), already bound and listening.
    ///
    /// Connections read nothing until their peer's credentials are known (``accept``), so
    /// that every request is decided against `authorization`.
    static func bind(_ configuration: DaemonConfiguration, on eventLoops: any EventLoopGroup, activated: ActivatedSocket? = nil, handler: RequestHandler,
                     authorization: LiveAuthorization, identifyPeer: @escaping @Sendable (any Channel) async throws -> PeerCredentials,
                     protocolVersions: ClosedRange<UInt16> = Handshake.supportedVersions,
                     counters: DaemonCounters, logger: Logger) async throws(DaemonError) -> Listener {
        let limits = configuration.limits
        let initializer: @Sendable (any Channel) -> EventLoopFuture<Child> = { channel in
            channel.eventLoop.makeCompletedFuture { () throws -> Child in
                let connection = Connection(handler: handler, authorization: authorization, limits: limits, logger: logger)
                try channel.syncOptions?.setOption(ChannelOptions.autoRead, value: false)
                // Unwritable past the bound of unread answers; the connection stops reading then.
                try channel.syncOptions?.setOption(ChannelOptions.writeBufferWaterMark,
                                                   value: .init(low: limits.maximumUnreadAnswerBytes / 2, high: limits.maximumUnreadAnswerBytes))
                try channel.pipeline.syncOperations.addHandlers([
                    HandshakeHandler(maximumFrameSize: limits.maximumFrameSize, versions: protocolVersions),
                    WireFrameDecoder(maximumFrameSize: limits.maximumFrameSize, logger: logger),
                    connection,
                ])
                return (channel, NIOLoopBound(connection, eventLoop: channel.eventLoop), connection.work)
            }
        }
        let bootstrap = ServerBootstrap(group: eventLoops).serverChannelOption(.backlog, value: 256)
        do {
            let server: NIOAsyncChannel<Child, Never>
            if let activated {
                server = try await bootstrap.bind(activated.descriptor, childChannelInitializer: initializer)
            } else if let staged = try SocketFile.stagingPath(for: configuration.socketPath) {
                // Bound where only this user can reach it, then moved into place with its mode:
                // the socket is never more open than configured, whatever the umask.
                server = try await bootstrap.bind(unixDomainSocketPath: staged, cleanupExistingSocketFile: false, childChannelInitializer: initializer)
                do {
                    try SocketFile.publish(staged, at: configuration.socketPath, mode: configuration.socketMode)
                } catch {
                    try? await server.channel.close()
                    throw error
                }
            } else {
                server = try await SocketFile.withPrivateUmask {
                    try await bootstrap.bind(unixDomainSocketPath: configuration.socketPath, cleanupExistingSocketFile: false,
                                             childChannelInitializer: initializer)
                }
            }
            return Listener(server: server, handler: handler, configuration: configuration, counters: counters, identifyPeer: identifyPeer,
                            protocolVersions: protocolVersions, logger: logger)
        } catch {
            let place = activated.map { "the socket systemd passed (descriptor \($0.descriptor))" } ?? configuration.socketPath
            throw DaemonError(code: .socket, message: "cannot listen on \(place): \(error)")
        }
    }

    /// Serves connections until graceful shutdown (when `onShutdown` runs first).
    func serve(onShutdown: @escaping @Sendable () -> Void) async {
        let server = self.server
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                do {
                    try await server.executeThenClose { inbound in
                        for try await child in inbound { accept(child, into: &group) }
                    }
                } catch {
                    logger.debug("The listening socket closed", metadata: ["cgl.error": "\(error)"])
                }
            }
        } onGracefulShutdown: {
            onShutdown()
            server.channel.close(promise: nil)
        }
    }

    private func accept(_ child: Child, into group: inout DiscardingTaskGroup) {
        let open = counters.connectionsOpen.add(1, ordering: .relaxed).newValue
        let channel = child.channel
        guard open <= configuration.limits.maximumConnections else {
            DaemonCounters.decrement(counters.connectionsOpen)
            LogThrottle.shared.log(.warning, "Refused a connection: too many open",
                                   metadata: ["cgl.connections.limit": "\(configuration.limits.maximumConnections)"], to: logger)
            // Told why before the close: a hello refused `busy`, and the reason as an error
            // of the connection (its hello is not read: the answer does not depend on it).
            var refusal: [UInt8] = []
            Handshake.ServerHello(version: protocolVersions.upperBound, status: .busy, maximumFrameSize: configuration.limits.maximumFrameSize).encode(into: &refusal)
            WireResponse.error(WireError(code: .busy, message: "cgld serves at most \(configuration.limits.maximumConnections) connections at once (limits.maxConnections); this one is closed: retry later"))
                .encode(requestID: 0, into: &refusal)
            channel.writeAndFlush(ByteBuffer(bytes: refusal)).whenComplete { _ in channel.close(promise: nil) }
            return
        }
        let (counters, logger, identifyPeer, handler) = (self.counters, self.logger, self.identifyPeer, self.handler)
        let (connection, work) = (child.connection, child.work)
        // `Connection.channelInactive` finishes the work too; this also covers a channel
        // that closed before its handlers were added.
        channel.closeFuture.whenComplete { _ in work.finish() }
        group.addTask {
            // The group lookup behind the credentials may read files: here, not on the loop.
            do {
                let peer = try await identifyPeer(channel)
                channel.eventLoop.execute { connection.value.start(peer: peer) }
            } catch {
                logger.error("Closed a connection whose peer credentials cannot be read", metadata: ["cgl.error": "\(error)"])
                channel.close(promise: nil)
            }
            // Runs until the connection closes; at graceful shutdown it is asked to drain.
            await withGracefulShutdownHandler {
                await work.run(handler: handler, channel: channel, logger: logger) {
                    channel.eventLoop.execute { connection.value.requestAnswered() }
                }
            } onGracefulShutdown: {
                channel.eventLoop.execute { connection.value.drain() }
            }
            DaemonCounters.decrement(counters.connectionsOpen)
        }
    }
}
