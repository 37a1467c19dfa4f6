// The malloc interposer's library, built for the scripts that preload it
// (`swift build --product MallocInterposerSwift`). No benchmark links it: a linked
// interposer would sit in every allocation of the timed runs (see BenchmarkSupport's
// Allocations.swift). This target only declares the use of the dependency.
import MallocInterposerSwift
