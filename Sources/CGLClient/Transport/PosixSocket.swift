#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Unix stream socket, on the system calls alone (the client library takes no dependency
/// on NIO). Every failure is reported as an errno-carrying `Failure`. Package-visible so
/// that tests can speak raw bytes to a daemon.
///
/// The descriptor is blocking, with timeouts (`SO_SNDTIMEO`, `SO_RCVTIMEO`), so that a
/// small request costs one `send` and an answer waited for costs one `recv`; `writeSome`,
/// `readSome` and `wait` are the non-blocking calls (`MSG_DONTWAIT`, `poll`) that the
/// handshake, large exchanges and suspending callers are made of.
package final class PosixSocket {
    package struct Failure: Error {
        package var operation: String
        package var errno: Int32

        package var reason: String { String(cString: strerror(errno)) }
    }

    package let descriptor: Int32

    /// Connects to the socket at `path`, waiting until `deadline` while the daemon's
    /// backlog is full.
    package init(connectingTo path: String, deadline: ContinuousClock.Instant) throws(Failure) {
        #if canImport(Glibc)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(operation: "socket", errno: errno) }
        self.descriptor = descriptor
        // From here on, `deinit` closes the descriptor whichever way `init` ends.
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw Failure(operation: "connect", errno: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        while true {
            // A blocking connect waits while the daemon's backlog is full, up to SO_SNDTIMEO.
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw Failure(operation: "connect", errno: ETIMEDOUT) }
            setTimeout(SO_SNDTIMEO, remaining)
            let result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            if result == 0 || errno == EISCONN { return }
            guard errno == EINTR else {
                throw Failure(operation: "connect", errno: errno == EAGAIN || errno == EINPROGRESS ? ETIMEDOUT : errno)
            }
        }
    }

    /// Takes over `descriptor`, a connected Unix stream socket (one end of a `socketpair`,
    /// in tests): closed with this.
    package init(adopting descriptor: Int32) {
        self.descriptor = descriptor
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Sets how long a blocking send may wait (`SO_SNDTIMEO`).
    package func setSendTimeout(_ duration: Duration) {
        setTimeout(SO_SNDTIMEO, duration)
    }

    /// Sets how long ``readWaiting(into:)`` may wait for a byte (`SO_RCVTIMEO`).
    package func setReceiveTimeout(_ duration: Duration) {
        setTimeout(SO_RCVTIMEO, duration)
    }

    private func setTimeout(_ option: Int32, _ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        if value.tv_sec == 0, value.tv_usec == 0 { value.tv_usec = 1 }  // 0 would mean "forever"
        setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends all of `bytes`, waiting as needed (up to the send timeout).
    package func writeAll(_ bytes: ArraySlice<UInt8>) throws(Failure) {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let written = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Self.noSignal) }
            if written > 0 {
                offset += written
            } else if written < 0, errno != EINTR {
                throw Failure(operation: "send", errno: errno == EAGAIN ? ETIMEDOUT : errno)
            }
        }
    }

    #if canImport(Glibc)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    private static let dontWait = Int32(MSG_DONTWAIT)
    #else
    private static let noSignal: Int32 = 0
    private static let dontWait = Int32(MSG_DONTWAIT)
    #endif

    deinit { close(descriptor) }

    /// Writes as much of `bytes` as the socket takes now; returns how many.
    package func writeSome(_ bytes: ArraySlice<UInt8>) throws(Failure) -> Int {
        let written = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Self.noSignal | Self.dontWait) }
        if written >= 0 { return written }
        if errno == EAGAIN || errno == EINTR { return 0 }
        throw Failure(operation: "send", errno: errno)
    }

    /// Reads what is there into `buffer`; returns the count, 0 at end of stream, or nil when
    /// nothing is there yet.
    package func readSome(into buffer: inout [UInt8]) throws(Failure) -> Int? {
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Self.dontWait) }
        if count >= 0 { return count }
        if errno == EAGAIN || errno == EINTR { return nil }
        throw Failure(operation: "recv", errno: errno)
    }

    /// Reads into `buffer`, waiting in `recv` itself until bytes come (up to the receive
    /// timeout); returns the count, 0 at end of stream, or nil when a signal interrupted
    /// the wait.
    ///
    /// - Throws: `ETIMEDOUT` when the receive timeout passed with nothing to read.
    package func readWaiting(into buffer: inout [UInt8]) throws(Failure) -> Int? {
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count >= 0 { return count }
        if errno == EINTR { return nil }
        throw Failure(operation: "recv", errno: errno == EAGAIN || errno == EWOULDBLOCK ? ETIMEDOUT : errno)
    }

    /// The events of `events` (POLLIN, POLLOUT) the socket is ready for now, without waiting.
    package func readyNow(for events: Int16) throws(Failure) -> Int16 {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        let result = poll(&entry, 1, 0)
        if result < 0 {
            if errno == EINTR { return 0 }
            throw Failure(operation: "poll", errno: errno)
        }
        return result == 0 ? 0 : entry.revents
    }

    /// Waits until the socket is ready for `events` (POLLIN, POLLOUT) or `deadline` passes.
    ///
    /// - Returns: The events that are ready; empty when the deadline passed.
    @discardableResult
    package func wait(for events: Int16, until deadline: ContinuousClock.Instant) throws(Failure) -> Int16 {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
        let result = poll(&entry, 1, milliseconds)
        if result < 0 {
            if errno == EINTR { return 0 }
            throw Failure(operation: "poll", errno: errno)
        }
        return result == 0 ? 0 : entry.revents
    }
}
