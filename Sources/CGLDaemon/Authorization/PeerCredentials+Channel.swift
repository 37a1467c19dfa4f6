import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PeerCredentials {
    /// Reads the credentials of the peer of an accepted NIO connection: `SO_PEERCRED` on the
    /// channel's event loop, then the group lookup on the calling task.
    ///
    /// NIO does not hand out its descriptors; its socket-option call reads the same value
    /// ``init(socket:)`` reads.
    ///
    /// - Throws: ``Failure`` when the channel is not a connected Unix socket (or closed).
    static func read(from channel: any Channel) async throws(Failure) -> PeerCredentials {
        guard let provider = channel as? any SocketOptionProvider else {
            throw Failure(errno: ENOTSOCK, message: "the channel \(type(of: channel)) has no socket to read peer credentials from")
        }
        let credentials: KernelCredentials
        do {
            credentials = try await provider.unsafeGetSocketOption(level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED)).get()
        } catch {
            throw Failure(errno: (error as? IOError)?.errnoCode ?? EINVAL, message: "cannot read the peer credentials of a connection: \(error)")
        }
        return PeerCredentials(kernel: credentials)
    }
}
