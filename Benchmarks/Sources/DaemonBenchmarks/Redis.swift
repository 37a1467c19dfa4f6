import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Redis on a Unix socket (Debian's `redis-server`, started for the benchmark only), and a
/// minimal RESP client that GETs one key of a known size.
enum Redis {
    static func start(in folder: String) throws -> (Child, String)? {
        let executable = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let executable else { return nil }
        let socket = folder + "/redis.sock"
        let child = try Child(executable, ["--port", "0", "--unixsocket", socket, "--unixsocketperm", "700", "--save", "",
                                           "--appendonly", "no", "--dir", folder], name: "redis")
        try waitUntilListening(socket)
        return (child, socket)
    }

    /// Sets `key` to `size` bytes.
    static func set(socket: String, key: String, size: Int) throws {
        let descriptor = try RawSocket.connect(socket)
        defer { close(descriptor) }
        var command = Array("*3\r\n$3\r\nSET\r\n$\(key.utf8.count)\r\n\(key)\r\n$\(size)\r\n".utf8)
        command += [UInt8](repeating: 0x2A, count: size) + Array("\r\n".utf8)
        try command.withUnsafeBytes { try RawSocket.writeAll(descriptor, $0) }
        var reply = [UInt8](repeating: 0, count: 5)
        try reply.withUnsafeMutableBytes { try RawSocket.readExactly(descriptor, $0, count: 5) }
        guard reply == Array("+OK\r\n".utf8) else { throw RawSocket.Failure(description: "SET failed") }
    }

    /// One connection doing `GET key` and reading the `size`-byte value.
    ///
    /// `@unchecked Sendable`: made on the main thread, then used by its one client thread only.
    final class Getter: @unchecked Sendable {
        let descriptor: Int32
        let command: [UInt8]
        var reply: [UInt8]

        init(socket: String, key: String, size: Int) throws {
            descriptor = try RawSocket.connect(socket)
            command = Array("*2\r\n$3\r\nGET\r\n$\(key.utf8.count)\r\n\(key)\r\n".utf8)
            reply = [UInt8](repeating: 0, count: "$\(size)\r\n".utf8.count + size + 2)
        }

        func get() throws {
            try command.withUnsafeBytes { try RawSocket.writeAll(descriptor, $0) }
            let count = reply.count
            try reply.withUnsafeMutableBytes { try RawSocket.readExactly(descriptor, $0, count: count) }
        }

        func close() { Glibc.close(descriptor) }
    }

    /// One connection doing `MGET` of keys each holding a `size`-byte value, and reading
    /// every value; by default it waits for the page in `read`, as the client library waits
    /// for one.
    ///
    /// `@unchecked Sendable`: made on the main thread, then used by its one client thread only.
    final class MultiGetter: @unchecked Sendable {
        let descriptor: Int32
        let command: [UInt8]
        var reply: [UInt8]
        let wait: RawSocket.Wait

        init(socket: String, keys: [String], size: Int, waiting wait: RawSocket.Wait = .inRead) throws {
            descriptor = try RawSocket.connect(socket)
            self.wait = wait
            var text = "*\(keys.count + 1)\r\n$4\r\nMGET\r\n"
            for key in keys { text += "$\(key.utf8.count)\r\n\(key)\r\n" }
            command = Array(text.utf8)
            reply = [UInt8](repeating: 0, count: "*\(keys.count)\r\n".utf8.count + keys.count * ("$\(size)\r\n".utf8.count + size + 2))
        }

        func get() throws {
            try command.withUnsafeBytes { try RawSocket.writeAll(descriptor, $0) }
            let count = reply.count
            try reply.withUnsafeMutableBytes { try RawSocket.readExactly(descriptor, $0, count: count, waiting: wait) }
        }
    }
}
