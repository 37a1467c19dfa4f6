public import Foundation
import Synchronization

/// Starts `process`, one launch at a time across the test process.
///
/// `Foundation.Process` on Linux learns that a child ended when a socket it gave that child
/// closes. A child that another thread launches at the same moment can inherit that socket
/// as well (swift-corelibs-foundation#4795), and the first child's exit then goes unseen for
/// as long as the second runs: a `waitUntilExit` that never returns, with the first child a
/// zombie. Tests start daemons and commands in parallel; launching them one at a time
/// closes that window.
public func launch(_ process: Process) throws {
    try withLaunchLock { try process.run() }
}

/// Runs `spawn` (a `posix_spawn` of a long-lived child, say) while no `Process` is launched,
/// for the reason ``launch(_:)`` gives.
public func withLaunchLock<T>(_ spawn: () throws -> T) rethrows -> T {
    try launches.withLock { _ in try spawn() }
}

private let launches = Mutex<Void>(())
