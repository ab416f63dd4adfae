/// The info panel in browse mode: a long press or the `i` key opens it, a tap
/// outside it, a pull across the paging axis (or `i` again, or the idle timeout)
/// closes it. It is not modal: swipes and paging keys page with it open, and it
/// then tells of the photo showing.
extension BrowseController {
    mutating func openInfo(at time: ShowTime) {
        guard mode == .browse, info?.isOpen != true else { return }
        _ = arena.cancelAll()
        info = InfoPanelState(openedAt: time)
    }

    mutating func closeInfo(at time: ShowTime) {
        guard var i = info, i.isOpen else { return }
        i.closedAt = time
        info = i
        infoRect = nil
        infoButtons = nil
    }

    /// The panel for the slide showing, as the scene draws it; `favourite` labels its Favourite button.
    public func infoPanel(
        show: Show, imageSize: (Int) -> Size?, metadata: (Int) -> ImageMetadata?, favourite: Bool = false
    ) -> InfoPanel {
        let i = show.index
        let slide = show.slides.indices.contains(i) ? show.slides[i] : nil
        return InfoPanel(
            slide: slide, metadata: slide == nil ? nil : metadata(i), pixelSize: imageSize(i),
            actions: options.panelActions ? InfoPanel.Actions(favourite: favourite) : nil)
    }

    mutating func placeInfo(show: Show, imageSize: (Int) -> Size?, metadata: (Int) -> ImageMetadata?) {
        guard info?.isOpen == true else { return }
        let panel = infoPanel(show: show, imageSize: imageSize, metadata: metadata)
        infoRect = panel.rect(output: output)
        infoButtons = panel.buttonRects(output: output)
    }

    /// A tap with the panel open: a button acts on the photo showing, outside the panel it closes.
    mutating func tapWithInfoOpen(at p: Point, time: ShowTime, show: Show) {
        func inside(_ r: Rect?) -> Bool {
            r.map { p.x >= $0.minX && p.x <= $0.maxX && p.y >= $0.minY && p.y <= $0.maxY } ?? false
        }
        let path = show.slides.indices.contains(show.index) ? show.slides[show.index].path : nil
        if let path, let buttons = infoButtons, inside(buttons.hide) {
            panelAction = .hide(path)
            closeInfo(at: time)
        } else if let path, let buttons = infoButtons, inside(buttons.favourite) {
            panelAction = .favourite(path)
        } else if !inside(infoRect) {
            closeInfo(at: time)
        }
    }

    /// What the panel's buttons asked for since the last call.
    mutating func takePanelAction() -> PanelAction? {
        defer { panelAction = nil }
        return panelAction
    }
}

/// What a button of the info panel asks of the show, for the photo it names.
public enum PanelAction: Equatable, Sendable {
    case hide(String)
    /// Turns the photo's favourite mark over.
    case favourite(String)
}
