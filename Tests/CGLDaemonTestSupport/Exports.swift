// The daemon's tests use `blocking` (CGLTestSupport) wherever they use a daemon.
@_exported public import CGLTestSupport
