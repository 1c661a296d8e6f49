import SlideLockCore
import Testing

@testable import SlideLockMQTT

/// mqtt.conf as a person writes it: the defaults, every key, and one error line per mistake.
@Suite struct MQTTSettingsTests {
    static let file = "/etc/slidelock/mqtt.conf"

    func load(_ text: String, host: String = "panel1") throws(ConfigErrors) -> MQTTSettings {
        try MQTTSettings.load(ConfigSource(name: Self.file, text: text), hostName: host)
    }

    /// The error lines `text` gets, joined as the bridge prints them.
    func errors(_ text: String, host: String = "panel1") -> String {
        do {
            let settings = try load(text, host: host)
            return "loaded: \(settings)"
        } catch {
            return error.description
        }
    }

    @Test func aBrokerAloneTakesEveryDefault() throws {
        let s = try load("[mqtt]\nbroker = mqtt://broker.lan\n")
        #expect(s.broker == BrokerAddress(tls: false, host: "broker.lan", port: 1883))
        #expect(s.clientID == "panel1")
        #expect(s.username == nil && s.passwordFile == nil)
        #expect(s.caFile == nil && s.certFile == nil && s.keyFile == nil)
        #expect(s.topicPrefix == "slidelock/panel1")
        #expect(s.discoveryPrefix == "homeassistant")
        #expect(s.keepalive == 15)
        #expect(!s.allowOpen && !s.allowCommands)
    }

    @Test func everyKeySet() throws {
        let s = try load(
            """
            # the site's broker
            [mqtt]
            broker = mqtts://10.0.0.2:18883
            client_id = door-east.hall
            username = panel
            password_file = /etc/slidelock/mqtt.password
            ca_file = /etc/ssl/site-ca.pem
            cert_file = /etc/slidelock/panel.crt
            key_file = /etc/slidelock/panel.key
            topic_prefix = site/doors/east
            discovery_prefix = ha
            keepalive = 30
            allow_open = yes
            allow_commands = on
            """)
        #expect(s.broker == BrokerAddress(tls: true, host: "10.0.0.2", port: 18883))
        #expect(s.clientID == "door-east.hall")
        #expect(s.username == "panel")
        #expect(s.passwordFile == "/etc/slidelock/mqtt.password")
        #expect(s.caFile == "/etc/ssl/site-ca.pem")
        #expect(s.certFile == "/etc/slidelock/panel.crt" && s.keyFile == "/etc/slidelock/panel.key")
        #expect(s.topicPrefix == "site/doors/east" && s.discoveryPrefix == "ha")
        #expect(s.keepalive == 30 && s.allowOpen && s.allowCommands)
    }

    @Test func theDefaultPrefixFollowsTheClientID() throws {
        let s = try load("[mqtt]\nbroker = mqtt://b\nclient_id = lobby\n", host: "ignored")
        #expect(s.topicPrefix == "slidelock/lobby")
    }

    @Test func brokerSpellings() throws {
        let cases: [(String, String)] = [
            ("mqtt://b", "mqtt://b:1883"), ("mqtts://b", "mqtts://b:8883"), ("mqtt://b:1", "mqtt://b:1"),
            ("mqtt://[fd00::1]", "mqtt://[fd00::1]:1883"), ("mqtts://[::1]:8884", "mqtts://[::1]:8884"),
            ("mqtt://192.168.1.5:65535", "mqtt://192.168.1.5:65535"),
        ]
        for (written, read) in cases {
            #expect(try load("[mqtt]\nbroker = \(written)\n").broker.description == read)
        }
    }

    @Test func aBadBrokerIsOneLine() {
        let expected = "(expected mqtt://HOST[:PORT] or mqtts://HOST[:PORT])"
        for bad in [
            "broker.lan", "http://b", "MQTT://b", "mqtt://", "mqtt://b:0", "mqtt://b:65536", "mqtt://b:", "mqtt://b:+1",
            "mqtt://user:pw@b", "mqtt://b/path", "mqtt://b:1883/", "mqtt://[fd00::1", "mqtt://[b]", "mqtt://[ｆd00::1]",
            "mqtt://-b", "mqtt://ｂroker",
            "mqtt://b c", "mqtt://b:1883x",
        ] {
            #expect(
                errors("[mqtt]\nbroker = \(bad)\n") == "\(Self.file):2: mqtt.broker: bad broker \"\(bad)\" \(expected)")
        }
    }

    @Test func theBrokerIsRequired() {
        #expect(
            errors("[mqtt]\nclient_id = x\n")
                == "\(Self.file): mqtt.broker: missing: the broker to connect to"
                + " (expected mqtt://HOST[:PORT] or mqtts://HOST[:PORT])")
        #expect(errors("") == errors("[mqtt]\n"))
    }

    @Test func clientIDs() {
        #expect(
            errors("[mqtt]\nbroker = mqtt://b\nclient_id = a/b\n")
                == "\(Self.file):3: mqtt.client_id: bad client id \"a/b\" (only letters, digits, '.', '_' and '-')")
        #expect(
            errors("[mqtt]\nbroker = mqtt://b\nclient_id = a+#\n")
                == "\(Self.file):3: mqtt.client_id: bad client id \"a+#\" (only letters, digits, '.', '_' and '-')")
        #expect(
            errors("[mqtt]\nbroker = mqtt://b\nclient_id = \"\"\n")
                == "\(Self.file):3: mqtt.client_id: bad client id \"\" (empty)")
        let long = String(repeating: "x", count: 65)
        #expect(
            errors("[mqtt]\nbroker = mqtt://b\nclient_id = \(long)\n")
                == "\(Self.file):3: mqtt.client_id: bad client id \"\(long)\" (longer than 64 characters)")
        // The host name is the default only when it would do.
        #expect(
            errors("[mqtt]\nbroker = mqtt://b\n", host: "")
                == "\(Self.file): mqtt.client_id: the host name will not do (empty): set client_id")
        #expect(errors("[mqtt]\nbroker = mqtt://b\nclient_id = ok\n", host: "").hasPrefix("loaded"))
    }

    @Test func prefixes() {
        for bad in ["/a", "a/", "a//b", "a/+/b", "a/#", "$SYS/x", "a\u{1}b"] {
            for key in ["topic_prefix", "discovery_prefix"] {
                #expect(
                    errors("[mqtt]\nbroker = mqtt://b\n\(key) = \"\(bad)\"\n")
                        == "\(Self.file):3: mqtt.\(key): bad topic prefix \"\(bad)\""
                        + " (levels joined by '/', none empty, no '+', '#' or leading '$')")
            }
        }
        #expect(errors("[mqtt]\nbroker = mqtt://b\ntopic_prefix = \"\"\n").contains("bad topic prefix \"\""))
    }

    @Test func keepalive() {
        for bad in ["4", "3601", "15.5", "+15", "1e2", "fifteen", "", "-15"] {
            #expect(
                errors("[mqtt]\nbroker = mqtt://b\nkeepalive = \"\(bad)\"\n")
                    == "\(Self.file):3: mqtt.keepalive: bad keepalive \"\(bad)\" (expected whole seconds 5...3600)")
        }
    }

    @Test func switchesTakeTheLockFilesBooleans() {
        #expect(
            errors("[mqtt]\nbroker = mqtt://b\nallow_open = sure\n")
                == "\(Self.file):3: mqtt.allow_open: bad boolean \"sure\" (expected on/off, true/false, yes/no or 1/0)")
        #expect(
            errors("[mqtt]\nbroker = mqtt://b\nallow_commands = on  # for HA\n")
                == "\(Self.file):3: mqtt.allow_commands: bad boolean \"on  # for HA\""
                + " (expected on/off, true/false, yes/no or 1/0) (comments go on their own line)")
    }

    @Test func pathsAreAbsolute() {
        for key in ["password_file", "ca_file", "cert_file", "key_file"] {
            #expect(
                errors("[mqtt]\nbroker = mqtts://b\n\(key) = secret.txt\n")
                    == "\(Self.file):3: mqtt.\(key): bad path \"secret.txt\" (expected an absolute path to a file)")
            #expect(errors("[mqtt]\nbroker = mqtts://b\n\(key) = /etc/\n").contains("bad path \"/etc/\""))
        }
    }

    @Test func userNames() {
        #expect(
            errors("[mqtt]\nbroker = mqtt://b\nusername = \"a\u{7}b\"\n")
                == "\(Self.file):3: mqtt.username: bad user name (at most 256 bytes, no control characters)")
        #expect(
            errors("[mqtt]\nbroker = mqtt://b\nusername = \(String(repeating: "u", count: 257))\n").contains(
                "bad user name"))
        #expect(errors("[mqtt]\nbroker = mqtt://b\nusername = \"a\u{0}b\"\n").contains("bad user name"))
    }

    @Test func keysThatNeedOthers() {
        #expect(
            errors("[mqtt]\nbroker = mqtt://b\nca_file = /ca.pem\n")
                == "\(Self.file):3: mqtt.ca_file: needs an mqtts:// broker (the broker is mqtt://b:1883)")
        #expect(
            errors("[mqtt]\nbroker = mqtts://b\ncert_file = /c.pem\n")
                == "\(Self.file):3: mqtt.cert_file: needs key_file (the certificate's key)")
        #expect(
            errors("[mqtt]\nbroker = mqtts://b\nkey_file = /k.pem\n")
                == "\(Self.file):3: mqtt.key_file: needs cert_file (the key's certificate)")
        #expect(
            errors("[mqtt]\nbroker = mqtt://b\npassword_file = /p\n")
                == "\(Self.file):3: mqtt.password_file: needs username")
        // An empty path is none.
        #expect(errors("[mqtt]\nbroker = mqtt://b\nca_file =\n").hasPrefix("loaded"))
    }

    @Test func theParsersErrorsNameTheirLines() {
        #expect(
            errors("broker = mqtt://b\n")
                == "\(Self.file):1: key \"broker\" outside any [section]")
        #expect(
            errors("[mqtt]\nbroker = mqtt://b\n[lock]\nx = 1\n")
                == "\(Self.file):3: unknown section [lock] (expected [mqtt])")
        #expect(
            errors("[mqtt]\nbroker = mqtt://b\nkeep_alive = 10\n")
                == "\(Self.file):3: unknown key \"keep_alive\" in [mqtt] (did you mean keepalive?)")
        #expect(errors("[mqtt]\nbroker = mqtt://b\nbroker\n") == "\(Self.file):3: expected \"key = value\"")
        #expect(
            errors("[mqtt]\nbroker = \"mqtt://b\n")
                == "\(Self.file):2: mqtt.broker: unterminated quote in \"mqtt://b")
    }

    @Test func everyProblemIsSaidAtOnce() {
        #expect(
            errors("[mqtt]\nkeepalive = 1\nallow_open = maybe\n")
                == """
                \(Self.file):2: mqtt.keepalive: bad keepalive "1" (expected whole seconds 5...3600)
                \(Self.file):3: mqtt.allow_open: bad boolean "maybe" (expected on/off, true/false, yes/no or 1/0)
                """)
    }
}
