@preconcurrency import Glibc

/// Why a hook did not start. `description` is one line a person can act on.
public enum HookError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The argument vector is empty.
    case emptyCommand
    /// Another hook (this pid) is still running; hooks never overlap.
    case busy(pid: Int32)
    /// The spawn failed: the program is missing, not executable, not a valid binary...
    case cannotStart(program: String, errno: Int32)
    /// Setting up the pipes failed.
    case system(SystemError)
    /// The program (or its `#!` interpreter) is not one root may run: `reason` says why.
    case untrusted(program: String, reason: String)
    /// The kernel would refuse to run the program (or its interpreter): `reason` says why.
    case notRunnable(program: String, reason: String)

    public var description: String { "hook: " + detail }

    /// The description without its `hook: `, for a line that names the key instead.
    public var detail: String {
        switch self {
        case .emptyCommand:
            return "empty command"
        case .busy(let pid):
            return "not started: hook[\(pid)] is still running"
        case .cannotStart(let program, let code):
            return "cannot run \(program): \(Self.explain(program: program, errno: code))"
        case .system(let error):
            return "\(error)"
        case .untrusted(let program, let reason):
            return "not running \(program): \(reason)"
        case .notRunnable(let program, let reason):
            return "cannot run \(program): \(reason)"
        }
    }

    /// strerror plus what usually causes it for an exec.
    static func explain(program: String, errno code: Int32) -> String {
        let reason = String(cString: strerror(code))
        switch code {
        case ENOENT where !program.contains("/"):
            return reason + " (not found in PATH; give the full path)"
        case ENOENT:
            return reason + " (or its #! interpreter is missing)"
        case EACCES:
            return reason + " (is it executable? chmod +x, and not on a noexec mount)"
        case ENOEXEC:
            return reason + " (not a binary for this machine; a script needs a #! line)"
        default:
            return reason
        }
    }
}
