extension WireRequest {
    /// Appends a `lookup` frame, or a `lookupBatch` frame, of protocol version 2 whose
    /// lookups were laid out beforehand by ``WireLookup/encoded()``: the bytes
    /// ``encode(requestID:version:into:)`` writes for those lookups, made by copies alone.
    ///
    /// - Parameters:
    ///   - lookups: Each lookup's encoded fields; exactly one unless `batch`.
    ///   - batch: A `lookupBatch` (a count, then the lookups) rather than a `lookup`.
    // Inlinable: specialized in the caller for its collection (a lazy map over a client's
    // lookups), the generic form costs a metadata lookup per element.
    @inlinable
    public static func appendLookups<Lookups: Collection<[UInt8]>>(requestID: UInt32, _ lookups: Lookups, batch: Bool, into buffer: inout [UInt8]) {
        precondition(batch || lookups.count == 1, "a lookup request carries one lookup")
        var payloadSize = batch ? 4 : 0
        for lookup in lookups { payloadSize += lookup.count }
        let length = payloadSize + Int(WireFrame.minimumLength)
        precondition(length <= Int(UInt32.max), "a frame of \(length) bytes does not fit the protocol's u32 length")
        buffer.reserveCapacity(buffer.count + WireFrame.headerSize + payloadSize)
        appendBigEndian(UInt32(length), to: &buffer)
        buffer.append(batch ? Kind.lookupBatch.rawValue : Kind.lookup.rawValue)
        appendBigEndian(requestID, to: &buffer)
        if batch { appendBigEndian(UInt32(lookups.count), to: &buffer) }
        for lookup in lookups { buffer.append(contentsOf: lookup) }
    }

    /// Appends a `lookupBatchWithReferences` frame (protocol version 4) whose lookups were
    /// laid out beforehand: each lookup with a reference goes as it, the others in full.
    ///
    /// - Parameter lookups: Each lookup's encoded fields (``WireLookup/encoded()``) and, to
    ///   send it by reference instead, the reference of those bytes.
    @inlinable
    public static func appendLookupsWithReferences<Lookups: Collection<(encoded: [UInt8], reference: WireLookupReference?)>>(
        requestID: UInt32, _ lookups: Lookups, into buffer: inout [UInt8]
    ) {
        // One pass over `lookups` (each element may be made on the fly, a reference chosen):
        // the length is written once the lookups are.
        let start = buffer.count
        buffer.reserveCapacity(start + WireFrame.headerSize + 4 + lookups.count * (1 + WireLookupReference.size))
        appendBigEndian(0, to: &buffer)
        buffer.append(Kind.lookupBatchWithReferences.rawValue)
        appendBigEndian(requestID, to: &buffer)
        appendBigEndian(UInt32(lookups.count), to: &buffer)
        for lookup in lookups {
            if let reference = lookup.reference {
                buffer.append(WireLookupItem.Form.reference.rawValue)
                reference.append(to: &buffer)
            } else {
                buffer.append(WireLookupItem.Form.lookup.rawValue)
                buffer.append(contentsOf: lookup.encoded)
            }
        }
        let length = buffer.count - start - 4
        precondition(length <= Int(UInt32.max), "a frame of \(length) bytes does not fit the protocol's u32 length")
        withUnsafeBytes(of: UInt32(length).bigEndian) { buffer.replaceSubrange(start ..< start + 4, with: $0) }
    }

    @usableFromInline
    static func appendBigEndian(_ value: UInt32, to buffer: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { buffer.append(contentsOf: $0) }
    }
}
