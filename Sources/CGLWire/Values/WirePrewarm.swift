/// An event of a running `prewarm`: how far it is and what it computes now.
///
/// The server sends zero or more of these, in order, before the request's final answer,
/// with the request's id.
public struct WirePrewarmProgress: Sendable, Hashable {
    /// (scheme, profile) pairs finished so far, however they finished.
    public var done: UInt32
    /// (scheme, profile) pairs the prewarm covers.
    public var total: UInt32
    /// The scheme being computed now.
    public var scheme: String

    /// A progress event.
    public init(done: UInt32, total: UInt32, scheme: String) {
        self.done = done
        self.total = total
        self.scheme = scheme
    }
}

/// The final answer to a `prewarm`: what happened to each (scheme, profile) pair.
public struct WirePrewarmSummary: Sendable, Hashable {
    /// Pairs computed and stored by this prewarm.
    public var computed: UInt32
    /// Pairs whose snapshot was stored already.
    public var alreadyCached: UInt32
    /// Pairs that could not be computed (the daemon logs why).
    public var failed: UInt32
    /// How long the prewarm took, in seconds.
    public var seconds: Double
    /// Pairs never computed because the prewarm was cut short (the daemon stopping).
    /// Version 3; earlier versions count them as failed.
    public var cancelled: UInt32

    /// A summary.
    public init(computed: UInt32, alreadyCached: UInt32, failed: UInt32, seconds: Double, cancelled: UInt32 = 0) {
        self.computed = computed
        self.alreadyCached = alreadyCached
        self.failed = failed
        self.seconds = seconds
        self.cancelled = cancelled
    }
}

extension WirePrewarmProgress: WireCodable {
    static var minimumEncodedSize: Int { 4 + 4 + 4 }

    func write(to writer: inout ByteWriter) {
        writer.write(done)
        writer.write(total)
        writer.write(scheme)
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        self.init(done: try reader.readUInt32("the pairs done"), total: try reader.readUInt32("the pairs in total"),
                  scheme: try reader.readString("the scheme being computed"))
    }
}

extension WirePrewarmSummary {
    /// The protocol version that added ``cancelled``.
    static let cancelledIntroducedIn: UInt16 = 3

    /// Writes the summary as `version` lays it out: before version 3, the cancelled pairs
    /// count as failed.
    func write(to writer: inout ByteWriter, version: UInt16) {
        let hasCancelled = version >= Self.cancelledIntroducedIn
        writer.write(computed)
        writer.write(alreadyCached)
        writer.write(hasCancelled ? failed : failed &+ cancelled)
        writer.write(seconds)
        if hasCancelled { writer.write(cancelled) }
    }

    init(from reader: inout ByteReader, version: UInt16) throws(WireDecodingError) {
        self.init(computed: try reader.readUInt32("the pairs computed"), alreadyCached: try reader.readUInt32("the pairs already cached"),
                  failed: try reader.readUInt32("the pairs failed"), seconds: try reader.readDouble("the duration"),
                  cancelled: version >= Self.cancelledIntroducedIn ? try reader.readUInt32("the pairs cancelled") : 0)
    }
}
