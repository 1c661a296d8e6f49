import SlideLockCore
import SlideLockPlatform
import SlideLockRender
import SlideLockRuntime

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
