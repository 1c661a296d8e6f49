@preconcurrency import Glibc
import SlideLockMQTTBridge

// The bridge between the lock's control socket and the site's MQTT broker (docs/site.md).
exit(BridgeCommandLine.run(Array(CommandLine.arguments.dropFirst())))
