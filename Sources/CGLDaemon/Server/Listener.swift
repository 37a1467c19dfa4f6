import Synchronization
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The listening socket: binds it with SwiftNIO and runs one task per connection until
/// graceful shutdown, then waits for every connection to answer what it had in flight.
struct Listener {
    /// An accepted connection: its channel, and its handler (bound to the channel's loop).
    typealias Child = (channel: any Channel, connection: NIOLoopBound<Connection>)

    let server: NIOAsyncChannel<Child, Never>
    let configuration: DaemonConfiguration
    let counters: DaemonCounters
    let logger: Logger

    /// Binds the socket (whose path `SocketFile.prepare` made ready).
    static func bind(_ configuration: DaemonConfiguration, handler: RequestHandler, counters: DaemonCounters, logger: Logger) async throws(DaemonError) -> Listener {
        let limits = configuration.limits
        do {
            let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.backlog, value: 256)
                .bind(unixDomainSocketPath: configuration.socketPath, cleanupExistingSocketFile: false) { channel in
                    channel.eventLoop.makeCompletedFuture { () throws -> Child in
                        let activity = ConnectionActivity()
                        let connection = Connection(handler: handler, activity: activity, limits: limits, logger: logger)
                        try channel.pipeline.syncOperations.addHandlers(
                            ConnectionGuard(helloTimeout: limits.helloTimeout, idleTimeout: limits.idleTimeout, activity: activity),
                            connection)
                        return (channel, NIOLoopBound(connection, eventLoop: channel.eventLoop))
                    }
                }
            return Listener(server: server, configuration: configuration, counters: counters, logger: logger)
        } catch {
            throw DaemonError(code: .socket, message: "cannot listen on \(configuration.socketPath): \(error)")
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
            logger.warning("Refused a connection: too many open", metadata: ["cgl.connections.limit": "\(configuration.limits.maximumConnections)"])
            channel.close(promise: nil)
            return
        }
        let counters = self.counters
        let connection = child.connection
        group.addTask {
            // Runs until the connection closes; at graceful shutdown it is asked to drain.
            await withGracefulShutdownHandler {
                try? await channel.closeFuture.get()
            } onGracefulShutdown: {
                channel.eventLoop.execute { connection.value.drain() }
            }
            DaemonCounters.decrement(counters.connectionsOpen)
        }
    }
}
