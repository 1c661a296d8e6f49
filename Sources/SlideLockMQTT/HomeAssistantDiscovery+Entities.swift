import SlideLockCore

// The entities, with the keys of Home Assistant's MQTT platforms (lock, binary_sensor,
// event, text, switch, select, button, sensor). Defaults are spelt out where the bridge
// depends on them, so a change of default in Home Assistant changes nothing here.

extension HomeAssistantDiscovery {
    var entities: [Entity] {
        [
            Entity(
                component: "lock", object: "lock", name: nil,
                members: [
                    ("state_topic", string(topics.state)),
                    ("command_topic", string(topics.lockCommand)),
                    ("payload_lock", string("LOCK")),
                    ("payload_unlock", string("UNLOCK")),
                    ("payload_open", string("OPEN")),
                    ("state_locked", string("LOCKED")),
                    ("state_unlocked", string("UNLOCKED")),
                    ("state_jammed", string("JAMMED")),
                    // The state is the lock's word, never Home Assistant's guess.
                    ("optimistic", "false"),
                    ("json_attributes_topic", string(topics.attributes)),
                ]),
            Entity(
                component: "binary_sensor", object: "door", name: "Door",
                members: [
                    ("state_topic", string(topics.door)), ("device_class", string("door")),
                    ("payload_on", string("ON")), ("payload_off", string("OFF")),
                ]),
            Entity(
                component: "binary_sensor", object: "tamper", name: "Tamper",
                members: [
                    ("state_topic", string(topics.tamper)), ("device_class", string("tamper")),
                    ("payload_on", string("ON")), ("payload_off", string("OFF")),
                ]),
            Entity(
                component: "event", object: "access", name: "Access",
                members: [
                    ("state_topic", string(topics.accessEvent)),
                    ("event_types", JSONText.array(["unlock", "rejected"].map(string))),
                ]),
            Entity(
                component: "event", object: "door_events", name: "Door events",
                members: [
                    ("state_topic", string(topics.doorEvent)),
                    ("event_types", JSONText.array(Self.doorEventTypes.map(string))),
                ]),
            Entity(
                component: "text", object: "message", name: "Message", isCommand: true,
                members: [
                    ("state_topic", string(topics.message)),
                    ("command_topic", string(topics.messageCommand)),
                    // Home Assistant's longest text; the lock takes up to 512 bytes.
                    ("min", "0"), ("max", "255"), ("mode", string("text")),
                    ("optimistic", "false"),
                ]),
            Entity(
                component: "switch", object: "lockdown", name: "Lockdown", isCommand: true,
                members: [
                    ("state_topic", string(topics.lockdown)),
                    ("command_topic", string(topics.lockdownCommand)),
                    ("payload_on", string("ON")), ("payload_off", string("OFF")),
                    ("state_on", string("ON")), ("state_off", string("OFF")),
                    ("optimistic", "false"),
                ]),
            Entity(
                component: "select", object: "display", name: "Display", isCommand: true,
                members: [
                    ("state_topic", string(topics.display)),
                    ("command_topic", string(topics.displayCommand)),
                    ("options", JSONText.array(["on", "dim", "off"].map(string))),
                    ("optimistic", "false"),
                ]),
            Entity(
                component: "button", object: "identify", name: "Identify", isCommand: true,
                members: [
                    ("command_topic", string(topics.identifyCommand)),
                    ("payload_press", string("PRESS")),
                    ("device_class", string("identify")),
                    ("entity_category", string("config")),
                ]),
            Entity(
                component: "sensor", object: "rejected_slides", name: "Rejected slides",
                members: [
                    ("state_topic", string(topics.rejected)),
                    // It restarts at 0 with the lock: Home Assistant reads that as a reset.
                    ("state_class", string("total_increasing")),
                    ("entity_category", string("diagnostic")),
                ]),
        ]
    }

    /// The door entity's event types: the door's and the tamper input's changes.
    static let doorEventTypes = [
        "door-open", "door-closed", "held-open", "forced", "door-missing", "not-opened", "tampered", "tamper-reset",
        "tamper-missing",
    ]

    private func string(_ text: String) -> String { JSONText.string(text) }
}
