import CEvdev
@preconcurrency import Glibc

/// A touchscreen made through /dev/uinput for `slidelock selftest --inject`: multitouch
/// protocol B with INPUT_PROP_DIRECT, so the lock's own device choice takes it for a panel,
/// and axes that count the panel's pixels (unit `n` is pixel `n`). One finger. Destroyed with
/// the value (UI_DEV_DESTROY, then close).
public final class VirtualTouchscreen {
    /// Its `/dev/input/eventN`.
    public let path: String
    private let fd: Int32
    private var trackingID = 1
    private var isDown = false

    /// A `width` x `height` pixel panel's touchscreen. Needs write access to /dev/uinput
    /// (root, or `modprobe uinput` first where it is a module).
    public init(width: Int, height: Int, name: String = "slidelock-selftest-touch") throws(SystemError) {
        let fd = try systemCall("open /dev/uinput") { open("/dev/uinput", O_WRONLY | O_CLOEXEC) }
        do {
            try Self.configure(fd, width: width, height: height, name: name)
            path = try Self.eventNode(fd)
        } catch {
            _ = slidelock_ui_dev_destroy(fd)
            close(fd)
            throw error
        }
        self.fd = fd
    }

    deinit {
        if isDown { try? up() }
        _ = slidelock_ui_dev_destroy(fd)
        close(fd)
    }

    /// A finger lands at panel pixel (`x`, `y`).
    public func down(x: Int, y: Int) throws(SystemError) {
        var events = [(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_TRACKING_ID, trackingID)]
        trackingID += 1
        events += position(x: x, y: y) + [(EV_KEY, BTN_TOUCH, 1)]
        isDown = true
        try emit(events)
    }

    /// The finger moves to panel pixel (`x`, `y`).
    public func move(x: Int, y: Int) throws(SystemError) { try emit(position(x: x, y: y)) }

    /// The finger lifts.
    public func up() throws(SystemError) {
        isDown = false
        try emit([(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_TRACKING_ID, -1), (EV_KEY, BTN_TOUCH, 0)])
    }

    private func position(x: Int, y: Int) -> [(Int32, Int32, Int)] {
        [(EV_ABS, ABS_MT_POSITION_X, x), (EV_ABS, ABS_MT_POSITION_Y, y), (EV_ABS, ABS_X, x), (EV_ABS, ABS_Y, y)]
    }

    /// One report: the events, then SYN_REPORT. The kernel stamps their time.
    private func emit(_ events: [(Int32, Int32, Int)]) throws(SystemError) {
        var records = (events + [(EV_SYN, SYN_REPORT, 0)]).map { type, code, value in
            var event = input_event()
            event.type = UInt16(type)
            event.code = UInt16(code)
            event.value = Int32(value)
            return event
        }
        let size = records.count * MemoryLayout<input_event>.stride
        let written = try systemCall("write /dev/uinput") {
            records.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        }
        guard written == size else { throw SystemError(operation: "write /dev/uinput", errno: EIO) }
    }

    private static func configure(_ fd: Int32, width: Int, height: Int, name: String) throws(SystemError) {
        try systemCall("UI_SET_EVBIT") { slidelock_ui_set_evbit(fd, EV_SYN) }
        try systemCall("UI_SET_EVBIT") { slidelock_ui_set_evbit(fd, EV_KEY) }
        try systemCall("UI_SET_KEYBIT") { slidelock_ui_set_keybit(fd, BTN_TOUCH) }
        try systemCall("UI_SET_EVBIT") { slidelock_ui_set_evbit(fd, EV_ABS) }
        try systemCall("UI_SET_PROPBIT") { slidelock_ui_set_propbit(fd, INPUT_PROP_DIRECT) }
        let axes: [(Int32, Int)] = [
            (ABS_X, width - 1), (ABS_Y, height - 1), (ABS_MT_POSITION_X, width - 1),
            (ABS_MT_POSITION_Y, height - 1), (ABS_MT_SLOT, 0), (ABS_MT_TRACKING_ID, 65535),
        ]
        for (code, maximum) in axes {
            try systemCall("UI_SET_ABSBIT") { slidelock_ui_set_absbit(fd, code) }
            var setup = uinput_abs_setup()
            setup.code = UInt16(code)
            setup.absinfo.maximum = Int32(maximum)
            try systemCall("UI_ABS_SETUP") { slidelock_ui_abs_setup(fd, &setup) }
        }
        var setup = uinput_setup()
        setup.id.bustype = UInt16(BUS_VIRTUAL)
        setup.id.vendor = 0x1d6b // "Linux Foundation": uinput takes any id
        setup.id.product = 0x0001
        withUnsafeMutableBytes(of: &setup.name) { raw in
            for (i, byte) in name.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        try systemCall("UI_DEV_SETUP") { slidelock_ui_dev_setup(fd, &setup) }
        try systemCall("UI_DEV_CREATE") { slidelock_ui_dev_create(fd) }
    }

    /// `/dev/input/eventN` of the new device: UI_GET_SYSNAME names `inputN`, whose `eventN`
    /// child (and its devtmpfs node) appears shortly after UI_DEV_CREATE returns.
    private static func eventNode(_ fd: Int32) throws(SystemError) -> String {
        var name = [CChar](repeating: 0, count: 64)
        try systemCall("UI_GET_SYSNAME") { slidelock_ui_get_sysname(fd, &name, UInt32(name.count)) }
        let sysname = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let start = MonotonicClock.now()
        while MonotonicClock.now() - start < 2 {
            let entries = (try? FileIO.list("/sys/devices/virtual/input/" + sysname)) ?? []
            if let event = entries.first(where: { $0.hasPrefix("event") }), FileIO.exists("/dev/input/" + event) {
                return "/dev/input/" + event
            }
            sleep(seconds: 0.01)
        }
        throw SystemError(operation: "uinput", errno: ENODEV, detail: "no event node for \(sysname) after 2 s")
    }
}
