import Logging
import Synchronization

/// The process's log level, which a reload may change while loggers exist.
final class LogLevelControl: Sendable {
    private let level: Mutex<Logger.Level>

    init(_ level: Logger.Level) {
        self.level = Mutex(level)
    }

    var current: Logger.Level { level.withLock { $0 } }

    func set(_ level: Logger.Level) {
        self.level.withLock { $0 = level }
    }
}

/// swift-log's stderr handler whose level is read from a ``LogLevelControl`` at each log
/// call (a `Logger` copies its handler, so a level stored in the handler could not change).
struct LiveLevelLogHandler: LogHandler {
    private var stream: StreamLogHandler
    private let control: LogLevelControl

    init(label: String, control: LogLevelControl) {
        stream = StreamLogHandler.standardError(label: label)
        self.control = control
    }

    var logLevel: Logger.Level {
        get { control.current }
        // The process's level is set by configuration only.
        set {}
    }

    var metadata: Logger.Metadata {
        get { stream.metadata }
        set { stream.metadata = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { stream[metadataKey: key] }
        set { stream[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        stream.log(event: event)
    }
}
