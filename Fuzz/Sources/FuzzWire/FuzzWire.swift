@_spi(Fuzzing) import CGLWire

/// Any bytes a local process may send: split into frames with a small size limit, each
/// decoded as a request and as a response (the client reads those). Whatever decodes must
/// encode to bytes that decode to the same encoding again; nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWire(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    _ = try? Handshake.ClientHello(decoding: ArraySlice(bytes))
    _ = try? Handshake.ServerHello(decoding: ArraySlice(bytes))

    checkLookupParsers(UnsafeRawBufferPointer(bytes))

    var parser = FrameParser(maximumFrameSize: 64 * 1024)
    // Fed in two pieces, as a socket may deliver them.
    let split = size / 3
    parser.feed(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<split])))
    drain(&parser)
    parser.feed(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[split...])))
    drain(&parser)
    return 0
}

/// The daemon's first parser of lookups and the full decoder agree on `frame`, in every
/// protocol version.
private func checkLookupParsers(_ frame: UnsafeRawBufferPointer) {
    for version in Handshake.supportedVersions {
        if let disagreement = LookupFrameAgreement.disagreement(frame: frame, version: version) {
            fatalError("version \(version): \(disagreement)")
        }
    }
}

private func drain(_ parser: inout FrameParser) {
    while let frame = try? parser.next() {
        var whole: [UInt8] = []
        frame.encode(into: &whole)
        whole.withUnsafeBytes { checkLookupParsers($0) }
        if let request = try? WireRequest(frame: frame) {
            var once: [UInt8] = []
            request.encode(requestID: frame.requestID, into: &once)
            check(once, decode: { frame in try WireRequest(frame: frame) }, encode: { $0.encode(requestID: frame.requestID, into: &$1) })
        }
        let strings = WireStringCache()
        for cache in [nil, strings, strings] {
            if let response = try? WireResponse(frame: frame, strings: cache) {
                var once: [UInt8] = []
                response.encode(requestID: frame.requestID, into: &once)
                check(once, decode: { frame in try WireResponse(frame: frame) }, encode: { $0.encode(requestID: frame.requestID, into: &$1) })
            }
        }
    }
}

/// Decodes `encoded` (one whole frame) and encodes it again: the bytes must not change.
private func check<Message>(_ encoded: [UInt8], decode: (WireFrame) throws -> Message, encode: (Message, inout [UInt8]) -> Void) {
    var parser = FrameParser(maximumFrameSize: WireFrame.defaultMaximumSize)
    parser.feed(encoded)
    guard let frame = try? parser.next() else { fatalError("an encoded message does not parse as a frame: \(encoded)") }
    guard let message = try? decode(frame) else { fatalError("an encoded message does not decode: \(encoded)") }
    var again: [UInt8] = []
    encode(message, &again)
    guard again == encoded else { fatalError("encoding is not stable:\n\(encoded)\n\(again)") }
}
