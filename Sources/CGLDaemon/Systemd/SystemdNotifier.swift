#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells systemd what the daemon is doing, without libsystemd: the protocol of
/// `sd_notify(3)` is one datagram of newline-separated `KEY=value` lines sent to the Unix
/// socket named by `$NOTIFY_SOCKET` (a path, or an abstract name written with a leading `@`).
///
/// A daemon started by anything else has no `NOTIFY_SOCKET`: it holds no notifier (`nil`),
/// and every report is an optional-chained call that builds nothing.
struct SystemdNotifier: Sendable, Hashable {
    /// Why a notification could not be sent.
    struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The `errno` of the failed call.
        var errno: Int32
        /// What failed, naming the socket.
        var message: String

        var description: String { message }
    }

    /// The socket's address as given: a path, or `@name` for an abstract socket.
    let address: String

    /// A notifier for `$NOTIFY_SOCKET` in `environment`; nil when it is unset, empty, or an
    /// address family cgld does not speak (systemd ≥ 254 may name a `vsock:` socket for a VM).
    init?(environment: [String: String]) {
        guard let address = environment["NOTIFY_SOCKET"], address.hasPrefix("/") || address.hasPrefix("@") else { return nil }
        self.init(address: address)
    }

    /// A notifier for the socket at `address` (a path, or `@name` for an abstract socket).
    init(address: String) {
        self.address = address
    }

    /// Sends `fields` in one datagram, in order. Values are cut at their first newline, so
    /// that a status line can never smuggle in another field.
    ///
    /// Never blocks: a receiver whose queue is full loses the message (it is state, and the
    /// next one replaces it) and this throws.
    ///
    /// - Throws: ``Failure`` when the socket cannot be reached.
    func send(_ fields: [(key: String, value: String)]) throws(Failure) {
        let text = fields.map { "\($0.key)=\($0.value.prefix { $0 != "\n" })" }.joined(separator: "\n")
        try send(datagram: Array(text.utf8))
    }

    private func send(datagram: [UInt8]) throws(Failure) {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw failure("cannot open a datagram socket") }
        defer { close(descriptor) }
        guard let (target, length) = UnixAddress.make(address) else {
            throw Failure(errno: ENAMETOOLONG, message: "NOTIFY_SOCKET \(address) is longer than a Unix socket address")
        }
        let sent = withUnsafePointer(to: target) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                datagram.withUnsafeBytes { bytes in
                    sendto(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT), address, length)
                }
            }
        }
        guard sent == datagram.count else { throw failure("cannot send to NOTIFY_SOCKET \(address)") }
    }

    private func failure(_ what: String) -> Failure {
        let code = errno
        return Failure(errno: code, message: "\(what): \(String(cString: strerror(code)))")
    }
}

extension SystemdNotifier {
    /// `READY=1` with a status line: startup (or a reload) finished and the socket accepts.
    func ready(status: String) throws(Failure) {
        try send([("READY", "1"), ("STATUS", status)])
    }

    /// A status line for `systemctl status`.
    func status(_ status: String) throws(Failure) {
        try send([("STATUS", status)])
    }

    /// `RELOADING=1`, with the `MONOTONIC_USEC=` that systemd 253 and later require of it
    /// (older versions ignore the field).
    func reloading(status: String) throws(Failure) {
        try send([("RELOADING", "1"), ("MONOTONIC_USEC", String(Self.monotonicMicroseconds())), ("STATUS", status)])
    }

    /// `STOPPING=1`: graceful shutdown began.
    func stopping(status: String) throws(Failure) {
        try send([("STOPPING", "1"), ("STATUS", status)])
    }

    /// `WATCHDOG=1`: the daemon is alive.
    func watchdog() throws(Failure) {
        try send([("WATCHDOG", "1")])
    }

    /// `CLOCK_MONOTONIC` in microseconds, the clock systemd compares `MONOTONIC_USEC` with.
    static func monotonicMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    }
}
