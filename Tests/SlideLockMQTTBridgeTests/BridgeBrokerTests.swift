@preconcurrency import Glibc
import SlideLockCore
import SlideLockMQTT
import SlideLockMQTTBridge
import SlideLockPlatform
import Testing

/// The bridge against a real mosquitto on its own loopback port and a fake lock socket.
@Suite(.serialized) struct BridgeBrokerTests {
    @Test func discoveryIsRetainedOnConnectAndTheLockStatusPublished() throws {
        let h = try Harness()
        #expect(h.ready())
        // A client that comes later still finds the discovery and the states: retained.
        let late = try Observer(port: h.broker.port, name: "late")
        h.observer = late
        let lockConfig = "homeassistant/lock/slidelock_panel-1/lock/config"
        #expect(h.pump { late.received.contains { $0.topic == h.topics.state } })
        h.run(seconds: 0.2)
        let config = try #require(late.received.first { $0.topic == lockConfig })
        #expect(config.retained)
        #expect(config.payload.contains(#""command_topic":"slidelock/panel-1/set""#))
        #expect(late.received.contains(MQTTMessage(h.topics.bridge, "online", retained: true)))
        #expect(late.received.contains(MQTTMessage(h.topics.availability, "online", retained: true)))
        #expect(late.received.contains(MQTTMessage(h.topics.state, "LOCKED", retained: true)))
        #expect(late.received.contains(MQTTMessage(h.topics.door, "OFF", retained: true)))
    }

    @Test func aWatchLinePublishesItsStateAndItsEvent() throws {
        let h = try Harness()
        #expect(h.ready())
        h.lock.send(#"{"event":"unlock","source":"slide","time":1700000010}"#)
        h.lock.send(#"{"event":"state","state":"unlocked","time":1700000010}"#)
        #expect(h.pump { h.observer.payloads(h.topics.state).last == "UNLOCKED" })
        #expect(h.pump { !h.observer.payloads(h.topics.accessEvent).isEmpty })
        #expect(
            h.observer.payloads(h.topics.accessEvent) == [
                #"{"event_type":"unlock","source":"slide","time":1700000010}"#
            ])
        // Junk from the lock's side is counted, not published.
        h.lock.send("not json")
        h.lock.send(#"{"event":"state","state":"wide-open","time":1}"#)
        #expect(h.pump { h.bridge.watchProblems.values.reduce(0, +) == 2 })
        #expect(h.observer.payloads(h.topics.state).last == "UNLOCKED")
    }

    @Test func openIsRefusedWithoutAllowOpen() throws {
        let h = try Harness("allow_commands = on")
        #expect(h.ready())
        h.observer.publish(h.topics.lockCommand, "OPEN")
        h.observer.publish(h.topics.lockCommand, "UNLOCK")
        #expect(h.pump { h.bridge.ignoredCommands[.notAllowed] == 2 })
        h.run(seconds: 0.2)
        #expect(h.lock.requests.isEmpty)
        #expect(h.log.contains { $0.contains("command ignored on slidelock/panel-1/set: not-allowed") })
    }

    @Test func openWithAllowOpenIsOneUnlockRequest() throws {
        let h = try Harness("allow_open = on")
        #expect(h.ready())
        h.observer.publish(h.topics.lockCommand, "OPEN")
        #expect(h.pump { !h.lock.requests.isEmpty })
        h.run(seconds: 0.2)
        #expect(h.lock.requests == ["--via mqtt:\(h.topics.lockCommand)=OPEN unlock"])
        // allow_open is not allow_commands.
        h.observer.publish(h.topics.lockdownCommand, "ON")
        #expect(h.pump { h.bridge.ignoredCommands[.notAllowed] == 1 })
        #expect(h.lock.requests == ["--via mqtt:\(h.topics.lockCommand)=OPEN unlock"])
    }

    @Test func malformedHugeAndRetainedCommandsAreIgnoredAndCounted() throws {
        let h = try Harness("allow_open = on\nallow_commands = on", observe: false)
        // Junk left retained on the command topic before the bridge came.
        // (Stepped alone: the bridge must not be subscribed yet.)
        let early = try Observer(port: h.broker.port, name: "early")
        let end = MonotonicClock.now() + 3
        while !early.connected, MonotonicClock.now() < end { early.step() }
        early.publish(h.topics.lockCommand, "OPEN", retained: true)
        while !early.received.contains(where: { $0.topic == h.topics.lockCommand }), MonotonicClock.now() < end {
            early.step()
        }
        h.observer = early
        #expect(h.ready())
        #expect(h.pump { h.bridge.ignoredCommands[.retained] == 1 })
        for junk in ["open", "OPEN ", "OPEN\n", "", "OPEN\u{0}", String(repeating: "A", count: 1 << 20)] {
            h.observer.publish(h.topics.lockCommand, junk)
        }
        h.observer.publish(h.topics.displayCommand, "blank")
        h.observer.publish(h.topics.messageCommand, "  two  spaces")
        h.observer.publish(h.topics.lockCommand + "/extra", "OPEN")
        #expect(h.pump { h.bridge.ignoredCommands[.badPayload] == 8 })
        h.run(seconds: 0.3)
        #expect(h.lock.requests.isEmpty)
        #expect(h.bridge.ignoredCommands[.badPayload] == 8)
        // Then a good one still works.
        h.observer.publish(h.topics.displayCommand, "dim")
        #expect(h.pump { h.lock.requests == ["--via mqtt:\(h.topics.displayCommand)=dim display dim"] })
    }

    @Test func aFloodOfJunkIsCountedAndTheLogStaysShort() throws {
        let h = try Harness("allow_commands = on")
        #expect(h.ready())
        // In bursts of 500: the bridge runs in this thread, so while the burst is sent the
        // broker queues it (mosquitto keeps at most 1000 queued per client by default and
        // drops the rest, which would make the count a race, not a property of the bridge).
        for burst in 0..<4 {
            for n in 0..<500 { h.observer.publish(h.topics.lockdownCommand, "junk \(burst * 500 + n)") }
            let sent = (burst + 1) * 500
            #expect(
                h.pump(seconds: 10) { h.bridge.ignoredCommands[.badPayload] == sent }, "\(h.bridge.ignoredCommands)")
        }
        #expect(h.log.filter { $0.hasPrefix("command ignored") }.count == 20)
        h.observer.publish(h.topics.lockdownCommand, "ON")
        #expect(h.pump { h.lock.requests == ["--via mqtt:\(h.topics.lockdownCommand)=ON lockdown on"] })
    }

    @Test func aBrokerRestartIsFollowedByAReconnectionWithBackoff() throws {
        let h = try Harness(observe: false)
        #expect(h.pump { h.log.contains { $0.hasPrefix("connected to") } })
        h.broker.stop(SIGKILL)
        // Refused while it is down: the waits double (0.1, 0.2, 0.4 and no more).
        #expect(h.pump { h.log.filter { $0.hasSuffix("next attempt in 0.4 s") }.count >= 2 })
        let waits = h.log.filter { $0.contains("next attempt in ") }.map {
            $0.split(separator: " ").suffix(2).joined(separator: " ")
        }
        #expect(Array(waits.prefix(4)) == ["0.1 s", "0.2 s", "0.4 s", "0.4 s"])
        try h.broker.start()
        #expect(h.pump { h.log.filter { $0.hasPrefix("connected to") }.count == 2 })
        // The restarted broker (no persistence) gets everything again.
        h.observer = try Observer(port: h.broker.port)
        #expect(h.pump { h.observer.payloads(h.topics.state) == ["LOCKED"] })
    }

    @Test func theLockGoneIsOfflineAndBackIsOnline() throws {
        let h = try Harness()
        #expect(h.ready())
        h.lock.stop()
        #expect(h.pump { h.observer.payloads(h.topics.availability).last == "offline" })
        #expect(h.log.contains { $0.contains("gone: the lock closed the connection") })
        try h.lock.restart()
        #expect(h.pump { h.observer.payloads(h.topics.availability).last == "online" })
        #expect(h.log.contains { $0.hasPrefix("watching the lock") })
    }

    @Test func aBrokerThatNeverAnswersConnectIsDroppedAfterKeepalive() throws {
        let silent = try SilentListener()
        let h = try Harness(port: silent.port, keepalive: 5, observe: false)
        let start = MonotonicClock.now()
        #expect(h.pump(seconds: 8) { h.log.contains { $0.contains("no answer from the broker within keepalive") } })
        let elapsed = MonotonicClock.now() - start
        // libmosquitto counts whole seconds (time()): between keepalive - 1 and keepalive.
        #expect(elapsed >= 3.9)
        #expect(h.log.last?.hasSuffix("next attempt in 0.1 s") == true)
    }

    @Test func aFailedTLSHandshakeIsRetriedWithBackoff() throws {
        // mqtts:// to a plain listener: the handshake fails every time.
        let h = try Harness(scheme: "mqtts", observe: false)
        #expect(h.pump { h.log.contains { $0.hasSuffix("next attempt in 0.4 s") } })
        let failures = h.log.filter { $0.contains("next attempt in ") }
        #expect(failures.count >= 3)
        #expect(failures.allSatisfy { $0.contains("mqtts://127.0.0.1") })
        #expect(!h.log.contains { $0.hasPrefix("connected to") })
    }

    @Test func theWillSaysOfflineWhenTheConnectionDiesUncleanly() throws {
        let h = try Harness()
        #expect(h.ready())
        #expect(h.observer.payloads(h.topics.bridge).last == "online")
        // The broker sees the TCP connection end without a DISCONNECT, as after kill -9.
        shutdown(h.bridge.brokerSocket, Int32(SHUT_RDWR))
        #expect(h.pump { h.observer.payloads(h.topics.bridge).contains("offline") })
        // And the bridge comes back on its own.
        #expect(h.pump { h.observer.payloads(h.topics.bridge).last == "online" })
    }

    @Test func aCleanStopSaysOfflineToo() throws {
        let h = try Harness()
        #expect(h.ready())
        h.bridge.finish()
        #expect(h.pump { h.observer.payloads(h.topics.bridge).last == "offline" })
    }

    @Test func forgetClearsTheRetainedDiscoveryAndStates() throws {
        let h = try Harness()
        #expect(h.ready())
        h.bridge.finish()
        let config = try BridgeConfig.load(path: h.directory + "/mqtt.conf")
        try BridgeForget.run(config: config)
        let late = try Observer(port: h.broker.port, name: "late")
        h.observer = late
        #expect(h.pump { late.connected })
        h.run(seconds: 0.3)
        #expect(late.received.isEmpty)
    }
}
