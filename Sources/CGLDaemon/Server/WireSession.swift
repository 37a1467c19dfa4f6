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

    private enum State {
        case awaitingHello([UInt8])
        case open(FrameParser)
        case closed
    }

    private var state: State = .awaitingHello([])
    let maximumFrameSize: UInt32

    init(maximumFrameSize: UInt32) {
        self.maximumFrameSize = maximumFrameSize
    }

    /// Whether the hello was accepted and frames flow.
    var isOpen: Bool {
        if case .open = state { return true }
        return false
    }

    /// Whether the connection ended in the middle of a hello or a frame.
    var hasPartialInput: Bool {
        switch state {
        case .awaitingHello(let bytes): !bytes.isEmpty
        case .open(let parser): parser.hasPartialFrame
        case .closed: false
        }
    }

    /// Takes the next bytes of the stream.
    mutating func receive<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [Action] {
        switch state {
        case .closed:
            return []
        case .open(var parser):
            state = .closed  // keeps the parser uniquely referenced while it is fed
            parser.feed(bytes)
            return drain(&parser)
        case .awaitingHello(var hello):
            let needed = Handshake.ClientHello.size - hello.count
            hello += bytes.prefix(needed)
            guard hello.count == Handshake.ClientHello.size else {
                state = .awaitingHello(hello)
                return []
            }
            return answerHello(hello, rest: bytes.dropFirst(needed))
        }
    }

    private mutating func answerHello<Rest: Collection<UInt8>>(_ bytes: [UInt8], rest: Rest) -> [Action] {
        guard let hello = try? Handshake.ClientHello(decoding: bytes) else {
            state = .closed
            return [.close]
        }
        let answer = Handshake.answer(to: hello, maximumFrameSize: maximumFrameSize)
        var encoded: [UInt8] = []
        answer.encode(into: &encoded)
        guard answer.isAccepted else {
            state = .closed
            return [.send(encoded), .close]
        }
        var parser = FrameParser(maximumFrameSize: maximumFrameSize)
        parser.feed(rest)
        return [.send(encoded)] + drain(&parser)
    }

    /// Every complete frame, then the error that ends the stream, if any.
    private mutating func drain(_ parser: inout FrameParser) -> [Action] {
        var actions: [Action] = []
        do {
            while let frame = try parser.next() { actions.append(.request(frame)) }
            state = .open(parser)
        } catch {
            state = .closed
            var answer: [UInt8] = []
            let requestID = error.code == .frameTooLarge ? error.requestID ?? 0 : 0
            WireResponse.error(error.protocolError).encode(requestID: requestID, into: &answer)
            actions += [.send(answer), .close]
        }
        return actions
    }
}
