#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A snapshot's payload encoded once, as a server keeps it (in memory, in its store) and
/// answers it many times: each answer is this payload in a `snapshot` frame, with the
/// request's id and where the snapshot was found this time patched in.
///
/// The payload is laid out for the current protocol version; an answer to an older
/// connection is its prefix (versions 2 and 5 only appended fields).
///
/// Only this type knows where those bytes are; a server never computes an offset.
///
/// ```swift
/// let encoded = EncodedSnapshot(snapshot)                   // once, when computed
/// var frame: [UInt8] = []
/// encoded.appendFrame(requestID: 7, source: .memory, named: "feed-cell", to: &frame)
/// ```
public struct EncodedSnapshot: Sendable, Hashable {
    /// The payload: a snapshot as ``WireSnapshot/encode(version:into:)`` writes it for the
    /// current version.
    public let payload: [UInt8]
    /// The size of its version 1 fields: the payload a version 1 connection receives.
    private let versionOneSize: Int
    /// The size of its version 2 to 4 fields: without the scroll sizes of version 5.
    private let versionFourSize: Int

    /// Encodes `snapshot` (its source is patched per answer, so it does not matter here).
    public init(_ snapshot: WireSnapshot) {
        // Kept for as long as a cache holds it, and counted against the cache's bound by its
        // size: reserved exactly, with no spare capacity from growing while encoding.
        var payload: [UInt8] = []
        payload.reserveCapacity(snapshot.encodedSize)
        snapshot.encode(into: &payload)
        self.payload = payload
        versionFourSize = payload.count - snapshot.versionFiveTrailerSize
        versionOneSize = versionFourSize - snapshot.versionTwoTrailerSize
    }

    /// A payload read back from where it was kept (a store); nil when it is not one
    /// snapshot of the current version (its fields are walked, not decoded).
    public init?(storedPayload payload: [UInt8]) {
        guard Self.nameRange(in: payload) != nil,
              let prefixes = payload.withUnsafeBytes({ try? WireSnapshot.olderVersionsPrefixSizes(of: $0) }) else { return nil }
        self.payload = payload
        versionOneSize = prefixes.versionOne
        versionFourSize = prefixes.versionFour
    }

    /// The bytes of the `snapshot` frame that answers a lookup of `name` on a connection of
    /// protocol `version`.
    ///
    /// A server keys snapshots by the scheme's content, so two names registered with one
    /// document share a payload, and each answer carries the name it was asked for.
    public func frameSize(named name: String, version: UInt16 = Handshake.currentVersion) -> Int {
        WireFrame.headerSize + payloadSize(named: name, version: version)
    }

    /// Whether the frame answering a lookup of `name` fits a receiver's maximum frame
    /// length (8 MiB for every client).
    public func fitsInFrame(named name: String, version: UInt16 = Handshake.currentVersion,
                            maximumLength: UInt32 = WireFrame.defaultMaximumSize) -> Bool {
        payloadSize(named: name, version: version) + Int(WireFrame.minimumLength) <= Int(maximumLength)
    }

    /// Writes the `snapshot` frame answering `requestID`, a lookup of `name`, into the start
    /// of `buffer`: the header, the payload with `name` as the scheme's name and `source` as
    /// where it was found, laid out for `version`. The payload is copied once (in pieces
    /// around the name when the name differs); nothing is allocated.
    ///
    /// - Returns: The bytes written, ``frameSize(named:version:)``.
    /// - Precondition: `buffer` holds at least ``frameSize(named:version:)`` bytes.
    @discardableResult
    public func writeFrame(requestID: UInt32, source: WireSnapshot.Source, named name: String,
                           version: UInt16 = Handshake.currentVersion, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let size = frameSize(named: name, version: version)
        precondition(buffer.count >= size, "a buffer of \(buffer.count) bytes cannot hold a frame of \(size)")
        WireFrame.Header(length: UInt32(size - WireFrame.Header.lengthFieldSize), kind: WireResponse.Kind.snapshot.rawValue, requestID: requestID)
            .write(into: buffer)
        writePayload(source: source, named: name, version: version,
                     into: UnsafeMutableRawBufferPointer(rebasing: buffer[WireFrame.headerSize ..< size]))
        return size
    }

    /// Writes the payload answering a lookup of `name` into `body`, exactly its size.
    func writePayload(source: WireSnapshot.Source, named name: String, version: UInt16, into body: UnsafeMutableRawBufferPointer) {
        let sent = sentSize(version)
        payload.withUnsafeBytes { whole in
            let stored = UnsafeRawBufferPointer(rebasing: whole[..<sent])
            guard let range = Self.nameRange(in: payload), !Self.same(UnsafeRawBufferPointer(rebasing: whole[range]), name) else {
                body.copyMemory(from: stored)
                return
            }
            // The source byte, the new name's length and bytes, then everything after the old name.
            let lengthStart = range.lowerBound - 4
            body.copyMemory(from: UnsafeRawBufferPointer(rebasing: stored[..<lengthStart]))
            body.storeBytes(of: UInt32(name.utf8.count).bigEndian, toByteOffset: lengthStart, as: UInt32.self)
            var name = name
            name.withUTF8 { utf8 in
                UnsafeMutableRawBufferPointer(rebasing: body[range.lowerBound...]).copyMemory(from: UnsafeRawBufferPointer(utf8))
            }
            let rest = UnsafeRawBufferPointer(rebasing: stored[range.upperBound...])
            UnsafeMutableRawBufferPointer(rebasing: body[(range.lowerBound + name.utf8.count)...]).copyMemory(from: rest)
        }
        body[WireSnapshot.sourceOffset] = source.rawValue
    }

    /// Appends the `snapshot` frame answering `requestID`, a lookup of `name`, to `buffer`.
    public func appendFrame(requestID: UInt32, source: WireSnapshot.Source, named name: String,
                            version: UInt16 = Handshake.currentVersion, to buffer: inout [UInt8]) {
        WireFrame.Header(length: UInt32(frameSize(named: name, version: version) - WireFrame.Header.lengthFieldSize),
                         kind: WireResponse.Kind.snapshot.rawValue, requestID: requestID).append(to: &buffer)
        appendPayload(source: source, named: name, version: version, to: &buffer)
    }

    /// Appends the payload answering a lookup of `name` to `buffer`: copied in pieces
    /// around the name, with nothing written twice.
    func appendPayload(source: WireSnapshot.Source, named name: String, version: UInt16, to buffer: inout [UInt8]) {
        let sent = sentSize(version)
        // The source byte comes first (`sourceOffset` is 0); then the name, replaced or not.
        let afterSource = WireSnapshot.sourceOffset + 1
        buffer.append(source.rawValue)
        payload.withUnsafeBytes { whole in
            guard let range = Self.nameRange(in: payload), !Self.same(UnsafeRawBufferPointer(rebasing: whole[range]), name) else {
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: whole[afterSource ..< sent]).assumingMemoryBound(to: UInt8.self))
                return
            }
            withUnsafeBytes(of: UInt32(name.utf8.count).bigEndian) { buffer.append(contentsOf: $0) }
            buffer.append(contentsOf: name.utf8)
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: whole[range.upperBound ..< sent]).assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The bytes of the payload a connection of `version` receives: the fields its version has.
    @inline(__always)
    func sentSize(_ version: UInt16) -> Int {
        version >= WireSnapshot.scrollSizesVersion ? payload.count : version >= 2 ? versionFourSize : versionOneSize
    }

    /// Whether the payload names the scheme `name`; compared in place, allocating nothing.
    public func names(_ name: String) -> Bool {
        guard let range = Self.nameRange(in: payload) else { return false }
        return payload.withUnsafeBytes { Self.same(UnsafeRawBufferPointer(rebasing: $0[range]), name) }
    }

    /// Whether `bytes` are the UTF-8 of `name`.
    private static func same(_ bytes: UnsafeRawBufferPointer, _ name: String) -> Bool {
        var name = name
        return name.withUTF8 { utf8 in
            utf8.count == bytes.count && (bytes.isEmpty || memcmp(bytes.baseAddress!, utf8.baseAddress!, bytes.count) == 0)
        }
    }

    /// The payload's size with `name` as the scheme's name, for `version`.
    func payloadSize(named name: String, version: UInt16) -> Int {
        let sent = sentSize(version)
        guard let range = Self.nameRange(in: payload) else { return sent }
        return sent - range.count + name.utf8.count
    }

    /// Where the scheme name's bytes are: the string right after the source byte
    /// (`docs/protocol.md` §7).
    private static func nameRange(in payload: [UInt8]) -> Range<Int>? {
        let lengthStart = WireSnapshot.sourceOffset + 1
        guard payload.count >= lengthStart + 4 else { return nil }
        let length = payload[lengthStart ..< lengthStart + 4].reduce(0) { $0 << 8 | Int($1) }
        let start = lengthStart + 4
        guard length <= payload.count - start else { return nil }
        return start ..< start + length
    }
}
