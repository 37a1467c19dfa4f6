import Foundation

/// The malloc interposer's counters, found at run time when `LD_PRELOAD` brought it in.
///
/// The benchmarks do not link the interposer: a linked one would interpose every `malloc`
/// of every timed run (about a hundred instructions per allocation and free), which the
/// peers they are compared with (CGLayout, Redis, kiwi, Pango) do not pay. Preloaded for the
/// runs that count allocations only, it is looked up by its C symbols.
private struct Interposer {
    typealias Toggle = @convention(c) () -> Void
    typealias Statistics = @convention(c) (
        UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>,
        UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>
    ) -> Void

    let enable: Toggle
    let disable: Toggle
    let reset: Toggle
    let statistics: Statistics

    /// The preloaded interposer, or nil.
    static let preloaded: Interposer? = {
        let process = dlopen(nil, RTLD_NOW)
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(process, name).map { unsafeBitCast($0, to: type) }
        }
        guard let enable = symbol("malloc_interposer_enable", as: Toggle.self),
              let disable = symbol("malloc_interposer_disable", as: Toggle.self),
              let reset = symbol("malloc_interposer_reset", as: Toggle.self),
              let statistics = symbol("malloc_interposer_get_stats", as: Statistics.self)
        else { return nil }
        return Interposer(enable: enable, disable: disable, reset: reset, statistics: statistics)
    }()

    /// Mallocs counted while `body` ran.
    func count(_ body: () -> Void) -> Int {
        reset()
        enable()
        body()
        disable()
        // It writes every counter: give it room for all six.
        var mallocs: Int64 = 0, bytes: Int64 = 0, small: Int64 = 0, large: Int64 = 0, frees: Int64 = 0, freed: Int64 = 0
        statistics(&mallocs, &bytes, &small, &large, &frees, &freed)
        reset()
        return Int(mallocs)
    }
}

/// Whether `LD_PRELOAD` brought the malloc interposer in: a known allocation must be counted.
public let allocationCountingIsAvailable: Bool = {
    guard let interposer = Interposer.preloaded else { return false }
    // An array whose size the optimiser cannot know, so the allocation cannot be elided.
    let counted = interposer.count {
        let probe = [Int](repeating: 1, count: CommandLine.arguments.count + 16)
        if probe.isEmpty { print("unreachable") }
    }
    return counted > 0
}()

/// Mallocs during `body`, counted by the preloaded interposer; `nil` without it.
public func countAllocations(_ body: () -> Void) -> Int? {
    guard allocationCountingIsAvailable, let interposer = Interposer.preloaded else { return nil }
    return interposer.count(body)
}
