/// A page flip that reached the screen.
public struct FlipCompletion {
    public let output: DRMOutput
    /// CLOCK_MONOTONIC seconds of the vblank that showed the frame: the animation clock.
    public let seconds: Double
}
