import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// Serves `GET /metrics` over HTTP/1.1 on the configured address, each answer a fresh
/// scrape; any other path is 404, any other method 405.
enum MetricsEndpoint {
    /// Binds `address` and serves until the returned channel is closed.
    static func bind(_ address: MetricsAddress, on group: any EventLoopGroup, socketMode: UInt16,
                     scrape: @escaping @Sendable () -> [UInt8]) async throws -> any Channel {
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(MetricsHTTPHandler(scrape: scrape))
                }
            }
        switch address {
        case .tcp(let host, let port):
            return try await bootstrap.bind(host: host, port: port).get()
        case .unixSocket(let path):
            // Its folder made, a file left by a daemon that died removed, a live one refused.
            try SocketFile.prepare(path)
            let channel = try await bootstrap.bind(unixDomainSocketPath: path).get()
            try SocketFile.setMode(path, socketMode)
            return channel
        }
    }
}

/// Answers one request at a time on a connection, keeping it open when the client asks.
private final class MetricsHTTPHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let scrape: @Sendable () -> [UInt8]
    private var request: HTTPRequestHead?

    init(scrape: @escaping @Sendable () -> [UInt8]) {
        self.scrape = scrape
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            request = head
        case .body:
            break
        case .end:
            guard let head = request else { return }
            request = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
        let (status, body, type): (HTTPResponseStatus, [UInt8], String) =
            if path != "/metrics" { (.notFound, Array("Not found: cgld serves /metrics\n".utf8), "text/plain; charset=utf-8") }
            else if head.method != .GET && head.method != .HEAD { (.methodNotAllowed, Array("Use GET\n".utf8), "text/plain; charset=utf-8") }
            else { (.ok, scrape(), "text/plain; version=0.0.4; charset=utf-8") }
        var headers = HTTPHeaders([("Content-Type", type), ("Content-Length", "\(body.count)")])
        if status == .methodNotAllowed { headers.add(name: "Allow", value: "GET, HEAD") }
        if !head.isKeepAlive { headers.add(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
        if head.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        let (keepAlive, channel) = (head.isKeepAlive, context.channel)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            if !keepAlive { channel.close(promise: nil) }
        }
    }
}

extension Daemon {
    /// Serves `/metrics` on `metrics.address`, when set.
    ///
    /// - Throws: `DaemonError` `socket` when the address cannot be bound (in use, or not
    ///   this machine's), `socketInUse` when another daemon serves its Unix socket.
    func serveMetrics(_ path: RequestPath, fleet: RegistrySync?, uptime: @escaping @Sendable () -> Double,
                      on eventLoops: any EventLoopGroup) async throws(DaemonError) -> (any Channel)? {
        let configuration = current.withLock { $0 }
        guard let address = configuration.metricsAddress else { return nil }
        do {
            let channel = try await MetricsEndpoint.bind(address, on: eventLoops, socketMode: configuration.socketMode) {
                path.metrics.scrape(counters: path.counters, cache: path.snapshots.hotCache, schemes: path.registry.count,
                                    uptime: uptime(), fleet: fleet?.status.current)
            }
            logger.info("Serving metrics", metadata: ["cgl.metrics": "\(address)/metrics"])
            return channel
        } catch let error as DaemonError {
            throw error
        } catch {
            throw DaemonError(code: .socket, message: "cannot serve metrics on \(address) (metrics.address): \(error)")
        }
    }
}
