import CHiredis
import Foundation

/// One hiredis connection doing `MGET` of keys each holding a `size`-byte value: the reply
/// parsed into one value per key, as a client library hands them to its caller. The peer of
/// cgld's client library, which checks and hands over 50 snapshots (where
/// ``Redis/MultiGetter`` only reads bytes, as the "batch as bytes" client does).
///
/// `@unchecked Sendable`: made on the main thread, then used by its one client thread only.
final class HiredisMultiGetter: @unchecked Sendable {
    private let context: UnsafeMutablePointer<redisContext>
    private let words: [UnsafeMutablePointer<CChar>]
    /// `MGET` and the keys, as hiredis takes them (`const char **`).
    private let arguments: UnsafeMutablePointer<UnsafePointer<CChar>?>
    private let lengths: [Int]
    private let size: Int

    init(socket: String, keys: [String], size: Int) throws {
        guard let context = redisConnectUnix(socket), context.pointee.err == 0 else {
            throw RawSocket.Failure(description: "hiredis cannot connect to \(socket)")
        }
        self.context = context
        let text = ["MGET"] + keys
        words = text.map { strdup($0)! }
        arguments = .allocate(capacity: words.count)
        for (index, word) in words.enumerated() { arguments[index] = UnsafePointer(word) }
        lengths = text.map(\.utf8.count)
        self.size = size
    }

    deinit {
        redisFree(context)
        words.forEach { free($0) }
        arguments.deallocate()
    }

    func get() throws {
        let reply = lengths.withUnsafeBufferPointer { lengths in
            redisCommandArgv(context, Int32(lengths.count), arguments, lengths.baseAddress)
        }
        guard let reply = reply?.assumingMemoryBound(to: redisReply.self) else {
            throw RawSocket.Failure(description: "hiredis: MGET failed")
        }
        defer { freeReplyObject(reply) }
        // Each value as the caller would take it: there, and of its size.
        guard reply.pointee.type == REDIS_REPLY_ARRAY, reply.pointee.elements == lengths.count - 1 else {
            throw RawSocket.Failure(description: "hiredis: MGET answered type \(reply.pointee.type)")
        }
        for index in 0 ..< reply.pointee.elements {
            guard let value = reply.pointee.element[index], value.pointee.type == REDIS_REPLY_STRING, value.pointee.len == size else {
                throw RawSocket.Failure(description: "hiredis: MGET's value \(index) is missing or not of \(size) bytes")
            }
        }
    }
}
