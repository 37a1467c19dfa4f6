import CGLDaemon
import CGLDaemonTestSupport
import Foundation
import Testing

/// `LISTEN_PID`, `LISTEN_FDS` and `LISTEN_FDNAMES`, read against real descriptors (a test
/// process cannot give away its fd 3, so the first descriptor is the test's socket).
@Suite struct ActivatedSocketTests {
    /// A listening Unix stream socket in a fresh folder.
    private func listening() throws -> (descriptor: Int32, path: String, folder: String) {
        let folder = try makeTemporaryFolder()
        let path = folder + "/s.sock"
        let descriptor = try #require(boundUnixSocket(at: path))
        #expect(listen(descriptor, 8) == 0)
        return (descriptor, path, folder)
    }

    private func environment(pid: Int32 = getpid(), count: String = "1", names: String? = nil) -> [String: String] {
        var environment = ["LISTEN_PID": "\(pid)", "LISTEN_FDS": count]
        environment["LISTEN_FDNAMES"] = names
        return environment
    }

    @Test func aPassedListeningSocketIsServedWithItsNameAndPath() throws {
        let socket = try listening()
        defer { close(socket.descriptor); try? FileManager.default.removeItem(atPath: socket.folder) }
        let activated = try #require(try ActivatedSocket.from(environment: environment(names: "cgld.socket"), pid: getpid(),
                                                              firstDescriptor: socket.descriptor))
        #expect(activated.descriptor == socket.descriptor)
        #expect(activated.name == "cgld.socket")
        #expect(activated.path == socket.path)
        // Not for processes cgld might start.
        #expect(fcntl(socket.descriptor, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func variablesMeantForAnotherProcessOrCountingNothingAreIgnored() throws {
        let socket = try listening()
        defer { close(socket.descriptor); try? FileManager.default.removeItem(atPath: socket.folder) }
        for environment in [[:], environment(pid: getpid() + 1), environment(count: "0"), ["LISTEN_FDS": "1"]] {
            #expect(try ActivatedSocket.from(environment: environment, pid: getpid(), firstDescriptor: socket.descriptor) == nil)
        }
    }

    @Test func moreThanOneSocketIsAnErrorSayingWhatToFix() throws {
        #expect {
            _ = try ActivatedSocket.from(environment: environment(count: "2"), pid: getpid(), firstDescriptor: 3)
        } throws: { error in
            (error as? DaemonError)?.code == .socket && (error as? DaemonError)?.message.contains("single ListenStream=") == true
        }
    }

    @Test func aSocketThatDoesNotListenOrIsNoStreamIsRefused() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bound = try #require(boundUnixSocket(at: folder + "/bound.sock"))
        defer { close(bound) }
        let datagram = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(datagram) }
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        for descriptor in [bound, datagram, pipeEnds[0]] {
            #expect(throws: DaemonError.self) {
                _ = try ActivatedSocket.from(environment: environment(), pid: getpid(), firstDescriptor: descriptor)
            }
        }
    }

    @Test func takingTheSocketRemovesTheVariablesFromTheProcess() throws {
        setenv("LISTEN_PID", "1", 1)
        setenv("LISTEN_FDS", "1", 1)
        setenv("LISTEN_FDNAMES", "cgld.socket", 1)
        // Meant for pid 1, so nothing is taken; the variables go all the same.
        #expect(try ActivatedSocket.takeFromProcess(environment: ["LISTEN_PID": "1", "LISTEN_FDS": "1"]) == nil)
        #expect(getenv("LISTEN_PID") == nil && getenv("LISTEN_FDS") == nil && getenv("LISTEN_FDNAMES") == nil)
    }
}
