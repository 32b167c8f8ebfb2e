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

extension ViewerPictures {
    /// Background thumbnailing's progress now: pictures done (thumbnail there, made, or
    /// unreadable) of all; `total` is 0 without it (a read-only or no cache).
    public var backgroundProgress: (done: Int, total: Int) { (backfill.doneCount, backfill.total) }

    /// Background thumbnails the workers made (not found already made) since the start.
    public var backgroundThumbnailsMade: Int { thumbnailsMade }
}
