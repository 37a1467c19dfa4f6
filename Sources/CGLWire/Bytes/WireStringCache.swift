/// Strings decoded from a connection's previous message, reused when the next message has
/// the same bytes in the same place: a client that looks up the same schemes again decodes
/// their names, hashes, engine versions and element ids once instead of on every answer.
///
/// The n-th string read from a message is compared, byte for byte, with the n-th string of
/// the message before; equal bytes give the same `String` without decoding, validating or
/// allocating it. Any other string is decoded as usual and takes that place.
///
/// Not thread-safe: one per connection, used by one decoder at a time.
public final class WireStringCache {
    /// Strings by their order in the last message.
    private var strings: [String] = []
    /// The order of the next string read in the current message.
    private var position = 0
    /// The most strings kept: enough for a snapshot of that many elements.
    public let capacity: Int

    /// An empty cache keeping up to `capacity` strings.
    public init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// The number of strings kept.
    public var count: Int { strings.count }

    /// Starts a new message: strings are matched from the first place again.
    func startMessage() {
        position = 0
    }

    /// The string in the next place, if its bytes are `bytes`.
    func reuse(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard position < strings.count else { return nil }
        let candidate = strings[position]
        guard candidate.utf8.count == bytes.count,
              candidate.utf8.withContiguousStorageIfAvailable({ ByteReader.sameBytes($0, bytes) }) == true else { return nil }
        position += 1
        return candidate
    }

    /// Keeps `string`, just decoded, in the next place.
    func remember(_ string: String) {
        if position < strings.count {
            strings[position] = string
        } else if strings.count < capacity {
            strings.append(string)
        }
        position += 1
    }
}
