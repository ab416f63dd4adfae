/// Where the marks are kept (a file in VitrineSystem).
public protocol PhotoMarkStore: Sendable {
    /// The marks saved, none when there is no file; a reason when there is one that cannot be used.
    func load() -> Result<PhotoMarks, PhotoMarksError>
    func save(_ marks: PhotoMarks) throws(PhotoMarksError)
}
