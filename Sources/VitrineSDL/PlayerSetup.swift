import VitrineCore
import VitrineMedia

/// Fresh settings and content for a running player (after a reload).
public struct PlayerSetup {
    public var setup: DirectorSettings
    public var feed: any ContentFeed

    public init(setup: DirectorSettings, feed: any ContentFeed) {
        self.setup = setup
        self.feed = feed
    }
}
