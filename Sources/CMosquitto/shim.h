/* libmosquitto, the MQTT bridge's client: only API that Debian's 2.0.11 (bookworm) and
   2.0.21 (trixie) both have. */
#include <mosquitto.h>
