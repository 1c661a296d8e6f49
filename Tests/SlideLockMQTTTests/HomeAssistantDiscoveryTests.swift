import SlideLockCore
import Testing

@testable import SlideLockMQTT

/// The discovery configs as Home Assistant receives them, written out in full.
@Suite struct HomeAssistantDiscoveryTests {
    static let v = SlideLockVersion.number
    /// What every config of `panel1` starts with, after its name and unique id.
    static let common =
        #""device":{"identifiers":["slidelock_panel1"],"name":"panel1","model":"slidelock","sw_version":""# + v
        + #""},"origin":{"name":"slidelock-mqtt","sw_version":""# + v + #""},"#
        + #""availability":[{"topic":"slidelock/panel1/bridge"},{"topic":"slidelock/panel1/availability"}],"#
        + #""availability_mode":"all","qos":1,"#

    static func config(name: String, object: String, _ rest: String) -> String {
        #"{"name":"# + name + #","unique_id":"slidelock_panel1_"# + object + #"","# + common + rest + "}"
    }

    static let expected: [(topic: String, payload: String)] = [
        (
            "homeassistant/lock/slidelock_panel1/lock/config",
            config(
                name: "null", object: "lock",
                #""state_topic":"slidelock/panel1/state","command_topic":"slidelock/panel1/set","#
                    + #""payload_lock":"LOCK","payload_unlock":"UNLOCK","payload_open":"OPEN","#
                    + #""state_locked":"LOCKED","state_unlocked":"UNLOCKED","state_jammed":"JAMMED","#
                    + #""optimistic":false,"json_attributes_topic":"slidelock/panel1/attributes""#)
        ),
        (
            "homeassistant/binary_sensor/slidelock_panel1/door/config",
            config(
                name: #""Door""#, object: "door",
                #""state_topic":"slidelock/panel1/door","device_class":"door","payload_on":"ON","payload_off":"OFF""#)
        ),
        (
            "homeassistant/binary_sensor/slidelock_panel1/tamper/config",
            config(
                name: #""Tamper""#, object: "tamper",
                #""state_topic":"slidelock/panel1/tamper","device_class":"tamper","payload_on":"ON","#
                    + #""payload_off":"OFF""#)
        ),
        (
            "homeassistant/event/slidelock_panel1/access/config",
            config(
                name: #""Access""#, object: "access",
                #""state_topic":"slidelock/panel1/event/access","event_types":["unlock","rejected"]"#)
        ),
        (
            "homeassistant/event/slidelock_panel1/door_events/config",
            config(
                name: #""Door events""#, object: "door_events",
                #""state_topic":"slidelock/panel1/event/door","event_types":["door-open","door-closed","#
                    + #""held-open","forced","door-missing","not-opened","tampered","tamper-reset","tamper-missing"]"#)
        ),
        (
            "homeassistant/text/slidelock_panel1/message/config",
            config(
                name: #""Message""#, object: "message",
                #""state_topic":"slidelock/panel1/message","command_topic":"slidelock/panel1/message/set","#
                    + #""min":0,"max":255,"mode":"text","optimistic":false"#)
        ),
        (
            "homeassistant/switch/slidelock_panel1/lockdown/config",
            config(
                name: #""Lockdown""#, object: "lockdown",
                #""state_topic":"slidelock/panel1/lockdown","command_topic":"slidelock/panel1/lockdown/set","#
                    + #""payload_on":"ON","payload_off":"OFF","state_on":"ON","state_off":"OFF","optimistic":false"#)
        ),
        (
            "homeassistant/select/slidelock_panel1/display/config",
            config(
                name: #""Display""#, object: "display",
                #""state_topic":"slidelock/panel1/display","command_topic":"slidelock/panel1/display/set","#
                    + #""options":["on","dim","off"],"optimistic":false"#)
        ),
        (
            "homeassistant/button/slidelock_panel1/identify/config",
            config(
                name: #""Identify""#, object: "identify",
                #""command_topic":"slidelock/panel1/identify/set","payload_press":"PRESS","#
                    + #""device_class":"identify","entity_category":"config""#)
        ),
        (
            "homeassistant/sensor/slidelock_panel1/rejected_slides/config",
            config(
                name: #""Rejected slides""#, object: "rejected_slides",
                #""state_topic":"slidelock/panel1/rejected","state_class":"total_increasing","#
                    + #""entity_category":"diagnostic""#)
        ),
    ]

    @Test func everyEntityWithCommandsAllowed() {
        let published = HomeAssistantDiscovery(settings: panelSettings(allowCommands: true)).configs()
        #expect(published.count == Self.expected.count)
        for (message, expected) in zip(published, Self.expected) {
            #expect(message.topic == expected.topic)
            #expect(message.payload == expected.payload, "\(expected.topic)")
            #expect(message.retained && message.qos == 1)
        }
    }

    @Test func withoutAllowCommandsTheCommandEntitiesAreCleared() {
        let published = HomeAssistantDiscovery(settings: panelSettings(allowOpen: true)).configs()
        let cleared = published.filter { $0.payload.isEmpty }.map(\.topic)
        #expect(
            cleared == [
                "homeassistant/text/slidelock_panel1/message/config",
                "homeassistant/switch/slidelock_panel1/lockdown/config",
                "homeassistant/select/slidelock_panel1/display/config",
                "homeassistant/button/slidelock_panel1/identify/config",
            ])
        #expect(published.allSatisfy { $0.retained })
        #expect(published.first?.payload == Self.expected.first?.payload)
    }

    @Test func forgetClearsEveryConfig() {
        let forgotten = HomeAssistantDiscovery(settings: panelSettings(allowCommands: true)).forget()
        #expect(forgotten.map(\.topic) == Self.expected.map(\.topic))
        #expect(forgotten.allSatisfy { $0.payload.isEmpty && $0.retained })
    }

    @Test func theNodeAndPrefixesComeFromTheSettings() {
        var settings = panelSettings(allowCommands: true)
        settings.clientID = "door-east.hall"
        settings.topicPrefix = "site/east"
        settings.discoveryPrefix = "ha"
        let lock = HomeAssistantDiscovery(settings: settings).configs()[0]
        #expect(lock.topic == "ha/lock/slidelock_door-east_hall/lock/config")
        #expect(lock.payload.hasPrefix(#"{"name":null,"unique_id":"slidelock_door-east_hall_lock","#))
        #expect(lock.payload.contains(#""identifiers":["slidelock_door-east_hall"],"name":"door-east.hall""#))
        #expect(lock.payload.contains(#""state_topic":"site/east/state","command_topic":"site/east/set""#))
        #expect(lock.payload.contains(#"[{"topic":"site/east/bridge"},{"topic":"site/east/availability"}]"#))
    }
}
