@testable import CGLDaemon
import CGLDaemonTestSupport
import CGLStore
import CGLWire
import NIOCore
import Testing

/// A page sent by reference, copied from where the hot cache remembered each reference's
/// entry (`HotCache.withRememberedPage`): what it writes, and when it must not trust what it
/// remembered.
@Suite struct HotCacheReferencesTests {
    private func key(_ environment: String, hash: String = "sha256:a") -> SnapshotKey {
        SnapshotKey(schemeHash: hash, engineVersion: "1", environmentKey: environment)
    }

    private func snapshot(_ scheme: String, width: Double, scrollSize: WireSize? = nil) -> EncodedSnapshot {
        EncodedSnapshot(WireSnapshot(source: .computed, scheme: scheme, hash: "sha256:a", engine: "1",
                                     environment: WireEnvironment(width: width, height: 800), size: WireSize(width: width, height: 44),
                                     elements: [WireSnapshot.Element(id: "title", frame: WireRect(x: 8, y: 8, width: width - 16, height: 20),
                                                                     inRoot: WireRect(x: 8, y: 8, width: width - 16, height: 20), scrollSize: scrollSize)]))
    }

    private func reference(_ number: UInt8) -> WireLookupReference {
        WireLookupReference([UInt8](repeating: number, count: WireLookupReference.size))!
    }

    private func page(_ references: [WireLookupReference], generation: UInt64 = 1, age: UInt64 = 0,
                      version: UInt16 = Handshake.currentVersion) -> HotCache.PageReferences {
        HotCache.PageReferences(references: references, registryGeneration: generation, version: version, lookupKeysAge: age)
    }

    /// The frame's bytes, or nil when nothing was written.
    private func written(_ write: (inout AnswerBuffer) -> Bool) -> [UInt8]? {
        var answers = AnswerBuffer()
        guard write(&answers) else {
            #expect(answers.isEmpty, "a page not written leaves no bytes behind")
            return nil
        }
        return Array(answers.bytes.readableBytesView)
    }

    /// The page by its references alone.
    private func byReference(_ page: HotCache.PageReferences, from cache: HotCache) -> [UInt8]? {
        written { $0.appendFound(page, from: cache, requestID: 7) }
    }

    /// The page by its resolved keys, remembering its references.
    private func resolving(_ resolved: [LookupKeys.Resolved], _ page: HotCache.PageReferences, in cache: HotCache) -> [UInt8]? {
        written { $0.appendFound(resolved, remembering: page, from: cache, requestID: 7, version: page.version) }
    }

    /// The page resolved twice (as a client sends a page it keeps): the second time, each
    /// entry remembers the reference it came by.
    private func remembering(_ resolved: [LookupKeys.Resolved], _ page: HotCache.PageReferences, in cache: HotCache) -> [UInt8]? {
        _ = resolving(resolved, page, in: cache)
        return resolving(resolved, page, in: cache)
    }

    @Test func aPageAskedForAgainIsRememberedAndWrittenAsTheResolvedOne() throws {
        let cache = HotCache(limit: 1 << 20)
        let (narrow, wide) = (key("320"), key("390"))
        cache.insert(snapshot("feed-cell", width: 320), for: narrow)
        cache.insert(snapshot("feed-cell", width: 390), for: wide)
        let references = page([reference(1), reference(2), reference(1)])
        #expect(byReference(references, from: cache) == nil, "nothing is remembered before a page is resolved")
        // One resolution per reference, as LookupKeys keeps them.
        let (first, second) = (LookupKeys.Resolved(key: wide, name: "feed-cell"), LookupKeys.Resolved(key: narrow, name: "feed-cell"))
        let frame = try #require(resolving([first, second, first], references, in: cache))
        #expect(cache.rememberedReferences == 1, "only the reference served twice in the page")
        #expect(byReference(references, from: cache) == nil)
        #expect(resolving([first, second, first], references, in: cache) == frame)
        #expect(cache.rememberedReferences == 2)
        #expect(byReference(references, from: cache) == frame)
        #expect(byReference(page([reference(2)]), from: cache) != nil)
        #expect(byReference(page([reference(2), reference(3)]), from: cache) == nil, "one reference not remembered")
        #expect(byReference(page([reference(1)], generation: 2), from: cache) == nil, "remembered in another registry generation")

        // LookupKeys aged: the page is resolved through it again, then remembered at the new age.
        let older = page([reference(1), reference(2), reference(1)], age: 1)
        #expect(byReference(older, from: cache) == nil)
        #expect(resolving([first, second, first], older, in: cache) == frame)
        #expect(byReference(older, from: cache) == frame)
        #expect(byReference(references, from: cache) == nil, "remembered at another age")
        #expect(cache.rememberedReferences == 2)
    }

    /// A page remembered for a connection of one version is written for another in that
    /// one's layout: a version 4 connection receives no scroll sizes, a version 5 one does.
    @Test func aRememberedPageIsWrittenInTheAskingConnectionsVersion() throws {
        let cache = HotCache(limit: 1 << 20)
        let wide = key("390")
        cache.insert(snapshot("feed-cell", width: 390, scrollSize: WireSize(width: 0, height: 120)), for: wide)
        let resolved = [LookupKeys.Resolved(key: wide, name: "feed-cell")]
        let current = page([reference(1)])
        let frame = try #require(remembering(resolved, current, in: cache))
        #expect(byReference(current, from: cache) == frame)
        let older = page([reference(1)], version: 4)
        let olderFrame = try #require(byReference(older, from: cache))
        #expect(olderFrame == resolving(resolved, older, in: cache))
        for (bytes, version) in [(frame, Handshake.currentVersion), (olderFrame, UInt16(4))] {
            var parser = FrameParser()
            parser.feed(bytes)
            guard case .snapshots(let answers) = try WireResponse(frame: try #require(try parser.next()), version: version),
                  case .snapshot(let snapshot) = answers.first else {
                Issue.record("not a page of one snapshot")
                continue
            }
            #expect(snapshot.elements[0].scrollSize == (version >= 5 ? WireSize(width: 0, height: 120) : nil))
        }
    }

    /// Two lookups that resolve to the same entry (equal keys, other bytes): the entry keeps
    /// the reference it remembers while that one is current, rather than trading it on
    /// every page; once the registry changed, the next page asked for takes it.
    @Test func anEntryKeepsItsCurrentReference() throws {
        let cache = HotCache(limit: 1 << 20)
        let narrow = key("320")
        cache.insert(snapshot("feed-cell", width: 320), for: narrow)
        let (one, other) = (page([reference(1)]), page([reference(2)]))
        let (first, second) = (LookupKeys.Resolved(key: narrow, name: "feed-cell"), LookupKeys.Resolved(key: narrow, name: "feed-cell"))
        _ = try #require(remembering([first], one, in: cache))
        _ = try #require(remembering([second], other, in: cache))
        #expect(byReference(one, from: cache) != nil)
        #expect(byReference(other, from: cache) == nil)
        let later = page([reference(2)], generation: 2)
        _ = try #require(resolving([second], later, in: cache))
        #expect(byReference(later, from: cache) != nil)
        #expect(byReference(page([reference(1)], generation: 2), from: cache) == nil)
        #expect(cache.rememberedReferences == 1)
    }

    @Test func anEntryThatLeavesOrIsReplacedForgetsItsReference() throws {
        let cost = HotCache.cost(of: snapshot("feed-cell", width: 320), key: key("320"))
        let cache = HotCache(limit: cost * 2)
        let narrow = key("320")
        cache.insert(snapshot("feed-cell", width: 320), for: narrow)
        let one = page([reference(1)])
        let resolved = [LookupKeys.Resolved(key: narrow, name: "feed-cell")]
        _ = try #require(remembering(resolved, one, in: cache))
        #expect(byReference(one, from: cache) != nil)

        // Replaced: a document registered under two names shares its entries, and the new
        // payload may carry the other name.
        cache.insert(snapshot("post", width: 320), for: narrow)
        #expect(byReference(one, from: cache) == nil)
        #expect(cache.rememberedReferences == 0)

        // Removed with its scheme.
        let post = [LookupKeys.Resolved(key: narrow, name: "post")]
        _ = try #require(remembering(post, one, in: cache))
        #expect(byReference(one, from: cache) != nil)
        cache.removeAll(schemeHash: "sha256:a")
        #expect(byReference(one, from: cache) == nil)
        #expect(cache.rememberedReferences == 0)

        // Evicted, its node then reused for another key.
        cache.insert(snapshot("feed-cell", width: 320), for: narrow)
        _ = try #require(remembering(resolved, one, in: cache))
        #expect(cache.rememberedReferences == 1)
        cache.insert(snapshot("feed-cell", width: 390), for: key("390"))
        cache.insert(snapshot("feed-cell", width: 414), for: key("414"))
        #expect(!cache.contains(narrow))
        #expect(byReference(one, from: cache) == nil)
        #expect(cache.rememberedReferences == 0)
    }

    @Test func aSnapshotAnsweredUnderAnotherNameIsNotRemembered() throws {
        let cache = HotCache(limit: 1 << 20)
        cache.insert(snapshot("feed-cell", width: 320), for: key("320"))
        let other = page([reference(1)])
        let frame = try #require(remembering([LookupKeys.Resolved(key: key("320"), name: "post")], other, in: cache))
        #expect(byReference(other, from: cache) == nil)
        #expect(cache.rememberedReferences == 0)
        // Written under the name asked for.
        var parser = FrameParser()
        parser.feed(frame)
        guard case .snapshots(let answers) = try WireResponse(frame: try #require(try parser.next())), case .snapshot(let answer) = answers.first else {
            Issue.record("a page is answered with snapshots")
            return
        }
        #expect(answer.scheme == "post" && answer.source == .memory)
    }

    /// Against a model of what each reference was last remembered for: after any sequence
    /// of inserts (evicting), removals, registry changes and resolved pages, a page by
    /// reference is written exactly when every reference is remembered for a live entry in
    /// this generation, and then exactly as the resolved page is.
    @Test func randomSequencesNeverWriteWhatWasForgotten() throws {
        var (random, seed) = SplitMix64.replayable("randomSequencesNeverWriteWhatWasForgotten")
        let environments = (0 ..< 6).map { "\(300 + $0 * 10)" }
        // One key object per environment, as the daemon caches a resolution's own key.
        let keys = Dictionary(uniqueKeysWithValues: environments.map { ($0, key($0)) })
        // A reference always names the same lookup: its environment follows from its number
        // (1 and 7 name the same entry, as two lookups with equal keys do).
        func environment(of number: UInt8) -> String { environments[Int(number) % environments.count] }
        let cost = HotCache.cost(of: snapshot("feed-cell", width: 300), key: key("300"))
        let cache = HotCache(limit: cost * 4)
        var generation: UInt64 = 1
        // Each reference's resolution in this generation, made anew in the next (as
        // LookupKeys resolves a lookup again once the registry changed).
        var resolutions: [UInt8: LookupKeys.Resolved] = [:]
        var served: Set<UInt8> = []
        var model: [UInt8: UInt64] = [:]  // reference number → the generation it was remembered in
        for step in 0 ..< 3_000 {
            switch random.next() % 6 {
            case 0, 1:
                let inserted = environments[Int(random.next() % UInt64(environments.count))]
                cache.insert(snapshot("feed-cell", width: Double(inserted)!), for: keys[inserted]!)
                model = model.filter { environment(of: $0.key) != inserted }
            case 2:
                if random.next() % 6 == 0 {
                    cache.removeAll(schemeHash: "sha256:a")
                } else {
                    generation += 1
                    resolutions = [:]
                    served = []
                }
            default:
                let numbers = (0 ..< 1 + random.next() % 4).map { _ in UInt8(1 + random.next() % 12) }
                let references = page(numbers.map(reference), generation: generation)
                let resolved = numbers.map { number in
                    if let known = resolutions[number] { return known }
                    let made = LookupKeys.Resolved(key: keys[environment(of: number)]!, name: "feed-cell")
                    resolutions[number] = made
                    return made
                }
                let fast = byReference(references, from: cache)
                let remembered = numbers.allSatisfy { model[$0] == generation }
                #expect((fast != nil) == remembered, "step \(step), seed \(seed)")
                if let slow = resolving(resolved, references, in: cache) {
                    if let fast { #expect(fast == slow, "step \(step), seed \(seed)") }
                    for number in numbers {
                        if served.contains(number) {
                            // One reference per entry: another one current for this page stays;
                            // else it is forgotten for this one.
                            let entry = environment(of: number)
                            let incumbent = model.first { environment(of: $0.key) == entry && $0.key != number }
                            if incumbent?.value != generation {
                                model = model.filter { environment(of: $0.key) != entry }
                                model[number] = generation
                            }
                        }
                        served.insert(number)
                    }
                } else {
                    #expect(fast == nil, "step \(step), seed \(seed)")
                }
            }
            // Entries gone (evicted, removed) forget their references.
            model = model.filter { cache.contains(keys[environment(of: $0.key)]!) }
            #expect(cache.rememberedReferences == model.count, "step \(step), seed \(seed)")
        }
    }
}
