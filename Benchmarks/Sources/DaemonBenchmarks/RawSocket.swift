import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Blocking Unix-socket I/O for the floor (echo) and for Redis: the thinnest client there
/// is, so that whatever the daemon adds shows.
enum RawSocket {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func address(_ path: String) throws -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw Failure(description: "socket path too long: \(path)") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
            raw[bytes.count] = 0
        }
        return address
    }

    static func connect(_ path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket() failed: \(errno)") }
        var address = try address(path)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            close(descriptor)
            throw Failure(description: "connect(\(path)) failed: \(errno)")
        }
        // A reader waiting in `read` gives up after 10 s, as one waiting in `poll` does.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return descriptor
    }

    static func listen(_ path: String) throws -> Int32 {
        unlink(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = try address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, Glibc.listen(descriptor, 512) == 0 else { throw Failure(description: "cannot listen on \(path): \(errno)") }
        return descriptor
    }

    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            guard written > 0 else { throw Failure(description: "write failed: \(errno)") }
            offset += written
        }
    }

    /// How a reader waits for its answer: as `CGLClient` does for the same kind of answer
    /// (`ClientConnection.AnswerWait`), so that every client here waits the same way.
    enum Wait {
        /// In `poll` for input, then `read`: a single request's answer. A thread blocked in
        /// `read` on a Unix socket is also woken when the server reads the request (the
        /// kernel signals "write space" to every waiter), a context switch per request that
        /// `poll` (waiting for input alone) avoids.
        case inPoll
        /// In `read` itself: a page's answer, which the server works on for tens of
        /// microseconds; the early wake-up makes the answer's own wake-up cheaper.
        case inRead
    }

    /// Reads `count` bytes, waiting as `wait` says.
    static func readExactly(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, count: Int, waiting wait: Wait = .inPoll) throws {
        var offset = 0
        while offset < count {
            if wait == .inPoll {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 10_000) > 0 else { throw Failure(description: "no answer within 10 s: \(errno)") }
            }
            let got = read(descriptor, buffer.baseAddress! + offset, count - offset)
            guard got > 0 else { throw Failure(description: "read failed or closed: \(errno)") }
            offset += got
        }
    }
}

/// The floor: a server that answers every request of `requestSize` bytes with
/// `responseSize` bytes, one thread per connection, in a process of its own.
enum EchoServer {
    static func serve(path: String, requestSize: Int, responseSize: Int) throws -> Never {
        let listener = try RawSocket.listen(path)
        let response = [UInt8](repeating: 0x2A, count: responseSize)
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            let thread = Thread {
                var request = [UInt8](repeating: 0, count: requestSize)
                while true {
                    do {
                        try request.withUnsafeMutableBytes { try RawSocket.readExactly(connection, $0, count: requestSize) }
                        try response.withUnsafeBytes { try RawSocket.writeAll(connection, $0) }
                    } catch {
                        close(connection)
                        return
                    }
                }
            }
            thread.start()
        }
    }
}
