/// Hidden and favourite photos: read once at the start, saved and logged as they change.
extension ShowDirector {
    /// Takes the marks kept from earlier runs; a file that cannot be used is said and left
    /// to be rewritten at the next change.
    mutating func loadMarks() {
        guard let store = environment.marks else { return }
        switch store.load() {
        case .success(let marks):
            engine.setMarks(marks, at: engine.time)
            feed.marksChanged(marks)
        case .failure(let error): warn("\(error.reason); no photo is hidden until it is rewritten")
        }
    }

    /// Saves and logs what changed since the last frame; returns it for the host to announce.
    mutating func keepMarks() -> [PhotoMarkEvent] {
        let events = engine.takeMarkEvents()
        guard !events.isEmpty else { return [] }
        for event in events { log.info(event.sentence) }
        feed.marksChanged(engine.marks)
        for case .favourite(let path, let on) in events { feed.favouriteChanged(path, on) }
        guard let store = environment.marks else { return events }
        do {
            try store.save(engine.marks)
        } catch {
            log.warning(error.reason)
        }
        return events
    }
}
