import VitrineMedia

/// The play loop's clips: the deck that opens and plays them, and whether they render on the GPU.
struct LoopVideo {
    /// The show's video clips.
    let deck = VideoDeck()
    /// Where clips render on a GL renderer (made when the first clip is wanted).
    var gl = VideoGLState.untried
}
