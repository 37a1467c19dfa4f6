import CGLFleet
import NIOCore
import ServiceLifecycle

// The parts of a serving daemon, each a `Service` of the group ``Daemon`` runs while it
// serves (`Daemon.serve`). On graceful shutdown the group stops them in the reverse of their
// order there: the listener first (no new connections; those open answer what is in flight),
// then the background work (no more started; what runs is awaited), the metrics endpoint,
// and the fleet's sync last: all before the store they use closes.

/// Accepts and serves connections until graceful shutdown.
struct ListenerService: Service {
    let listener: Listener
    /// Called when graceful shutdown begins, before the listening socket closes.
    let onShutdown: @Sendable () -> Void
    /// Called once the connections are done.
    let afterServing: @Sendable () -> Void

    func run() async {
        await listener.serve(onShutdown: onShutdown)
        afterServing()
    }
}

/// Runs the work started in the background of serving (the prewarm at start, reloads) until
/// graceful shutdown, then waits for what was started.
struct BackgroundService: Service {
    let background: BackgroundTasks

    func run() async {
        await withGracefulShutdownHandler {
            await background.run()
        } onGracefulShutdown: {
            background.finish()
        }
    }
}

/// Keeps the metrics endpoint open until graceful shutdown.
struct MetricsService: Service {
    let channel: any Channel

    func run() async {
        // Returns at graceful shutdown, or throws when the group is cancelled: closed either way.
        try? await gracefulShutdown()
        try? await channel.close()
    }
}

/// The mirror of the shared registry following it, until graceful shutdown.
struct FleetSyncService: Service {
    let sync: RegistrySync

    func run() async {
        await cancelWhenGracefulShutdown { await sync.run() }
    }
}

// Around serving, the daemon's life is a group too (`Daemon.run`): systemd's watchdog,
// kept from the start to the end, and the fleet's shared registry's connections, kept from
// the start to the end of serving; each stopped after the part that uses it.

/// systemd's watchdog, kept while the daemon starts, serves and stops; stopped last.
struct WatchdogService: Service {
    let keep: @Sendable () async -> Void

    func run() async {
        await cancelWhenGracefulShutdown { await keep() }
    }
}

/// The connections to the fleet's shared registry (postgres-nio's `PostgresClient`), from
/// the start (migrations, the mirror brought up to it) to the end of serving.
struct SharedRegistryService: Service {
    let registry: PostgresRegistry

    func run() async {
        await cancelWhenGracefulShutdown { await registry.run() }
    }
}

/// A part of the daemon that ends by itself (the start and serving): when it returns or
/// throws, its group stops the others, and its error is the group's.
struct DaemonPartService: Service {
    let body: @Sendable () async throws -> Void

    func run() async throws {
        try await body()
    }
}

extension ServiceGroupConfiguration.ServiceConfiguration {
    /// `part`, whose end (or failure) ends its group.
    static func ending(_ part: @escaping @Sendable () async throws -> Void) -> Self {
        .init(service: DaemonPartService(body: part), successTerminationBehavior: .gracefullyShutdownGroup,
              failureTerminationBehavior: .gracefullyShutdownGroup)
    }
}
