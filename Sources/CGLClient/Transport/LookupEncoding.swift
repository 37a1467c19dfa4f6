import CGLBridge
import CGLWire
import Synchronization

/// A ``Lookup`` laid out in protocol version 2's bytes, and whether a daemon answered it:
/// once one did, it is sent by its reference (the SHA-256 of the bytes, made then, once).
///
/// An atomic stage, not a lock: the threads that send one page share its lookups'
/// encodings and, after the first answer, only read them.
///
/// `@unchecked Sendable`: `reference` is written once, by the one thread that moves the
/// stage from `answered` to `writing`, before it stores `ready` (releasing); it is read
/// only after `ready` was loaded (acquiring).
final class LookupEncoding: @unchecked Sendable {
    // Computed, not a stored tuple: a static tuple is initialized lazily, and every
    // reading of it went through `swift_once`.
    private static var fresh: Int { 0 }
    private static var answered: Int { 1 }
    private static var writing: Int { 2 }
    private static var ready: Int { 3 }

    /// The lookup as protocol versions 2 and later carry it (``WireLookup/encoded()``).
    let bytes: [UInt8]
    /// The oldest protocol version that carries the lookup's content (6 for runs, else 2).
    let version: UInt16
    private let stage = Atomic<Int>(fresh)
    private var reference: WireLookupReference?
    /// References of this lookup a daemon did not know, and the sends in full left before
    /// the next try (``referenceUnknown()``).
    private let unknown = Atomic<Int>(0)
    private let sendsInFullLeft = Atomic<Int>(0)

    init(_ lookup: WireLookup) {
        bytes = lookup.encoded()
        version = lookup.content.isExpressible(in: 2) ? 2 : WireContent.runsVersion
    }

    /// The reference to send in place of the lookup: once a daemon has answered it (which
    /// keeps it under that reference), made then, once. Nil until then, for a lookup no
    /// longer than a reference, and for a while after a daemon did not know it.
    func referenceToSend() -> WireLookupReference? {
        let stage = stage.load(ordering: .acquiring)
        guard stage != Self.fresh, bytes.count > WireLookupReference.size else { return nil }
        if sendsInFullLeft.load(ordering: .relaxed) > 0 {
            sendsInFullLeft.subtract(1, ordering: .relaxed)
            return nil
        }
        if stage == Self.ready { return reference }
        let made = WireLookupReference(lookupBytes: bytes)
        // Kept by the first thread here; another one meanwhile uses the one it made.
        if self.stage.compareExchange(expected: Self.answered, desired: Self.writing, ordering: .acquiring).exchanged {
            reference = made
            self.stage.store(Self.ready, ordering: .releasing)
        }
        return made
    }

    /// Records that a daemon did not know the lookup's reference: it goes in full the next
    /// 1, 2, 4, … 1 024 times, one more unknown reference each. A restarted daemon costs
    /// one send in full; a daemon that does not keep this lookup (larger than it keeps, or
    /// a working set beyond its bound) a second round trip now and then, not on every call.
    func referenceUnknown() {
        let unknown = unknown.add(1, ordering: .relaxed).newValue
        sendsInFullLeft.store(1 << min(unknown - 1, 10), ordering: .relaxed)
    }

    /// Whether no daemon has answered the lookup yet (``answered()`` has something to do).
    ///
    /// Apart from ``answered()`` so that a caller can ask first: a page's lookups are
    /// answered on every call and marked once. In the release build, the call retained and
    /// released the encoding each time; this load, asked first, does not
    /// (`docs/performance.md`, "Content").
    var isFresh: Bool { stage.load(ordering: .relaxed) == Self.fresh }

    /// Records that a daemon answered the lookup: sent again, it goes by its reference.
    func answered() {
        _ = stage.compareExchange(expected: Self.fresh, desired: Self.answered, ordering: .relaxed)
    }
}
