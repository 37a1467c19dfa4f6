import Synchronization
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The listening socket: binds it with SwiftNIO and runs one task per connection until
/// graceful shutdown, then waits for every connection to answer what it had in flight.
struct Listener {
    typealias Child = (channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>, activity: ConnectionActivity)

    let server: NIOAsyncChannel<Child, Never>
    let configuration: DaemonConfiguration
    let counters: DaemonCounters
    let logger: Logger

    /// Binds the socket (whose path `SocketFile.prepare` made ready), or serves the one
    /// systemd passed (`activated`), already bound and listening.
    static func bind(_ configuration: DaemonConfiguration, activated: ActivatedSocket? = nil,
                     counters: DaemonCounters, logger: Logger) async throws(DaemonError) -> Listener {
        let limits = configuration.limits
        let initializer: @Sendable (any Channel) -> EventLoopFuture<Child> = { channel in
            channel.eventLoop.makeCompletedFuture { () throws -> Child in
                let activity = ConnectionActivity()
                try channel.pipeline.syncOperations.addHandler(
                    ConnectionGuard(helloTimeout: limits.helloTimeout, idleTimeout: limits.idleTimeout, activity: activity))
                return (try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel), activity)
            }
        }
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).serverChannelOption(.backlog, value: 256)
        do {
            let server = if let activated {
                try await bootstrap.bind(activated.descriptor, childChannelInitializer: initializer)
            } else {
                try await bootstrap.bind(unixDomainSocketPath: configuration.socketPath, cleanupExistingSocketFile: false,
                                         childChannelInitializer: initializer)
            }
            return Listener(server: server, configuration: configuration, counters: counters, logger: logger)
        } catch {
            let place = activated.map { "the socket systemd passed (descriptor \($0.descriptor))" } ?? configuration.socketPath
            throw DaemonError(code: .socket, message: "cannot listen on \(place): \(error)")
        }
    }

    /// Serves connections until graceful shutdown (when `onShutdown` runs first).
    func serve(_ handler: RequestHandler, onShutdown: @escaping @Sendable () -> Void) async {
        let server = self.server
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                do {
                    try await server.executeThenClose { inbound in
                        for try await child in inbound { accept(child, handler: handler, into: &group) }
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

    private func accept(_ child: Child, handler: RequestHandler, into group: inout DiscardingTaskGroup) {
        let open = counters.connectionsOpen.add(1, ordering: .relaxed).newValue
        guard open <= configuration.limits.maximumConnections else {
            DaemonCounters.decrement(counters.connectionsOpen)
            logger.warning("Refused a connection: too many open", metadata: ["cgl.connections.limit": "\(configuration.limits.maximumConnections)"])
            // Closed through `executeThenClose`, which finishes the channel's writer: NIO
            // traps when an async channel's writer is dropped unfinished.
            let channel = child.channel
            group.addTask { try? await channel.executeThenClose { _, _ in } }
            return
        }
        let connection = Connection(channel: child.channel, activity: child.activity, handler: handler,
                                    limits: configuration.limits, logger: logger)
        let counters = self.counters
        group.addTask {
            await connection.run()
            DaemonCounters.decrement(counters.connectionsOpen)
        }
    }
}
