import CGLWire

/// The server side of one connection's byte stream, apart from any I/O: the handshake,
/// then frames. Fed the bytes as they arrive, it says what to do.
///
/// Follows `docs/protocol.md` §3 and §9: a hello without the magic closes the connection
/// unanswered; a refused version is answered then closed; bytes after an accepted hello
/// are frames, whenever they arrived; a frame length below 5 is answered `badRequest`
/// with id 0, one above the maximum `tooLarge` with its id, and both close.
struct WireSession {
    /// What the I/O layer must do, in order.
    enum Action: Equatable {
        /// Write these bytes.
        case send([UInt8])
        /// Answer this request frame.
        case request(WireFrame)
        /// Close the connection (after the writes before it).
        case close
    }

    private enum Phase {
        case awaitingHello
        case open
        case closed
    }

    private var phase = Phase.awaitingHello
    /// The hello's bytes so far, while it is awaited.
    private var hello: [UInt8] = []
    /// Frames, once the hello was accepted. A stored property rather than a payload of the
    /// phase, so that feeding it never copies it out and back (a warm request's path).
    private var parser: FrameParser
    let maximumFrameSize: UInt32

    init(maximumFrameSize: UInt32) {
        self.maximumFrameSize = maximumFrameSize
        parser = FrameParser(maximumFrameSize: maximumFrameSize)
    }

    /// Whether the hello was accepted and frames flow.
    var isOpen: Bool { phase == .open }

    /// Whether the connection ended in the middle of a hello or a frame.
    var hasPartialInput: Bool {
        switch phase {
        case .awaitingHello: !hello.isEmpty
        case .open: parser.hasPartialFrame
        case .closed: false
        }
    }

    /// Takes the next bytes of the stream, and says what to do, in order, through `perform`
    /// (nothing after `.close`). A closure rather than an array of actions: the warm path
    /// allocates nothing for it.
    mutating func receive<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ perform: (Action) -> Void) {
        switch phase {
        case .closed:
            return
        case .open:
            parser.feed(bytes)
            drain(perform)
        case .awaitingHello:
            let needed = Handshake.ClientHello.size - hello.count
            hello += bytes.prefix(needed)
            guard hello.count == Handshake.ClientHello.size else { return }
            answerHello(rest: bytes.dropFirst(needed), perform)
        }
    }

    private mutating func answerHello<Rest: Collection<UInt8>>(rest: Rest, _ perform: (Action) -> Void) {
        defer { hello = [] }
        guard let received = try? Handshake.ClientHello(decoding: hello) else {
            phase = .closed
            perform(.close)
            return
        }
        let answer = Handshake.answer(to: received, maximumFrameSize: maximumFrameSize)
        var encoded: [UInt8] = []
        answer.encode(into: &encoded)
        perform(.send(encoded))
        guard answer.isAccepted else {
            phase = .closed
            perform(.close)
            return
        }
        phase = .open
        parser.feed(rest)
        drain(perform)
    }

    /// Every complete frame, then the error that ends the stream, if any.
    private mutating func drain(_ perform: (Action) -> Void) {
        do {
            while let frame = try parser.next() { perform(.request(frame)) }
        } catch {
            phase = .closed
            var answer: [UInt8] = []
            let requestID = error.code == .frameTooLarge ? error.requestID ?? 0 : 0
            WireResponse.error(error.protocolError).encode(requestID: requestID, into: &answer)
            perform(.send(answer))
            perform(.close)
        }
    }
}
