import Glibc
import SlideLockCore

// Display bring-up commands (see OutputCommands.swift); the real entry point comes at merge.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "list-outputs": exit(runListOutputs(Array(arguments.dropFirst())))
case "drm-smoke": exit(runDRMSmoke(Array(arguments.dropFirst())))
default: print("slidelock")
}
