import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// CPU placement for the latency benchmark: a Unix-socket round trip costs ~15 µs when
/// both ends share a core and ~90 µs when the scheduler wakes the server on an idle other
/// core (in a VM, waking an idle vCPU is expensive), so latency is measured both where the
/// scheduler puts things and with every thread of client and servers on one core.
enum Affinity {
    /// Restricts every thread of each process to `cpus` (threads started later inherit it
    /// from the thread that starts them).
    static func pin(_ pids: [Int32], to cpus: [Int]) {
        // A `cpu_set_t`: 1,024 bits.
        var set = [UInt64](repeating: 0, count: 16)
        for cpu in cpus where cpu < 1024 { set[cpu / 64] |= 1 << UInt64(cpu % 64) }
        for pid in pids {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks.compactMap(Int32.init) {
                _ = set.withUnsafeBytes { setAffinity(task, $0.count, $0.baseAddress!) }
            }
        }
    }

    /// Every CPU this machine has.
    static var allCPUs: [Int] { Array(0 ..< ProcessInfo.processInfo.processorCount) }
}

/// `sched_setaffinity(2)`, which Glibc's module hides behind `_GNU_SOURCE`.
@_silgen_name("sched_setaffinity")
private func setAffinity(_ pid: Int32, _ size: Int, _ mask: UnsafeRawPointer) -> Int32
