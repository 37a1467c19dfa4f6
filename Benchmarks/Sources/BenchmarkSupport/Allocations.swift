import MallocInterposerSwift

/// Whether `LD_PRELOAD` brought the malloc interposer in: a known allocation must be counted.
public let allocationCountingIsAvailable: Bool = {
    MallocInterposerSwift.initialize()
    MallocInterposerSwift.hook()
    // An array whose size the optimiser cannot know, so the allocation cannot be elided.
    let probe = [Int](repeating: 1, count: CommandLine.arguments.count + 16)
    MallocInterposerSwift.unhook()
    if probe.isEmpty { print("unreachable") }
    let counted = MallocInterposerSwift.getStatistics().mallocCount > 0
    MallocInterposerSwift.initialize()
    return counted
}()

/// Mallocs during `body`, counted by the preloaded interposer; `nil` without it.
public func countAllocations(_ body: () -> Void) -> Int? {
    guard allocationCountingIsAvailable else { return nil }
    MallocInterposerSwift.initialize()
    MallocInterposerSwift.hook()
    body()
    MallocInterposerSwift.unhook()
    let count = MallocInterposerSwift.getStatistics().mallocCount
    MallocInterposerSwift.initialize()
    return count
}
