#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fake systemd notification socket: a Unix datagram socket a test binds and names in
/// `NOTIFY_SOCKET`, reading the daemon's `sd_notify` messages in the order they came.
///
/// `@unchecked Sendable`: one test reads it, from one thread at a time.
public final class NotifyListener: @unchecked Sendable {
    /// Failures of the listener.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The address to put in `NOTIFY_SOCKET`: the path, or `@name` for an abstract socket.
    public let address: String
    /// Every message received so far, in order.
    public private(set) var received: [String] = []
    private let descriptor: Int32

    /// Binds a datagram socket at `address` (a path, or `@name` for an abstract socket).
    public init(address: String) throws {
        self.address = address
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(address.utf8)
        let isAbstract = address.hasPrefix("@")
        if isAbstract { bytes[0] = 0 } else { bytes.append(0) }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: bytes) }
        let length = isAbstract ? 2 + bytes.count : MemoryLayout<sockaddr_un>.size
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(length)) }
        }
        guard bound == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "bind \(address): \(reason)")
        }
    }

    deinit {
        close(descriptor)
        if !address.hasPrefix("@") { unlink(address) }
    }

    /// The next message, or nil when none comes within `timeout`.
    public func next(timeout: Duration) -> String? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&poller, 1, milliseconds) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count >= 0 else { return nil }
        let message = String(decoding: buffer.prefix(count), as: UTF8.self)
        received.append(message)
        return message
    }

    /// Reads messages until one satisfies `isWanted`, and returns it.
    ///
    /// - Throws: When none does within `timeout`, listing what came.
    @discardableResult
    public func wait(for description: String, timeout: Duration = .seconds(60), _ isWanted: (String) -> Bool) throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let message = next(timeout: .milliseconds(100)), isWanted(message) { return message }
        }
        throw Failure(description: "no \(description) within \(timeout); received \(received)")
    }

    /// Whether a message has the field `key=value` (`READY=1`).
    public static func has(_ field: String, in message: String) -> Bool {
        message.split(separator: "\n").contains { $0 == field }
    }
}
