import SlideLockCore
import SlideLockPlatform
import SlideLockRender

/// Exit statuses, documented in `slidelock --help`.
enum ExitStatus {
    static let ok: Int32 = 0
    /// Something went wrong at run time: config, fonts, files, devices.
    static let failure: Int32 = 1
    /// The command line itself is wrong.
    static let usage: Int32 = 2
}

/// A run-time problem worded for a person (exit status 1).
struct RunError: Error, CustomStringConvertible {
    let description: String
}

/// Runs a subcommand body and turns every error into `slidelock[ cmd]: message` lines on
/// stderr and an exit status: the one catch site of the program.
func runReportingErrors(_ command: String, _ body: () throws -> Int32) -> Int32 {
    let prefix = command.isEmpty ? "slidelock" : "slidelock \(command)"
    do {
        return try body()
    } catch let e as UsageError {
        Console.error("\(prefix): \(e.message) (see '\(prefix) --help')")
        return ExitStatus.usage
    } catch let e as ConfigErrors {
        for error in e.errors { Console.error("\(prefix): \(error)") }
        return ExitStatus.failure
    } catch {
        Console.error("\(prefix): \(error)")
        return ExitStatus.failure
    }
}
