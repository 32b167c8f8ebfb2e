import CardPictures

extension ViewerPictures {
    /// True when nothing is in flight or waiting: no decode, title or thumbnail save running or
    /// queued, and every card in view shows its picture and title (what the window loop stops
    /// polling for). The benchmark waits for it before timing frames with the pictures resident.
    public var isIdle: Bool { !isWorking }

    /// Thumbnails made (cold, `readwrite`) and not yet saved: an idle worker saves them one by
    /// one, `shutdown(thumbnailSeconds:)` the rest for a while.
    public var pendingThumbnailCount: Int { pendingThumbnails.count }

    /// The pools of the current framebuffer (card tier side and layers, full tier), once the
    /// first `update()` made them.
    public var poolPlan: PictureSizing.PoolPlan? { plan }
}
