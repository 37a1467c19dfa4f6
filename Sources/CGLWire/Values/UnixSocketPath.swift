/// The limit on a Unix socket's path that the daemon and its clients both hold
/// (`docs/protocol.md` §2): `bind` and `connect` take the path in the `sun_path` field of
/// `sockaddr_un`, 108 bytes on Linux with the terminating NUL, and fail on a longer one.
///
/// Checked where a path is configured (the daemon's `socket.path`, `metrics.address`) and
/// where a client connects, so that a long path is refused up front with the limit and the
/// path's length named, never as a bare `ENAMETOOLONG` ("File name too long") part way
/// through a start.
public enum UnixSocketPath {
    /// The longest socket path, in UTF-8 bytes.
    public static let maximumBytes = 107

    /// Why `path` cannot name a Unix socket, naming the path, its length and the limit; nil
    /// when it fits.
    public static func problem(_ path: String) -> String? {
        let length = path.utf8.count
        guard length > maximumBytes else { return nil }
        return "the socket path \(path) is \(length) bytes long; a Unix socket path is at most \(maximumBytes) bytes "
            + "(the sun_path of sockaddr_un, 108 bytes with the final NUL)"
    }
}
