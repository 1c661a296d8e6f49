/// Which vblanks an output's flips caught, and which it missed through its own fault.
///
/// Each completed flip carries the kernel's vblank sequence number and timestamp. A gap of
/// more than one between consecutive completions is missed vblanks. A missed vblank counts
/// against the program only when it had both the chance and the reason to catch it: the
/// previous completion was read before that vblank, a next frame was wanted, and yet the
/// flip was queued after it. Vblanks the kernel delivered late (a starved guest, a busy
/// host) count as missed but not as the program's: an absolute rate cannot tell them apart.
public struct VblankLedger: Sendable {
    public private(set) var flips = 0
    /// Vblanks between the first and the last completion.
    public private(set) var vblanks = 0
    public private(set) var missed = 0
    public private(set) var missedBySelf = 0
    private var previous: (seconds: Double, sequence: UInt32, readAt: Double, wantsNext: Bool)?

    public init() {}

    /// A flip queued at `queued` completed at vblank `sequence` (timestamp `completed`),
    /// and the program read that completion at `readAt`. `wantsNext`: a next frame was
    /// due right away (animating), so the following vblank should be caught.
    public mutating func record(
        queued: Double, completed: Double, sequence: UInt32, readAt: Double,
        interval: Double, wantsNext: Bool
    ) {
        flips += 1
        if let p = previous, interval > 0 {
            let gap = Int(sequence &- p.sequence)
            vblanks += gap
            if gap > 1 {
                missed += gap - 1
                if p.wantsNext {
                    for k in 1..<gap {
                        let vblank = p.seconds + Double(k) * interval
                        // Half a millisecond of margin: the copy and the ioctl take time too.
                        if p.readAt < vblank - 0.0005 && queued > vblank { missedBySelf += 1 }
                    }
                }
            }
        }
        previous = (completed, sequence, readAt, wantsNext)
    }

    /// The next completion starts afresh: the vblanks since the last one were not ours to
    /// catch (another program held the display).
    public mutating func restart() { previous = nil }

    /// Flips per vblank in the window: 1 when every vblank showed a new frame.
    public var flipsPerVblank: Double? { vblanks > 0 ? Double(flips - 1) / Double(vblanks) : nil }

    /// `120 flips over 120 vblanks: 0 missed, 0 by slidelock`.
    public var summary: String {
        "\(flips) flips over \(vblanks) vblanks: \(missed) missed, \(missedBySelf) by slidelock"
    }
}
