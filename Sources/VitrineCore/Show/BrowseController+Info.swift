/// The info panel in browse mode: a long press or the `i` key opens it, a tap
/// outside it, a pull across the paging axis (or `i` again, or the idle timeout)
/// closes it. It is not modal: swipes and paging keys page with it open, and it
/// then tells of the photo showing.
extension BrowseController {
    mutating func openInfo(at time: Double) {
        guard mode == .browse, info?.isOpen != true else { return }
        _ = arena.cancelAll()
        info = InfoPanelState(openedAt: time)
    }

    mutating func closeInfo(at time: Double) {
        guard var i = info, i.isOpen else { return }
        i.closedAt = time
        info = i
        infoRect = nil
    }

    /// The panel for the slide showing, as the scene draws it.
    public func infoPanel(show: Show, imageSize: (Int) -> Size?, metadata: (Int) -> ImageMetadata?) -> InfoPanel {
        let i = show.index
        let slide = show.slides.indices.contains(i) ? show.slides[i] : nil
        return InfoPanel(slide: slide, metadata: slide == nil ? nil : metadata(i), pixelSize: imageSize(i))
    }

    mutating func placeInfo(show: Show, imageSize: (Int) -> Size?, metadata: (Int) -> ImageMetadata?) {
        guard info?.isOpen == true else { return }
        infoRect = infoPanel(show: show, imageSize: imageSize, metadata: metadata).rect(output: output)
    }
}
