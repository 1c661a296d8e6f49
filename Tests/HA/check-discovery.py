#!/usr/bin/env python3
"""Home Assistant's own code judges slidelock-mqtt's discovery messages.

    check-discovery.py FILE     FILE: `slidelock-mqtt --print-discovery` output, one
                                `TOPIC PAYLOAD` per line (an empty payload clears a config)

Run with the Python of a venv holding `homeassistant` (Tests/HA/check.sh makes it). Each
message goes the way Home Assistant's MQTT discovery takes it: the topic through its topic
matcher and list of platforms, the payload's abbreviations and `~` expanded by its own
helpers, the origin checked, then validated by the platform's DISCOVERY_SCHEMA inside a
HomeAssistant instance. Those schemas drop keys they do not know without a word, so a key
we sent that validation dropped is a failure too. Prints one line per message and a
summary; exit status 1 when any message fails, 2 for bad input.
"""

import asyncio
import importlib
import json
import sys
import tempfile

from homeassistant.components.mqtt import discovery
from homeassistant.const import __version__ as ha_version
from homeassistant.core import HomeAssistant


def dropped(sent, kept, where=""):
    """The keys of `sent` (recursively in objects and lists of objects) missing in `kept`."""
    missing = []
    if isinstance(sent, dict) and isinstance(kept, dict):
        for key, value in sent.items():
            if key not in kept:
                missing.append(where + key)
            else:
                missing += dropped(value, kept[key], where + key + ".")
    elif isinstance(sent, list) and isinstance(kept, list) and len(sent) == len(kept):
        for index, (a, b) in enumerate(zip(sent, kept)):
            missing += dropped(a, b, f"{where}{index}.")
    return missing


def judge(topic, payload, prefix):
    """None when Home Assistant takes the message whole, else why not."""
    if not topic.startswith(prefix + "/"):
        return f"not under the discovery prefix {prefix}"
    match = discovery.TOPIC_MATCHER.match(topic[len(prefix) + 1 :])
    if not match:
        return "Home Assistant's topic matcher does not take this topic"
    component = match.group("component")
    if component not in discovery.SUPPORTED_COMPONENTS:
        return f"{component} is not a platform MQTT discovery supports"
    if payload == "":
        return None  # a cleared config: nothing to validate
    try:
        config = json.loads(payload)
    except ValueError as error:
        return f"not JSON: {error}"
    if not isinstance(config, dict):
        return "not a JSON object"
    discovery._replace_all_abbreviations(config)
    if discovery.TOPIC_BASE in config:
        discovery._replace_topic_base(config)
    if not discovery._valid_origin_info(config):
        return "origin refused"
    sent = json.loads(json.dumps(config))
    module = importlib.import_module(f"homeassistant.components.mqtt.{component}")
    try:
        kept = module.DISCOVERY_SCHEMA(config)
    except Exception as error:  # voluptuous' Invalid and its kin
        return f"refused by {component}.DISCOVERY_SCHEMA: {error}"
    lost = dropped(sent, kept)
    if lost:
        return f"{component}.DISCOVERY_SCHEMA dropped {', '.join(lost)}"
    return None


async def main(path):
    with open(path, encoding="utf-8") as file:
        lines = [line.rstrip("\n") for line in file if line.strip()]
    if not lines:
        print(f"{path}: no discovery messages", file=sys.stderr)
        return 2
    prefix = lines[0].split("/", 1)[0]
    failures = 0
    with tempfile.TemporaryDirectory() as config_dir:
        hass = HomeAssistant(config_dir)
        for line in lines:
            topic, _, payload = line.partition(" ")
            why = judge(topic, payload, prefix)
            failures += why is not None
            print(f"{'ok  ' if why is None else 'FAIL'} {topic}{'' if why is None else ': ' + why}")
        await hass.async_stop(force=True)
    print(f"Home Assistant {ha_version}: {len(lines) - failures} of {len(lines)} discovery messages taken whole")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        sys.exit(2)
    sys.exit(asyncio.run(main(sys.argv[1])))
